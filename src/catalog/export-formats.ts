/**
 * The whole registry snapshot as files (CONTRACT v1.2, Registry export): CSV, NDJSON and JSON
 * of every block and CID, and the files third-party tools read, written as those tools read
 * them (CIDs left out: they assign no addresses):
 * - `manuf` (Wireshark): `00:00:0C<TAB>short<TAB>full`; a longer block as its first address
 *   with `/28` or `/36`;
 * - `nmap` (nmap-mac-prefixes): 6, 7 or 9 upper-case hex digits, a space, the name. Debian's
 *   nmap 7.93 reads the 6-digit lines and skips the longer ones (tested), so an address in an
 *   MA-M or MA-S block gets its IEEE RA parent's name there;
 * - `arp-scan` (ieee-oui.txt): 6, 7 or 9 hex digits, a tab, the name (arp-scan reads the
 *   longest prefix that matches).
 * Each tool file starts with `#` comment lines naming the snapshot.
 */
import { csvField } from '../csv/csv.js';
import { colonHex, plainHex } from '../mac/prefix.js';
import { blockFirst, type Catalog, type CatalogBlock } from './catalog.js';
import type { Width } from '../registry/widths.js';

/** The export formats. */
export const EXPORT_FORMATS = ['csv', 'ndjson', 'json', 'manuf', 'nmap', 'arp-scan'] as const;

/** An export format. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Media type and the file name the reading tool expects, per format. */
export const EXPORT_FILES: Readonly<Record<ExportFormat, { readonly type: string; readonly file: string }>> = {
  csv: { type: 'text/csv; charset=utf-8; header=present', file: 'mac-registry.csv' },
  ndjson: { type: 'application/x-ndjson', file: 'mac-registry.ndjson' },
  json: { type: 'application/json; charset=utf-8', file: 'mac-registry.json' },
  manuf: { type: 'text/plain; charset=utf-8', file: 'manuf' },
  nmap: { type: 'text/plain; charset=utf-8', file: 'nmap-mac-prefixes' },
  'arp-scan': { type: 'text/plain; charset=utf-8', file: 'ieee-oui.txt' },
};

/** The CSV header of the `csv` export. */
const EXPORT_CSV_HEADER = 'prefix,prefix_length,registry,iab,name,short_name,country,address';

/** A block's prefix at its true width, colon-separated: `00:03:93`, `00:55:DA:5`, `70:B3:D5:6C:0`. */
function blockPrefix(b: Pick<CatalogBlock, 'width' | 'prefix'>): string {
  return colonHex(b.prefix, b.width / 4);
}

// A name as a one-line field of a tab- or space-separated tool file.
function oneLine(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ').trim();
}

// One block as the JSON and NDJSON exports write it.
interface ExportedBlock {
  readonly prefix: string;
  readonly prefixLength: Width;
  readonly registry: string;
  readonly iab?: true;
  readonly name: string | null;
  readonly shortName: string | null;
  readonly country: string | null;
  readonly address: string | null;
}

// The JSON object of block `i`.
function exportedBlock(catalog: Catalog, i: number): ExportedBlock {
  const b = catalog.block(i);
  const r = catalog.records[b.record];
  return {
    prefix: blockPrefix(b),
    prefixLength: b.width,
    registry: b.registry,
    ...(r.iab && b.registry !== 'CID' ? { iab: true as const } : {}),
    name: r.name,
    shortName: r.shortName,
    country: r.country,
    address: catalog.address(b.record),
  };
}

/** The text of `format` for the whole catalog; `version` names the snapshot in the tool files' comments. */
export function renderExport(catalog: Catalog, format: ExportFormat, version: string): string {
  const lines: string[] = [];
  const tools = format === 'manuf' || format === 'nmap' || format === 'arp-scan';
  if (format === 'csv') lines.push(EXPORT_CSV_HEADER);
  if (tools) lines.push(`# ${EXPORT_FILES[format].file}: the IEEE registry (MA-L, MA-M, MA-S, IAB), snapshot ${version}`, '# Written by the MAC analysis service (GET /api/registry/blocks).');
  for (let i = 0; i < catalog.blockCount; i++) {
    const b = catalog.block(i);
    if (tools && b.registry === 'CID') continue;
    const r = catalog.records[b.record];
    const name = oneLine(r.name ?? 'Private');
    switch (format) {
      case 'csv':
        lines.push([blockPrefix(b), b.width, b.registry, String(r.iab && b.registry !== 'CID'), r.name, r.shortName, r.country, catalog.address(b.record)].map(csvField).join(','));
        break;
      case 'ndjson':
      case 'json':
        lines.push(JSON.stringify(exportedBlock(catalog, i)));
        break;
      case 'manuf': {
        const first = colonHex(blockFirst(b), 12);
        lines.push(`${b.width === 24 ? blockPrefix(b) : `${first}/${b.width}`}\t${oneLine(r.shortName ?? name)}\t${name}`);
        break;
      }
      case 'nmap':
        lines.push(`${plainHex(b.prefix, b.width / 4)} ${name}`);
        break;
      case 'arp-scan':
        lines.push(`${plainHex(b.prefix, b.width / 4)}\t${name}`);
        break;
    }
  }
  if (format === 'json') return `[${lines.join(',\n')}]\n`;
  return `${lines.join('\n')}\n`;
}
