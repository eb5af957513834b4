/** The single-address tab: analysis as you type, formats with copy buttons, the first-octet diagram, vendor and special cards. */
import { analyse, FORMAT_KEYS, type Analysis, type Formats } from './api.js';
import { byId, copyText, h, problemBox } from './dom.js';
import { dateTime, lang, num, tr, type TextKey } from './i18n.js';
import { longDate } from './charts.js';

/** Addresses offered as one-click examples: MA-L, MA-S, multicast, a container, an IPv6 link-local, a Zigbee radio's EUI-64, invalid. */
export const EXAMPLES: readonly string[] = ['00:03:93:ab:12:34', '70:b3:d5:6c:01:02', '01:00:5e:00:00:fb', '02:42:ac:11:00:02', 'fe80::203:93ff:feab:1234', '0x00124b0001020304', '00:1g:22:33:44:55'];

const DEBOUNCE_MS = 120;

function card(id: string, heading: string, ...body: (Node | null)[]): HTMLElement {
  return h('section', { class: 'card', id, 'aria-labelledby': `${id}-h` }, h('h2', { id: `${id}-h` }, heading), ...body);
}

function row(label: string, value: Node | string): Node[] {
  return [h('dt', {}, label), h('dd', {}, value)];
}

/** A button that copies `text`, saying so; `name` is what it copies (for its label). */
export function copyButton(text: string, name: string): HTMLButtonElement {
  const b = h('button', { type: 'button', class: 'copy', 'aria-label': tr('copy.label', { name }) }, tr('copy.button'));
  b.addEventListener('click', async () => {
    const ok = await copyText(text);
    b.textContent = tr(ok ? 'copy.done' : 'copy.failed');
    b.classList.toggle('done', ok);
    setTimeout(() => {
      b.textContent = tr('copy.button');
      b.classList.remove('done');
    }, 1500);
  });
  return b;
}

function formats(f: Formats): HTMLElement {
  const rows = FORMAT_KEYS.map((key) => {
    const name = tr(`format.${key}` as TextKey);
    return h('tr', { 'data-format': key }, h('th', { scope: 'row' }, name), h('td', {}, h('code', {}, f[key])), h('td', {}, copyButton(f[key], name)));
  });
  return card('formats', tr('formats.heading'), h('p', { class: 'muted', 'data-kind': f.kind }, tr(`formats.${f.kind}`)), h('table', { class: 'formats' }, h('tbody', {}, ...rows)));
}

function bits(a: Analysis): HTMLElement {
  const octet = parseInt(a.address.canonical.slice(0, 2), 16);
  const cells = [];
  for (let n = 7; n >= 0; n--) {
    const role = n === 0 ? 'ig' : n === 1 ? 'ul' : '';
    cells.push(
      h('li', { class: `bit ${role}`, 'data-bit': String(n) }, h('span', { class: 'value' }, String((octet >> n) & 1)), h('span', { class: 'name' }, role === 'ig' ? 'I/G' : role === 'ul' ? 'U/L' : tr('bits.bit', { n }))),
    );
  }
  const hex = a.address.canonical.slice(0, 2);
  const quadrant = a.bits.slapQuadrant;
  return card(
    'bits',
    tr('bits.heading'),
    h('figure', {}, h('ol', { class: 'octet', 'aria-hidden': 'true' }, ...cells), h('figcaption', {}, tr('bits.caption', { octet: `0x${hex}` }))),
    h(
      'dl',
      { class: 'facts' },
      ...row(tr('bits.ig'), `${a.bits.ig.value} · ${a.bits.ig.label}`),
      ...row(tr('bits.ul'), `${a.bits.ul.value} · ${a.bits.ul.label}`),
      ...row(tr('bits.transmission'), tr(`transmission.${a.bits.transmission}`)),
      ...(quadrant ? row(tr('bits.slap'), tr(`slap.${quadrant}`)) : []),
    ),
  );
}

