/**
 * POST /api/mac/batch and /api/public/mac/batch (bulk analysis), and …/extract (the
 * addresses in pasted text). The body is read within its limits (receive-body.ts), prepared
 * (parsed, validated, cut into chunks: on the pool when large, so the HTTP thread never
 * parses megabytes), then streamed in the format `Accept` asks for, one result per input in
 * input order. Chunks render on the pool (inline for small batches, yielding between chunks),
 * so single GETs on the same thread keep flowing; the stream honours backpressure and stops
 * when the client goes.
 */
import type { Logger } from 'pino';
import type { EngineRequest, EngineResponse } from './engine.js';
import type { Analyzer } from '../analysis/analyzer.js';
import { ACCEPTED_BODY_TYPES, bodyFormat } from '../batch/media-types.js';
import type { BatchPool } from '../batch/pool.js';
import type { PrepareKind, PrepareOutcome, PreparedBody } from '../batch/prepare.js';
import { csvHeader, extractCsvHeader } from '../batch/csv-rows.js';
import { csvColumnsOf, type ExtractStyle, type FieldsKey, type ItemStyle } from '../batch/render-chunk.js';
import { bulkFields } from './fields-param.js';
import type { Lang } from '../i18n/lang.js';
import { t } from '../i18n/messages.js';
import type { BodyBudget } from './body-budget.js';
import { BASE_HEADERS } from './headers.js';
import type { Metrics } from './metrics.js';
import { preferredType } from './negotiate.js';
import { receiveBody, type BodyRefusal } from './receive-body.js';
import { detached, JSON_TYPE, problemReply, type RequestFacts } from './request-facts.js';
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
}

/** Addresses rendered per chunk before yielding to the event loop. */
export const CHUNK_ITEMS = 2000;

/** Bodies up to this size are prepared on the HTTP thread (under a millisecond); larger ones on the pool. */
export const INLINE_BODY_BYTES = 128 * 1024;

const NDJSON_TYPE = 'application/x-ndjson';
const MSGPACK_TYPE = 'application/msgpack';
const CSV_TYPE = 'text/csv; charset=utf-8; header=present';

const CONTENT_TYPES: Readonly<Record<ItemStyle, string>> = { json: JSON_TYPE, ndjson: NDJSON_TYPE, msgpack: MSGPACK_TYPE, csv: CSV_TYPE };

const OUTPUT_TYPES: ReadonlyArray<readonly [string, ItemStyle]> = [
  ['application/json', 'json'],
  ['application/x-ndjson', 'ndjson'],
  ['application/ndjson', 'ndjson'],
  ['application/msgpack', 'msgpack'],
  ['application/x-msgpack', 'msgpack'],
  ['application/vnd.msgpack', 'msgpack'],
  ['text/csv', 'csv'],
];

// What an extract answers in (its items carry line and context: no msgpack or NDJSON form).
const EXTRACT_TYPES: ReadonlyArray<readonly [string, ExtractStyle]> = [
  ['application/json', 'json'],
  ['text/csv', 'csv'],
];

