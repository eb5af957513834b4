/**
 * The package's library: what the HTTP API answers, in process and offline, on the registry the
 * package ships or another file.
 *
 *   import { analyze, analyzeMany, enrich, extract, recordKeys } from 'mac-analysis-service';
 *
 * The answers are the API's values, typed from its OpenAPI document; a refusal is a
 * MacAnalysisError with the API's problem code, status, title and detail. A registry file is
 * loaded once, on first use.
 */
import { unpackMultiple } from 'msgpackr';
import { Analyzer } from '../analysis/analyzer.js';
import { loadRegistry } from '../analysis/load-registry.js';
import { FIELD_NAMES, parseFields, type Projection } from '../analysis/projection.js';
import type { Analysis, BatchItem, ExtractResult, ProjectedAnalysis } from '../analysis/types.js';
import { batchItem, extractAnswer } from '../batch/answer-values.js';
import { cpuLimit } from '../host/cgroup-limits.js';
import { chunkItems } from '../batch/chunk-items.js';
import { renderWindow } from '../batch/output-slots.js';
import { startBatchPool, type BatchPool } from '../batch/pool.js';
import { MacAnalysisError } from '../i18n/problems.js';
import { resolveLang, type Lang } from '../i18n/lang.js';
import { t } from '../i18n/messages.js';
import { defaultRegistryFile } from '../registry/paths.js';
import { toolPoolHeapMb } from '../batch/memory-plan.js';
import { BodyError } from '../batch/body-error.js';
import { decodeLines, RecordChunker, type LineFormat } from '../batch/lines.js';
import { RecordsIn, refusedKeys, UnknownKeys, type RecordDialect } from '../batch/enrich-plan.js';
import { enrichChunk } from '../batch/enrich.js';
import { parseBulkFields } from '../batch/bulk-fields.js';

export type { AddressFormats, Analysis, BatchItem, DerivedFrom, ExtractResult, ProjectedAnalysis } from '../analysis/types.js';
export type { BitsInfo as Bits, HintInfo as Hint, SpecialInfo as Special, VendorInfo as Vendor } from '../analysis/types.js';
export { MacAnalysisError, type ProblemCode } from '../i18n/problems.js';

/** How an answer is made. */
export interface AnalysisOptions {
  /** The language of the texts meant for people: en (the default) or fr; region subtags are accepted (fr-CA). Codes never change with it. */
  readonly lang?: string;
  /** Only these members of each analysis, as the API's `fields`: a list of names, or one comma-separated string. */
  readonly fields?: string | readonly string[];
  /** The registry file to answer from (what `mac-analyze update` writes); the package's own by default, or REGISTRY_FILE. */
  readonly registry?: string;
}

/** How analyzeMany works. */
export interface ManyOptions extends AnalysisOptions {
  /** Pool workers for a large input (POOL_FROM_INPUTS or more): the CPU limit by default; 0 analyses on the calling thread only. */
  readonly threads?: number;
}

/** No options, or options without `fields`: the whole analysis (with the other options' names, so that `{ lang }` matches it). */
type Whole = Omit<AnalysisOptions, 'fields'> & { readonly fields?: undefined };

/**
 * What `analyze` answers with options of type `O`: some members with `fields`, the whole analysis
 * without, and either when the type cannot tell (an `AnalysisOptions` whose `fields` may be set).
 */
export type Answer<O extends AnalysisOptions> = O extends { readonly fields: string | readonly string[] } ? ProjectedAnalysis : O extends Whole ? Analysis : Analysis | ProjectedAnalysis;

/** Inputs from this many on are analysed on a pool of worker threads: below, starting its workers costs more than they save. */
export const POOL_FROM_INPUTS = 100_000;

// One analyzer per registry file, made on first use.
const analyzers = new Map<string, Analyzer>();
function analyzerOf(file: string | undefined): Analyzer {
  const path = file ?? defaultRegistryFile();
  let analyzer = analyzers.get(path);
  if (!analyzer) analyzers.set(path, (analyzer = new Analyzer(loadRegistry(path))));
  return analyzer;
}

