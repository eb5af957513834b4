/**
 * CSV at the ground floor (it imports nothing of the service): a small RFC 4180 reader (quoted
 * fields, doubled quotes, CRLF), enough for the IEEE files, and the field writer every CSV
 * answer and export uses.
 */

/** Splits CSV text into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
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

/** The first cell of one record (without its line end): unquoted (CSV) or unescaped (TSV). */
export function firstCell(record: string, dialect: Dialect): string {
  if (dialect === 'csv') {
    if (record.charCodeAt(0) === 34) return parseCsv(record)[0][0];
    const comma = record.indexOf(',');
    return comma < 0 ? record : record.slice(0, comma);
  }
  const tab = record.indexOf('\t');
  const cell = tab < 0 ? record : record.slice(0, tab);
  return cell.includes('\\') ? cell.replace(/\\(.?)/gs, (_, c: string) => TSV_UNESCAPES[c] ?? c) : cell;
}
