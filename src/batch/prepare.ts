/**
 * Turns a received body into items cut in chunks, the one shape the rest of the bulk path
 * streams: line bytes (NDJSON, text, TSV or CSV), or extract items. JSON and msgpack bodies are parsed,
 * validated and re-encoded as NDJSON lines; pasted text for extract is scanned for addresses.
 * This is the costly part of a large body (a 64 MiB JSON parse takes about a second), so
 * large bodies are prepared on the bulk pool, never on an HTTP thread.
 */
import { gunzipSync } from 'node:zlib';
import { BodyError, TooManyItems } from './body-error.js';
import { extractMacs, ITEM_FIELDS } from '../extract/extract.js';
import { scanLines, type LineChunk, type LineFormat } from './lines.js';
import type { BodyFormat } from './media-types.js';
import { parseBody } from './parse-body.js';
import { ENRICH_CHUNK_BYTES, headerEnd, recordChunks, type RecordDialect } from './enrich-plan.js';

/** What a body is read as: a batch body format, pasted text to extract addresses from, or records to enrich. */
export type PrepareKind = BodyFormat | 'extract' | `enrich-${RecordDialect}`;

/**
 * A body ready to stream, cut into chunks: batch lines (byte ranges of `bytes`), or, for
 * extract, the addresses found (`items`, ITEM_FIELDS integers each, offsets into `bytes`;
 * chunk ranges count items). Both arrays live in shared memory: a chunk goes to a pool
 * worker as a view, uncopied.
 */
export type PreparedBody =
  | { readonly format: LineFormat; readonly bytes: Uint8Array; readonly count: number; readonly chunks: readonly LineChunk[] }
  | { readonly format: 'extract'; readonly bytes: Uint8Array; readonly items: Uint32Array; readonly count: number; readonly chunks: readonly LineChunk[]; readonly truncated: boolean }
  /** Records to enrich: a CSV or TSV header record is `bytes` up to `header`, the chunks (of ENRICH_CHUNK_BYTES and at most `perChunk` records) follow it. */
  | { readonly format: 'records'; readonly dialect: RecordDialect; readonly bytes: Uint8Array; readonly header: number; readonly count: number; readonly chunks: readonly LineChunk[] };

/** The outcome: prepared, a body error (400), more items than allowed or a gzip body that inflates past its limit (413). */
export type PrepareOutcome =
  | { readonly prepared: PreparedBody }
  | { readonly error: { readonly key: BodyError['key']; readonly params: BodyError['params'] } }
  | { readonly tooMany: number }
  | { readonly inflatedOver: number };

/** What preparing needs: the body and how to read it. */
export interface PrepareRequest {
  readonly body: Uint8Array;
  /** What the body is read as. */
  readonly readAs: PrepareKind;
  /** Items a chunk (records to enrich: at most, recordsPerChunk). */
  readonly perChunk: number;
  readonly maxItems: number;
  /** The body came gzipped (Content-Encoding: gzip): it is read decompressed, up to this many bytes; null: as it is. */
  readonly gunzipTo: number | null;
}

// A gzip body inflated to at most `max` bytes (null past it).
function gunzipped(body: Uint8Array, max: number): Uint8Array | null {
  try {
    return gunzipSync(body, { maxOutputLength: max });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return null;
    throw new BodyError('detail.body.gzip', { reason: (e as Error).message });
  }
}

const encoder = new TextEncoder();

/** `array` in shared memory (copied there unless it is already), so threads can read it uncopied. */
export function shared(array: Uint8Array): Uint8Array;
export function shared(array: Uint32Array): Uint32Array;
export function shared(array: Uint8Array | Uint32Array): Uint8Array | Uint32Array {
  if (array.buffer instanceof SharedArrayBuffer) return array;
  // A plain Uint8Array view, never `new array.constructor(...)`: for a Buffer that is the
  // deprecated Buffer(arrayBuffer) constructor (DEP0005).
  const sab = new SharedArrayBuffer(array.byteLength);
  if (array instanceof Uint32Array) {
    const copy = new Uint32Array(sab);
    copy.set(array);
    return copy;
  }
  const copy = new Uint8Array(sab);
  copy.set(array);
  return copy;
}

