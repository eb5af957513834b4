/**
 * The registry for data engines as files (docs/DATA-ENGINES.md): the flattened ranges (ranges.ts) as
 * Parquet, CSV, NDJSON or a PostgreSQL script, and the blocks as they are (overlapping) as Parquet, each row with its
 * first and last address as 48-bit integers. Parquet through hyparquet-writer (pure JavaScript,
 * no native build to ship): INT64 first/last (Spark and BigQuery have no
 * unsigned types), a DATE first_seen, row groups of RANGE_ROW_GROUP rows with min/max
 * statistics (engines skip the groups a join cannot touch), Snappy compression.
 */
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { DecodedArray, SchemaElement } from 'hyparquet';
import { csvField } from '../csv/csv.js';
import { colonHex } from '../mac/prefix.js';
import { seenDate, seenDay, UNDATED } from '../registry/first-seen.js';
import { blockFirst, type Catalog, type CatalogBlock } from './catalog.js';
import { BLOCK_SIZES } from '../registry/kinds.js';
import type { FlatRanges } from './ranges.js';

/** Rows per Parquet row group: at most 64k (docs/API.md), small enough that a join reads few. */
export const RANGE_ROW_GROUP = 8192;

/** The columns of the ranges, in order: the CSV header, the NDJSON keys, the Parquet columns (the blocks file adds `address` before `first_seen`). */
export const RANGE_COLUMNS = ['first', 'last', 'prefix', 'prefix_length', 'registry', 'iab', 'name', 'short_name', 'country', 'first_seen'] as const;

/** One row's values, before they are written in a format. */
interface Row {
  readonly first: number;
  readonly last: number;
  readonly prefix: string;
  readonly prefixLength: number;
  readonly registry: string;
  readonly iab: boolean;
  readonly name: string | null;
  readonly shortName: string | null;
  readonly country: string | null;
  readonly address?: string | null;
  readonly seen: number;
}

// The row of block `b` over [first, last].
function rowOf(catalog: Catalog, b: CatalogBlock, first: number, last: number, withAddress: boolean): Row {
  const r = catalog.records[b.record];
  return {
    first,
    last,
    prefix: colonHex(b.prefix, b.width / 4),
    prefixLength: b.width,
    registry: b.registry,
    iab: r.iab && b.registry !== 'CID',
    name: r.name,
    shortName: r.shortName,
    country: r.country,
    ...(withAddress ? { address: catalog.address(b.record) } : {}),
    seen: b.seen,
  };
}

/** The rows of the ranges. */
function rangeRows(catalog: Catalog, ranges: FlatRanges): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < ranges.length; i++) rows.push(rowOf(catalog, catalog.block(ranges.block[i]), ranges.first[i], ranges.last[i], false));
  return rows;
}

/** The rows of every block as it is (CIDs included, over the 24-bit prefix they name), in address order. */
function blockRows(catalog: Catalog): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < catalog.blockCount; i++) {
    const b = catalog.block(i);
    const first = blockFirst(b);
    rows.push(rowOf(catalog, b, first, first + BLOCK_SIZES[b.width][0] - 1, true));
  }
  return rows;
}

/** Rows as a Parquet file (the columns of RANGE_COLUMNS, with `address` for the blocks). */
function parquetOf(rows: readonly Row[], withAddress: boolean): Uint8Array {
  const text = (pick: (r: Row) => string | null | undefined) => rows.map((r) => pick(r) ?? null);
  // [name, physical type, logical annotations, required, values]
  const columns: Array<readonly [string, 'INT64' | 'INT32' | 'BYTE_ARRAY' | 'BOOLEAN', Record<string, unknown>, boolean, DecodedArray]> = [
    ['first', 'INT64', {}, true, BigInt64Array.from(rows, (r) => BigInt(r.first))],
    ['last', 'INT64', {}, true, BigInt64Array.from(rows, (r) => BigInt(r.last))],
    ['prefix', 'BYTE_ARRAY', UTF8, true, text((r) => r.prefix)],
    ['prefix_length', 'INT32', {}, true, Int32Array.from(rows, (r) => r.prefixLength)],
    ['registry', 'BYTE_ARRAY', UTF8, true, text((r) => r.registry)],
    ['iab', 'BOOLEAN', {}, true, rows.map((r) => r.iab)],
    ['name', 'BYTE_ARRAY', UTF8, false, text((r) => r.name)],
    ['short_name', 'BYTE_ARRAY', UTF8, false, text((r) => r.shortName)],
    ['country', 'BYTE_ARRAY', UTF8, false, text((r) => r.country)],
    ...(withAddress ? [['address', 'BYTE_ARRAY', UTF8, false, text((r) => r.address)] as const] : []),
    ['first_seen', 'INT32', { converted_type: 'DATE', logical_type: { type: 'DATE' } }, false, rows.map((r) => (r.seen === UNDATED ? null : seenDay(r.seen)))],
  ];
  const schema = [
    { name: 'root', num_children: columns.length },
    ...columns.map(([name, type, logical, required]) => ({ name, type, ...logical, repetition_type: required ? 'REQUIRED' : 'OPTIONAL' })),
  ] as SchemaElement[];
  const columnData = columns.map(([name, , , , data]) => ({ name, data }));
  return new Uint8Array(parquetWriteBuffer({ schema, columnData, rowGroupSize: RANGE_ROW_GROUP, statistics: true, codec: 'SNAPPY' }));
}

const UTF8 = { converted_type: 'UTF8', logical_type: { type: 'STRING' } };

// A range's values in RANGE_COLUMNS order (the date as YYYY-MM-DD, or null).
function rangeValues(r: Row): ReadonlyArray<string | number | boolean | null> {
  return [r.first, r.last, r.prefix, r.prefixLength, r.registry, r.iab, r.name, r.shortName, r.country, seenDate(r.seen)];
}

