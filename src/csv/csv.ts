/**
 * CSV at the ground floor (it imports nothing of the service): the one RFC 4180 reader that the
 * service, the CLI, the library and the IEEE files share, and the field writer every CSV answer
 * and export uses. Its cases, RFC 4180's own among them, are a table in test/csv-reader.test.ts.
 */

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

// Where a reader is: at a cell's start, in an unquoted cell, in a quoted cell, or just after a
// quote inside a quoted cell (a second quote makes it a quote character; anything else closes it).
const START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
const QUOTE_IN_QUOTED = 3;

/**
 * Reads CSV as RFC 4180 readers read it (Python's csv, PostgreSQL's COPY … CSV, ClickHouse): a
 * quote opens a quoted cell only at a cell's start; inside one, `""` is a quote and a lone quote
 * closes it; a quote inside an unquoted cell is a character. A record ends at a CR or LF outside a
 * quoted cell (CRLF ends one record and an empty one, which readers skip). It keeps its place
 * between the pieces of a stream, so each byte is read once; `next` returns each terminator
 * rather than calling back, which keeps the per-byte loop free of calls.
 */
export class CsvReader {
  private state = START;
  // Lines ended so far (at LF, CR or CRLF, as an editor counts them), and whether the last byte was a CR.
  private lines = 0;
  private afterCR = false;
  private opened = 0;

  /** Reads `bytes` from `from` towards `to`: the offset of the next record's terminator, or -1 when `to` comes first. */
  next(bytes: Uint8Array, from: number, to: number): number {
    let state = this.state;
    for (let i = from; i < to; i++) {
      const c = bytes[i];
      // Most bytes are none of CR, LF, a quote or a comma: one test each (the hot path).
      if (c > CR ? c !== QUOTE && c !== COMMA : c !== LF && c !== CR) state = state === QUOTED ? QUOTED : UNQUOTED;
      else if (c === LF || c === CR) {
        if (c === CR || !(i > from ? bytes[i - 1] === CR : this.afterCR)) this.lines++;
        this.afterCR = c === CR;
        if (state !== QUOTED) {
          this.state = START;
          return i;
        }
      } else if (state === QUOTED) state = c === QUOTE ? QUOTE_IN_QUOTED : QUOTED;
      else if (c === COMMA) state = START;
      else if (state === START) {
        this.opened = this.lines + 1;
        state = QUOTED; // a cell's opening quote
      } else if (state === QUOTE_IN_QUOTED) state = QUOTED; // the second of a doubled quote
    }
    if (to > from) this.afterCR = bytes[to - 1] === CR;
    this.state = state;
    return -1;
  }

  /** The line where a quoted cell still open opened (at the end of a body: refused), or 0 when none is open. */
  get openQuoteLine(): number {
    return this.state === QUOTED ? this.opened : 0;
  }
}

/** The cells of one record's text (without its terminator), at most `limit` of them, read as CsvReader reads them (what follows a closing quote up to the comma is kept, as Python's csv keeps it). */
export function csvCells(record: string, limit = Infinity): string[] {
  const cells: string[] = [];
  let i = 0;
  while (cells.length < limit) {
    let cell = '';
    if (record.charCodeAt(i) === QUOTE) {
      // Up to each quote: a doubled one is a quote character and the cell goes on; a lone one closes it.
      for (i++; ; i++) {
        const close = record.indexOf('"', i);
        cell += record.slice(i, close < 0 ? record.length : close);
        i = close < 0 ? record.length : close + 1;
        if (close < 0 || record.charCodeAt(i) !== QUOTE) break;
        cell += '"';
      }
    }
    const comma = record.indexOf(',', i);
    cell += record.slice(i, comma < 0 ? record.length : comma);
    cells.push(cell);
    if (comma < 0) break;
    i = comma + 1;
  }
  return cells;
}

/** Each record of CSV bytes (none empty) as its byte range [start, end), then the line where a quoted cell still open at the end opened (0: none). */
export function csvRecords(bytes: Uint8Array, onRecord: (start: number, end: number) => void): number {
  const reader = new CsvReader();
  let start = 0;
  for (let at = reader.next(bytes, 0, bytes.length); at >= 0; at = reader.next(bytes, start, bytes.length)) {
    if (at > start) onRecord(start, at);
    start = at + 1;
  }
  if (bytes.length > start) onRecord(start, bytes.length);
  return reader.openQuoteLine;
}

/** Splits CSV text into rows of cells (empty records skipped); a quoted cell still open at the end runs to it. */
export function parseCsv(text: string): string[][] {
  const bytes = Buffer.from(text);
  const rows: string[][] = [];
  csvRecords(bytes, (start, end) => rows.push(csvCells(bytes.toString('utf8', start, end))));
  return rows;
}

/** One CSV field: quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The two tabular dialects of bulk answers and bodies: RFC 4180 CSV, and TSV as ClickHouse's TabSeparated and PostgreSQL's COPY text read it. */
export type Dialect = 'csv' | 'tsv';

const TSV_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One TSV field: a backslash, tab, line feed or carriage return escaped; empty for null. */
export function tsvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => TSV_ESCAPES[c]) : text;
}

/** What a dialect writes between cells, and how it writes a cell. */
export const DIALECTS: Readonly<Record<Dialect, { readonly separator: string; readonly field: (value: string | number | null | undefined) => string }>> = {
  csv: { separator: ',', field: csvField },
  tsv: { separator: '\t', field: tsvField },
};

const TSV_UNESCAPES: Readonly<Record<string, string>> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', 0: '\0' };

// A TSV cell as written, unescaped.
const tsvCell = (cell: string): string => (cell.includes('\\') ? cell.replace(/\\(.?)/gs, (_, c: string) => TSV_UNESCAPES[c] ?? c) : cell);

/** The first cell of one record (without its line end): unquoted (CSV) or unescaped (TSV). */
export function firstCell(record: string, dialect: Dialect): string {
  if (dialect === 'csv') return csvCells(record, 1)[0];
  const tab = record.indexOf('\t');
  return tsvCell(tab < 0 ? record : record.slice(0, tab));
}

/** Every cell of one record (without its line end), as firstCell reads the first. */
export function cellsOf(record: string, dialect: Dialect): string[] {
  return dialect === 'csv' ? csvCells(record) : record.split('\t').map(tsvCell);
}
