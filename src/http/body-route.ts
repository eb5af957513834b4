/**
 * What the body routes share (batch-route.ts, extract-route.ts): a request's body type, coding and
 * answer format read from its headers and query (or the 400/415 that refuses it before its body
 * is read), then the body read within its limits (receive-body.ts), prepared (parsed, validated,
 * cut into chunks: on the pool when large, so the HTTP thread never parses megabytes) and
 * answered in input order by the Job its route makes of it (bulk-answers.ts), streamed by
 * chunk-stream.ts. Chunks render on the pool (inline for small bodies, yielding between chunks),
 * so single GETs on the same thread keep flowing.
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { EngineRequest, EngineResponse } from './engine.js';
import type { Analyzer } from '../analysis/analyzer.js';
import { bodyFormat, bodyTypesOf, type BodyFormat } from '../batch/media-types.js';
import type { BulkFormat } from '../batch/bulk-formats.js';
import type { FieldsKey } from '../batch/csv-rows.js';
import { CHUNK_ITEMS } from '../batch/chunk-items.js';
import type { PreparedBody, PrepareKind, PrepareOutcome, PrepareRequest } from '../batch/prepare.js';
import type { SnapshotPool } from '../batch/pool-client.js';
import { tookPrepared } from '../batch/shared-memory.js';
import { t } from '../i18n/messages.js';
import type { BodyBudget } from './body-budget.js';
import { BodyBuffers } from './body-buffers.js';
import type { JobMaker } from './bulk-answers.js';
import { streamJob, type StreamOptions } from './chunk-stream.js';
import { bulkFields } from './fields-param.js';
import type { Metrics } from './metrics.js';
import { acceptParameter, acceptsEncoding, preferredType } from './negotiate.js';
import { receiveBody, type BodyHandlers, type BodyLimits, type BodyRefusal } from './receive-body.js';
import type { MemoryWatch } from './memory-watch.js';
import { budgetWeight, largestBody, MEMORY_PER_BODY_BYTE } from '../batch/body-memory.js';
import type { OutputSlots } from '../batch/output-slots.js';
import { detached, problemReply, type RequestFacts } from './request-facts.js';
import { AsyncResponse, send, type Reply } from './respond.js';
import { withHeaders } from './route-kit.js';
import type { ServedSnapshot } from './served-snapshot.js';

/** What the body routes need from their thread. */
export interface BodyRouteContext {
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
export type Coding = 'identity' | 'gzip';

/** How a body is read: as what, and in which coding. */
export interface BodyReading {
  readonly kind: PrepareKind;
  readonly coding: Coding;
}

/** Bodies up to this size are prepared on the HTTP thread (under a millisecond); larger ones on the pool. */
export const INLINE_BODY_BYTES = 128 * 1024;

/** The body routes of one thread: their body reading and answers, and the requests in flight (for drains). */
export class BodyRoutes {
  private active = 0;
  private readonly buffers: BodyBuffers;
  private readonly vary: string;

  /** Body routes on `ctx`. */
  constructor(private readonly ctx: BodyRouteContext) {
    this.buffers = new BodyBuffers(ctx.bodiesReleased);
    this.vary = ctx.gzipLevel > 0 ? 'Accept, Accept-Encoding' : 'Accept';
  }

  /** Requests whose body is being read or answered. */
  get inFlight(): number {
    return this.active;
  }

  /** Refuses a request before its body is read (uWS then closes the connection if a body follows). */
  refuse(res: EngineResponse, reply: Reply): void {
    send(res, reply);
    this.ctx.metrics.count('batch', reply.status);
  }

  /**
   * The body's coding and format (`input` wins over Content-Type, among `accepted`), or null once
   * the request is refused: 415 for a content coding other than gzip (RFC 9110 §15.5.16: it would
   * otherwise be misread as text) or a body type not taken, 400 for an unknown `input`.
   */
  reading(res: EngineResponse, req: EngineRequest, f: RequestFacts, accepted: readonly BodyFormat[], extra: readonly string[]): { readonly coding: Coding; readonly format: BodyFormat } | null {
    const coding = req.getHeader('content-encoding').trim();
    const name = coding.toLowerCase();
    if (name !== '' && name !== 'identity' && name !== 'gzip' && name !== 'x-gzip') {
      this.refuse(res, problemReply('unsupported_media_type', f, t(f.lang, 'detail.content_encoding', { coding }), ['Accept-Encoding', 'gzip', ...extra]));
      return null;
    }
    const input = this.choice(f, 'input', accepted, extra);
    if (input !== null && typeof input === 'object') {
      this.refuse(res, input.refused);
      return null;
    }
    const contentType = req.getHeader('content-type');
    const format = input ?? bodyFormat(contentType);
    if (format === null || !accepted.includes(format)) {
      this.refuse(res, problemReply('unsupported_media_type', f, t(f.lang, 'detail.unsupported_media_type', { type: contentType || '(none)', accepted: bodyTypesOf(accepted).join(', ') }), extra));
      return null;
    }
    return { coding: name === 'gzip' || name === 'x-gzip' ? 'gzip' : 'identity', format };
  }