// msgpack has no streaming array: a 32-bit array header with the count, then the items.
function msgpackArrayHeader(count: number): Uint8Array {
  const header = new Uint8Array(5);
  header[0] = 0xdd;
  new DataView(header.buffer).setUint32(1, count);
  return header;
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A response to stream: framing around the chunks, and how chunk k is rendered. */
interface Job {
  readonly contentType: string;
  /** The registry snapshot its items are analysed on. */
  readonly dataVersion: string;
  readonly head: string | Uint8Array;
  readonly tail: string;
  /** Headers of this answer beyond the common ones. */
  readonly headers?: readonly string[];
  readonly chunks: number;
  render(k: number, pool: BatchPool | null): Promise<Uint8Array>;
}

/** What builds a request's Job from its prepared body, on its snapshot's analyzer. */
type JobMaker = (p: PreparedBody, lang: Lang, analyzer: Analyzer) => Job;

/** Registers the batch and extract routes on `app`; returns how many are in flight (for drains). */
export function registerBatchRoutes(kit: RouteKit, ctx: BatchContext): { readonly active: () => number } {
  const { metrics, logger } = ctx;
  let active = 0;
  const limits = { maxBytes: ctx.maxBytes, budget: ctx.budget, timeoutMs: ctx.bodyTimeoutMs, idleMs: ctx.bodyIdleMs };
  // The renderers load with the first body, not with every HTTP thread.
  const renderers = () => import('../batch/render-chunk.js');
  const lines = () => import('../batch/lines.js');

  const refusal = (reason: BodyRefusal, f: RequestFacts): Reply => {
    metrics.add(reason === 'payload_too_large' ? 'refused_too_large' : reason === 'unavailable' ? 'refused_budget' : 'refused_timeout');
    switch (reason) {
      case 'payload_too_large':
        return problemReply('payload_too_large', f, t(f.lang, 'detail.payload_bytes', { max: ctx.maxBytes }));
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
  const acceptBody = (res: EngineResponse, req: EngineRequest, f0: RequestFacts, kind: PrepareKind, extra: readonly string[], job: JobMaker) => {
    const cl = req.getHeader('content-length');
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
      onRefused: (reason, out) => finish(out, refusal(reason, f), true),
      onError: (err, out) => {
        logger.error({ err, reqId: f.id }, 'unexpected error reading a request body');
        finish(out, internal(), true);
      },
      onBody: (body, out) => {
        answer(body, out).catch((err: unknown) => {
          logger.error({ err, reqId: f.id }, 'unexpected error answering a request body');
          if (out.started) out.abort();
          else finish(out, internal());
        });
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
      // Large bodies are prepared on the pool; small ones here, and the pool starts only for many items.
      let pool = body.byteLength > INLINE_BODY_BYTES ? await gen.pool() : null;
      if (pool && !pool.admits()) return busy();
      const size = body.byteLength;
      const request = { body, readAs: kind, perChunk: CHUNK_ITEMS, maxItems: ctx.maxItems };
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
      if ('tooMany' in outcome) {
        metrics.add('refused_too_large');
        finish(out, problemReply('payload_too_large', f, t(f.lang, 'detail.payload_items', { count: outcome.tooMany, max: ctx.maxItems })));
        return;
      }
      const prepared = outcome.prepared;
      metrics.add('batch_items', prepared.count);
      metrics.add('batch_bytes', size);
      logger.debug({ reqId: f.id, items: prepared.count, kind }, 'body prepared');
      if (prepared.count <= CHUNK_ITEMS) pool = null;
      else if (!pool) {
        pool = await gen.pool();
        if (pool && !pool.admits()) return busy();
      }
      await stream(out, job(prepared, f.lang, gen.analyzer), pool, f, extra, finish);
    };
  };

  // Chunk k of a prepared body: a view of shared memory, passed to a worker uncopied.
  const chunkOf = <T extends Uint8Array | Uint32Array>(array: T, p: PreparedBody, k: number) => array.subarray(p.chunks[k].start, p.chunks[k].end) as T;

  const batchJob = (style: ItemStyle, fields: FieldsKey): JobMaker => (p, lang, analyzer) => ({
    contentType: CONTENT_TYPES[style],
    dataVersion: analyzer.meta.version,
    head: style === 'json' ? '[' : style === 'msgpack' ? msgpackArrayHeader(p.count) : style === 'csv' ? csvHeader(csvColumnsOf(fields)) : '',
    tail: style === 'json' ? ']' : '',
    chunks: p.chunks.length,
    render: async (k, pool) => {
      const task = { kind: 'render', source: { lines: chunkOf(p.bytes, p, k), format: p.format === 'text' ? 'text' : 'ndjson' }, lang, style, leadingComma: k > 0, fields } as const;
      if (pool) return (await pool.run(task)).bytes;
      const [{ renderChunk }, { chunkInputs }] = await Promise.all([renderers(), lines()]);
      return renderChunk(analyzer, chunkInputs(task.source), lang, style, task.leadingComma, fields).bytes;
    },
  });

  // JSON: the count and truncation lead the object; CSV: rows only, so they travel as headers.
  const extractJob = (style: ExtractStyle, fields: FieldsKey): JobMaker => (p, lang, analyzer) => {
    if (p.format !== 'extract') throw new Error(`extract answer for a ${p.format} body`);
    return {
      contentType: CONTENT_TYPES[style],
      dataVersion: analyzer.meta.version,
      head: style === 'csv' ? extractCsvHeader(csvColumnsOf(fields)) : `{"count":${p.count},"truncated":${p.truncated},"items":[`,
      tail: style === 'csv' ? '' : ']}',
      headers: style === 'csv' ? ['X-Extract-Count', String(p.count), 'X-Extract-Truncated', String(p.truncated)] : [],
      chunks: p.chunks.length,
      render: async (k, pool) => {
        const task = { kind: 'render-extract', text: p.bytes, items: chunkOf(p.items, p, k), lang, leadingComma: k > 0, style, fields } as const;
        if (pool) return (await pool.run(task)).bytes;
        return (await renderers()).renderExtractChunk(analyzer, task.text, task.items, lang, task.leadingComma, style, fields).bytes;
      },
    };
  };

  /**
   * Streams `job`: several chunks in flight (every pool thread busy, one more ready), written
   * in order. The first chunk comes before the status line, so its failure is still a 500.
   */
  const stream = async (out: AsyncResponse, job: Job, pool: BatchPool | null, f: RequestFacts, extra: readonly string[], finish: (out: AsyncResponse, reply: Reply) => void) => {
    const inFlight: Promise<Uint8Array>[] = [];
    const submit = (k: number) => {
      if (k >= job.chunks) return;
      const p = job.render(k, pool);
      p.catch(() => undefined); // awaited in order below
      inFlight.push(p);
    };
    const window = pool ? pool.threads + 1 : 2;
    for (let k = 0; k < window; k++) submit(k);
    let first: Uint8Array | null = null;
    try {
      first = job.chunks > 0 ? await inFlight.shift()! : null;
    } catch (e) {
      logger.error({ err: e, reqId: f.id }, 'batch chunk failed');
      finish(out, problemReply('internal', f, t(f.lang, 'detail.internal', { requestId: f.id })));
      return;
    }
    out.begin('200 OK', [
      'Content-Type', job.contentType,
      'Cache-Control', 'no-store',
      'Vary', 'Accept',
      'X-Data-Version', job.dataVersion,
      'X-Request-Id', f.id,
      ...BASE_HEADERS[f.cors ? 'cors' : 'plain'][f.lang],
      ...(job.headers ?? []),
      ...extra,
    ]);
    metrics.count('batch', '200');
    await out.write(job.head);
    if (first) await out.write(first);
    for (let k = 1; k < job.chunks && !out.aborted; k++) {
      submit(k + window - 1);
      let bytes: Uint8Array;
      try {
        bytes = await inFlight.shift()!;
      } catch (e) {
        // Headers are gone: the only honest signal left is an incomplete response.
        logger.error({ err: e, reqId: f.id }, 'batch chunk failed; response cut short');
        out.abort();
        return;
      }
      await out.write(bytes);
      if (!pool) await yieldToEventLoop();
    }
    out.end(job.tail);
  };

  // Refuses a request before its body is read (uWS then closes the connection if a body follows).
  const refuse = (res: EngineResponse, reply: Reply) => {
    send(res, reply);
    metrics.count('batch', reply.status);
  };

  const batch: BodyHandler = (res, req, f, extra) => {
    const contentType = req.getHeader('content-type');
    const format = bodyFormat(contentType);
    if (format === null) {
      return refuse(res, problemReply('unsupported_media_type', f, t(f.lang, 'detail.unsupported_media_type', { type: contentType || '(none)', accepted: ACCEPTED_BODY_TYPES.join(', ') }), extra));
    }
    const style = preferredType(req.getHeader('accept'), OUTPUT_TYPES, 'json');
    const fields = bulkFields(f, style === 'csv');
    if ('refused' in fields) return refuse(res, withHeaders(fields.refused, extra));
    acceptBody(res, req, f, format, extra, batchJob(style, fields.key));
  };

  const extract: BodyHandler = (res, req, f, extra) => {
    const contentType = req.getHeader('content-type');
    if (!contentType.toLowerCase().startsWith('text/plain')) {
      return refuse(res, problemReply('unsupported_media_type', f, t(f.lang, 'detail.unsupported_media_type', { type: contentType || '(none)', accepted: 'text/plain' }), extra));
    }
    const style = preferredType(req.getHeader('accept'), EXTRACT_TYPES, 'json');
    const fields = bulkFields(f, style === 'csv');
    if ('refused' in fields) return refuse(res, withHeaders(fields.refused, extra));
    acceptBody(res, req, f, 'extract', extra, extractJob(style, fields.key));
  };

  kit.body('/api/mac/batch', { metric: 'batch', limited: true }, batch);
  kit.body('/api/public/mac/batch', { metric: 'batch', cors: true, limited: true }, batch);
  kit.body('/api/mac/extract', { metric: 'batch', limited: true }, extract);
  kit.body('/api/public/mac/extract', { metric: 'batch', cors: true, limited: true }, extract);
  return { active: () => active };
}
