/**
 * Line bodies (NDJSON: one JSON string per line; text: one address per line) kept as bytes.
 * The receiving thread validates them and cuts them into chunks of whole lines without
 * making a string per item; the thread that renders a chunk decodes it. Blank lines are
 * skipped; lines are trimmed. Plain ASCII lines take a fast path (a slice of a latin1 string
 * of the bytes); any other line (non-ASCII, escapes, control characters) is decoded as UTF-8
 * and read with String#trim and JSON.parse, so both paths give what decoding the whole body
 * would.
 */
import { BodyError } from './body-error.js';

/** The line-oriented body formats. */
export type LineFormat = 'ndjson' | 'text';

/** A byte range of whole lines holding `count` items. */
export interface LineChunk {
  readonly start: number;
  readonly end: number;
  readonly count: number;
}

const NEWLINE = 10;
const QUOTE = 34;
const BACKSLASH = 92;
const utf8 = new TextDecoder();

// ASCII whitespace, as String#trim removes it.
function isSpace(b: number): boolean {
  return b === 32 || (b >= 9 && b <= 13);
}

// Bytes of a body read as one string at a time (whole lines; a longer line is read whole).
const WALK_WINDOW = 64 * 1024;

// The bytes [a, b) as a string of as many characters (latin1): one native call for a whole
// window, not one per line.
function latin1(bytes: Uint8Array, a: number, b: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + a, b - a).toString('latin1');
}

// Walks the items: `onItem` gets each value (only when `values`: validation alone makes no
// string for a plain line) and the offset of its line's end. Throws BodyError on a bad NDJSON
// line. The body is read in windows of whole lines, each as a latin1 string whose characters
// are its bytes: a plain line's value is a slice of it; any other line is decoded from its bytes.
function walk(bytes: Uint8Array, format: LineFormat, values: boolean, onItem: (value: string, end: number) => void, window: number): void {
  let line = 0;
  for (let base = 0; base < bytes.length; ) {
    const stop = windowEnd(bytes, base, window);
    const text = latin1(bytes, base, stop);
    for (let start = 0; start < text.length; ) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      line++;
      let a = start;
      let b = end;
      while (a < b && isSpace(text.charCodeAt(a))) a++;
      while (b > a && isSpace(text.charCodeAt(b - 1))) b--;
      if (a < b) {
        if (isPlain(text, a, b, format)) {
          if (format === 'ndjson') {
            a++;
            b--;
          }
          onItem(values ? text.slice(a, b) : '', base + end);
        } else {
          const value = decoded(bytes, base + a, base + b, format, line);
          if (value !== null) onItem(value, base + end);
        }
      }
      start = end + 1;
    }
    base = stop;
  }
}

// Where the window of whole lines from `base` ends: after the last line end within `window`
// bytes, after the first line when it is longer, or at the end of the body.
function windowEnd(bytes: Uint8Array, base: number, window: number): number {
  if (bytes.length - base <= window) return bytes.length;
  const cut = bytes.lastIndexOf(NEWLINE, base + window - 1) + 1;
  if (cut > base) return cut;
  const next = bytes.indexOf(NEWLINE, base + window);
  return next < 0 ? bytes.length : next + 1;
}

// The fast path applies: printable ASCII, and for NDJSON a quoted string without escapes.
function isPlain(text: string, a: number, b: number, format: LineFormat): boolean {
  if (format === 'ndjson') {
    if (b - a < 2 || text.charCodeAt(a) !== QUOTE || text.charCodeAt(b - 1) !== QUOTE) return false;
    a++;
    b--;
  }
  for (let i = a; i < b; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || c > 126 || (format === 'ndjson' && (c === QUOTE || c === BACKSLASH))) return false;
  }
  return true;
}

// The general path, line by line as the whole-body decoder would: null for a blank line.
function decoded(bytes: Uint8Array, a: number, b: number, format: LineFormat, line: number): string | null {
  const text = utf8.decode(bytes.subarray(a, b)).trim();
  if (text === '') return null;
  if (format === 'text') return text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyError('detail.body.line_json', { line });
  }
  if (typeof value !== 'string') throw new BodyError('detail.body.line_string', { line });
  return value;
}

/** Validates a whole body and cuts it into chunks of `perChunk` items (`window`: WALK_WINDOW; tests shrink it); throws BodyError on a bad line. */
export function scanLines(bytes: Uint8Array, format: LineFormat, perChunk: number, window = WALK_WINDOW): { count: number; chunks: LineChunk[] } {
  const chunks: LineChunk[] = [];
  let count = 0;
  let start = 0;
  let inChunk = 0;
  walk(bytes, format, false, (_value, end) => {
    count++;
    if (++inChunk < perChunk) return;
    chunks.push({ start, end: Math.min(end + 1, bytes.length), count: inChunk });
    start = end + 1;
    inChunk = 0;
  }, window);
  if (inChunk > 0) chunks.push({ start, end: bytes.length, count: inChunk });
  return { count, chunks };
}

/** The items of validated line bytes (a whole body or one chunk; `window` as in scanLines). */
export function decodeLines(bytes: Uint8Array, format: LineFormat, window = WALK_WINDOW): string[] {
  const out: string[] = [];
  walk(bytes, format, true, (value) => out.push(value), window);
  return out;
}

/**
 * Where the first chunk of at most `maxBytes` of whole lines ends in `bytes` (a stream's
 * unprocessed part): after its last line end within `maxBytes`, or after the first line when
 * that line alone is longer. 0 while `bytes` holds less than `maxBytes`, or no whole line.
 */
export function lineChunkEnd(bytes: Uint8Array, maxBytes: number): number {
  if (bytes.length < maxBytes) return 0;
  const cut = bytes.lastIndexOf(NEWLINE, maxBytes - 1) + 1;
  return cut > 0 ? cut : bytes.indexOf(NEWLINE, maxBytes) + 1;
}

/** What one chunk of a batch is made of: strings (from a JSON or msgpack body) or line bytes. */
export type ChunkSource = { readonly inputs: readonly string[] } | { readonly lines: Uint8Array; readonly format: LineFormat };

/** The items of a chunk, decoding line bytes where needed. */
export function chunkInputs(source: ChunkSource): readonly string[] {
  return 'inputs' in source ? source.inputs : decodeLines(source.lines, source.format);
}