  /**
   * What an answer is written as, with its fields and header row: `format` wins over Accept, and
   * `header` over the header parameter of Accept's CSV or TSV range (present by default); or the
   * 400 that refuses it.
   */
  answer<S extends string>(req: EngineRequest, f: RequestFacts, formats: Readonly<Record<S, BulkFormat>>, offers: ReadonlyArray<readonly [string, S]>, extra: readonly string[]): { readonly style: S; readonly fields: string | null; readonly header: boolean } | { readonly refused: Reply } {
    const accept = req.getHeader('accept');
    const format = this.choice(f, 'format', Object.keys(formats) as S[], extra);
    if (format !== null && typeof format === 'object') return format;
    const style = format ?? preferredType(accept, offers, 'json' as S);
    const dialect = formats[style].dialect;
    const header = this.choice(f, 'header', ['present', 'absent'] as const, extra);
    if (header !== null && typeof header === 'object') return header;
    const fields = this.fields(f, dialect !== null, extra);
    if ('refused' in fields) return fields;
    const named = header ?? (dialect === null ? null : acceptParameter(accept, formats[style].accepts[0], 'header'));
    return { style, fields: fields.key, header: named !== 'absent' };
  }

  /** What `fields` asks of a bulk answer (CSV columns when `csv`), or the 400 that refuses it. */
  fields(f: RequestFacts, csv: boolean, extra: readonly string[]): { readonly key: FieldsKey } | { readonly refused: Reply } {
    const fields = bulkFields(f, csv);
    return 'refused' in fields ? { refused: withHeaders(fields.refused, extra) } : fields;
  }

  /**
   * Reads the body as `reading`, prepares it and streams the answer `job` makes of it, `perChunk`
   * items a chunk. `f0` are the request's facts, `extra` headers every answer carries (rate limit
   * state); `peek` may refuse the body from its first bytes (receive-body.ts).
   */
  accept(res: EngineResponse, req: EngineRequest, f0: RequestFacts, reading: BodyReading, extra: readonly string[], job: JobMaker, perChunk: (analyzer: Analyzer) => number, peek?: BodyHandlers['peek']): void {
    const { ctx } = this;
    const cl = req.getHeader('content-length');
    const type = req.getHeader('content-type') || '(none)';
    const limits = this.limitsOf(reading);
    const options: StreamOptions = { extra, gzipLevel: ctx.gzipLevel > 0 && acceptsEncoding(req.getHeader('accept-encoding'), 'gzip') ? ctx.gzipLevel : 0, vary: this.vary };
    const f = detached(f0); // uWS's `req` dies with the handler
    const gen = ctx.current();
    const release = gen.hold();
    const started = performance.now();
    const finish = (out: AsyncResponse, reply: Reply, close = false) => {
      out.send(withHeaders(reply, extra), close);
      ctx.metrics.count('batch', reply.status);
    };
    const answer = async (body: Uint8Array, out: AsyncResponse) => {
      const prepared = await this.prepared(body, reading, limits.gunzipTo, gen, perChunk, f);
      if ('refused' in prepared) return finish(out, prepared.refused);
      const made = job(prepared.body, f.lang, gen.analyzer);
      if ('refused' in made) return finish(out, made.refused);
      await streamJob(out, made, prepared.pool, ctx.slots, f, options, finish, ctx.metrics, ctx.logger);
    };
    this.active++;
    receiveBody(res, cl.length > 0 ? Number(cl) : null, limits, {
      onRefused: (reason, out, close) => finish(out, this.refusal(reason, f, limits, type), close),
      onError: (err, out) => {
        ctx.logger.error({ err, reqId: f.id }, 'unexpected error reading a request body');
        finish(out, internal(f), true);
      },
      ...(peek ? { peek, onPeekRefused: (reply: Reply, out: AsyncResponse) => finish(out, reply, true) } : {}),
      onBody: (body, out) => {
        answer(body, out)
          .catch((err: unknown) => {
            ctx.logger.error({ err, reqId: f.id }, 'unexpected error answering a request body');
            if (out.started) out.abort();
            else finish(out, internal(f));
          })
          // Answered, and every task that read the body settled (streamJob waits for them).
          .finally(() => this.buffers.give(body));
      },
    }, () => {
      this.active--;
      release();
      ctx.metrics.observe('batch', (performance.now() - started) / 1000);
    });
  }