// Strings as NDJSON lines, `perChunk` lines a chunk, straight into shared memory: one
// buffer that grows as it is written (committed as it grows, never copied), not parts joined
// and copied, which held a large body's lines three times over.
function encodeLines(items: readonly string[], perChunk: number): { bytes: Uint8Array; chunks: LineChunk[] } {
  // A JSON string is at most 6 bytes a UTF-16 unit (\uXXXX) with its quotes, plus the newline.
  let most = 0;
  for (const item of items) most += 6 * item.length + 3;
  const buffer = new SharedArrayBuffer(0, { maxByteLength: Math.max(most, 1) });
  const chunks: LineChunk[] = [];
  let offset = 0;
  for (let a = 0; a < items.length; a += perChunk) {
    const text = `${items.slice(a, a + perChunk).map((item) => JSON.stringify(item)).join('\n')}\n`;
    const start = offset;
    if (buffer.byteLength < offset + 3 * text.length) buffer.grow(Math.min(buffer.maxByteLength, Math.max(offset + 3 * text.length, 2 * buffer.byteLength)));
    offset += encoder.encodeInto(text, new Uint8Array(buffer, offset)).written;
    chunks.push({ start, end: offset, count: Math.min(perChunk, items.length - a) });
  }
  return { bytes: new Uint8Array(buffer, 0, offset), chunks };
}

function prepare({ body, readAs, perChunk, maxItems }: PrepareRequest): PrepareOutcome {
  switch (readAs) {
    case 'ndjson':
    case 'text':
    case 'tsv':
    case 'csv': {
      const { count, chunks } = scanLines(body, readAs, perChunk);
      if (count > maxItems) return { tooMany: count };
      return { prepared: { bytes: shared(body), format: readAs, count, chunks } };
    }
    case 'json':
    case 'msgpack': {
      const inputs = parseBody(readAs, body, maxItems);
      if (inputs.length > maxItems) return { tooMany: inputs.length };
      const { bytes, chunks } = encodeLines(inputs, perChunk);
      return { prepared: { bytes, format: 'ndjson', count: inputs.length, chunks } };
    }
    case 'enrich-ndjson':
    case 'enrich-csv':
    case 'enrich-tsv': {
      const dialect = readAs.slice('enrich-'.length) as RecordDialect;
      const end = dialect === 'ndjson' ? 0 : headerEnd(body, dialect);
      const header = end < 0 ? body.length : end;
      const { count, chunks } = recordChunks(body, header, dialect, ENRICH_CHUNK_BYTES, perChunk);
      if (count > maxItems) return { tooMany: count };
      return { prepared: { format: 'records', dialect, bytes: shared(body), header, count, chunks } };
    }
    case 'extract': {
      const bytes = shared(body);
      const { items, count, truncated } = extractMacs(bytes, maxItems);
      const chunks: LineChunk[] = [];
      for (let a = 0; a < count; a += perChunk) chunks.push({ start: a * ITEM_FIELDS, end: Math.min(count, a + perChunk) * ITEM_FIELDS, count: Math.min(perChunk, count - a) });
      return { prepared: { format: 'extract', bytes, items: shared(items.slice()), count, chunks, truncated } };
    }
  }
}

/** Prepares a body; a body that cannot be read is an `error` outcome, not an exception. */
export function prepareBody(request: PrepareRequest): PrepareOutcome {
  try {
    if (request.gunzipTo === null) return prepare(request);
    const body = gunzipped(request.body, request.gunzipTo);
    return body === null ? { inflatedOver: request.gunzipTo } : prepare({ ...request, body });
  } catch (e) {
    if (e instanceof BodyError) return { error: { key: e.key, params: e.params } };
    if (e instanceof TooManyItems) return { tooMany: e.count };
    throw e;
  }
}
