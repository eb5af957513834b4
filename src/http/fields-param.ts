/** The `fields` query parameter of analyses, batches and extracts: read, parsed, or refused with 400 invalid_fields. */
import { FIELD_NAMES, parseFields, type Projection } from '../analysis/projection.js';
import { parseBulkFields } from '../batch/bulk-fields.js';
import type { FieldsKey } from '../batch/render-chunk.js';
import { t } from '../i18n/messages.js';
import { problemReply, type RequestFacts } from './request-facts.js';
import type { Reply } from './respond.js';

/** The 400 invalid_fields reply: the names refused, then every accepted name (never clipped). */
export function invalidFields(f: RequestFacts, unknown: readonly string[], accepted: readonly string[]): Reply {
  return problemReply('invalid_fields', f, `${t(f.lang, 'detail.invalid_fields', { unknown: unknown.join(', ') })} ${accepted.join(', ')}.`);
}

/** The projection `raw` (the request's `fields`) asks of an analysis (null: the whole analysis), or the reply refusing it. */
export function analysisFields(f: RequestFacts, raw: string | undefined): { readonly projection: Projection | null } | { readonly refused: Reply } {
  const result = parseFields(raw);
  return result.ok ? { projection: result.projection } : { refused: invalidFields(f, result.unknown, FIELD_NAMES) };
}

/**
 * What `fields` asks of a bulk answer, as a pool task carries it (render-chunk.ts FieldsKey):
 * CSV columns when the answer is CSV, else a projection; or the reply refusing it. Read while
 * the request is alive (`req` dies with the handler).
 */
export function bulkFields(f: RequestFacts, csv: boolean): { readonly key: FieldsKey } | { readonly refused: Reply } {
  const result = parseBulkFields(f.req.getQuery('fields'), csv);
  return result.ok ? { key: result.key } : { refused: invalidFields(f, result.unknown, result.accepted) };
}
