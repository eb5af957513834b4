/**
 * Turns a received body into items cut in chunks, the one shape the rest of the bulk path
 * streams: line bytes (NDJSON or text), or extract items. JSON and msgpack bodies are parsed,
 * validated and re-encoded as NDJSON lines; pasted text for extract is scanned for addresses.
 * This is the costly part of a large body (a 64 MiB JSON parse takes about a second), so
 * large bodies are prepared on the bulk pool, never on an HTTP thread.
 */
import { BodyError } from './body-error.js';
import { extractMacs } from './extract.js';
import { scanLines, type LineChunk, type LineFormat } from './lines.js';
import type { BodyFormat } from './media-types.js';
import { parseBody } from './parse-body.js';

/** What a body is read as: a batch body format, or pasted text to extract addresses from. */
export type PrepareKind = BodyFormat | 'extract';

/** How prepared items are encoded: batch lines, or extract lines (`line<TAB>input<TAB>context JSON`). */
export type ItemsFormat = LineFormat | 'extract';

/** A body ready to stream: its item bytes, cut into chunks of whole items. */
export interface PreparedBody {
  readonly bytes: Uint8Array;
  readonly format: ItemsFormat;
  readonly count: number;
  readonly chunks: readonly LineChunk[];
  /** Extract only: more distinct addresses were found than `maxItems`. */
  readonly truncated: boolean;
}

/** The outcome: prepared, a body error (400), or more items than allowed (413). */
export type PrepareOutcome =
  | { readonly prepared: PreparedBody }
  | { readonly error: { readonly key: BodyError['key']; readonly params: BodyError['params'] } }
  | { readonly tooMany: number };

/** What preparing needs: the body and how to read it. */
export interface PrepareRequest {
  readonly body: Uint8Array;
  /** What the body is read as. */
  readonly readAs: PrepareKind;
  readonly perChunk: number;
  readonly maxItems: number;
}

const encoder = new TextEncoder();

// A view that owns its whole ArrayBuffer, so it can be transferred to another thread
// (a small Buffer may be a slice of Node's shared pool).
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

// Items encoded line by line, `perChunk` lines a chunk.
function encodeLines<T>(items: readonly T[], perChunk: number, line: (item: T) => string): { bytes: Uint8Array; chunks: LineChunk[] } {
  const parts: Uint8Array[] = [];
  const chunks: LineChunk[] = [];
  let offset = 0;
  for (let a = 0; a < items.length; a += perChunk) {
    const slice = items.slice(a, a + perChunk);
    const part = encoder.encode(`${slice.map(line).join('\n')}\n`);
    chunks.push({ start: offset, end: offset + part.length, count: slice.length });
    parts.push(part);
    offset += part.length;
  }
  return { bytes: owned(Buffer.concat(parts, offset)), chunks };
}

function prepare({ body, readAs, perChunk, maxItems }: PrepareRequest): PrepareOutcome {
  switch (readAs) {
    case 'ndjson':
    case 'text': {
      const { count, chunks } = scanLines(body, readAs, perChunk);
      if (count > maxItems) return { tooMany: count };
      return { prepared: { bytes: owned(body), format: readAs, count, chunks, truncated: false } };
    }
    case 'json':
    case 'msgpack': {
      const inputs = parseBody(readAs, body);
      if (inputs.length > maxItems) return { tooMany: inputs.length };
      const { bytes, chunks } = encodeLines(inputs, perChunk, (s) => JSON.stringify(s));
      return { prepared: { bytes, format: 'ndjson', count: inputs.length, chunks, truncated: false } };
    }
    case 'extract': {
      const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
      const { found, truncated } = extractMacs(text, maxItems);
      const { bytes, chunks } = encodeLines(found, perChunk, (m) => `${m.line}\t${m.input}\t${JSON.stringify(m.context)}`);
      return { prepared: { bytes, format: 'extract', count: found.length, chunks, truncated } };
    }
  }
}

/** Prepares a body; a body that cannot be read is an `error` outcome, not an exception. */
export function prepareBody(request: PrepareRequest): PrepareOutcome {
  try {
    return prepare(request);
  } catch (e) {
    if (e instanceof BodyError) return { error: { key: e.key, params: e.params } };
    throw e;
  }
}
