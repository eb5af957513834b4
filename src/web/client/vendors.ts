/**
 * The vendors tab: search as you type (GET /api/vendors?q=), each manufacturer's blocks with
 * copy buttons and a CSV download; a prefix (6 to 16 hex digits) lists every block around it,
 * the one its addresses are answered with marked (GET /api/vendors?prefix=). A vendor's blocks
 * are shown on a time line of when each was first seen, and the registry over time (blocks
 * first seen per year, from GET /api/registry) below the search, with the registry's downloads.
 */
import { blocksAround, registryInfo, searchVendors, type FoundVendor, type PrefixBlock, type RegistryBlock, type RegistryInfo } from './api.js';
import { blockTimeline, historyChart, longDate } from './charts.js';
import { byId, h, problemBox, saveBlob } from './dom.js';
import { lang, num, tr } from './i18n.js';
import { copyButton } from './single.js';

// Hex digits and separators only, 6 to 16 digits, with a digit or a separator (so "facade" stays a name).
function isPrefix(q: string): boolean {
  const bare = q.trim().replace(/^0x/i, '');
  const digits = bare.replace(/[:.\-\s]/g, '');
  return /^[0-9a-f:.\-\s]+$/i.test(bare) && digits.length >= 6 && digits.length <= 16 && /[0-9:.\-]/.test(q);
}

function csvField(v: string | number | null): string {
  const text = v === null ? '' : String(v);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// The table of blocks: prefix (with a copy button), registry, range, size; and the vendor in a prefix listing.
function blockTable(blocks: ReadonlyArray<RegistryBlock | PrefixBlock>, withVendor: boolean): HTMLElement {
  const head = [tr('col.prefix'), tr('col.registry'), tr('col.range'), tr('col.size'), tr('col.firstSeen'), ...(withVendor ? [tr('col.vendor')] : [])];
  const rows = blocks.map((b) => {
    const p = b as PrefixBlock;
    const vendor = withVendor ? [h('td', {}, p.vendor ? `${p.vendor.name}${p.vendor.country ? ` (${p.vendor.country.code})` : ''}` : tr('vendors.private'))] : [];
    return h(
      'tr',
      p.mostSpecific ? { class: 'most-specific', title: tr('vendors.answered') } : {},
      h('td', {}, h('code', {}, b.prefix), ' ', copyButton(b.prefix, b.prefix), p.mostSpecific ? h('span', { class: 'offscreen' }, ` (${tr('vendors.answered')})`) : null),
      h('td', {}, b.registry + (b.iab ? ' (IAB)' : '')),
      h('td', {}, h('code', {}, `${b.first} – ${b.last}`)),
      h('td', {}, num(b.size)),
      h('td', {}, b.firstSeen ? h('time', { datetime: b.firstSeen.date }, longDate(b.firstSeen.date)) : '–'),
      ...vendor,
    );
  });
  return h('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': tr('col.prefix') }, h('table', { class: 'results' }, h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, c)))), h('tbody', {}, ...rows)));
}

// One manufacturer's blocks, with its CSV download.
function vendorDetail(v: FoundVendor): HTMLElement {
  const download = h('button', { type: 'button', class: 'download-blocks' }, tr('vendors.downloadCsv'));
  download.addEventListener('click', () => {
    const lines = ['prefix,prefix_length,registry,first,last,size,first_seen,name,country', ...v.blocks.map((b) => [b.prefix, b.prefixLength, b.registry, b.first, b.last, b.size, b.firstSeen?.date ?? null, v.name, v.country?.code ?? null].map(csvField).join(','))];
    saveBlob(new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }), `${v.shortName ?? 'vendor'}-blocks.csv`);
  });
  return h('div', { class: 'vendor-detail' }, blockTimeline(v.name, v.blocks), blockTable(v.blocks, false), h('p', {}, download));
}

// The registry over time, drawn once the metadata is in (again in the other language).
function mountHistory(): () => void {
  const box = byId('history-chart');
  let info: RegistryInfo | null = null;
  const draw = () => {
    if (info === null) return;
    const [dataset, snapshots] = info.dates.sources;
    box.replaceChildren(historyChart(info.dates.byYear, dataset?.until ?? null, snapshots?.until ?? null));
  };
  registryInfo()
    .then((r) => {
      if (r.ok) {
        info = r.value;
        draw();
      } else box.replaceChildren(problemBox(r.problem));
    })
    .catch(() => (box.textContent = tr('single.offline')));
  return draw;
}

// The vendors found, each a button that shows its detail (made on the first click).
function vendorList(vendors: readonly FoundVendor[]): HTMLElement {
  const list = h('ul', { class: 'vendor-list', 'aria-label': tr('vendors.list') });
  for (const v of vendors) {
    const detail = h('div', { hidden: '' });
    const button = h('button', { type: 'button', 'aria-expanded': 'false' }, h('span', {}, h('strong', {}, v.name)), h('span', { class: 'meta' }, `${v.country ? `${v.country.name} · ` : ''}${tr('vendors.blocks', { count: num(v.blockCount) })}`));
    button.addEventListener('click', () => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      button.setAttribute('aria-expanded', String(open));
      if (open && detail.childElementCount === 0) detail.append(vendorDetail(v));
      detail.hidden = !open;
    });
    list.append(h('li', {}, button, detail));
  }
  return list;
}

/** Mounts the tab; returns how to redraw it in the current language. */
export function mountVendors(): () => void {
  const redrawHistory = mountHistory();
  const input = byId<HTMLInputElement>('vendor-q');
  const status = byId('vendor-status');
  const out = byId('vendor-result');
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const showProblem = (box: HTMLElement) => {
    status.textContent = '';
    out.replaceChildren(box);
  };

  const run = async () => {
    const q = input.value.trim();
    controller?.abort();
    controller = new AbortController();
    const signal = controller.signal;
    if (q.length === 0) {
      status.textContent = '';
      out.replaceChildren();
      return;
    }
    try {
      if (isPrefix(q)) {
        const r = await blocksAround(q, lang(), signal);
        if (signal.aborted) return;
        if (!r.ok) return showProblem(problemBox(r.problem));
        status.textContent = tr('vendors.prefixFound', { count: num(r.value.total), prefix: r.value.prefix });
        out.replaceChildren(blockTable(r.value.blocks, true));
        return;
      }
      if (q.replace(/[^\p{L}\p{N}]/gu, '').length < 2) {
        status.textContent = tr('vendors.short');
        out.replaceChildren();
        return;
      }
      const r = await searchVendors(q, lang(), signal);
      if (signal.aborted) return;
      if (!r.ok) return showProblem(problemBox(r.problem));
      const { total, vendors } = r.value;
      status.textContent = total === 0 ? tr('vendors.none') : total > vendors.length ? tr('vendors.shown', { count: num(total), shown: num(vendors.length) }) : tr('vendors.found', { count: num(total) });
      out.replaceChildren(vendorList(vendors));
    } catch (e) {
      if ((e as Error).name !== 'AbortError') status.textContent = tr('single.offline');
    }
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), 200);
  });
  return () => {
    redrawHistory();
    void run();
  };
}