// A range as a CSV line.
function csvLine(r: Row): string {
  return rangeValues(r).map((v) => csvField(typeof v === 'boolean' ? String(v) : v)).join(',');
}

// A range as an NDJSON line: the same columns, by name.
function jsonLine(r: Row): string {
  const values = rangeValues(r);
  return JSON.stringify(Object.fromEntries(RANGE_COLUMNS.map((name, i) => [name, values[i]])));
}

// A value in COPY's text format: backslash, tab, LF and CR escaped (a line holding `\.` then
// cannot occur: its backslash is doubled), null as \N.
function copyField(v: string | number | boolean | null): string {
  if (v === null) return '\\N';
  return String(v).replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/**
 * The ranges as a script for `psql -f`, on PostgreSQL 13 or later: the table `mac_ranges` (made
 * when missing, its rows replaced in one transaction: DELETE, then COPY, so a reader sees the old
 * rows until the commit, then the new ones, never none), a B-tree on `first`, and
 * `mac_vendor(macaddr)` and `mac_vendor(macaddr8)`, each the range of the address or null. Data
 * appears only in COPY's rows (copyField): nothing from the registry is ever SQL.
 */
function postgresScript(rows: readonly Row[]): string {
  const lines = rows.map((r) => rangeValues(r).map(copyField).join('\t'));
  return `-- The IEEE registry as non-overlapping MAC address ranges (mac-analysis, docs/DATA-ENGINES.md).
-- psql -v ON_ERROR_STOP=1 -f mac-ranges.sql   (again to refresh: one transaction, readers go on)
\\set ON_ERROR_STOP on
BEGIN;
CREATE TABLE IF NOT EXISTS mac_ranges (
  first bigint PRIMARY KEY,  -- the address as a 48-bit integer
  last bigint NOT NULL,
  prefix text NOT NULL,
  prefix_length integer NOT NULL,
  registry text NOT NULL,
  iab boolean NOT NULL,
  name text,
  short_name text,
  country text,
  first_seen date
);
DELETE FROM mac_ranges;
COPY mac_ranges (${RANGE_COLUMNS.join(', ')}) FROM stdin;
${lines.join('\n')}
\\.
-- The range holding the 48-bit address v, or null.
-- PL/pgSQL keeps the look-up's plan across calls: about 5 times faster than an SQL function here.
CREATE OR REPLACE FUNCTION mac_range_of(v bigint) RETURNS mac_ranges
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $mac_range_of$
DECLARE r mac_ranges;
BEGIN
  SELECT * INTO r FROM mac_ranges WHERE first <= v ORDER BY first DESC LIMIT 1;
  IF r.last >= v THEN RETURN r; END IF;
  RETURN NULL;
END
$mac_range_of$;
-- The vendor range of a MAC address; a universal group address no range holds is looked up
-- with its I/G bit cleared, as the API does.
CREATE OR REPLACE FUNCTION mac_vendor(mac macaddr) RETURNS mac_ranges
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $mac_vendor$
DECLARE
  v bigint := ('x' || replace(mac::text, ':', ''))::bit(48)::bigint;
  r mac_ranges := mac_range_of(v);
BEGIN
  IF r IS NULL AND v & 3298534883328 = 1099511627776 THEN r := mac_range_of(v - 1099511627776); END IF;
  RETURN r;
END
$mac_vendor$;
-- A 64-bit identifier: the MAC-48 inside when its 4th and 5th octets are FF:FE, else its first
-- 48 bits (the IEEE assigns one block for both lengths).
CREATE OR REPLACE FUNCTION mac_vendor(mac macaddr8) RETURNS mac_ranges
LANGUAGE sql STABLE PARALLEL SAFE AS $mac_vendor8$
  SELECT mac_vendor(CASE WHEN substr(mac::text, 10, 5) = 'ff:fe' THEN macaddr(mac) ELSE left(mac::text, 17)::macaddr END)
$mac_vendor8$;
COMMIT;
ANALYZE mac_ranges;
`;
}

/** The formats of the ranges. */
export const RANGE_FORMATS = ['parquet', 'csv', 'ndjson', 'postgres'] as const;

/** A format of the ranges. */
export type RangeFormat = (typeof RANGE_FORMATS)[number];

/** Media type and file name of each format of the ranges, and of the blocks as Parquet. */
export const RANGE_FILES: Readonly<Record<RangeFormat | 'blocks-parquet', { readonly type: string; readonly file: string }>> = {
  parquet: { type: 'application/vnd.apache.parquet', file: 'mac-ranges.parquet' },
  csv: { type: 'text/csv; charset=utf-8; header=present', file: 'mac-ranges.csv' },
  ndjson: { type: 'application/x-ndjson', file: 'mac-ranges.ndjson' },
  postgres: { type: 'application/sql; charset=utf-8', file: 'mac-ranges.sql' },
  'blocks-parquet': { type: 'application/vnd.apache.parquet', file: 'mac-registry.parquet' },
};

/** The ranges in `format`. */
export function renderRanges(catalog: Catalog, ranges: FlatRanges, format: RangeFormat): Uint8Array {
  const rows = rangeRows(catalog, ranges);
  if (format === 'parquet') return parquetOf(rows, false);
  if (format === 'postgres') return Buffer.from(postgresScript(rows));
  const lines = format === 'csv' ? [RANGE_COLUMNS.join(','), ...rows.map(csvLine)] : rows.map(jsonLine);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The blocks as they are (overlapping; CIDs included), as Parquet. */
export function renderBlocksParquet(catalog: Catalog): Uint8Array {
  return parquetOf(blockRows(catalog), true);
}