// What every call reads from its options: the analyzer, the language and the projection (an unknown name is refused as the API refuses it).
function setUp(options: AnalysisOptions): { analyzer: Analyzer; lang: Lang; projection: Projection | null; fields: string | null } {
  const lang = resolveLang(options.lang);
  const fields = options.fields === undefined ? null : typeof options.fields === 'string' ? options.fields : options.fields.join(',');
  const parsed = parseFields(fields);
  if (!parsed.ok) throw new MacAnalysisError('invalid_fields', `${t(lang, 'detail.invalid_fields', { unknown: parsed.unknown.join(', ') })} ${FIELD_NAMES.join(', ')}.`, lang);
  return { analyzer: analyzerOf(options.registry), lang, projection: parsed.projection, fields: parsed.projection?.key ?? null };
}

/** The analysis of one address in any shape the API takes; rejects with MacAnalysisError (missing_mac, invalid_mac, invalid_fields). */
export async function analyze<O extends AnalysisOptions = Whole>(input: string, options?: O): Promise<Answer<O>> {
  const { analyzer, lang, projection } = setUp(options ?? {});
  const result = analyzer.analyze(String(input), lang, projection);
  if (!result.ok) throw new MacAnalysisError(result.code, result.detail, lang);
  return result.analysis as Answer<O>;
}

/**
 * One batch item per input, in input order, as the API's batch answers: `{ input, analysis }`,
 * or `{ input, error: { code, detail } }` for an input that is not an address. The inputs are
 * read as they are needed and the items given as they are ready, so memory does not grow with
 * their number; from POOL_FROM_INPUTS inputs on, chunks are analysed on worker threads.
 */
export async function* analyzeMany(inputs: Iterable<string> | AsyncIterable<string>, options: ManyOptions = {}): AsyncGenerator<BatchItem, void, undefined> {
  const { analyzer, lang, projection, fields } = setUp(options);
  const threads = options.threads ?? cpuLimit().cpus;
  const perChunk = chunkItems('msgpack', fields, analyzer);
  let pool: BatchPool | null = null;
  // Chunks on the pool, in order: a few per worker ahead, so that memory stays bounded.
  const inFlight: Promise<BatchItem[]>[] = [];
  let read = 0;
  try {
    let chunk: string[] = [];
    const flush = async function* (): AsyncGenerator<BatchItem> {
      const inputs = chunk;
      chunk = [];
      if (pool === null && (read < POOL_FROM_INPUTS || threads === 0)) {
        for (const input of inputs) yield batchItem(analyzer, input, lang, projection);
        return;
      }
      pool ??= startBatchPool(analyzer.handle, { threads, faultInjection: false, heapMb: toolPoolHeapMb(threads), keepWarm: false, vendorCacheMb: 0 }); // msgpack: values, not JSON
      const rendered = pool.run({ kind: 'render', source: { inputs }, lang, style: 'msgpack', leadingComma: false, fields, into: null });
      // msgpack is how a chunk's items cross threads: one map per item, unpacked as the values they were packed from.
      inFlight.push(rendered.then((r) => unpackMultiple(r.bytes) as BatchItem[]));
      while (inFlight.length > renderWindow(threads)) yield* await inFlight.shift()!;
    };
    for await (const input of inputs) {
      chunk.push(typeof input === 'string' ? input : String(input));
      read++;
      if (chunk.length >= perChunk) yield* flush();
    }
    if (chunk.length > 0) yield* flush();
    while (inFlight.length > 0) yield* await inFlight.shift()!;
  } finally {
    // Left early (break, or an error): the chunks under way (a few per worker) finish before the
    // workers stop; a worker stopped mid-task still posts its answer, which the pool, no longer
    // expecting it, throws as an uncaught exception in the caller's process.
    await Promise.allSettled(inFlight);
    await (pool as BatchPool | null)?.close();
  }
}

/** How recordKeys reads. */
export interface RecordOptions {
  /** The body's format, as the API's `input`: text (one address a line, the default), csv or tsv (the first cell of each record), ndjson (a JSON string a line). */
  readonly input?: LineFormat;
  /** The language of a refusal's detail. */
  readonly lang?: string;
}

/**
 * The key of each record of a body that comes in pieces (a file's read stream, an HTTP body), in
 * order, read as the API reads a batch body of that format: CSV as RFC 4180 readers read it (a
 * quote opens a quoted cell only at a cell's start). Give them to analyzeMany. Memory stays
 * bounded whatever the body's size; rejects with MacAnalysisError (invalid_body) naming the line
 * of an NDJSON line that is not a JSON string, or of a quoted CSV cell that never closes.
 */