function vendor(a: Analysis): HTMLElement {
  const v = a.vendor;
  if (!v) return card('vendor', tr('vendor.heading'), h('p', { class: 'muted' }, tr(a.bits.ul.meaning === 'local' ? 'vendor.none.local' : 'vendor.none.unassigned')));
  const country = v.country ? `${v.flag ? `${v.flag} ` : ''}${v.country.name} (${v.country.code})` : tr('vendor.unknown');
  return card(
    'vendor',
    tr('vendor.heading'),
    h(
      'dl',
      { class: 'facts' },
      ...row(tr('vendor.name'), v.name ?? tr('vendor.private')),
      ...(v.shortName ? row(tr('vendor.shortName'), v.shortName) : []),
      ...row(tr('vendor.registry'), tr(`registry.${v.registry}`)),
      ...row(tr('vendor.prefix'), h('span', {}, h('code', {}, `${v.prefix}/${v.prefixLength}`), ' · ', h('code', {}, v.block.mask))),
      ...row(tr('vendor.block'), h('span', {}, h('code', {}, v.block.first), ' – ', h('code', {}, v.block.last), ` (${tr('vendor.size', { size: num(v.block.size) })})`)),
      ...row(
        tr('vendor.firstSeen'),
        v.block.firstSeen
          ? h('span', { class: 'first-seen' }, h('time', { datetime: v.block.firstSeen.date }, longDate(v.block.firstSeen.date)), h('span', { class: 'muted' }, ` · ${tr(`seen.${v.block.firstSeen.source}`)}`))
          : h('span', { class: 'muted' }, tr('seen.none')),
      ),
      ...row(tr('vendor.country'), country),
      ...row(tr('vendor.address'), v.address ?? tr('vendor.unknown')),
    ),
  );
}

function special(a: Analysis): HTMLElement | null {
  const s = a.special;
  if (!s) return null;
  const range = s.range.first === s.range.last ? h('code', {}, s.range.first) : h('span', {}, h('code', {}, s.range.first), ' – ', h('code', {}, s.range.last));
  return card(
    'special',
    tr('special.heading'),
    h('p', { class: 'special-title' }, h('strong', {}, s.title)),
    h('p', {}, s.summary),
    h(
      'dl',
      { class: 'facts' },
      ...row(tr('special.usage'), s.usage),
      ...row(tr('special.range'), range),
      ...derivedRows(s.derived),
      ...row(tr('special.references'), s.references.join(' · ')),
    ),
  );
}

// The facts computed from the address itself (special.derived), one row each.
function derivedRows(d: NonNullable<Analysis['special']>['derived']): Node[] {
  if (!d) return [];
  return [
    ...(d.ipv4Groups ? row(tr('special.ipv4Groups'), h('span', { class: 'groups' }, ...d.ipv4Groups.map((g) => h('code', {}, g)))) : []),
    ...(d.ipv6Group ? row(tr('special.ipv6Group'), h('code', {}, d.ipv6Group)) : []),
    ...(d.solicitedNode ? row(tr('special.solicitedNode'), h('code', {}, d.solicitedNode)) : []),
    ...(d.vrid !== undefined ? row(tr('special.vrid'), String(d.vrid)) : []),
    ...(d.hsrpGroup !== undefined ? row(tr('special.hsrpGroup'), String(d.hsrpGroup)) : []),
    ...(d.glbpGroup !== undefined ? row(tr('special.glbp'), `${d.glbpGroup} · ${d.glbpForwarder ?? ''}`) : []),
  ];
}

