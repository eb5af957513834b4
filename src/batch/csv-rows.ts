/**
 * CSV rows of bulk items (CSV is for spreadsheets: a flat subset of the analysis), written from
 * the look-up's facts, each column by its cell writer in the table below: from the pieces of the
 * answer's language (analysis/pieces.ts) and the vendor values of the shared index, as the JSON
 * writer writes its members. No state between rows: a row is its facts' cells. A block's default
 * vendor cells are written once per thread and then copied (Analyzer.copyCsvCells).
 */
import type { Analyzer } from '../analysis/analyzer.js';
import type { Facts } from '../analysis/lookup.js';
import { blockMask } from '../analysis/members.js';
import type { LangPieces } from '../analysis/pieces.js';
import { csvField } from '../csv/csv.js';
import { eui64Formats } from '../mac/eui64.js';
import { putCanonical, putPrefix } from '../mac/prefix.js';
import { REGISTRY_OF_WIDTH } from '../registry/kinds.js';
import { NAME, SHORT_NAME, type VendorValues } from '../registry/vendor-values.js';

/** The CSV columns, in order (the header row of a CSV answer that names them all). */
export const CSV_COLUMNS = [
  'input', 'canonical', 'ig', 'ul', 'vendor', 'short_name', 'registry', 'prefix', 'mask', 'country', 'special', 'hints', 'error', 'detail',
] as const;

/** A column that comes from an analysis (between the input and the error columns): what `fields` picks. */
export type AnalysisColumn = Exclude<(typeof CSV_COLUMNS)[number], 'input' | 'error' | 'detail'>;

/** The columns that come from an analysis, in order. */
export const ANALYSIS_COLUMNS = CSV_COLUMNS.slice(1, -2) as AnalysisColumn[];

/** The columns of a CSV answer without `fields`: every analysis column but those added since, which `fields` names. */
export const DEFAULT_COLUMNS: readonly AnalysisColumn[] = ANALYSIS_COLUMNS.filter((c) => c !== 'mask');

/** A choice of analysis columns, in CSV_COLUMNS order (all of them when no `fields` is given). */
export type CsvColumns = readonly string[];

/** The CSV header line of a batch with `columns`. */
export function csvHeader(columns: CsvColumns = DEFAULT_COLUMNS): string {
  return `${['input', ...columns, 'error', 'detail'].join(',')}\n`;
}

/** The CSV header of an extract: the input, the line and its context, then the batch's other columns. */
export function extractCsvHeader(columns: CsvColumns = DEFAULT_COLUMNS): string {
  return `${['input', 'line', 'context', ...columns, 'error', 'detail'].join(',')}\n`;
}

/** What a cell is written from: the facts, the pieces of the answer's language, the vendor values. */
type Cell = (out: Uint8Array, pos: number, f: Facts, p: LangPieces, v: VendorValues) => number;

// An ASCII string (codes, ids, meanings) into `out` at `pos`.
function putAscii(out: Uint8Array, pos: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[pos++] = text.charCodeAt(i);
  return pos;
}

const encoder = new TextEncoder();

// True when `input` is ASCII without a comma, a quote or a line break (a CSV field as it is).
function plain(input: string): boolean {
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c === 44 || c === 34 || c === 10 || c === 13 || c > 127) return false;
  }
  return true;
}

/** Each analysis column's cell. */
const CELLS: Readonly<Record<AnalysisColumn, Cell>> = {
  canonical: (out, pos, f) => (f.eui64 === null ? putCanonical(out, pos, f.mac) : putAscii(out, pos, eui64Formats(f.eui64, ['canonical']).canonical)),
  ig: (out, pos, f, p) => putAscii(out, pos, p.bits[f.bits].value.ig.meaning),
  ul: (out, pos, f, p) => putAscii(out, pos, p.bits[f.bits].value.ul.meaning),
  vendor: (out, pos, f, _p, v) => (f.block === null ? pos : v.writeCsv(f.block.record, NAME, out, pos)),
  short_name: (out, pos, f, _p, v) => (f.block === null ? pos : v.writeCsv(f.block.record, SHORT_NAME, out, pos)),
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
  hints: (out, pos, f, p) => {
    if (f.site < 0 && f.hint < 0) return pos;
    const text = f.site < 0 ? p.hints[f.hint].cell : f.hint < 0 ? p.sites[f.site].cell : `${p.sites[f.site].cell};${p.hints[f.hint].cell}`;
    return plain(text) ? putAscii(out, pos, text) : pos + encoder.encodeInto(csvField(text), out.subarray(pos)).written;
  },
};