export async function* recordKeys(pieces: Iterable<Uint8Array> | AsyncIterable<Uint8Array>, options: RecordOptions = {}): AsyncGenerator<string, void, undefined> {
  const input = options.input ?? 'text';
  const chunker = new RecordChunker(input, RECORD_CHUNK_BYTES);
  try {
    for await (const piece of pieces) for (const chunk of chunker.push(piece)) yield* decodeLines(chunk, input);
    const rest = chunker.end();
    if (rest !== null) yield* decodeLines(rest, input);
  } catch (e) {
    if (!(e instanceof BodyError)) throw e;
    const lang = resolveLang(options.lang);
    throw new MacAnalysisError('invalid_body', t(lang, e.key, e.params), lang);
  }
}

// The bytes of records decoded at a time by recordKeys.
const RECORD_CHUNK_BYTES = 1024 * 1024;

/** How extract works. */
export interface ExtractOptions extends AnalysisOptions {
  /** Distinct addresses kept at most (the API's BATCH_MAX_ITEMS); past them the answer says `truncated`. */
  readonly maxItems?: number;
}

/** The addresses in a text (arp -a, ip neigh, switch tables, DHCP leases, logs), each once, with its line, a window of that line and its analysis, as the API's extract answers. */
export async function extract(text: string, options: ExtractOptions = {}): Promise<ExtractResult> {
  const { analyzer, lang, projection } = setUp(options);
  return extractAnswer(analyzer, Buffer.from(String(text), 'utf8'), lang, projection, options.maxItems ?? 1_000_000);
}

/** How enrich works. */
export interface EnrichOptions extends Omit<AnalysisOptions, 'fields'> {
  /** Where each record holds its address, as the API's `key`: a member path or JSON Pointer (NDJSON), a header column (CSV, TSV); one or more. */
  readonly key: string | readonly string[];
  /** The records' format, as the API's `input`: ndjson (the default), csv or tsv (a header row first). */
  readonly input?: RecordDialect;
  /** As the API's `fields`: the analysis's members (NDJSON) or the columns each key gains (CSV, TSV). */
  readonly fields?: string | readonly string[];
}

// A refusal of enrich's options, as the API's 400.
function refusal(lang: Lang, code: 'invalid_key' | 'invalid_fields', names: readonly string[], accepted: readonly string[] = []): MacAnalysisError {
  const detail = code === 'invalid_key' ? t(lang, 'detail.invalid_key', { keys: names.map((k) => JSON.stringify(k)).join(', ') }) : `${t(lang, 'detail.invalid_fields', { unknown: names.join(', ') })} ${accepted.join(', ')}.`;
  return new MacAnalysisError(code, detail, lang);
}

/**
 * Records that come in pieces (NDJSON, CSV or TSV bytes: a file's read stream, a socket) given
 * back as the API's enrich answers them: every byte kept, each key's analysis inserted, in pieces
 * of the answer, in order, on the calling thread, in bounded memory. Rejects with
 * MacAnalysisError: invalid_key (none given, or a header without the column), invalid_fields.
 */
export async function* enrich(pieces: Iterable<Uint8Array | string> | AsyncIterable<Uint8Array | string>, options: EnrichOptions): AsyncGenerator<Uint8Array, void, undefined> {
  const lang = resolveLang(options.lang);
  const dialect = options.input ?? 'ndjson';
  const keys = [...new Set(typeof options.key === 'string' ? [options.key] : options.key ?? [])];
  const refused = refusedKeys(keys);
  if (refused.length > 0) throw refusal(lang, 'invalid_key', refused);
  const fields = parseBulkFields(typeof options.fields === 'string' || options.fields === undefined ? options.fields : options.fields.join(','), dialect !== 'ndjson');
  if (!fields.ok) throw refusal(lang, 'invalid_fields', fields.unknown, fields.accepted);
  const analyzer = analyzerOf(options.registry);
  const records = new RecordsIn(dialect, keys, fields.key, RECORD_CHUNK_BYTES);
  let head = true;
  const enriched = function* (chunks: readonly Uint8Array[]): Generator<Uint8Array> {
    if (head && records.head !== null) {
      head = false;
      if (records.head.length > 0) yield records.head;
    }
    for (const chunk of chunks) yield enrichChunk(analyzer, chunk, records.plan!, lang).bytes;
  };
  try {
    for await (const piece of pieces) yield* enriched(records.push(typeof piece === 'string' ? Buffer.from(piece) : piece));
    yield* enriched(records.end());
  } catch (e) {
    if (e instanceof UnknownKeys) throw refusal(lang, 'invalid_key', e.keys);
    throw e;
  }
}
