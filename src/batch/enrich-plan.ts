/**
 * What an enrich reads (enrich.ts writes): its keys, a CSV or TSV body's header and the columns it
 * gains, and the cutting of records into chunks at record ends. Light: HTTP threads load it with
 * their routes; the writer loads with the first body.
 */
import { CsvReader, cellsOf, DIALECTS, type Dialect } from '../csv/csv.js';
import { csvColumnsOf, type FieldsKey } from './csv-rows.js';
import { RecordChunker, type LineChunk } from './lines.js';
import { CHUNK_ITEMS } from './chunk-items.js';

/** How enriched records are read and written: NDJSON objects, or CSV or TSV rows under a header. */
export type RecordDialect = 'ndjson' | Dialect;

/** Why a key of a record was not analysed: no such member or cell, a value that is not a string, a line that is not a JSON object. */
export const PASS_REASONS = ['no_key', 'not_string', 'not_object'] as const;

/** One of PASS_REASONS. */
export type PassReason = (typeof PASS_REASONS)[number];

/** The CSV and TSV columns each key gains when `fields` names none. */
export const ENRICH_COLUMNS = ['vendor', 'short_name', 'registry', 'prefix', 'country', 'special', 'hints', 'error'] as const;

/** What a chunk of records is enriched with (a pool task carries it: strings and numbers only). */
export interface EnrichPlan {
  readonly dialect: RecordDialect;
  /** The keys as given: NDJSON member paths or JSON Pointers, CSV or TSV column names. */
  readonly keys: readonly string[];
  /** CSV and TSV: each key's column in the header, and the header's number of cells. */
  readonly columns: readonly number[];
  readonly width: number;
  /** NDJSON: a projection key (null: the whole analysis); CSV and TSV: the columns appended, joined by commas. */
  readonly fields: FieldsKey;
}

/** The members from the top of an NDJSON record that a key names: a JSON Pointer (RFC 6901) when it starts with `/`, else a dotted path; null when it names none. */
export function keyPath(key: string): readonly string[] | null {
  if (key.startsWith('/')) return key.slice(1).split('/').map((name) => name.replaceAll('~1', '/').replaceAll('~0', '~'));
  const path = key.split('.');
  return path.includes('') ? null : path;
}

/** The keys refused before any record is read: [''] when none is given, those past `max`, or those that name no member. */
export function refusedKeys(keys: readonly string[], max = Infinity): readonly string[] {
  return keys.length === 0 ? [''] : keys.length > max ? keys.slice(max) : keys.filter((k) => keyPath(k) === null);
}

/** Where the header record of a CSV or TSV body ends (after its line end): -1 until it is whole in `bytes`. */
export function headerEnd(bytes: Uint8Array, dialect: Dialect): number {
  const at = dialect === 'csv' ? new CsvReader().next(bytes, 0, bytes.length) : asBuffer(bytes).indexOf(LF);
  if (at < 0 || (bytes[at] === CR && at + 1 === bytes.length)) return -1; // a CR may be a CRLF's first half
  return bytes[at] === CR && bytes[at + 1] === LF ? at + 2 : at + 1;
}

/** The plan of `keys` over a CSV or TSV header record (its bytes, a byte order mark aside), or the keys it has no column for. */
export function planOf(dialect: RecordDialect, keys: readonly string[], fields: FieldsKey, header: Uint8Array | null): { readonly plan: EnrichPlan } | { readonly unknown: readonly string[] } {
  if (dialect === 'ndjson' || header === null) return { plan: { dialect, keys, columns: [], width: 0, fields } };
  const bom = header[0] === 0xef && header[1] === 0xbb && header[2] === 0xbf ? 3 : 0;
  const names = cellsOf(Buffer.from(header.buffer, header.byteOffset, header.length).toString('utf8', bom, recordEnd(header, 0, header.length, dialect)), dialect);
  const unknown = keys.filter((k) => !names.includes(k));
  return unknown.length > 0 ? { unknown } : { plan: { dialect, keys, columns: keys.map((k) => names.indexOf(k)), width: names.length, fields: fields ?? ENRICH_COLUMNS.join(',') } };
}

/** The answer's header record: the body's, then `<key>_<column>` for each key and column, then its line end. */
export function enrichedHeader(header: Uint8Array, plan: EnrichPlan): Uint8Array {
  if (plan.dialect === 'ndjson') return header;
  const { separator, field } = DIALECTS[plan.dialect];
  const end = recordEnd(header, 0, header.length, plan.dialect);
  const added = plan.keys.flatMap((k) => csvColumnsOf(plan.fields).map((c) => separator + field(`${k}_${c}`))).join('');
  return Buffer.concat([header.subarray(0, end), Buffer.from(added), header.subarray(end)]);
}