function hints(a: Analysis): HTMLElement | null {
  if (a.hints.length === 0) return null;
  const fact = (x: Analysis['hints'][number]): Node[] => [
    ...(x.platform ? row(tr('hints.platform'), x.platformName ?? x.platform) : []),
    ...(x.id === 'cid' && x.prefix ? row(tr('hints.cid'), h('code', {}, x.prefix)) : []),
    ...(x.id === 'site' && x.prefix ? row(tr('hints.prefix'), h('code', {}, x.prefix)) : []),
    ...(x.quadrant ? row(tr('hints.quadrant'), tr(`slap.${x.quadrant}` as TextKey)) : []),
  ];
  return card(
    'hints',
    tr('hints.heading'),
    ...a.hints.map((x) => h('div', { class: 'hint', 'data-hint': x.id }, h('p', { class: 'special-title' }, h('strong', {}, x.title)), h('p', {}, x.summary), h('dl', { class: 'facts' }, ...fact(x)))),
  );
}

function derivedFrom(a: Analysis): HTMLElement | null {
  const d = a.derivedFrom;
  return d ? card('derived', tr('derived.heading'), h('p', {}, tr(`derived.${d.kind}`, { value: d.value })), ...(d.time ? [h('p', {}, tr('derived.time', { time: dateTime(d.time) }))] : [])) : null;
}

// The analysis in one line: address, vendor or its absence, reserved use.
function summaryLine(a: Analysis): string {
  const who = a.vendor ? `${a.vendor.name ?? tr('vendor.private')} (${a.vendor.registry})` : tr(a.bits.ul.meaning === 'local' ? 'vendor.none.local' : 'vendor.none.unassigned');
  return [a.address.canonical, who, a.special?.title, ...a.hints.map((x) => x.title)].filter(Boolean).join(' · ');
}

// The address in the page's URL (?mac=), so that a link to the page shows the same analysis.
function keepInUrl(value: string): void {
  const url = new URL(location.href);
  if (value.trim() === '') url.searchParams.delete('mac');
  else url.searchParams.set('mac', value);
  history.replaceState(null, '', url);
}

// The examples' label and chips; a click on one gives it to `pick`.
function exampleChips(pick: (mac: string) => void): Node[] {
  return [
    h('span', {}, tr('single.examples')),
    ...EXAMPLES.map((mac) => {
      const b = h('button', { type: 'button', class: 'chip' }, h('code', {}, mac));
      b.addEventListener('click', () => pick(mac));
      return b;
    }),
  ];
}

// The cards of an analysis, the most telling first.
function cards(a: Analysis): (Node | null)[] {
  return [derivedFrom(a), special(a), hints(a), vendor(a), bits(a), formats(a.address)];
}

/** Wires the single-address tab; the returned function re-renders it in the current language. */
export function mountSingle(): () => void {
  const input = byId<HTMLInputElement>('mac');
  const result = byId('result');
  const examples = byId('examples');
  const announce = byId('announce');
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;

  // Screen readers hear one short line per analysis (the cards are not a live region).
  const show = (line: string, ...nodes: (Node | null)[]) => {
    result.replaceChildren(...nodes.filter((n): n is Node => n !== null));
    result.setAttribute('aria-busy', 'false');
    announce.textContent = line;
  };

  const run = async () => {
    const value = input.value;
    inFlight?.abort();
    keepInUrl(value);
    if (value.trim() === '') return show('');
    const controller = new AbortController();
    inFlight = controller;
    result.setAttribute('aria-busy', 'true');
    try {
      const out = await analyse(value, lang(), controller.signal);
      if (controller.signal.aborted) return;
      if (!out.ok) show(out.problem.title, problemBox(out.problem));
      else show(summaryLine(out.value), ...cards(out.value));
    } catch (e) {
      if (controller.signal.aborted) return;
      show(tr('single.offline'), h('div', { class: 'problem', role: 'alert' }, tr('single.offline')));
      console.error(e);
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(run, DEBOUNCE_MS);
  });
  const pick = (mac: string) => {
    input.value = mac;
    input.focus();
    void run();
  };
  const initial = new URL(location.href).searchParams.get('mac');
  if (initial) input.value = initial;
  examples.replaceChildren(...exampleChips(pick));
  void run();
  return () => {
    examples.replaceChildren(...exampleChips(pick));
    void run();
  };
}
