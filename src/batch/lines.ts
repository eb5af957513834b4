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
import { CsvReader, csvRecords, firstCell, type Dialect } from '../csv/csv.js';
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
const COMMA = 44;
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

// A UTF-8 byte order mark, as spreadsheets write one at the start of a CSV or TSV file.
function bomLength(bytes: Uint8Array): number {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

// Each record of a TSV or CSV body (its line feed, or for CSV its CR or LF outside quotes, not part
// of it; an empty one skipped) as its byte range; throws BodyError on a quoted CSV cell still open
// at the end.
function eachRecord(bytes: Uint8Array, dialect: Dialect, onRecord: (start: number, end: number) => void): void {
  if (dialect === 'csv') {
    const open = csvRecords(bytes, onRecord);
    if (open > 0) throw new BodyError('detail.body.csv_quote', { line: open });
    return;
  }
  for (let start = 0; start < bytes.length; ) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end < 0) end = bytes.length;
    const b = end > start && bytes[end - 1] === 13 ? end - 1 : end;
    if (b > start) onRecord(start, b);
    start = end + 1;
  }
}

// Walks the records of a TSV or CSV body (a chunk of one, or a whole one without its byte order
// mark): each one gives its first cell (only when `values`) and the offset of its end.
function walkRecords(bytes: Uint8Array, dialect: Dialect, values: boolean, onItem: (value: string, end: number) => void): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  eachRecord(bytes, dialect, (start, end) => onItem(values ? recordCell(buffer, start, end, dialect) : '', end));
}

// The first cell of the record [start, end). Buffer#toString decodes UTF-8 as TextDecoder does
// with ignoreBOM (a byte order mark inside a body is a character of its cell); an unquoted CSV
// cell, the common case, is decoded alone rather than with the whole record.
function recordCell(buffer: Buffer, start: number, end: number, dialect: Dialect): string {
  if (dialect === 'tsv' || buffer[start] === QUOTE) return firstCell(buffer.toString('utf8', start, end), dialect);
  let comma = start;
  while (comma < end && buffer[comma] !== COMMA) comma++;
  return buffer.toString('utf8', start, comma);
}

// The items of any line format, as walk gives them.
function walkItems(bytes: Uint8Array, format: LineFormat, values: boolean, onItem: (value: string, end: number) => void, window: number): void {
  if (format === 'ndjson' || format === 'text') walk(bytes, format, values, onItem, window);
  else walkRecords(bytes, format, values, onItem);
}

/**
 * Validates a whole body and cuts it into chunks of `perChunk` items (`window`: WALK_WINDOW; tests
 * shrink it); throws BodyError on a bad line. A TSV or CSV body's byte order mark is no part of its
 * first cell: the first chunk starts after it.
 */
