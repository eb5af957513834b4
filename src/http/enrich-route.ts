/**
 * POST /api/mac/enrich and /api/public/mac/enrich: records (NDJSON objects, CSV or TSV rows under
 * a header) given back byte for byte with the analysis of the address each `key` names
 * (batch/enrich.ts); read and answered as the batch is (body-route.ts).
 */
import { headerEnd, PASS_REASONS, planOf, recordsPerChunk, refusedKeys, type RecordDialect } from '../batch/enrich-plan.js';
import { t } from '../i18n/messages.js';
import type { BodyRoutes } from './body-route.js';
import { enrichJob } from './bulk-answers.js';
import type { Metrics } from './metrics.js';
import { detached, problemReply, type RequestFacts } from './request-facts.js';
import type { Reply } from './respond.js';
import type { BodyHandler, RouteKit } from './route-kit.js';
import { withHeaders } from './route-kit.js';

/** A header looked for in the first bytes of a body only: past them, it is checked once the body is read. */
const HEADER_PEEK_BYTES = 1024 * 1024;

// The 400 invalid_key reply, naming the keys refused.
function invalidKey(f: RequestFacts, keys: readonly string[], extra: readonly string[]): Reply {
  return withHeaders(problemReply('invalid_key', f, t(f.lang, 'detail.invalid_key', { keys: keys.map((k) => JSON.stringify(k)).join(', ') })), extra);
}

/** Declares the enrich paths on the kit, answered by `routes`; `metrics` counts the keys let pass; a request names at most `maxKeys` keys (ENRICH_MAX_KEYS). */
export function registerEnrichRoutes(kit: RouteKit, routes: BodyRoutes, metrics: Metrics, maxKeys: number): void {
  const passed = (counts: readonly number[]) => PASS_REASONS.forEach((reason, i) => counts[i] > 0 && metrics.add(`enrich_${reason}`, counts[i]));
  const enrich: BodyHandler = (res, req, f, extra) => {
    const keys = [...new Set(new URLSearchParams(f.req.getQuery()).getAll('key'))];
    const refused = refusedKeys(keys, maxKeys);
    if (refused.length > 0) return routes.refuse(res, invalidKey(f, refused, extra));
    const reading = routes.reading(res, req, f, ['ndjson', 'csv', 'tsv'], extra);
    if (reading === null) return;
    const dialect = reading.format as RecordDialect;
    const fields = routes.fields(f, dialect !== 'ndjson', extra);
    if ('refused' in fields) return routes.refuse(res, fields.refused);
    const later = detached(f); // uWS's `req` dies with the handler
    // A plain CSV or TSV body's header is checked as soon as it has come, before the rest is read.
    const peek = (sofar: Uint8Array): Reply | 'go' | null => {
      const end = dialect === 'ndjson' || reading.coding === 'gzip' ? 0 : headerEnd(sofar, dialect);
      if (end < 0) return sofar.length < HEADER_PEEK_BYTES ? null : 'go';
      const planned = planOf(dialect, keys, fields.key, end === 0 ? null : sofar.subarray(0, end));
      return 'unknown' in planned ? invalidKey(later, planned.unknown, extra) : 'go';
    };
    const job = enrichJob(keys, fields.key, (unknown) => invalidKey(later, unknown, extra), passed);
    routes.accept(res, req, f, { kind: `enrich-${dialect}`, coding: reading.coding }, extra, job, () => recordsPerChunk(keys.length), peek);
  };
  kit.body('/api/mac/enrich', { metric: 'batch', limited: true }, enrich);
  kit.body('/api/public/mac/enrich', { metric: 'batch', cors: true, limited: true }, enrich);
}
