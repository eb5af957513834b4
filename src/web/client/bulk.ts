/** The bulk tab: pasted text → every address found, counts by registry and vendor, a sortable table, CSV/NDJSON downloads. */
import { batchFile, extract, type DOWNLOAD_TYPES, type Found } from './api.js';
import { byId, h, problemBox, saveBlob } from './dom.js';
import { lang, num, tr, type TextKey } from './i18n.js';

/** A sample to paste: a Linux ARP table, a Cisco MAC table and a Windows ARP line. */
const EXAMPLE = `$ ip neigh
192.168.1.1 dev eth0 lladdr 00:03:93:ab:12:34 REACHABLE
192.168.1.20 dev eth0 lladdr 70:b3:d5:6c:01:02 STALE
192.168.1.30 dev eth0 lladdr 02:42:ac:11:00:02 REACHABLE

Switch# show mac address-table
Vlan    Mac Address       Type        Ports
----    -----------       --------    -----
  10    0000.0c07.ac0a    DYNAMIC     Gi1/0/1
  10    0050.56a1.0b2c    DYNAMIC     Gi1/0/2
  10    0180.c200.000e    STATIC      CPU

C:\\> arp -a
  192.168.1.255         ff-ff-ff-ff-ff-ff     static
  224.0.0.251           01-00-5e-00-00-fb     static
`;

type Column = 'address' | 'vendor' | 'registry' | 'country' | 'kind' | 'hints' | 'special' | 'line';
const COLUMNS: readonly Column[] = ['address', 'vendor', 'registry', 'country', 'kind', 'hints', 'special', 'line'];
const TOP_VENDORS = 8;

function cells(f: Found): Record<Column, string> {
  const a = f.analysis;
  return {
    address: a.address.canonical,
    vendor: a.vendor?.name ?? '',
    registry: a.vendor?.registry ?? '',
    country: a.vendor?.country ? `${a.vendor.flag ?? ''} ${a.vendor.country.code}`.trim() : '',
    kind: `${tr(`transmission.${a.bits.transmission}`)}, ${tr(`kind.${a.bits.ul.meaning}`)}`,
    // What the address suggests, titled as the single view titles it: a virtual machine (QEMU/KVM), a container, a randomized address.
    hints: a.hints.map((x) => x.title).join(', '),
    special: a.special?.title ?? '',
    line: String(f.line),
  };
}

