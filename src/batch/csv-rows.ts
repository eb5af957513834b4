/**
 * CSV and TSV rows of bulk items (for spreadsheets and data engines: a flat subset of the
 * analysis; TSV is the same cells in another dialect, csv/csv.ts), written from
 * the look-up's facts, each column by its cell writer in the table below: from the pieces of the
 * answer's language (analysis/pieces.ts) and the vendor values of the shared index, as the JSON
 * writer writes its members. No state between rows: a row is its facts' cells. A block's default
 * vendor cells are written once per thread and then copied (Analyzer.copyCsvCells).
 */
import type { Analyzer } from '../analysis/analyzer.js';
import type { Facts } from '../analysis/lookup.js';
import { blockMask } from '../analysis/members.js';
import type { LangPieces } from '../analysis/pieces.js';
import { DIALECTS, type Dialect } from '../csv/csv.js';
import { eui64Formats } from '../mac/eui64.js';
import { putCanonical, putPrefix } from '../mac/prefix.js';
import { REGISTRY_OF_WIDTH } from '../registry/kinds.js';
import { NAME, SHORT_NAME, type VendorValues } from '../registry/vendor-values.js';

/** The CSV columns, in order (the header row of a CSV answer that names them all). */
export const CSV_COLUMNS = [
  'input', 'canonical', 'ig', 'ul', 'vendor', 'short_name', 'registry', 'prefix', 'mask', 'country', 'special', 'hints', 'error', 'detail',
] as const;

/** A column after the input: what `fields` picks. */
export type Column = Exclude<(typeof CSV_COLUMNS)[number], 'input'>;

/** A column that comes from an analysis (between the input and the error columns). */
export type AnalysisColumn = Exclude<Column, 'error' | 'detail'>;

/** The columns that come from an analysis, in order. */
export const ANALYSIS_COLUMNS = CSV_COLUMNS.slice(1, -2) as AnalysisColumn[];

/** The columns after the input without `fields`: every one but those added since, which `fields` names. */
export const DEFAULT_COLUMNS: readonly Column[] = [...ANALYSIS_COLUMNS.filter((c) => c !== 'mask'), 'error', 'detail'];

/** A choice of columns after the input, in the order they are written. */
export type CsvColumns = readonly string[];

/** The header line of a batch with `columns` in `dialect`. */
export function csvHeader(columns: CsvColumns = DEFAULT_COLUMNS, dialect: Dialect = 'csv'): string {
  return `${['input', ...columns].join(DIALECTS[dialect].separator)}\n`;
}

/** The header of an extract: the input, the line and its context, then the batch's other columns. */
export function extractCsvHeader(columns: CsvColumns = DEFAULT_COLUMNS, dialect: Dialect = 'csv'): string {
  return `${['input', 'line', 'context', ...columns].join(DIALECTS[dialect].separator)}\n`;
}

/** What a cell is written from: the facts, the pieces of the answer's language, the vendor values, and whether the dialect is TSV. */
type Cell = (out: Uint8Array, pos: number, f: Facts, p: LangPieces, v: VendorValues, tsv: boolean) => number;

// An ASCII string (codes, ids, meanings) into `out` at `pos`.
function putAscii(out: Uint8Array, pos: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[pos++] = text.charCodeAt(i);
  return pos;
}

const encoder = new TextEncoder();

// True when `text` is ASCII that is a field as it is: without a comma, a quote or a line break
// (CSV), without a tab, a backslash or a line break (TSV).
function plain(text: string, tsv: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13 || c > 127 || (tsv ? c === 9 || c === 92 : c === 44 || c === 34)) return false;
  }
  return true;
}

// `text` as a field of the dialect into `out` at `pos`.
function putField(out: Uint8Array, pos: number, text: string, tsv: boolean): number {
  return plain(text, tsv) ? putAscii(out, pos, text) : pos + encoder.encodeInto(DIALECTS[tsv ? 'tsv' : 'csv'].field(text), out.subarray(pos)).written;
}

