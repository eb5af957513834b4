/**
 * The bulk answers: the formats a batch or an extract is answered in (negotiated from Accept),
 * and the Job that frames an answer's chunks (head, tail, headers) and renders chunk k, on the
 * pool or on this thread.
 */
import type { Analyzer } from '../analysis/analyzer.js';
import { acceptedTypes, BULK_FORMATS, contentTypeOf, EXTRACT_FORMATS, type ExtractStyle, type ItemStyle } from '../batch/bulk-formats.js';
import type { FieldsKey } from '../batch/csv-rows.js';
import type { RenderedChunk } from '../batch/render-chunk.js';
import type { ChunkTask } from '../batch/tasks.js';
import type { PreparedBody } from '../batch/prepare.js';
import type { Lang } from '../i18n/lang.js';
import type { Reply } from './respond.js';
import { enrichedHeader, planOf, type RecordDialect } from '../batch/enrich-plan.js';

/** The answer formats a batch offers, by media type (Accept picks one; JSON by default). */
export const OUTPUT_TYPES = acceptedTypes(BULK_FORMATS);

/** What an extract answers in (its items carry line and context: no msgpack or NDJSON form). */
export const EXTRACT_TYPES = acceptedTypes(EXTRACT_FORMATS);

/** A response to stream: framing around the chunks, and how chunk k is rendered. */
export interface Job {
  readonly contentType: string;
  /** The registry snapshot its items are analysed on. */
  readonly dataVersion: string;
  readonly head: string | Uint8Array;
  readonly tail: string;
  /** Headers of this answer beyond the common ones. */
  readonly headers?: readonly string[];
  readonly chunks: number;
  /** The analyzer a chunk renders with on this thread (without a pool). */
  readonly analyzer: Analyzer;
  /** The task of chunk k, rendered into `into` (a lent output slot) when it fits there. */
  task(k: number, into: Uint8Array | null): ChunkTask;
  /** Takes each rendered chunk's counts (enrich: the keys let pass). */
  readonly rendered?: (chunk: RenderedChunk) => void;
}

/** What builds a request's Job from its prepared body, on its snapshot's analyzer, or the reply that refuses the body. */
export type JobMaker = (p: PreparedBody, lang: Lang, analyzer: Analyzer) => Job | { readonly refused: Reply };

// Chunk k of a prepared body: a view of shared memory, passed to a worker uncopied.
const chunkOf = <T extends Uint8Array | Uint32Array>(array: T, p: PreparedBody, k: number) => array.subarray(p.chunks[k].start, p.chunks[k].end) as T;


/** The answer to a batch in `style`, with the members `fields` keeps (and a CSV or TSV header row when `header`). */
export const batchJob = (style: ItemStyle, fields: FieldsKey, header: boolean): JobMaker => (p, lang, analyzer) => {
  if (p.format === 'extract' || p.format === 'records') throw new Error(`batch answer for a ${p.format} body`);
  const format = p.format;
  return {
    contentType: contentTypeOf(BULK_FORMATS[style], header),
    dataVersion: analyzer.meta.version,
    head: BULK_FORMATS[style].head({ count: p.count, truncated: false, fields, header }),
    tail: BULK_FORMATS[style].tail,
    chunks: p.chunks.length,
    analyzer,
    task: (k, into) => ({ kind: 'render', source: { lines: chunkOf(p.bytes, p, k), format }, lang, style, leadingComma: k > 0, fields, into }),
  };
};

/** The answer to an extract. JSON: the count and truncation lead the object; CSV and TSV: rows only, so they travel as headers. */
export const extractJob = (style: ExtractStyle, fields: FieldsKey, header: boolean): JobMaker => (p, lang, analyzer) => {
  if (p.format !== 'extract') throw new Error(`extract answer for a ${p.format} body`);
  const format = EXTRACT_FORMATS[style];
  return {
    contentType: contentTypeOf(format, header),
    dataVersion: analyzer.meta.version,
    head: format.head({ count: p.count, truncated: p.truncated, fields, header }),
    tail: format.tail,
    headers: format.dialect !== null ? ['X-Extract-Count', String(p.count), 'X-Extract-Truncated', String(p.truncated)] : [],
    chunks: p.chunks.length,
    analyzer,
    task: (k, into) => ({ kind: 'render-extract', text: p.bytes, items: chunkOf(p.items, p, k), lang, leadingComma: k > 0, style, fields, into }),
  };
};

/** What an enriched body is answered as, by how it was read. */
const RECORD_TYPES: Readonly<Record<RecordDialect, string>> = {
  ndjson: 'application/x-ndjson',
  csv: 'text/csv; charset=utf-8; header=present',
  tsv: 'text/tab-separated-values; charset=utf-8; header=present',
};

/**
 * The answer to an enrich: the records in their own format, the header record first (with the
 * keys' columns added), each record with its keys' analyses; `refuse` answers a header without a
 * key's column, `passed` counts the keys let pass.
 */
export const enrichJob = (keys: readonly string[], fields: FieldsKey, refuse: (unknown: readonly string[]) => Reply, passed: (counts: readonly number[]) => void): JobMaker => (p, lang, analyzer) => {
  if (p.format !== 'records') throw new Error(`enrich answer for a ${p.format} body`);
  const header = p.bytes.subarray(0, p.header);
  const planned = planOf(p.dialect, keys, fields, header);
  if ('unknown' in planned) return { refused: refuse(planned.unknown) };
  const { plan } = planned;
  return {
    contentType: RECORD_TYPES[p.dialect],
    dataVersion: analyzer.meta.version,
    head: enrichedHeader(header, plan),
    tail: '',
    chunks: p.chunks.length,
    analyzer,
    task: (k, into) => ({ kind: 'enrich', records: chunkOf(p.bytes, p, k), plan, lang, into }),
    rendered: (chunk) => passed(chunk.passed!),
  };
};
