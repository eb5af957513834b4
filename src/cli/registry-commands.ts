/**
 * `mac-analyze vendors QUERY | --prefix P [--format table|json|csv] [--sort address|firstSeen] [--limit N] [--lang L]`,
 * `mac-analyze changes --since D [--until D]` (the blocks first seen in a range of days)
 * and `mac-analyze export --format csv|ndjson|json|manuf|nmap|arp-scan [> FILE]`: the registry
 * as a service, offline, on the built-in or updated registry file (`--registry FILE`). Exit 0,
 * 1 when a search finds nothing, 2 on bad arguments, 3 when the registry file is missing or corrupt.
 */
import { parseArgs } from 'node:util';
import { EXPORT_FORMATS, type ExportFormat } from '../catalog/export-formats.js';
import { RANGE_FORMATS, type RangeFormat } from '../catalog/range-files.js';
import { RegistryService } from '../catalog/registry-service.js';
import { BLOCK_ORDERS, orderBlocks, prefixAnswer, prefixAnswerValue, prefixDigits, searchAnswer, searchAnswerValue, VENDORS_LIMIT, type BlockOrder } from '../catalog/vendor-answers.js';
import { CHANGES_FORMATS, changesAnswer, changesText, changesValue, dayOf, type ChangesFormat } from '../catalog/changes.js';
import { firstSeenOf, seenDate } from '../registry/first-seen.js';
import { colonHex } from '../mac/prefix.js';
import { QUERY_MIN_LENGTH, queryLength } from '../catalog/vendor-search.js';
import { csvField } from '../csv/csv.js';
import { resolveLang, type Lang } from '../i18n/lang.js';
import { openRegistry } from './output.js';

const USAGE = `usage: mac-analyze vendors QUERY [--format table|json|csv] [--sort address|firstSeen] [--limit N] [--lang en|fr] [--registry FILE]
       mac-analyze vendors --prefix P [--format table|json|csv] [--sort address|firstSeen] [--limit N] [--registry FILE]
       mac-analyze changes --since YYYY-MM-DD [--until YYYY-MM-DD] [--format table|json|ndjson|csv] [--limit N] [--registry FILE]
       mac-analyze export --format csv|ndjson|json|manuf|nmap|arp-scan|parquet [--ranges] [--registry FILE] > FILE
`;

function usage(message: string): number {
  process.stderr.write(`mac-analyze: ${message}\n${USAGE}`);
  return 2;
}

// The registry service of the file, or null after saying why (exit 3).
function open(file: string | undefined): RegistryService | null {
  const handle = openRegistry(file);
  return handle && new RegistryService(handle);
}

// The API's answer as JSON indented for a reader.
function pretty(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

// Rows as aligned columns.
function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]))).join('  ')).join('\n');
}

// How `vendors` writes what it found.
interface VendorsListing {
  readonly format: string;
  readonly limit: number;
  readonly order: BlockOrder;
  readonly lang: Lang;
}

/** Runs `mac-analyze vendors` with its own arguments; returns the exit code. */
export function vendorsCommand(args: readonly string[]): number {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: { prefix: { type: 'string' }, format: { type: 'string' }, sort: { type: 'string' }, limit: { type: 'string' }, lang: { type: 'string' }, registry: { type: 'string' } }, allowPositionals: true });
  } catch (e) {
    return usage((e as Error).message);
  }
  const { values, positionals } = parsed;
  const format = values.format ?? 'table';
  const limit = values.limit === undefined ? VENDORS_LIMIT.max : Number(values.limit);
  if (!['table', 'json', 'csv'].includes(format)) return usage(`unknown format ${format}`);
  if (!Number.isInteger(limit) || limit < 1) return usage(`--limit must be a whole number from 1`);
  const order = (values.sort ?? 'address') as BlockOrder;
  if (!BLOCK_ORDERS.includes(order)) return usage(`--sort must be one of ${BLOCK_ORDERS.join(', ')}`);
  const query = positionals.join(' ');
  if ((query.length > 0) === (values.prefix !== undefined)) return usage('give a QUERY or --prefix, not both');
  const digits = values.prefix === undefined ? null : prefixDigits(values.prefix);
  if (values.prefix !== undefined && digits === null) return usage(`the prefix ${values.prefix} is not 6 to 16 hex digits`);
  if (values.prefix === undefined && queryLength(query) < QUERY_MIN_LENGTH) return usage(`the search needs at least ${QUERY_MIN_LENGTH} letters or digits`);
  const registry = open(values.registry);
  if (!registry) return 3;
  const listing: VendorsListing = { format, limit, order, lang: resolveLang(values.lang) };
  const found = values.prefix !== undefined && digits !== null ? prefixListing(registry, listing, values.prefix, digits) : searchListing(registry, listing, query);
  return found > 0 ? 0 : 1;
}

