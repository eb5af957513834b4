/**
 * `fields` for CSV and TSV answers: it picks columns and their order. A name is a column, or an
 * analysis name (projection.ts) that a column holds (`vendor.name` is the `vendor` column, `bits`
 * the `ig` and `ul` columns). The input stays first; the columns follow in the order named,
 * each once; `error` and `detail` come only when named.
 */
import { readFieldNames, type FieldName } from '../analysis/projection.js';
import { ANALYSIS_COLUMNS, type AnalysisColumn, type CsvColumns } from './csv-rows.js';

// Analysis names (the document's, checked by the compiler) and the columns that hold them.
const ANALYSIS_NAMES: Readonly<Partial<Record<FieldName, readonly AnalysisColumn[]>>> = {
  address: ['canonical'],
  'address.canonical': ['canonical'],
  bits: ['ig', 'ul'],
  'bits.ig': ['ig'],
  'bits.ul': ['ul'],
  'vendor.name': ['vendor'],
  'vendor.shortName': ['short_name'],
  'vendor.registry': ['registry'],
  'vendor.prefix': ['prefix'],
  'vendor.country': ['country'],
  'special.id': ['special'],
  'hints.id': ['hints'],
};

// Every accepted name and its columns; the columns that are always there pick nothing more. A
// column's own name wins over the analysis member of the same name (`vendor` is the vendor's
// name column, not every vendor column).
const COLUMNS_OF = new Map<string, readonly string[]>([
  ...Object.entries(ANALYSIS_NAMES),
  ...ANALYSIS_COLUMNS.map((c) => [c, [c]] as const),
  ['input', []],
  ['error', ['error']],
  ['detail', ['detail']],
]);

/** The names `fields` accepts for a CSV answer. */
export const CSV_FIELD_NAMES: readonly string[] = [...COLUMNS_OF.keys()];

/** A CSV `fields` value parsed: the columns to write after the input, in order (null: the default ones), or the names not accepted. */
export type CsvFieldsResult = { readonly ok: true; readonly columns: CsvColumns | null } | { readonly ok: false; readonly unknown: readonly string[] };

/** Parses `fields` for a CSV or TSV answer (readFieldNames): the default columns when empty. */
export function parseCsvFields(raw: string | null | undefined): CsvFieldsResult {
  const read = readFieldNames(raw, COLUMNS_OF);
  if (read === null) return { ok: true, columns: null };
  if ('unknown' in read) return { ok: false, unknown: read.unknown };
  return { ok: true, columns: [...new Set([...read.names].flatMap((n) => COLUMNS_OF.get(n)!))] };
}
