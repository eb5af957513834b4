/**
 * The registry's history as SVG drawn here (no library, no CDN): the blocks first seen per year,
 * stacked by registry, and one vendor's blocks on a time line. Both are drawn at the width of
 * their box in CSS pixels (redrawn when it changes: a phone, a rotation, a tab shown), so their
 * texts keep the page's size; each mark has a title, and the chart a text summary.
 */
import type { FirstSeen } from '../../registry/first-seen.js';
import { h } from './dom.js';
import { lang, num, tr, type TextKey } from './i18n.js';

const NS = 'http://www.w3.org/2000/svg';

/** The registries a chart shows, bottom to top, and their colours (the page's palette, AA on white). */
export const SERIES = [
  { key: 'MA-L', colour: '#0b4f8a' },
  { key: 'MA-M', colour: '#0b6b3a' },
  { key: 'MA-S', colour: '#8a3b00' },
] as const;

/** One year of /api/registry `dates.byYear`. */
export interface YearCount {
  readonly year: number;
  readonly 'MA-L': number;
  readonly 'MA-M': number;
  readonly 'MA-S': number;
}

/** A block on a vendor's time line. */
export interface DatedBlock {
  readonly prefix: string;
  readonly registry: 'MA-L' | 'MA-M' | 'MA-S';
  readonly firstSeen: FirstSeen | null;
}

function svg(tag: string, attrs: Readonly<Record<string, string | number>>, ...children: (Node | string)[]): SVGElement {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  for (const c of children) el.append(c);
  return el;
}

function titled(el: SVGElement, text: string): SVGElement {
  el.append(svg('title', {}, text));
  return el;
}

/** A date as the page writes it: 9 Nov 2000, 9 nov. 2000. */
export function longDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString(lang() === 'fr' ? 'fr-FR' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

// A round step for about `count` ticks over [0, max].
function niceStep(max: number, count: number): number {
  const raw = Math.max(1, max / count);
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
}

/** The legend of the series shown, as an HTML list (screen readers read it as text); the swatches are SVG (the CSP allows no inline style). */
function legend(keys: readonly string[]): HTMLElement {
  const swatch = (colour: string) => svg('svg', { class: 'swatch', width: 12, height: 12, viewBox: '0 0 12 12', 'aria-hidden': 'true' }, svg('rect', { width: 12, height: 12, rx: 2, fill: colour }));
  return h('ul', { class: 'legend' }, ...SERIES.filter((s) => keys.includes(s.key)).map((s) => h('li', { 'data-registry': s.key }, swatch(s.colour), tr(`registry.${s.key}` as TextKey))));
}

/**
 * Draws `draw(width)` into `box` now and whenever the box's width changes; a box not laid out yet
 * (a hidden tab) is drawn when it is.
 */
function drawAtWidth(box: HTMLElement, draw: (width: number) => SVGElement): void {
  let drawn = -1;
  const redraw = () => {
    const width = Math.floor(box.clientWidth);
    if (width <= 0 || width === drawn) return;
    drawn = width;
    box.replaceChildren(draw(width));
  };
  new ResizeObserver(redraw).observe(box);
  redraw();
}

/**
 * The registry over time: a figure with a stacked bar per year, its legend, what the dates mean,
 * and the numbers in a table. `datasetUntil` and `snapshot` are the last day of the dataset and
 * the date of the snapshot that dates the blocks published after it (/api/registry dates.sources).
 */
export function historyChart(years: readonly YearCount[], datasetUntil: string | null, snapshot: string | null): HTMLElement {
  const first = years[0]?.year ?? 2000;
  const last = years[years.length - 1]?.year ?? first;
  const all: YearCount[] = [];
  for (let y = first; y <= last; y++) all.push(years.find((r) => r.year === y) ?? { year: y, 'MA-L': 0, 'MA-M': 0, 'MA-S': 0 });
  const total = (r: YearCount) => r['MA-L'] + r['MA-M'] + r['MA-S'];
  const sum = all.reduce((n, r) => n + total(r), 0);
  const box = h('div', { class: 'chart', role: 'img', 'aria-label': tr('history.label', { total: num(sum), from: first, to: last }) });
  drawAtWidth(box, (width) => {
    const height = Math.round(Math.min(320, Math.max(200, width * 0.42)));
    const left = 48;
    const bottom = 24;
    const plotW = width - left - 8;
    const plotH = height - bottom - 10;
    const max = Math.max(1, ...all.map(total));
    const step = niceStep(max, 4);
    const top = Math.ceil(max / step) * step;
    const y = (v: number) => 10 + plotH - (v / top) * plotH;
    const slot = plotW / all.length;
    const chart = svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, class: 'history', 'aria-hidden': 'true' });
    for (let v = 0; v <= top; v += step) {
      chart.append(svg('line', { x1: left, x2: width - 8, y1: y(v), y2: y(v), class: 'grid' }), svg('text', { x: left - 6, y: y(v) + 4, 'text-anchor': 'end' }, num(v)));
    }
    // A year label every 1, 2, 5 or 10 years, as the width allows (about 44 px a label).
    const every = [1, 2, 5, 10, 20].find((n) => (slot * n) >= 44) ?? 20;
    all.forEach((r, i) => {
      const x = left + i * slot;
      const bar = svg('g', { class: 'year', 'data-year': r.year });
      let base = 0;
      for (const s of SERIES) {
        const v = r[s.key];
        if (v === 0) continue;
        bar.append(svg('rect', { x: x + slot * 0.12, width: Math.max(1, slot * 0.76), y: y(base + v), height: Math.max(0.5, y(base) - y(base + v)), fill: s.colour, 'data-registry': s.key }));
        base += v;
      }
      titled(bar, tr('history.bar', { year: r.year, total: num(total(r)), l: num(r['MA-L']), m: num(r['MA-M']), s: num(r['MA-S']) }));
      chart.append(bar);
      if (r.year % every === 0) chart.append(svg('text', { x: x + slot / 2, y: height - 6, 'text-anchor': 'middle' }, String(r.year)));
    });
    return chart;
  });
  const rows = all.filter((r) => total(r) > 0).map((r) => h('tr', {}, h('th', { scope: 'row' }, String(r.year)), ...SERIES.map((s) => h('td', {}, num(r[s.key]))), h('td', {}, num(total(r)))));
  const table = h('details', { class: 'numbers' }, h('summary', {}, tr('history.table')), h('div', { class: 'table-wrap' }, h('table', { class: 'year-table' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, tr('col.year')), ...SERIES.map((s) => h('th', { scope: 'col' }, s.key)), h('th', { scope: 'col' }, tr('col.total')))), h('tbody', {}, ...rows))));
  const note = datasetUntil && snapshot ? ` ${tr('history.snapshot', { until: longDate(datasetUntil), snapshot: longDate(snapshot) })}` : '';
  return h('figure', { class: 'history-figure' }, box, legend(SERIES.map((s) => s.key)), h('figcaption', {}, tr('history.caption') + note), table);
}