// Writes the blocks around a prefix; how many there are.
function prefixListing(registry: RegistryService, listing: VendorsListing, prefix: string, digits: string): number {
  const answer = prefixAnswer(registry, prefix, digits, 0, listing.limit, listing.order);
  if (listing.format === 'json') {
    process.stdout.write(pretty(prefixAnswerValue(registry, answer, listing.lang)));
    return answer.total;
  }
  const catalog = registry.catalog;
  const rows = answer.blocks.map((i) => {
    const b = catalog.block(i);
    const v = b.vendor >= 0 ? catalog.vendor(b.vendor) : null;
    return [colonHex(b.prefix, b.width / 4), b.registry + (catalog.records[b.record].iab ? ' (IAB)' : ''), i === answer.mostSpecific ? '*' : '', seenDate(b.seen) ?? '', v?.name ?? '(private)', v?.country ?? ''];
  });
  if (listing.format === 'csv') process.stdout.write(`prefix,registry,most_specific,first_seen,name,country\n${rows.map((r) => r.map(csvField).join(',')).join('\n')}\n`);
  else process.stdout.write(`${table([['PREFIX', 'REGISTRY', '', 'FIRST SEEN', 'VENDOR', 'COUNTRY'], ...rows])}\n`);
  return answer.total;
}

// Writes the vendors a search finds, with their blocks; how many there are.
function searchListing(registry: RegistryService, listing: VendorsListing, query: string): number {
  const { format, order } = listing;
  const answer = searchAnswer(registry, query, 0, listing.limit);
  const catalog = registry.catalog;
  const prefixOf = (i: number) => colonHex(catalog.block(i).prefix, catalog.block(i).width / 4);
  if (format === 'json') process.stdout.write(pretty(searchAnswerValue(registry, answer, listing.lang, order)));
  else if (format === 'csv') {
    const rows = answer.vendors.flatMap((vi) => {
      const v = catalog.vendor(vi);
      return orderBlocks(registry, v.blocks, order).map((i) => {
        const b = catalog.block(i);
        return [prefixOf(i), b.width, b.registry, seenDate(b.seen), v.name, v.shortName, v.country].map(csvField).join(',');
      });
    });
    process.stdout.write(`prefix,prefix_length,registry,first_seen,name,short_name,country\n${rows.join('\n')}${rows.length > 0 ? '\n' : ''}`);
  } else {
    const rows = answer.vendors.map((vi) => {
      const v = catalog.vendor(vi);
      const blocks = orderBlocks(registry, v.blocks, order);
      // The vendor's first block (its oldest date) to its newest.
      const days = blocks.map((i) => catalog.seen(i)).filter((d) => d !== 0).sort((a, b) => a - b);
      const seen = days.length === 0 ? '' : `${seenDate(days[0])}${days.length > 1 && days[0] >>> 2 !== days[days.length - 1] >>> 2 ? ` … ${seenDate(days[days.length - 1])}` : ''}`;
      return [v.name, v.country ?? '', String(v.blocks.length), seen, blocks.slice(0, 4).map(prefixOf).join(' ') + (v.blocks.length > 4 ? ' …' : '')];
    });
    process.stdout.write(`${table([['VENDOR', 'COUNTRY', 'BLOCKS', 'FIRST SEEN', 'PREFIXES'], ...rows])}\n`);
    if (answer.total > answer.vendors.length) process.stderr.write(`${answer.total} vendors found, ${answer.vendors.length} shown (--limit)\n`);
  }
  return answer.total;
}

/**
 * Runs `mac-analyze changes --since D [--until D]`: the blocks first seen in that range, newest
 * first, as the API's feed gives them (table, json, ndjson or csv); exit 1 when there are none.
 */