function counts(items: readonly Found[], key: (f: Found) => string): [string, number][] {
  const m = new Map<string, number>();
  for (const f of items) m.set(key(f), (m.get(key(f)) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function countList(title: string, id: string, entries: readonly [string, number][]): HTMLElement {
  return h('section', { class: 'card counts', id, 'aria-labelledby': `${id}-h` }, h('h2', { id: `${id}-h` }, title), h('ul', {}, ...entries.map(([name, n]) => h('li', {}, h('span', {}, name), h('span', { class: 'n' }, num(n))))));
}

/** The order of the table's rows: a column, ascending or not. */
interface Sort {
  readonly column: Column;
  readonly ascending: boolean;
}

// The results table, its rows in `sort`'s order; a header's button calls `resort` with its column.
function resultsTable(items: readonly Found[], sort: Sort, resort: (column: Column) => void): HTMLElement {
  const rows = items.map((f) => ({ f, c: cells(f) }));
  rows.sort((x, y) => {
    const d = sort.column === 'line' ? x.f.line - y.f.line : x.c[sort.column].localeCompare(y.c[sort.column], lang());
    return sort.ascending ? d : -d;
  });
  const head = COLUMNS.map((col) => {
    const name = tr(`col.${col}` as TextKey);
    const active = sort.column === col;
    const button = h('button', { type: 'button', 'aria-label': tr('bulk.sort', { column: name }) }, name, h('span', { class: 'arrow', 'aria-hidden': 'true' }, active ? (sort.ascending ? ' ▲' : ' ▼') : ''));
    button.addEventListener('click', () => resort(col));
    return h('th', { scope: 'col', 'data-col': col, 'aria-sort': active ? (sort.ascending ? 'ascending' : 'descending') : 'none' }, button);
  });
  const body = rows.map(({ f, c }) => h('tr', { title: f.context }, ...COLUMNS.map((col) => (col === 'address' ? h('td', {}, h('code', {}, c[col])) : h('td', {}, c[col])))));
  return h('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': tr('bulk.table') }, h('table', { class: 'results' }, h('caption', {}, tr('bulk.table')), h('thead', {}, h('tr', {}, ...head)), h('tbody', {}, ...body)));
}

// The counts by registry and by manufacturer (the first TOP_VENDORS, then the others together).
function countGrid(items: readonly Found[]): HTMLElement {
  const byVendor = counts(items, (f) => f.analysis.vendor?.name ?? tr('bulk.noVendor'));
  const top = byVendor.slice(0, TOP_VENDORS);
  const rest = byVendor.slice(TOP_VENDORS).reduce((n, [, k]) => n + k, 0);
  if (rest > 0) top.push([tr('bulk.others'), rest]);
  return h('div', { class: 'count-grid' }, countList(tr('bulk.byRegistry'), 'by-registry', counts(items, (f) => f.analysis.vendor?.registry ?? tr('bulk.noVendor'))), countList(tr('bulk.byVendor'), 'by-vendor', top));
}

// The download buttons: the found addresses as the batch answers them in CSV or NDJSON.
function downloads(items: readonly Found[], out: HTMLElement): HTMLElement {
  const download = async (format: keyof typeof DOWNLOAD_TYPES) => {
    const res = await batchFile(items.map((f) => f.input), format, lang());
    if (!res.ok) out.prepend(problemBox(res.problem));
    else saveBlob(res.value, `mac-analysis.${format}`);
  };
  const csv = h('button', { type: 'button', id: 'download-csv' }, tr('bulk.downloadCsv'));
  const ndjson = h('button', { type: 'button', id: 'download-ndjson' }, tr('bulk.downloadNdjson'));
  csv.addEventListener('click', () => void download('csv'));
  ndjson.addEventListener('click', () => void download('ndjson'));
  return h('div', { class: 'downloads', role: 'group', 'aria-label': tr('bulk.download') }, h('span', {}, tr('bulk.download')), csv, ndjson);
}

/** Wires the bulk tab; the returned function re-renders it in the current language. */
export function mountBulk(): () => void {
  const text = byId<HTMLTextAreaElement>('bulk-text');
  const form = byId<HTMLFormElement>('bulk-form');
  const out = byId('bulk-result');
  let items: Found[] = [];
  let truncated = false;
  let sort: Sort = { column: 'line', ascending: true };

  const render = () => {
    if (items.length === 0) return void out.replaceChildren(h('p', { class: 'muted', role: 'status' }, tr('bulk.none')));
    const resort = (column: Column) => {
      sort = { column, ascending: sort.column === column ? !sort.ascending : true };
      render();
      out.querySelector<HTMLButtonElement>(`th[data-col="${column}"] button`)?.focus();
    };
    const found = h('p', { class: 'summary', role: 'status' }, tr('bulk.found', { count: num(items.length) }), truncated ? ` ${tr('bulk.truncated', { count: num(items.length) })}` : '');
    out.replaceChildren(found, downloads(items, out), countGrid(items), resultsTable(items, sort, resort));
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    out.replaceChildren(h('p', { class: 'muted', role: 'status' }, tr('bulk.working')));
    try {
      const res = await extract(text.value, lang());
      if (!res.ok) return void out.replaceChildren(problemBox(res.problem));
      ({ items, truncated } = res.value);
      render();
    } catch {
      out.replaceChildren(h('div', { class: 'problem', role: 'alert' }, tr('single.offline')));
    }
  });
  byId('bulk-example').addEventListener('click', () => {
    text.value = EXAMPLE;
    text.focus();
  });
  byId('bulk-clear').addEventListener('click', () => {
    text.value = '';
    items = [];
    out.replaceChildren();
    text.focus();
  });
  // The analyses carry texts in the language they were made in: ask again after a switch.
  return () => {
    if (items.length > 0) form.requestSubmit();
  };
}