const LF = 10;
const CR = 13;

// A Buffer over the same bytes: its indexOf is a native search (a Uint8Array's looks at each element in turn).
const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

// Where a record's own bytes end in [start, end): before a CR that ends it (the CSV reader's
// terminator, or TSV's and NDJSON's CRLF), so that cells go before the line end.
function recordEnd(bytes: Uint8Array, start: number, end: number, dialect: RecordDialect): number {
  const at = dialect === 'csv' ? new CsvReader().next(bytes, start, end) : asBuffer(bytes).indexOf(LF, start);
  const stop = at < 0 || at >= end ? end : at;
  return stop > start && bytes[stop - 1] === CR ? stop - 1 : stop;
}

/** Bytes of records a chunk at most (a longer record makes a chunk of its own): about 1,500 eve.json events; recordsPerChunk bounds it before. */
export const ENRICH_CHUNK_BYTES = 1024 * 1024;

/** Records a chunk at most with `keys` keys: 2,000 analyses (CHUNK_ITEMS), whose JSON fits an output slot, however short the records. */
export function recordsPerChunk(keys: number): number {
  return Math.max(1, Math.floor(CHUNK_ITEMS / keys));
}

/** Cuts records (from `from`) into chunks of about `maxBytes` and at most `maxRecords` at record ends, counting the records. */
export function recordChunks(bytes: Uint8Array, from: number, dialect: RecordDialect, maxBytes: number, maxRecords = Infinity): { count: number; chunks: LineChunk[] } {
  const reader = dialect === 'csv' ? new CsvReader() : null;
  const buffer = asBuffer(bytes);
  const chunks: LineChunk[] = [];
  let count = 0;
  let start = from;
  for (let i = from, inChunk = 1; i < bytes.length; count++, inChunk++) {
    const at = reader ? reader.next(bytes, i, bytes.length) : buffer.indexOf(LF, i);
    i = at < 0 ? bytes.length : bytes[at] === CR && bytes[at + 1] === LF ? at + 2 : at + 1;
    if (i - start < maxBytes && inChunk < maxRecords && i < bytes.length) continue;
    chunks.push({ start, end: i, count: inChunk });
    start = i;
    inChunk = 0;
  }
  return { count, chunks };
}

/** A header without a column for some keys (the CLI and the library report it as the API's 400 invalid_key). */
export class UnknownKeys extends Error {
  constructor(readonly keys: readonly string[]) {
    super(`no column for key ${keys.join(', ')}`);
  }
}

/**
 * Records of a stream cut into chunks to enrich (RecordChunker), as the CLI and the library read
 * them: a CSV or TSV header record is taken from the first chunk and planned (UnknownKeys when it
 * lacks a key's column); `head` is then the answer's header record, to write first.
 */
export class RecordsIn {
  plan: EnrichPlan | null = null;
  head: Uint8Array | null = null;
  private readonly chunker: RecordChunker;

  /** Records of `dialect` enriched at `keys` with `fields` (as the API's), cut `maxBytes` a chunk (and as many records as the API's chunks). */
  constructor(
    private readonly dialect: RecordDialect,
    private readonly keys: readonly string[],
    private readonly fields: FieldsKey,
    maxBytes: number,
  ) {
    // NDJSON lines are cut as text lines: each is checked as it is enriched, not refused.
    this.chunker = new RecordChunker(dialect === 'ndjson' ? 'text' : dialect, maxBytes, true, recordsPerChunk(keys.length));
  }

  /** Takes the next piece of the stream; returns the chunks it completes. */
  push(data: Uint8Array): Uint8Array[] {
    return this.planned(this.chunker.push(data));
  }

  /** The whole records held, for a stream that pauses (none: []). */
  flush(): Uint8Array[] {
    return this.planned([this.chunker.flush()]);
  }

  /** The rest at the end of the stream. */
  end(): Uint8Array[] {
    return this.planned([this.chunker.end()]);
  }

  // Chunks with the header taken out of the first one, which plans the keys.
  private planned(chunks: ReadonlyArray<Uint8Array | null>): Uint8Array[] {
    const out = chunks.filter((c): c is Uint8Array => c !== null && c.length > 0);
    if (this.plan !== null || out.length === 0) return out;
    const end = this.dialect === 'ndjson' ? 0 : headerEnd(out[0], this.dialect);
    const header = out[0].subarray(0, end < 0 ? out[0].length : end);
    const planned = planOf(this.dialect, this.keys, this.fields, this.dialect === 'ndjson' ? null : header);
    if ('unknown' in planned) throw new UnknownKeys(planned.unknown);
    this.plan = planned.plan;
    this.head = enrichedHeader(header, this.plan);
    out[0] = out[0].subarray(header.length);
    return out.filter((c) => c.length > 0);
  }
}