export function changesCommand(args: readonly string[]): number {
  let values;
  try {
    values = parseArgs({ args: [...args], options: { since: { type: 'string' }, until: { type: 'string' }, format: { type: 'string' }, limit: { type: 'string' }, registry: { type: 'string' } }, strict: true }).values;
  } catch (e) {
    return usage((e as Error).message);
  }
  const format = values.format ?? 'table';
  if (format !== 'table' && !(CHANGES_FORMATS as readonly string[]).includes(format)) return usage(`unknown format ${format}; use table, ${CHANGES_FORMATS.join(', ')}`);
  if (values.since === undefined || dayOf(values.since) === null) return usage('--since must be a date, YYYY-MM-DD');
  if (values.until !== undefined && dayOf(values.until) === null) return usage('--until must be a date, YYYY-MM-DD');
  if (values.until !== undefined && values.until < values.since) return usage('--until is before --since');
  const limit = values.limit === undefined ? Number.MAX_SAFE_INTEGER : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) return usage(`--limit must be a whole number from 1`);
  const registry = open(values.registry);
  if (!registry) return 3;
  const answer = changesAnswer(registry, values.since, values.until ?? null, 0, limit);
  if (format !== 'table') process.stdout.write(format === 'json' ? pretty(changesValue(registry, answer)) : changesText(registry, answer, format as ChangesFormat));
  else {
    const catalog = registry.catalog;
    const rows = Array.from(answer.blocks, (i) => {
      const b = catalog.block(i);
      const r = catalog.records[b.record];
      return [seenDate(b.seen) ?? '', firstSeenOf(b.seen)?.source ?? '', colonHex(b.prefix, b.width / 4), b.registry + (r.iab ? ' (IAB)' : ''), r.name ?? '(private)', r.country ?? ''];
    });
    if (rows.length > 0) process.stdout.write(`${table([['FIRST SEEN', 'SOURCE', 'PREFIX', 'REGISTRY', 'VENDOR', 'COUNTRY'], ...rows])}\n`);
    process.stderr.write(`${answer.total} blocks first seen from ${values.since}${values.until ? ` to ${values.until}` : ''}${answer.total > rows.length ? `, ${rows.length} shown (--limit)` : ''}\n`);
  }
  return answer.total > 0 ? 0 : 1;
}

/** Runs `mac-analyze export` with its own arguments; returns the exit code. */
export function exportCommand(args: readonly string[]): number {
  let values;
  try {
    values = parseArgs({ args: [...args], options: { format: { type: 'string' }, ranges: { type: 'boolean' }, registry: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true }).values;
  } catch (e) {
    return usage((e as Error).message);
  }
  if (values.help) {
    process.stdout.write(EXPORT_HELP);
    return 0;
  }
  const format = values.format ?? (values.ranges ? 'parquet' : 'csv');
  const accepted: readonly string[] = values.ranges ? RANGE_FORMATS : [...EXPORT_FORMATS, 'parquet'];
  if (!accepted.includes(format)) return usage(`unknown format ${format}${values.ranges ? ' for --ranges' : ''}; use one of ${accepted.join(', ')}`);
  const registry = open(values.registry);
  if (!registry) return 3;
  const file = values.ranges ? registry.rangesOf(format as RangeFormat) : format === 'parquet' ? registry.blocksParquet() : registry.exportOf(format as ExportFormat);
  process.stdout.write(file.body);
  return 0;
}

const EXPORT_HELP = `usage: mac-analyze export [--format F] [--ranges] [--registry FILE] > FILE

The registry snapshot as a file, as GET /api/registry/blocks and /api/registry/ranges serve it:
  --format csv       every block and CID: prefix,prefix_length,registry,iab,name,short_name,
                     country,address,first_seen (the default)
  --format ndjson    the same as JSON lines; --format json as one array
  --format manuf     Wireshark's manuf file
  --format nmap      nmap's nmap-mac-prefixes
  --format arp-scan  arp-scan's ieee-oui.txt
  --format parquet   the blocks as they are (overlapping), with first and last as INT64
  --ranges           the registry flattened into non-overlapping ranges for a range join in
                     DuckDB, Spark, Trino or BigQuery: --format parquet (the default), csv or
                     ndjson; columns first,last,prefix,prefix_length,registry,iab,name,
                     short_name,country,first_seen (docs/DATA-ENGINES.md); --format postgres:
                     a script for psql -f with the table mac_ranges and mac_vendor(macaddr)
`;
