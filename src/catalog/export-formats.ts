/**
 * The whole registry snapshot as files (docs/API.md, Registry export): CSV, NDJSON and JSON
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
import type { ExportRow } from '../contract/openapi-types.js';
import { csvField } from '../csv/csv.js';
import { colonHex, plainHex } from '../mac/prefix.js';
import { blockFirst, type Catalog, type CatalogBlock } from './catalog.js';
import { firstSeenOf, seenDate } from '../registry/first-seen.js';

/** The export formats. */
export const EXPORT_FORMATS = ['csv', 'ndjson', 'json', 'manuf', 'nmap', 'arp-scan'] as const;

/** An export format. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The CSV header of the `csv` export (and of the changes feed). */
export const EXPORT_CSV_HEADER = 'prefix,prefix_length,registry,iab,name,short_name,country,address,first_seen';

/** A block's prefix at its true width, colon-separated: `00:03:93`, `00:55:DA:5`, `70:B3:D5:6C:0`. */
function blockPrefix(b: Pick<CatalogBlock, 'width' | 'prefix'>): string {
  return colonHex(b.prefix, b.width / 4);
}

// A name as a one-line field of a tab- or space-separated tool file.
function oneLine(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ').trim();
}

/** One block as the JSON and NDJSON exports and the changes feed write it (the document's ExportRow). */
export type ExportedBlock = Readonly<ExportRow>;

/** The JSON object of block `i` (JSON and NDJSON exports, the changes feed). */
export function exportedBlock(catalog: Catalog, i: number): ExportedBlock {
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
    firstSeen: firstSeenOf(b.seen),
  };
}

/** The CSV row of block `b` (EXPORT_CSV_HEADER's columns). */
export function exportCsvRow(catalog: Catalog, b: CatalogBlock): string {
  const r = catalog.records[b.record];
  return [blockPrefix(b), b.width, b.registry, String(r.iab && b.registry !== 'CID'), r.name, r.shortName, r.country, catalog.address(b.record), seenDate(b.seen)].map(csvField).join(',');
}

/** One format: how it is served, and how each block is written. */
interface ExportSpec {
  /** Media type, and the file name the reading tool expects. */
  readonly type: string;
  readonly file: string;
  /** A tool's own file (manuf, nmap, arp-scan): comment lines first, no CIDs (they have no addresses of their own). */
  readonly tool: boolean;
  /** The header line, if the format has one. */
  readonly header?: string;
  /** The line of block `i` (`name`: its organisation's name on one line, or `Private`). */
  line(catalog: Catalog, i: number, b: CatalogBlock, name: string): string;
  /** The whole file from its lines (default: one per line). */
  join?(lines: readonly string[]): string;
}

// Every format, one row each: adding a format is adding a row (and its name to EXPORT_FORMATS).
const EXPORTS: Readonly<Record<ExportFormat, ExportSpec>> = {
  csv: {
    type: 'text/csv; charset=utf-8; header=present',
    file: 'mac-registry.csv',
    tool: false,
    header: EXPORT_CSV_HEADER,
    line: (catalog, _i, b) => exportCsvRow(catalog, b),
  },
  ndjson: { type: 'application/x-ndjson', file: 'mac-registry.ndjson', tool: false, line: (catalog, i) => JSON.stringify(exportedBlock(catalog, i)) },
  json: {
    type: 'application/json; charset=utf-8',
    file: 'mac-registry.json',
    tool: false,
    line: (catalog, i) => JSON.stringify(exportedBlock(catalog, i)),
    join: (lines) => `[${lines.join(',\n')}]\n`,
  },
  manuf: {
    type: 'text/plain; charset=utf-8',
    file: 'manuf',
    tool: true,
    line: (catalog, _i, b, name) => `${b.width === 24 ? blockPrefix(b) : `${colonHex(blockFirst(b), 12)}/${b.width}`}\t${oneLine(catalog.records[b.record].shortName ?? name)}\t${name}`,
  },
  nmap: { type: 'text/plain; charset=utf-8', file: 'nmap-mac-prefixes', tool: true, line: (_c, _i, b, name) => `${plainHex(b.prefix, b.width / 4)} ${name}` },
  'arp-scan': { type: 'text/plain; charset=utf-8', file: 'ieee-oui.txt', tool: true, line: (_c, _i, b, name) => `${plainHex(b.prefix, b.width / 4)}\t${name}` },
};

/** Media type and the file name the reading tool expects, per format. */
export const EXPORT_FILES: Readonly<Record<ExportFormat, { readonly type: string; readonly file: string }>> = EXPORTS;

/** The text of `format` for the whole catalog; `version` names the snapshot in the tool files' comments. */
export function renderExport(catalog: Catalog, format: ExportFormat, version: string): string {
  const spec = EXPORTS[format];
  const lines: string[] = [];
  if (spec.header !== undefined) lines.push(spec.header);
  if (spec.tool) lines.push(`# ${spec.file}: the IEEE registry (MA-L, MA-M, MA-S, IAB), snapshot ${version}`, '# Written by the MAC analysis service (GET /api/registry/blocks).');
  for (let i = 0; i < catalog.blockCount; i++) {
    const b = catalog.block(i);
    if (spec.tool && b.registry === 'CID') continue;
    lines.push(spec.line(catalog, i, b, oneLine(catalog.records[b.record].name ?? 'Private')));
  }
  return spec.join ? spec.join(lines) : `${lines.join('\n')}\n`;
}