/** The cells of a choice of columns, in order; and the commas of a row without an analysis. */
export interface CsvPlan {
  readonly cells: readonly Cell[];
  readonly empty: string;
  /** The cells from `keptFrom` to `keptTo` (excluded) are the default vendor cells, kept per block; -1 and -1 when the choice has others. */
  readonly keptFrom: number;
  readonly keptTo: number;
}

// The columns of the default choice written from the block alone (its record and prefix), in
// order: one run of every choice that has them all and no other block column (`mask` sits among them).
const KEPT_COLUMNS = DEFAULT_COLUMNS.filter((c) => ['vendor', 'short_name', 'registry', 'prefix', 'mask', 'country'].includes(c));

const plans = new Map<string, CsvPlan>();

// The plan of `columns`: where the kept vendor cells lie, when the choice has that run.
function makePlan(columns: CsvColumns): CsvPlan {
  const from = columns.indexOf(KEPT_COLUMNS[0]);
  const run = from >= 0 && KEPT_COLUMNS.every((c, i) => columns[from + i] === c);
  return { cells: columns.map((c) => CELLS[c as AnalysisColumn]), empty: ','.repeat(columns.length), keptFrom: run ? from : -1, keptTo: run ? from + KEPT_COLUMNS.length : -1 };
}

/** The plan of `columns` (kept for the next chunks). */
export function csvPlanOf(columns: CsvColumns): CsvPlan {
  const key = columns.join(',');
  let plan = plans.get(key);
  if (plan === undefined) plans.set(key, (plan = makePlan(columns)));
  return plan;
}

// Cells `from` to `to` (excluded) of a row, each after a comma.
function writeCells(cells: readonly Cell[], from: number, to: number, out: Uint8Array, pos: number, f: Facts, pieces: LangPieces, vendors: VendorValues): number {
  for (let i = from; i < to; i++) {
    out[pos++] = 44; // ,
    pos = cells[i](out, pos, f, pieces, vendors);
  }
  return pos;
}

/** Bytes a row takes at most beside its input and the fields after it (three vendor values, a hint, digits and commas). */
export function csvRowBytes(analyzer: Analyzer): number {
  return 1024 + 3 * analyzer.index.vendors.maxLength();
}

/**
 * Writes the row of an address (of `input`), whose look-up gave `f`, in the language of `pieces`,
 * into `out` at `pos`; `afterInput`: fields written after the input, each with its leading comma
 * (an extract's line and context). Needs csvRowBytes plus 3 bytes per character of the input and
 * of `afterInput`. Returns the end.
 */
export function writeCsvRow(analyzer: Analyzer, f: Facts, input: string, afterInput: string, plan: CsvPlan, pieces: LangPieces, out: Uint8Array, pos: number): number {
  // An address as given is ASCII without a comma, a quote or a line break (most inputs): copied as it is.
  if (afterInput === '' && plain(input)) pos = putAscii(out, pos, input);
  else pos += encoder.encodeInto(csvField(input) + afterInput, out.subarray(pos)).written;
  const vendors = analyzer.index.vendors;
  const cells = plan.cells;
  const block = f.block;
  // A 64-bit identifier's block cells are the same, but rare: they are written each time.
  if (plan.keptFrom < 0 || block === null || f.eui64 !== null) pos = writeCells(cells, 0, cells.length, out, pos, f, pieces, vendors);
  else {
    pos = writeCells(cells, 0, plan.keptFrom, out, pos, f, pieces, vendors);
    const copied = analyzer.copyCsvCells(block.block, out, pos);
    if (copied >= 0) pos = copied;
    else {
      const start = pos;
      pos = writeCells(cells, plan.keptFrom, plan.keptTo, out, pos, f, pieces, vendors);
      analyzer.keepCsvCells(block.block, out, start, pos);
    }
    pos = writeCells(cells, plan.keptTo, cells.length, out, pos, f, pieces, vendors);
  }
  out[pos++] = 44; // error and detail: empty
  out[pos++] = 44;
  out[pos++] = 10;
  return pos;
}

/** The row of an input that is not an address. */
export function csvErrorRow(input: string, code: string, detail: string, plan: CsvPlan): string {
  return `${csvField(input)}${plan.empty},${csvField(code)},${csvField(detail)}\n`;
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
