/**
 * POST /api/mac/batch and /api/public/mac/batch (bulk analysis), and …/extract (the
 * addresses in pasted text), on the route kit. The body is read within its limits
 * (receive-body.ts), prepared (parsed, validated, cut into chunks: on the pool when large, so
 * the HTTP thread never parses megabytes), then answered in the format `Accept` asks for
 * (bulk-answers.ts), one result per input in input order, streamed by chunk-stream.ts. Chunks
 * render on the pool (inline for small batches, yielding between chunks), so single GETs on
 * the same thread keep flowing.
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { EngineRequest, EngineResponse } from './engine.js';
import type { Analyzer } from '../analysis/analyzer.js';
import { BODY_FORMATS, bodyFormat, bodyTypesOf, type BodyFormat } from '../batch/media-types.js';
import { BULK_FORMATS, EXTRACT_FORMATS, type BulkFormat } from '../batch/bulk-formats.js';
import { CHUNK_ITEMS, chunkItems } from '../batch/chunk-items.js';
import type { PrepareKind, PrepareOutcome } from '../batch/prepare.js';
import { tookPrepared } from '../batch/shared-memory.js';
import { t } from '../i18n/messages.js';
import type { BodyBudget } from './body-budget.js';
import { BodyBuffers } from './body-buffers.js';
import { batchJob, EXTRACT_TYPES, extractJob, OUTPUT_TYPES, type JobMaker } from './bulk-answers.js';
import { streamJob, type StreamOptions } from './chunk-stream.js';
import { bulkFields } from './fields-param.js';
import type { Metrics } from './metrics.js';
import { acceptParameter, acceptsEncoding, preferredType } from './negotiate.js';
import { receiveBody, type BodyLimits, type BodyRefusal } from './receive-body.js';
import type { MemoryWatch } from './memory-watch.js';
import { budgetWeight, largestBody, MEMORY_PER_BODY_BYTE } from '../batch/body-memory.js';
import type { OutputSlots } from '../batch/output-slots.js';
import { detached, problemReply, type RequestFacts } from './request-facts.js';
import { AsyncResponse, send, type Reply } from './respond.js';
import { withHeaders, type BodyHandler, type RouteKit } from './route-kit.js';
import type { ServedSnapshot } from './served-snapshot.js';

/** What the batch route needs from its thread. */
export interface BatchContext {
  /** The current snapshot, read once when a request starts. */
  readonly current: () => ServedSnapshot;
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly maxBytes: number;
  readonly maxItems: number;
  readonly budget: BodyBudget;
  readonly bodyTimeoutMs: number;
  /** How long a body may go without a byte before it is answered 408. */
  readonly bodyIdleMs: number;
  /** Bytes of a too-large body read and dropped before its 413 (BODY_DRAIN_BYTES). */
  readonly bodyDrainBytes: number;
  /** Runs when the spare body buffer is let go, after a burst of batches (body-buffers.ts). */
  readonly bodiesReleased?: () => void;
  /** The gzip level of answers to clients that accept gzip (BULK_GZIP_LEVEL); 0: never gzipped. */
  readonly gzipLevel: number;
  /** The thread's output buffers (BULK_OUTPUT_BUFFERS). */
  readonly slots: OutputSlots;
  /** Measures a body against the memory left under the container's limit. */
  readonly memory: MemoryWatch;
}

/** A request body's content coding, as far as the service reads one. */
type Coding = 'identity' | 'gzip';

/** How a body is read: as what, and in which coding. */
interface BodyReading {
  readonly kind: PrepareKind;
  readonly coding: Coding;
}

/** Bodies up to this size are prepared on the HTTP thread (under a millisecond); larger ones on the pool. */
export const INLINE_BODY_BYTES = 128 * 1024;

