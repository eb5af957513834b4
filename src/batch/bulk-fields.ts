/** `fields` of a bulk answer (HTTP batch and extract, the CLI): CSV columns for CSV, a projection otherwise. */
import { FIELD_NAMES, parseFields } from '../analysis/projection.js';
import { CSV_FIELD_NAMES, parseCsvFields } from './csv-fields.js';
import type { FieldsKey } from './render-chunk.js';

/** A bulk `fields` value parsed into the key a render task carries, or the names refused and those accepted. */
export type BulkFieldsResult =
  | { readonly ok: true; readonly key: FieldsKey }
  | { readonly ok: false; readonly unknown: readonly string[]; readonly accepted: readonly string[] };

/** Parses `fields` for a bulk answer in CSV (`csv`) or another format. */
export function parseBulkFields(raw: string | null | undefined, csv: boolean): BulkFieldsResult {
  if (csv) {
    const result = parseCsvFields(raw);
    return result.ok ? { ok: true, key: result.columns && result.columns.join(',') } : { ok: false, unknown: result.unknown, accepted: CSV_FIELD_NAMES };
  }
  const result = parseFields(raw);
  return result.ok ? { ok: true, key: result.projection && result.projection.key } : { ok: false, unknown: result.unknown, accepted: FIELD_NAMES };
}