  // A query parameter that names one of `accepted` (null when absent), or the 400 refusing it.
  private choice<T extends string>(f: RequestFacts, name: string, accepted: readonly T[], extra: readonly string[]): T | null | { readonly refused: Reply } {
    const value = f.req.getQuery(name);
    if (value === undefined) return null;
    if ((accepted as readonly string[]).includes(value)) return value as T;
    return { refused: withHeaders(problemReply('invalid_format', f, t(f.lang, 'detail.invalid_choice', { name, value, accepted: accepted.join(', ') })), extra) };
  }

  // The bounds of a body read as `kind` in `coding`: the largest the budget takes of that kind, its
  // weight, and for a gzip body the bound it may inflate to, reserved with it.
  private limitsOf({ kind, coding }: BodyReading): BodyLimits & { readonly gunzipTo: number | null } {
    const { ctx } = this;
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
      buffers: this.buffers,
    };
  }

  // The answer to a body refused while it was read: 413, 503 or 408, counted.
  private refusal(reason: BodyRefusal, f: RequestFacts, limits: BodyLimits, type: string): Reply {
    const { ctx } = this;
    ctx.metrics.add(reason === 'payload_too_large' ? 'refused_too_large' : reason === 'unavailable' ? 'refused_budget' : 'refused_timeout');
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
  }

  // The body prepared, and the pool its chunks render on (null: on this thread), or the reply that
  // refuses it (a body that does not read, too many items, a full queue, a worker that failed).
  private async prepared(body: Uint8Array, reading: BodyReading, gunzipTo: number | null, gen: ServedSnapshot, perChunk: (analyzer: Analyzer) => number, f: RequestFacts): Promise<{ readonly body: PreparedBody; readonly pool: SnapshotPool | null } | { readonly refused: Reply }> {
    const { ctx } = this;
    // Large bodies are prepared on the pool, and gzip bodies, which may inflate to BATCH_MAX_BYTES;
    // small ones here, and the pool starts only for many items.
    let pool = body.byteLength > INLINE_BODY_BYTES || reading.coding === 'gzip' ? await gen.pool() : null;
    if (pool && !pool.admits()) return this.busy(f);
    const request: PrepareRequest = { body, readAs: reading.kind, perChunk: perChunk(gen.analyzer), maxItems: ctx.maxItems, gunzipTo };
    let outcome: PrepareOutcome;
    try {
      outcome = pool ? await pool.prepare(request) : (await import('../batch/prepare.js')).prepareBody(request);
    } catch (err) {
      // A worker that ran out of memory (POOL_WORKER_HEAP_MB) or failed: this request only.
      ctx.logger.error({ err, reqId: f.id, bytes: body.byteLength }, 'preparing a body failed');
      return { refused: internal(f) };
    }
    if (!('prepared' in outcome)) return { refused: this.unprepared(outcome, f) };
    const prepared = outcome.prepared;
    tookPrepared(reading.kind, reading.coding === 'gzip', prepared);
    ctx.metrics.add('batch_items', prepared.count);
    ctx.metrics.add('batch_bytes', body.byteLength);
    ctx.logger.debug({ reqId: f.id, items: prepared.count, kind: reading.kind }, 'body prepared');
    // Up to CHUNK_ITEMS, rendered here in one go (under a few milliseconds).
    if (prepared.count <= CHUNK_ITEMS) pool = null;
    else if (!pool) {
      pool = await gen.pool();
      if (pool && !pool.admits()) return this.busy(f);
    }
    return { body: prepared, pool };
  }

  // The reply to a body that did not prepare: a 400 saying where it is wrong, or a 413.
  private unprepared(outcome: Exclude<PrepareOutcome, { readonly prepared: PreparedBody }>, f: RequestFacts): Reply {
    if ('error' in outcome) return problemReply('invalid_body', f, t(f.lang, outcome.error.key, outcome.error.params));
    this.ctx.metrics.add('refused_too_large');
    if ('inflatedOver' in outcome) return problemReply('payload_too_large', f, t(f.lang, 'detail.payload_inflated', { max: outcome.inflatedOver }));
    return problemReply('payload_too_large', f, t(f.lang, 'detail.payload_items', { count: outcome.tooMany, max: this.ctx.maxItems }));
  }

  // The pool's queue is full: 503.
  private busy(f: RequestFacts): { readonly refused: Reply } {
    this.ctx.metrics.add('refused_queue');
    return { refused: problemReply('unavailable', f, t(f.lang, 'detail.unavailable'), ['Retry-After', '1']) };
  }
}

// The 500 of an unexpected error, naming the request.
function internal(f: RequestFacts): Reply {
  return problemReply('internal', f, t(f.lang, 'detail.internal', { requestId: f.id }));
}
