/**
 * The registry for data engines as files (docs/DATA-ENGINES.md): the flattened ranges (ranges.ts) as
 * Parquet, CSV or NDJSON, and the blocks as they are (overlapping) as Parquet, each row with its
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
import { blockFirst, blockSize, type Catalog, type CatalogBlock } from './catalog.js';
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
    rows.push(rowOf(catalog, b, first, first + blockSize(b) - 1, true));
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

/** The formats of the ranges. */
export const RANGE_FORMATS = ['parquet', 'csv', 'ndjson'] as const;

/** A format of the ranges. */
export type RangeFormat = (typeof RANGE_FORMATS)[number];

/** Media type and file name of each format of the ranges, and of the blocks as Parquet. */
export const RANGE_FILES: Readonly<Record<RangeFormat | 'blocks-parquet', { readonly type: string; readonly file: string }>> = {
  parquet: { type: 'application/vnd.apache.parquet', file: 'mac-ranges.parquet' },
  csv: { type: 'text/csv; charset=utf-8; header=present', file: 'mac-ranges.csv' },
  ndjson: { type: 'application/x-ndjson', file: 'mac-ranges.ndjson' },
  'blocks-parquet': { type: 'application/vnd.apache.parquet', file: 'mac-registry.parquet' },
};

/** The ranges in `format`. */
export function renderRanges(catalog: Catalog, ranges: FlatRanges, format: RangeFormat): Uint8Array {
  const rows = rangeRows(catalog, ranges);
  if (format === 'parquet') return parquetOf(rows, false);
  const lines = format === 'csv' ? [RANGE_COLUMNS.join(','), ...rows.map(csvLine)] : rows.map(jsonLine);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The blocks as they are (overlapping; CIDs included), as Parquet. */
export function renderBlocksParquet(catalog: Catalog): Uint8Array {
  return parquetOf(blockRows(catalog), true);
}