const none: Cell = (_out, pos) => pos;

/** Each column's cell (a row that has an analysis has no error). */
const CELLS: Readonly<Record<Column, Cell>> = {
  canonical: (out, pos, f) => (f.eui64 === null ? putCanonical(out, pos, f.mac) : putAscii(out, pos, eui64Formats(f.eui64).canonical)),
  ig: (out, pos, f, p) => putAscii(out, pos, p.bits[f.bits].value.ig.meaning),
  ul: (out, pos, f, p) => putAscii(out, pos, p.bits[f.bits].value.ul.meaning),
  vendor: (out, pos, f, _p, v, tsv) => (f.block === null ? pos : v.writeCsv(f.block.record, NAME, out, pos, tsv)),
  short_name: (out, pos, f, _p, v, tsv) => (f.block === null ? pos : v.writeCsv(f.block.record, SHORT_NAME, out, pos, tsv)),
  registry: (out, pos, f) => (f.block === null ? pos : putAscii(out, pos, REGISTRY_OF_WIDTH[f.block.width])),
  prefix: (out, pos, f) => (f.block === null ? pos : putPrefix(out, pos, f.block.prefix, (f.block.width - 24) >>> 2)),
  mask: (out, pos, f) => (f.block === null ? pos : putAscii(out, pos, blockMask(f.block.width, f.eui64 !== null))),
  country: (out, pos, f, _p, v) => {
    const code = f.block === null ? 0 : v.country(f.block.record);
    if (code === 0) return pos;
    out[pos] = code >>> 8;
    out[pos + 1] = code & 255;
    return pos + 2;
  },
  special: (out, pos, f, p) => (f.special < 0 ? pos : putAscii(out, pos, p.special[f.special].cell)),
  // Each hint's cell (pieces.ts), separated by ';'.
  hints: (out, pos, f, p, _v, tsv) => {
    if (f.site < 0 && f.hint < 0) return pos;
    const text = f.site < 0 ? p.hints[f.hint].cell : f.hint < 0 ? p.sites[f.site].cell : `${p.sites[f.site].cell};${p.hints[f.hint].cell}`;
    return putField(out, pos, text, tsv);
  },
  error: none,
  detail: none,
};

/** The cells of a choice of columns in a dialect, in order. */
export interface CsvPlan {
  readonly columns: CsvColumns;
  readonly cells: readonly Cell[];
  readonly tsv: boolean;
  /** The byte between two cells. */
  readonly separator: number;
  /** The cells from `keptFrom` to `keptTo` (excluded) are the default CSV vendor cells, kept per block; -1 and -1 when the choice has others, or is TSV. */
  readonly keptFrom: number;
  readonly keptTo: number;
}

// The columns of the default choice written from the block alone (its record and prefix), in
// order: one run of every choice that has them all and no other block column (`mask` sits among them).
const KEPT_COLUMNS = DEFAULT_COLUMNS.filter((c) => ['vendor', 'short_name', 'registry', 'prefix', 'mask', 'country'].includes(c));

const plans = new Map<string, CsvPlan>();

// The plan of `columns` in `dialect`: where the kept vendor cells lie, when the choice has that run.
function makePlan(columns: CsvColumns, dialect: Dialect): CsvPlan {
  const from = columns.indexOf(KEPT_COLUMNS[0]);
  const run = dialect === 'csv' && from >= 0 && KEPT_COLUMNS.every((c, i) => columns[from + i] === c);
  const separator = DIALECTS[dialect].separator.charCodeAt(0);
  return { columns, cells: columns.map((c) => CELLS[c as Column]), tsv: dialect === 'tsv', separator, keptFrom: run ? from : -1, keptTo: run ? from + KEPT_COLUMNS.length : -1 };
}