/** One vendor's blocks on a time line: a lane per registry, a dot per block at the day it was first seen. */
export function blockTimeline(name: string, blocks: readonly DatedBlock[]): HTMLElement | null {
  const dated = blocks.filter((b): b is DatedBlock & { firstSeen: FirstSeen } => b.firstSeen !== null);
  if (dated.length === 0) return null;
  const time = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
  const dates = dated.map((b) => time(b.firstSeen.date));
  const lanes = SERIES.filter((s) => dated.some((b) => b.registry === s.key)).map((s) => s.key);
  // Whole years around the blocks, at least four.
  let from = new Date(Math.min(...dates)).getUTCFullYear();
  let to = new Date(Math.max(...dates)).getUTCFullYear() + 1;
  while (to - from < 4) {
    from--;
    to++;
  }
  const oldest = dated.reduce((a, b) => (a.firstSeen.date <= b.firstSeen.date ? a : b));
  const newest = dated.reduce((a, b) => (a.firstSeen.date >= b.firstSeen.date ? a : b));
  const box = h('div', { class: 'chart', role: 'img', 'aria-label': tr('timeline.label', { count: num(dated.length), name, from: longDate(oldest.firstSeen.date), to: longDate(newest.firstSeen.date) }) });
  drawAtWidth(box, (width) => {
    const left = 52;
    const lane = 26;
    const height = lanes.length * lane + 30;
    const plotW = width - left - 24; // room for the last year's label
    const t0 = Date.UTC(from, 0, 1);
    const t1 = Date.UTC(to, 0, 1);
    const x = (t: number) => left + ((t - t0) / (t1 - t0)) * plotW;
    const chart = svg('svg', { width, height, viewBox: `0 0 ${width} ${height}`, class: 'timeline', 'aria-hidden': 'true' });
    const every = [1, 2, 5, 10].find((n) => (plotW / (to - from)) * n >= 44) ?? 10;
    for (let year = from; year <= to; year++) {
      if (year % every !== 0) continue;
      chart.append(svg('line', { x1: x(Date.UTC(year, 0, 1)), x2: x(Date.UTC(year, 0, 1)), y1: 4, y2: height - 22, class: 'grid' }), svg('text', { x: x(Date.UTC(year, 0, 1)), y: height - 6, 'text-anchor': 'middle' }, String(year)));
    }
    lanes.forEach((key, i) => {
      const cy = 4 + i * lane + lane / 2;
      chart.append(svg('text', { x: left - 8, y: cy + 4, 'text-anchor': 'end' }, key));
      chart.append(svg('line', { x1: left, x2: left + plotW, y1: cy, y2: cy, class: 'lane' }));
    });
    for (const b of dated) {
      const cy = 4 + lanes.indexOf(b.registry) * lane + lane / 2;
      const colour = SERIES.find((s) => s.key === b.registry)!.colour;
      chart.append(titled(svg('circle', { cx: x(time(b.firstSeen.date)), cy, r: 5, fill: colour, 'fill-opacity': 0.75, 'data-prefix': b.prefix }), tr('timeline.dot', { prefix: b.prefix, registry: b.registry, date: longDate(b.firstSeen.date) })));
    }
    return chart;
  });
  return h('figure', { class: 'timeline-figure' }, box, h('figcaption', {}, tr('timeline.caption', { count: num(dated.length), from: longDate(oldest.firstSeen.date), to: longDate(newest.firstSeen.date) })));
}
