/**
 * POST /api/mac/batch and /api/public/mac/batch (CONTRACT.md, Bulk), and …/extract for
 * pasted text. The body is read
 * incrementally within BATCH_MAX_BYTES, parsed by its Content-Type, and answered in the
 * format `Accept` asks for, one result per input in input order. The answer is produced in
 * chunks that yield to the event loop, so single GETs on the same thread keep flowing; it
 * honours backpressure (a slow reader pauses the work) and stops when the client goes.
 */
import type { Logger } from 'pino';
import type { HttpRequest, HttpResponse, TemplatedApp } from 'uWebSockets.js';
import type { Analyzer } from '../analysis/analyzer.js';
import { BodyError } from '../batch/body-error.js';
import { extractMacs } from '../batch/extract.js';
import { chunkInputs, scanLines, type ChunkSource, type LineFormat } from '../batch/lines.js';
import { ACCEPTED_BODY_TYPES, bodyFormat } from '../batch/media-types.js';
import type { BatchPool } from '../batch/pool.js';
import { CSV_HEADER, renderChunk } from '../batch/render-chunk.js';
import { t } from '../i18n/messages.js';
import { BASE_HEADERS, PREFLIGHT_MAX_AGE } from './headers.js';
import type { Metrics } from './metrics.js';
import { detached, facts, JSON_TYPE, problemReply, type RequestFacts } from './request-facts.js';
import { AsyncResponse, send, type Reply } from './respond.js';

/** What the batch route needs from its thread. */
export interface BatchContext {
  readonly analyzer: Analyzer;
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly maxBytes: number;
  readonly maxItems: number;
  /** The bulk pool (started on first use), or null to render every chunk on this thread. */
  readonly pool: () => Promise<BatchPool | null>;
}

/** Addresses rendered per chunk before yielding to the event loop. */
export const CHUNK_ITEMS = 2000;

const NDJSON_TYPE = 'application/x-ndjson';
const MSGPACK_TYPE = 'application/msgpack';
const CSV_TYPE = 'text/csv; charset=utf-8; header=present';

/** The answer formats, chosen by Accept. */
type OutputFormat = 'json' | 'ndjson' | 'msgpack' | 'csv';

const CONTENT_TYPES: Readonly<Record<OutputFormat, string>> = { json: JSON_TYPE, ndjson: NDJSON_TYPE, msgpack: MSGPACK_TYPE, csv: CSV_TYPE };

const OUTPUT_TYPES: ReadonlyArray<readonly [string, OutputFormat]> = [
  ['application/json', 'json'],
  ['application/x-ndjson', 'ndjson'],
  ['application/ndjson', 'ndjson'],
  ['application/msgpack', 'msgpack'],
  ['application/x-msgpack', 'msgpack'],
  ['application/vnd.msgpack', 'msgpack'],
  ['text/csv', 'csv'],
];

// The first supported type Accept lists (order of preference); JSON by default.
function outputFormat(accept: string): OutputFormat {
  const a = accept.toLowerCase();
  let best: OutputFormat = 'json';
  let at = Infinity;
  for (const [type, format] of OUTPUT_TYPES) {
    const i = a.indexOf(type);
    if (i >= 0 && i < at) {
      at = i;
      best = format;
    }
  }
  return best;
}

/** A received batch: how many items, in how many chunks, and each chunk's source. */
interface Batch {
  readonly count: number;
  readonly chunks: number;
  source(k: number): ChunkSource;
}

// Chunks of whole lines; each is copied out of the body so that it can move to a worker.
function lineBatch(body: Buffer, format: LineFormat): Batch {
  const { count, chunks } = scanLines(body, format, CHUNK_ITEMS);
  return { count, chunks: chunks.length, source: (k) => ({ lines: new Uint8Array(body.subarray(chunks[k].start, chunks[k].end)), format }) };
}

