/**
 * The bulk answer formats as one table: the media types that ask for each, its content type,
 * and how its items are framed (what comes before the first, between two, after the last,
 * and whether it can start before the whole input is read). The HTTP batch and extract
 * answers (http/bulk-answers.ts), the CLI and the chunk renderer all read it; a new format is
 * a row here and its item writer in render-chunk.ts.
 */
import type { Dialect } from '../csv/csv.js';
import { csvColumnsOf, csvHeader, extractCsvHeader, type FieldsKey } from './csv-rows.js';
import { JSON_TYPE } from './media-types.js';

/** How items are written: JSON lines, comma-separated JSON array elements, msgpack maps, CSV or TSV rows. */
export type ItemStyle = 'ndjson' | 'json' | 'msgpack' | 'csv' | 'tsv';

/** What an extract answer is written as: JSON array elements, or CSV or TSV rows. */
export type ExtractStyle = 'json' | 'csv' | 'tsv';

/** What an answer's head may depend on. */
export interface AnswerFacts {
  /** Items in the answer (known once the whole input is read). */
  readonly count: number;
  /** An extract that stopped at its item limit. */
  readonly truncated: boolean;
  /** The members or CSV columns asked for. */
  readonly fields: FieldsKey;
  /** Whether a CSV or TSV answer has its header row. */
  readonly header: boolean;
}

/** One bulk format. */
export interface BulkFormat {
  /** Media types that ask for it in Accept, in the order they are offered. */
  readonly accepts: readonly string[];
  /** Its media type; a CSV or TSV answer's also says whether the header row is there (contentTypeOf). */
  readonly contentType: string;
  /** The dialect of a CSV or TSV answer; null for the others. */
  readonly dialect: Dialect | null;
  /** What comes before the first item of the answer `a`. */
  head(a: AnswerFacts): string | Uint8Array;
  /** Written before every item but the first of the whole answer: one ASCII character, or none. */
  readonly separator: string;
  /** Written after every item: one ASCII character, or none. */
  readonly terminator: string;
  /** What comes after the last item. */
  readonly tail: string;
  /** False when the head needs the item count, so the whole input must be read first (the CLI streams only the others). */
  readonly streams: boolean;
}

// msgpack has no streaming array: a 32-bit array header with the count, then the items.
function msgpackArrayHeader({ count }: AnswerFacts): Uint8Array {
  const header = new Uint8Array(5);
  header[0] = 0xdd;
  new DataView(header.buffer).setUint32(1, count);
  return header;
}

// A CSV or TSV batch answer: its header row when asked for, then rows.
const tabular = (dialect: Dialect, media: string): BulkFormat => ({
  accepts: [media],
  contentType: `${media}; charset=utf-8`,
  dialect,
  head: ({ fields, header }) => (header ? csvHeader(csvColumnsOf(fields), dialect) : ''),
  separator: '',
  terminator: '',
  tail: '',
  streams: true,
});

/** Every batch format, by item style. */
export const BULK_FORMATS: Readonly<Record<ItemStyle, BulkFormat>> = {
  json: { accepts: ['application/json'], contentType: JSON_TYPE, dialect: null, head: () => '[', separator: ',', terminator: '', tail: ']', streams: true },
  ndjson: { accepts: ['application/x-ndjson', 'application/ndjson'], contentType: 'application/x-ndjson', dialect: null, head: () => '', separator: '', terminator: '\n', tail: '', streams: true },
  // Items are packed from the analysis as a value (render-chunk.ts, analysis-object.ts), one map each.
  msgpack: { accepts: ['application/msgpack', 'application/x-msgpack', 'application/vnd.msgpack'], contentType: 'application/msgpack', dialect: null, head: msgpackArrayHeader, separator: '', terminator: '', tail: '', streams: false },
  csv: tabular('csv', 'text/csv'),
  tsv: tabular('tsv', 'text/tab-separated-values'),
};

/** The Content-Type of an answer in `format`: a CSV or TSV one says whether its header row is there (RFC 4180 §3). */
export function contentTypeOf(format: BulkFormat, header: boolean): string {
  return format.dialect === null ? format.contentType : `${format.contentType}; header=${header ? 'present' : 'absent'}`;
}

/** Every item style, in the order Accept offers them. */
export const ITEM_STYLES = Object.keys(BULK_FORMATS) as ItemStyle[];

/** The extract formats: its JSON is one object around the items; its CSV rows carry line and context. */
export const EXTRACT_FORMATS: Readonly<Record<ExtractStyle, BulkFormat>> = {
  json: { ...BULK_FORMATS.json, head: ({ count, truncated }) => `{"count":${count},"truncated":${truncated},"items":[`, tail: ']}' },
  csv: { ...BULK_FORMATS.csv, head: ({ fields, header }) => (header ? extractCsvHeader(csvColumnsOf(fields), 'csv') : '') },
  tsv: { ...BULK_FORMATS.tsv, head: ({ fields, header }) => (header ? extractCsvHeader(csvColumnsOf(fields), 'tsv') : '') },
};

/** The (media type, style) pairs Accept chooses among, from a table of formats. */
export function acceptedTypes<S extends string>(formats: Readonly<Record<S, BulkFormat>>): ReadonlyArray<readonly [string, S]> {
  return (Object.entries(formats) as Array<[S, BulkFormat]>).flatMap(([style, f]) => f.accepts.map((type) => [type, style] as const));
}