/** Registers the batch and extract routes on `app`; returns how many are in flight (for drains). */
export function registerBatchRoutes(kit: RouteKit, ctx: BatchContext): { readonly active: () => number } {
  const { metrics, logger } = ctx;
  let active = 0;
  const buffers = new BodyBuffers(ctx.bodiesReleased);
  // The bounds of a body read as `kind` in `coding`: the largest the budget takes of that kind, its
  // weight, and for a gzip body the bound it may inflate to, reserved with it.
  const limitsOf = ({ kind, coding }: BodyReading): BodyLimits & { readonly gunzipTo: number | null } => {
    const weight = budgetWeight(kind);
    const largest = largestBody(kind, ctx.budget.total, ctx.maxBytes);
    const gunzipTo = coding === 'gzip' ? largest : null;
    const inflated = gunzipTo === null ? 0 : Math.ceil(gunzipTo * weight);
    return {
      maxBytes: gunzipTo === null ? largest : Math.min(ctx.maxBytes, ctx.budget.total - inflated),
      gunzipTo,
      budget: ctx.budget,
      cost: gunzipTo === null ? (bytes) => Math.ceil(bytes * weight) : (bytes) => bytes + inflated,
      fits: (bytes) => ctx.memory.fits(gunzipTo === null ? bytes * MEMORY_PER_BODY_BYTE[kind] : bytes + gunzipTo * MEMORY_PER_BODY_BYTE[kind]),
      timeoutMs: ctx.bodyTimeoutMs,
      idleMs: ctx.bodyIdleMs,
      drainBytes: ctx.bodyDrainBytes,
      buffers,
    };
  };
  const vary = ctx.gzipLevel > 0 ? 'Accept, Accept-Encoding' : 'Accept';
  // How the answer to `req` is sent (read before the handler returns).
  const streamOptions = (req: EngineRequest, extra: readonly string[]): StreamOptions => ({
    extra,
    gzipLevel: ctx.gzipLevel > 0 && acceptsEncoding(req.getHeader('accept-encoding'), 'gzip') ? ctx.gzipLevel : 0,
    vary,
  });

  const refusal = (reason: BodyRefusal, f: RequestFacts, limits: BodyLimits, type: string): Reply => {
    metrics.add(reason === 'payload_too_large' ? 'refused_too_large' : reason === 'unavailable' ? 'refused_budget' : 'refused_timeout');
    switch (reason) {
      case 'payload_too_large':
        // Under BATCH_MAX_BYTES, the bound is what the memory budget takes of that kind of body.
        return problemReply('payload_too_large', f, limits.maxBytes < ctx.maxBytes ? t(f.lang, 'detail.payload_memory', { max: limits.maxBytes, type }) : t(f.lang, 'detail.payload_bytes', { max: ctx.maxBytes }));
      case 'unavailable':
        return problemReply('unavailable', f, t(f.lang, 'detail.body_budget'), ['Retry-After', '1']);
      case 'request_timeout':
        return problemReply('request_timeout', f, t(f.lang, 'detail.body_timeout', { seconds: ctx.bodyTimeoutMs / 1000 }));
      case 'body_idle':
        return problemReply('request_timeout', f, t(f.lang, 'detail.body_idle', { seconds: Math.min(ctx.bodyIdleMs, ctx.bodyTimeoutMs) / 1000 }));
    }
  };

  /**
   * Reads a body as `kind`, prepares it and streams the answer `job` makes of it. `f0` are the
   * request's facts, `extra` headers every answer carries (rate limit state).
   */
  const acceptBody = (res: EngineResponse, req: EngineRequest, f0: RequestFacts, reading: BodyReading, extra: readonly string[], job: JobMaker, perChunk: (analyzer: Analyzer) => number) => {
    const { kind, coding } = reading;
    const cl = req.getHeader('content-length');
    const type = req.getHeader('content-type') || '(none)';
    const limits = limitsOf(reading);
    const options = streamOptions(req, extra);
    const f = detached(f0); // uWS's `req` dies with the handler
    const gen = ctx.current();
    const release = gen.hold();
    const started = performance.now();
    const finish = (out: AsyncResponse, reply: Reply, close = false) => {
      out.send(withHeaders(reply, extra), close);
      metrics.count('batch', reply.status);
    };
    const internal = () => problemReply('internal', f, t(f.lang, 'detail.internal', { requestId: f.id }));
    active++;
    receiveBody(res, cl.length > 0 ? Number(cl) : null, limits, {
      onRefused: (reason, out, close) => finish(out, refusal(reason, f, limits, type), close),
      onError: (err, out) => {
        logger.error({ err, reqId: f.id }, 'unexpected error reading a request body');
        finish(out, internal(), true);
      },
      onBody: (body, out) => {
        answer(body, out)
          .catch((err: unknown) => {
            logger.error({ err, reqId: f.id }, 'unexpected error answering a request body');
            if (out.started) out.abort();
            else finish(out, internal());
          })
          // Answered, and every task that read the body settled (streamJob waits for them).
          .finally(() => buffers.give(body));
      },
    }, () => {
      active--;
      release();
      metrics.observe('batch', (performance.now() - started) / 1000);
    });

    const answer = async (body: Uint8Array, out: AsyncResponse) => {
      const busy = () => {
        metrics.add('refused_queue');
        finish(out, problemReply('unavailable', f, t(f.lang, 'detail.unavailable'), ['Retry-After', '1']));
      };
      // Large bodies are prepared on the pool, and gzip bodies, which may inflate to BATCH_MAX_BYTES;
      // small ones here, and the pool starts only for many items.
      const gzipped = coding === 'gzip';
      let pool = body.byteLength > INLINE_BODY_BYTES || gzipped ? await gen.pool() : null;
      if (pool && !pool.admits()) return busy();
      const size = body.byteLength;
      const request = { body, readAs: kind, perChunk: perChunk(gen.analyzer), maxItems: ctx.maxItems, gunzipTo: limits.gunzipTo };
      let outcome: PrepareOutcome;
      try {
        outcome = pool ? await pool.prepare(request) : (await import('../batch/prepare.js')).prepareBody(request);
      } catch (err) {
        // A worker that ran out of memory (POOL_WORKER_HEAP_MB) or failed: this request only.
        logger.error({ err, reqId: f.id, bytes: size }, 'preparing a body failed');
        finish(out, internal());
        return;
      }
      if ('error' in outcome) {
        finish(out, problemReply('invalid_body', f, t(f.lang, outcome.error.key, outcome.error.params)));
        return;
      }
      if ('inflatedOver' in outcome) {
        metrics.add('refused_too_large');
        finish(out, problemReply('payload_too_large', f, t(f.lang, 'detail.payload_inflated', { max: outcome.inflatedOver })));
        return;
      }
      if ('tooMany' in outcome) {
        metrics.add('refused_too_large');
        finish(out, problemReply('payload_too_large', f, t(f.lang, 'detail.payload_items', { count: outcome.tooMany, max: ctx.maxItems })));
        return;
      }
      const prepared = outcome.prepared;
      tookPrepared(kind, gzipped, prepared);
      metrics.add('batch_items', prepared.count);
      metrics.add('batch_bytes', size);
      logger.debug({ reqId: f.id, items: prepared.count, kind }, 'body prepared');
      // Up to CHUNK_ITEMS, rendered here in one go (under a few milliseconds).
      if (prepared.count <= CHUNK_ITEMS) pool = null;
      else if (!pool) {
        pool = await gen.pool();
        if (pool && !pool.admits()) return busy();
      }
      await streamJob(out, job(prepared, f.lang, gen.analyzer), pool, ctx.slots, f, options, finish, metrics, logger);
    };
  };

  // Refuses a request before its body is read (uWS then closes the connection if a body follows).
  const refuse = (res: EngineResponse, reply: Reply) => {
    send(res, reply);
    metrics.count('batch', reply.status);
  };

  // The body's content coding: gzip, none, or another, refused with 415 before anything is read
  // (RFC 9110 §15.5.16), which would otherwise be misread as text.
  const codingOf = (res: EngineResponse, req: EngineRequest, f: RequestFacts, extra: readonly string[]): Coding | null => {
    const coding = req.getHeader('content-encoding').trim();
    const name = coding.toLowerCase();
    if (name === '' || name === 'identity') return 'identity';
    if (name === 'gzip' || name === 'x-gzip') return 'gzip';
    refuse(res, problemReply('unsupported_media_type', f, t(f.lang, 'detail.content_encoding', { coding }), ['Accept-Encoding', 'gzip', ...extra]));
    return null;
  };

  // A query parameter that names one of `accepted` (null when absent), or the 400 refusing it.
  const choice = <T extends string>(f: RequestFacts, name: string, accepted: readonly T[], extra: readonly string[]): T | null | { readonly refused: Reply } => {
    const value = f.req.getQuery(name);
    if (value === undefined) return null;
    if ((accepted as readonly string[]).includes(value)) return value as T;
    return { refused: withHeaders(problemReply('invalid_format', f, t(f.lang, 'detail.invalid_choice', { name, value, accepted: accepted.join(', ') })), extra) };
  };

  // What an answer is written as, with its fields and header row: `format` wins over Accept, and
  // `header` over the header parameter of Accept's CSV or TSV range (present by default).
  const answerOf = <S extends string>(req: EngineRequest, f: RequestFacts, formats: Readonly<Record<S, BulkFormat>>, offers: ReadonlyArray<readonly [string, S]>, extra: readonly string[]) => {
    const accept = req.getHeader('accept');
    const format = choice(f, 'format', Object.keys(formats) as S[], extra);
    if (format !== null && typeof format === 'object') return format;
    const style = format ?? preferredType(accept, offers, 'json' as S);
    const dialect = formats[style].dialect;
    const header = choice(f, 'header', ['present', 'absent'] as const, extra);
    if (header !== null && typeof header === 'object') return header;
    const fields = bulkFields(f, dialect !== null);
    if ('refused' in fields) return { refused: withHeaders(fields.refused, extra) };
    const named = header ?? (dialect === null ? null : acceptParameter(accept, formats[style].accepts[0], 'header'));
    return { style, fields: fields.key, header: named !== 'absent' };
  };

  // The body's format: `input` wins over Content-Type; neither is 415.
  const bodyOf = (res: EngineResponse, req: EngineRequest, f: RequestFacts, accepted: readonly BodyFormat[], extra: readonly string[]): BodyFormat | null => {
    const input = choice(f, 'input', accepted, extra);
    if (input !== null && typeof input === 'object') {
      refuse(res, input.refused);
      return null;
    }
    const contentType = req.getHeader('content-type');
    const format = input ?? bodyFormat(contentType);
    if (format !== null && accepted.includes(format)) return format;
    refuse(res, problemReply('unsupported_media_type', f, t(f.lang, 'detail.unsupported_media_type', { type: contentType || '(none)', accepted: bodyTypesOf(accepted).join(', ') }), extra));
    return null;
  };

  const batch: BodyHandler = (res, req, f, extra) => {
    const coding = codingOf(res, req, f, extra);
    if (coding === null) return;
    const format = bodyOf(res, req, f, BODY_FORMATS, extra);
    if (format === null) return;
    const answer = answerOf(req, f, BULK_FORMATS, OUTPUT_TYPES, extra);
    if ('refused' in answer) return refuse(res, answer.refused);
    const { style, fields, header } = answer;
    acceptBody(res, req, f, { kind: format, coding }, extra, batchJob(style, fields, header), (analyzer) => chunkItems(style, fields, analyzer));
  };

  const extract: BodyHandler = (res, req, f, extra) => {
    const coding = codingOf(res, req, f, extra);
    if (coding === null) return;
    if (bodyOf(res, req, f, ['text'], extra) === null) return;
    const answer = answerOf(req, f, EXTRACT_FORMATS, EXTRACT_TYPES, extra);
    if ('refused' in answer) return refuse(res, answer.refused);
    // Extract items carry their line's context: chunks of the usual size.
    acceptBody(res, req, f, { kind: 'extract', coding }, extra, extractJob(answer.style, answer.fields, answer.header), () => CHUNK_ITEMS);
  };

  kit.body('/api/mac/batch', { metric: 'batch', limited: true }, batch);
  kit.body('/api/public/mac/batch', { metric: 'batch', cors: true, limited: true }, batch);
  kit.body('/api/mac/extract', { metric: 'batch', limited: true }, extract);
  kit.body('/api/public/mac/extract', { metric: 'batch', cors: true, limited: true }, extract);
  return { active: () => active };
}