async function parsedBatch(format: 'json' | 'msgpack', body: Buffer): Promise<Batch> {
  const { parseBody } = await import('../batch/parse-body.js');
  const inputs = parseBody(format, body);
  return { count: inputs.length, chunks: Math.ceil(inputs.length / CHUNK_ITEMS), source: (k) => ({ inputs: inputs.slice(k * CHUNK_ITEMS, (k + 1) * CHUNK_ITEMS) }) };
}

// msgpack has no streaming array: a 32-bit array header with the count, then the items.
function msgpackArrayHeader(count: number): Uint8Array {
  const header = new Uint8Array(5);
  header[0] = 0xdd;
  new DataView(header.buffer).setUint32(1, count);
  return header;
}

// Items as msgpack maps: rendered as NDJSON, then packed one by one.
function msgpackItems(pack: (value: unknown) => Uint8Array, ndjson: Uint8Array): Uint8Array {
  const lines = Buffer.from(ndjson.buffer, ndjson.byteOffset, ndjson.byteLength).toString('utf8').split('\n');
  lines.pop();
  return Buffer.concat(lines.map((l) => pack(JSON.parse(l))));
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Registers the batch routes on `app`; returns how many batches are in flight (for drains). */
export function registerBatchRoutes(app: TemplatedApp, ctx: BatchContext): { readonly active: () => number } {
  const { analyzer, metrics, logger } = ctx;
  let active = 0;
  const dataVersion = analyzer.meta.version;

  const handler = (cors: boolean) => (res: HttpResponse, req: HttpRequest) => {
    let f: RequestFacts | undefined;
    let reply: Reply | null = null;
    try {
      f = facts(req, cors, 'post');
      const contentType = req.getHeader('content-type');
      const format = bodyFormat(contentType);
      const declared = Number(req.getHeader('content-length') || '0');
      if (format === null) {
        reply = problemReply('unsupported_media_type', f, t(f.lang, 'detail.unsupported_media_type', { type: contentType || '(none)', accepted: ACCEPTED_BODY_TYPES.join(', ') }));
      } else if (declared > ctx.maxBytes) {
        reply = problemReply('payload_too_large', f, t(f.lang, 'detail.payload_bytes', { max: ctx.maxBytes }));
      } else {
        readAndAnswer(res, f, format, outputFormat(req.getHeader('accept')), cors);
        return;
      }
    } catch (e) {
      f ??= { req, method: 'post', lang: 'en', id: 'unknown', cors };
      logger.error({ err: e, reqId: f.id }, 'unexpected error');
      reply = problemReply('internal', f, t(f.lang, 'detail.internal', { requestId: f.id }));
    }
    send(res, reply);
    metrics.count('batch', reply.status);
  };

  /** What a body handler gets: the request facts (detached), the response and its finisher. */
  interface BodyContext {
    readonly f: RequestFacts;
    readonly out: AsyncResponse;
    readonly finish: (reply: Reply, close?: boolean) => void;
    readonly internal: Reply;
  }

  // Reads a whole body within BATCH_MAX_BYTES (413 as soon as it is over), then hands it on.
  const receiveBody = (res: HttpResponse, facts0: RequestFacts, onBody: (body: Buffer, c: BodyContext) => void | Promise<void>) => {
    // uWS's `req` dies with the handler: everything used later is copied out now.
    const f = detached(facts0);
    const tooLarge = problemReply('payload_too_large', f, t(f.lang, 'detail.payload_bytes', { max: ctx.maxBytes }));
    const internal = problemReply('internal', f, t(f.lang, 'detail.internal', { requestId: f.id }));
    active++;
    const out = new AsyncResponse(res, () => active--);
    const finish = (reply: Reply, close = false) => {
      out.send(reply, close);
      metrics.count('batch', reply.status);
    };
    const chunks: Uint8Array[] = [];
    let size = 0;
    const receive = (chunk: ArrayBuffer, isLast: boolean) => {
      if (out.aborted) return;
      size += chunk.byteLength;
      if (size > ctx.maxBytes) {
        finish(tooLarge, true); // stop reading: close once answered
        return;
      }
      chunks.push(new Uint8Array(chunk.slice(0))); // uWS reuses the chunk's memory
      if (!isLast) return;
      const body = Buffer.concat(chunks, size);
      chunks.length = 0;
      Promise.resolve(onBody(body, { f, out, finish, internal })).catch((e: unknown) => {
        logger.error({ err: e, reqId: f.id }, 'unexpected error answering a request body');
        finish(internal);
      });
    };
    // An exception must not escape into uWS (it would take the thread down).
    res.onData((chunk, isLast) => {
      try {
        receive(chunk, isLast);
      } catch (e) {
        logger.error({ err: e, reqId: f.id }, 'unexpected error reading a request body');
        finish(internal, true);
      }
    });
  };

  const readAndAnswer = (res: HttpResponse, facts0: RequestFacts, format: NonNullable<ReturnType<typeof bodyFormat>>, style: OutputFormat, cors: boolean) =>
    receiveBody(res, facts0, async (body, { f, out, finish, internal }) => {
      // Line bodies stay bytes, cut into chunks of whole lines (no string per item on this
      // thread); JSON and msgpack bodies are parsed whole (ajv and msgpackr load with the
      // first such batch, not with every HTTP thread).
      let batch: Batch;
      try {
        batch = format === 'ndjson' || format === 'text' ? lineBatch(body, format) : await parsedBatch(format, body);
      } catch (e) {
        if (!(e instanceof BodyError)) throw e;
        finish(problemReply('invalid_body', f, t(f.lang, e.key, e.params)));
        return;
      }
      if (batch.count > ctx.maxItems) {
        finish(problemReply('payload_too_large', f, t(f.lang, 'detail.payload_items', { count: batch.count, max: ctx.maxItems })));
        return;
      }
      const busy = problemReply('unavailable', f, t(f.lang, 'detail.unavailable'), ['Retry-After', '1']);
      logger.debug({ reqId: f.id, items: batch.count, format, output: style }, 'batch received');
      const started = performance.now();
      stream(out, batch, f.lang, style, cors, f.id, finish, { busy, internal })
        .then(() => logger.debug({ reqId: f.id, items: batch.count, ms: performance.now() - started }, 'batch done'))
        .catch((err: unknown) => {
          logger.error({ err, reqId: f.id }, 'batch failed');
          out.abort();
        });
    });

  // POST …/extract: the distinct addresses found in pasted text, each with its line and analysis.
  const extract = (cors: boolean) => (res: HttpResponse, req: HttpRequest) => {
    const f0 = facts(req, cors, 'post');
    const contentType = req.getHeader('content-type');
    if (!contentType.toLowerCase().startsWith('text/plain')) {
      send(res, problemReply('unsupported_media_type', f0, t(f0.lang, 'detail.unsupported_media_type', { type: contentType || '(none)', accepted: 'text/plain' })));
      return;
    }
    receiveBody(res, f0, (body, { f, finish }) => {
      const found = extractMacs(body.toString('utf8'), ctx.maxItems);
      const items = found.map((m) => `{"input":${JSON.stringify(m.input)},"line":${m.line},"context":${JSON.stringify(m.context)},"analysis":${analyzer.render(m.mac, f.lang)}}`);
      finish({
        status: '200 OK',
        headers: ['Content-Type', JSON_TYPE, 'Cache-Control', 'no-store', 'X-Data-Version', dataVersion, 'X-Request-Id', f.id, ...BASE_HEADERS[cors ? 'cors' : 'plain'][f.lang]],
        body: `{"count":${items.length},"truncated":${found.length >= ctx.maxItems},"items":[${items.join(',')}]}`,
      });
    });
  };

  const stream = async (
    out: AsyncResponse,
    batch: Batch,
    lang: RequestFacts['lang'],
    style: OutputFormat,
    cors: boolean,
    id: string,
    finish: (reply: Reply) => void,
    refusals: { busy: Reply; internal: Reply },
  ) => {
    // Small batches render here; larger ones chunk by chunk on the pool, several chunks in
    // flight, written in input order.
    const itemStyle = style === 'msgpack' ? 'ndjson' : style;
    const onPool = batch.count > CHUNK_ITEMS ? await ctx.pool() : null;
    if (onPool && !onPool.admits()) {
      finish(refusals.busy);
      return;
    }
    const pack = style === 'msgpack' ? (await import('msgpackr')).pack : null;
    const chunks = batch.chunks;
    const render = (k: number): Promise<Uint8Array> => {
      const task = { source: batch.source(k), lang, style: itemStyle, leadingComma: k > 0 } as const;
      if (onPool) return onPool.run(task).then((c) => c.bytes);
      return Promise.resolve(renderChunk(analyzer, chunkInputs(task.source), lang, itemStyle, task.leadingComma).bytes);
    };
    const inFlight: Promise<Uint8Array>[] = [];
    const submit = (k: number) => {
      if (k >= chunks) return;
      const p = render(k);
      p.catch(() => undefined); // awaited in order below
      inFlight.push(p);
    };
    // Keep every pool thread busy, and one more chunk ready (two when rendering inline).
    const window = onPool ? onPool.threads + 1 : 2;
    for (let k = 0; k < window; k++) submit(k);
    // The first chunk comes before the status line, so its failure can still be a 500.
    let first: Uint8Array | null = null;
    try {
      first = chunks > 0 ? await inFlight.shift()! : null;
    } catch (e) {
      logger.error({ err: e, reqId: id }, 'batch chunk failed');
      finish(refusals.internal);
      return;
    }
    out.begin('200 OK', [
      'Content-Type', CONTENT_TYPES[style],
      'Cache-Control', 'no-store',
      'Vary', 'Accept',
      'X-Data-Version', dataVersion,
      'X-Request-Id', id,
      ...BASE_HEADERS[cors ? 'cors' : 'plain'][lang],
    ]);
    metrics.count('batch', '200');
    if (style === 'json') await out.write('[');
    if (style === 'msgpack') await out.write(msgpackArrayHeader(batch.count));
    if (style === 'csv') await out.write(CSV_HEADER);
    const emit = (bytes: Uint8Array) => out.write(pack ? msgpackItems(pack, bytes) : bytes);
    if (first) await emit(first);
    for (let k = 1; k < chunks && !out.aborted; k++) {
      submit(k + window - 1);
      let bytes: Uint8Array;
      try {
        bytes = await inFlight.shift()!;
      } catch (e) {
        // Headers are gone: the only honest signal left is an incomplete response.
        logger.error({ err: e, reqId: id }, 'batch chunk failed; response cut short');
        out.abort();
        return;
      }
      await emit(bytes);
      if (!onPool) await yieldToEventLoop();
    }
    out.end(style === 'json' ? ']' : '');
  };

  const preflight = (res: HttpResponse, req: HttpRequest) => {
    const f = facts(req, true, 'options');
    send(res, {
      status: '204 No Content',
      headers: [
        ...BASE_HEADERS.cors[f.lang],
        'Access-Control-Allow-Methods', 'POST, OPTIONS',
        'Access-Control-Allow-Headers', req.getHeader('access-control-request-headers') || 'Content-Type, Accept, X-Request-Id',
        'Access-Control-Max-Age', PREFLIGHT_MAX_AGE,
        'X-Request-Id', f.id,
      ],
      body: '',
    });
  };

  app.post('/api/mac/batch', handler(false));
  app.post('/api/public/mac/batch', handler(true));
  app.options('/api/public/mac/batch', preflight);
  app.post('/api/mac/extract', extract(false));
  app.post('/api/public/mac/extract', extract(true));
  app.options('/api/public/mac/extract', preflight);
  return { active: () => active };
}