export function scanLines(bytes: Uint8Array, format: LineFormat, perChunk: number, window = WALK_WINDOW): { count: number; chunks: LineChunk[] } {
  const chunks: LineChunk[] = [];
  const from = format === 'csv' || format === 'tsv' ? bomLength(bytes) : 0;
  let count = 0;
  let start = from;
  let inChunk = 0;
  walkItems(from === 0 ? bytes : bytes.subarray(from), format, false, (_value, at) => {
    const end = at + from;
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
 * Cuts a stream of a line format into chunks of whole records, as the CLI and the library read
 * theirs: each chunk at most `maxBytes` (a longer record makes a chunk of its own). Each byte is
 * read once and copied once, into the chunk that holds it, however long a record (a quoted CSV
 * cell over many reads) is. A chunk is checked as it is cut (an NDJSON line that is not a JSON
 * string, a CSV quote still open at the end: BodyError, with its line in the stream).
 */
export class RecordChunker {
  private readonly parts: Uint8Array[] = [];
  // Stream offsets: where the bytes held start, where they end, and the last record end among them (after its terminator; -1: none).
  private base = 0;
  private held = 0;
  private cut = -1;
  private bom: boolean;
  private readonly csv: CsvReader | null;
  // Line feeds in the NDJSON chunks cut so far: a bad line's place in the stream.
  private lines = 0;
  // Whole records held.
  private records = 0;

  /** A chunker of `format`, cutting at most `maxBytes` and `maxRecords` a chunk; `keepBom` keeps a CSV or TSV byte order mark in the first chunk. */
  constructor(
    private readonly format: LineFormat,
    private readonly maxBytes: number,
    keepBom = false,
    private readonly maxRecords = Infinity,
  ) {
    this.csv = format === 'csv' ? new CsvReader() : null;
    this.bom = !keepBom && (format === 'csv' || format === 'tsv');
  }

  /** Takes the next piece of the stream; returns the chunks it completes. */
  push(data: Uint8Array): Uint8Array[] {
    if (this.bom) {
      this.bom = false; // looked for in the first piece only (a stream's reads bring kilobytes)
      const skip = bomLength(data);
      data = data.subarray(skip);
      this.base = skip;
    }
    const at = this.base + this.held;
    this.parts.push(data);
    this.held += data.length;
    const out: Uint8Array[] = [];
    const next = (from: number) => (this.csv === null ? data.indexOf(NEWLINE, from) : this.csv.next(data, from, data.length));
    for (let i = next(0); i >= 0; i = next(i + 1)) {
      const end = at + i + 1;
      if (end - this.base > this.maxBytes && this.cut > this.base) out.push(this.take(this.cut));
      if (end - this.base > this.maxBytes || ++this.records >= this.maxRecords) out.push(this.take(end));
      else this.cut = end;
    }
    if (this.held >= this.maxBytes && this.cut > this.base) out.push(this.take(this.cut));
    return out;
  }

  /** The whole records held (null when none): what a stream that pauses has brought so far. */
  flush(): Uint8Array | null {
    return this.cut > this.base ? this.take(this.cut) : null;
  }

  /** The rest at the end of the stream (null when none); throws BodyError on a quoted CSV cell still open. */
  end(): Uint8Array | null {
    const open = this.csv?.openQuoteLine ?? 0;
    if (open > 0) throw new BodyError('detail.body.csv_quote', { line: open });
    return this.held > 0 ? this.take(this.base + this.held) : null;
  }

  // The bytes held up to stream offset `end`, as one new array; the rest stays held.
  private take(end: number): Uint8Array {
    const out = new Uint8Array(end - this.base);
    let filled = 0;
    while (filled < out.length) {
      const part = this.parts[0];
      const n = Math.min(part.length, out.length - filled);
      out.set(part.subarray(0, n), filled);
      filled += n;
      if (n === part.length) this.parts.shift();
      else this.parts[0] = part.subarray(n);
    }
    this.base = end;
    this.held -= out.length;
    this.records = 0;
    return this.format === 'ndjson' ? this.checked(out) : out;
  }

  // An NDJSON chunk whose lines are all JSON strings (else BodyError naming the line in the stream).
  private checked(chunk: Uint8Array): Uint8Array {
    try {
      scanLines(chunk, 'ndjson', Number.MAX_SAFE_INTEGER);
    } catch (e) {
      throw e instanceof BodyError ? new BodyError(e.key, { line: Number(e.params.line) + this.lines }) : e;
    }
    for (let i = chunk.indexOf(NEWLINE); i >= 0; i = chunk.indexOf(NEWLINE, i + 1)) this.lines++;
    return chunk;
  }
}

/** What one chunk of a batch is made of: strings (from a JSON or msgpack body) or line bytes. */
export type ChunkSource = { readonly inputs: readonly string[] } | { readonly lines: Uint8Array; readonly format: LineFormat };

/** The items of a chunk, decoding line bytes where needed. */
export function chunkInputs(source: ChunkSource): readonly string[] {
  return 'inputs' in source ? source.inputs : decodeLines(source.lines, source.format);
}