/** The plan of `columns` in `dialect` (kept for the next chunks). */
export function csvPlanOf(columns: CsvColumns, dialect: Dialect = 'csv'): CsvPlan {
  const key = `${dialect}:${columns.join(',')}`;
  let plan = plans.get(key);
  if (plan === undefined) plans.set(key, (plan = makePlan(columns, dialect)));
  return plan;
}

// Cells `from` to `to` (excluded) of a row, each after a separator.
function writeCells(plan: CsvPlan, from: number, to: number, out: Uint8Array, pos: number, f: Facts, pieces: LangPieces, vendors: VendorValues): number {
  const { cells, separator, tsv } = plan;
  for (let i = from; i < to; i++) {
    out[pos++] = separator;
    pos = cells[i](out, pos, f, pieces, vendors, tsv);
  }
  return pos;
}

/** Bytes a row takes at most beside its input and the fields after it (three vendor values, a hint, digits and commas). */
export function csvRowBytes(analyzer: Analyzer): number {
  return 1024 + 3 * analyzer.index.vendors.maxLength();
}

/**
 * Writes the row of an address (of `input`), whose look-up gave `f`, in the language of `pieces`,
 * into `out` at `pos`; `afterInput`: fields written after the input, each after its separator
 * (an extract's line and context, afterInputCells). Needs csvRowBytes plus 3 bytes per character
 * of the input and of `afterInput`. Returns the end.
 */
export function writeCsvRow(analyzer: Analyzer, f: Facts, input: string, afterInput: string, plan: CsvPlan, pieces: LangPieces, out: Uint8Array, pos: number): number {
  // An address as given is plain ASCII (most inputs): copied as it is.
  pos = putField(out, pos, input, plan.tsv);
  if (afterInput !== '') pos += encoder.encodeInto(afterInput, out.subarray(pos)).written;
  const vendors = analyzer.index.vendors;
  const cells = plan.cells;
  const block = f.block;
  // A 64-bit identifier's block cells are the same, but rare: they are written each time.
  if (plan.keptFrom < 0 || block === null || f.eui64 !== null) pos = writeCells(plan, 0, cells.length, out, pos, f, pieces, vendors);
  else {
    pos = writeCells(plan, 0, plan.keptFrom, out, pos, f, pieces, vendors);
    const copied = analyzer.copyCsvCells(block.block, out, pos);
    if (copied >= 0) pos = copied;
    else {
      const start = pos;
      pos = writeCells(plan, plan.keptFrom, plan.keptTo, out, pos, f, pieces, vendors);
      analyzer.keepCsvCells(block.block, out, start, pos);
    }
    pos = writeCells(plan, plan.keptTo, cells.length, out, pos, f, pieces, vendors);
  }
  out[pos++] = 10;
  return pos;
}

/** An extract's line and context, each after the plan's separator (writeCsvRow's `afterInput`). */
export function afterInputCells(line: number, context: string, plan: CsvPlan): string {
  const { separator, field } = DIALECTS[plan.tsv ? 'tsv' : 'csv'];
  return `${separator}${line}${separator}${field(context)}`;
}

/** The row of an input that is not an address: its error and detail where the plan has them, other cells empty. */
export function csvErrorRow(input: string, code: string, detail: string, plan: CsvPlan): string {
  const { separator, field } = DIALECTS[plan.tsv ? 'tsv' : 'csv'];
  let row = field(input);
  for (const c of plan.columns) row += separator + (c === 'error' ? field(code) : c === 'detail' ? field(detail) : '');
  return `${row}\n`;
}

/**
 * What `fields` asked for, in the form a pool task carries: null for everything; else, for
 * CSV, the analysis columns joined by commas, and for the other styles a projection key
 * (projection.ts).
 */
export type FieldsKey = string | null;

/** The CSV analysis columns a fields key stands for. */
export function csvColumnsOf(fields: FieldsKey): CsvColumns {
  return fields === null ? DEFAULT_COLUMNS : fields === '' ? [] : fields.split(',');
}
