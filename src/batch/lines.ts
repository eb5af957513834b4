/**
 * Line bodies (NDJSON: one JSON string per line; text: one address per line; TSV and CSV: the
 * first cell of each record) kept as bytes. The receiving thread validates them and cuts them
 * into chunks of whole records without making a string per item; the thread that renders a
 * chunk decodes it. Blank lines are skipped; text and NDJSON lines are trimmed, TSV and CSV
 * cells are kept as they are (an engine's key comes back as it sent it). Plain ASCII lines take
 * a fast path (a slice of a latin1 string of the bytes); any other line (non-ASCII, escapes,
 * control characters) is decoded as UTF-8 and read with String#trim and JSON.parse, so both
 * paths give what decoding the whole body would.
 */
import { firstCell, type Dialect } from '../csv/csv.js';
import { BodyError } from './body-error.js';

/** The line-oriented body formats. */
export type LineFormat = 'ndjson' | 'text' | Dialect;

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
function walk(bytes: Uint8Array, format: 'ndjson' | 'text', values: boolean, onItem: (value: string, end: number) => void, window: number): void {
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
function isPlain(text: string, a: number, b: number, format: 'ndjson' | 'text'): boolean {
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
function decoded(bytes: Uint8Array, a: number, b: number, format: 'ndjson' | 'text', line: number): string | null {
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

// Where the CSV record that starts at `start` ends: its first line feed outside quotes (a
// doubled quote toggles twice), or -1 when the bytes end first.
function csvRecordEnd(bytes: Uint8Array, start: number): number {
  let quoted = false;
  for (let i = start; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === QUOTE) quoted = !quoted;
    else if (c === NEWLINE && !quoted) return i;
  }
  return -1;
}

// Where the record that starts at `start` ends (its line feed), or -1 when the bytes end first.
function recordEnd(bytes: Uint8Array, start: number, format: LineFormat): number {
  return format === 'csv' ? csvRecordEnd(bytes, start) : bytes.indexOf(NEWLINE, start);
}

// Walks the records of a TSV or CSV body: each one that is not empty (a carriage return before
// its line feed is not part of it) gives its first cell (only when `values`) and its end.
function walkRecords(bytes: Uint8Array, dialect: Dialect, values: boolean, onItem: (value: string, end: number) => void): void {
  for (let start = 0; start < bytes.length; ) {
    let end = recordEnd(bytes, start, dialect);
    if (end < 0) end = bytes.length;
    const b = end > start && bytes[end - 1] === 13 ? end - 1 : end;
    if (b > start) onItem(values ? firstCell(utf8.decode(bytes.subarray(start, b)), dialect) : '', end);
    start = end + 1;
  }
}

// The items of any line format, as walk gives them.
function walkItems(bytes: Uint8Array, format: LineFormat, values: boolean, onItem: (value: string, end: number) => void, window: number): void {
  if (format === 'ndjson' || format === 'text') walk(bytes, format, values, onItem, window);
  else walkRecords(bytes, format, values, onItem);
}

/** Validates a whole body and cuts it into chunks of `perChunk` items (`window`: WALK_WINDOW; tests shrink it); throws BodyError on a bad line. */
export function scanLines(bytes: Uint8Array, format: LineFormat, perChunk: number, window = WALK_WINDOW): { count: number; chunks: LineChunk[] } {
  const chunks: LineChunk[] = [];
  let count = 0;
  let start = 0;
  let inChunk = 0;
  walkItems(bytes, format, false, (_value, end) => {
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
  walkItems(bytes, format, true, (value) => out.push(value), window);
  return out;
}

/**
 * Where the first chunk of at most `maxBytes` of whole records of `format` ends in `bytes` (a
 * stream's unprocessed part): after its last record end within `maxBytes`, or after the first
 * record when that record alone is longer. 0 while `bytes` holds less than `maxBytes`, or no
 * whole record.
 */
export function lineChunkEnd(bytes: Uint8Array, maxBytes: number, format: LineFormat = 'text'): number {
  if (bytes.length < maxBytes) return 0;
  if (format !== 'csv') {
    const cut = bytes.lastIndexOf(NEWLINE, maxBytes - 1) + 1;
    return cut > 0 ? cut : bytes.indexOf(NEWLINE, maxBytes) + 1;
  }
  // A line feed inside a quoted CSV cell ends no record: records are walked from the start.
  let cut = 0;
  for (let end = csvRecordEnd(bytes, 0); end >= 0; end = csvRecordEnd(bytes, end + 1)) {
    if (end >= maxBytes) return cut > 0 ? cut : end + 1;
    cut = end + 1;
  }
  return cut;
}

/** What one chunk of a batch is made of: strings (from a JSON or msgpack body) or line bytes. */
export type ChunkSource = { readonly inputs: readonly string[] } | { readonly lines: Uint8Array; readonly format: LineFormat };

/** The items of a chunk, decoding line bytes where needed. */
export function chunkInputs(source: ChunkSource): readonly string[] {
  return 'inputs' in source ? source.inputs : decodeLines(source.lines, source.format);
}
