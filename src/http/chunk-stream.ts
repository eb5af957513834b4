/**
 * A bulk answer on the wire: its chunks rendered ahead in a bounded window, written in input
 * order with backpressure, and stopped when the client goes.
 */
import type { Logger } from 'pino';
import { gzipBody, plainBody } from './answer-body.js';
import { renderWindow, type OutputSlots } from '../batch/output-slots.js';
import type { ChunkRunner } from '../batch/pool.js';
import { t } from '../i18n/messages.js';
import type { Job } from './bulk-answers.js';
import { BASE_HEADERS } from './headers.js';
import type { Metrics } from './metrics.js';
import { problemReply, type RequestFacts } from './request-facts.js';
import type { AsyncResponse, Reply } from './respond.js';

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** How a bulk answer is sent. */
export interface StreamOptions {
  /** Headers every answer carries (rate limit state). */
  readonly extra: readonly string[];
  /** The gzip level of the body, 0 to send it as it is. */
  readonly gzipLevel: number;
  /** The Vary field: the request headers the answer depends on. */
  readonly vary: string;
}

/**
 * Streams `job`: several chunks in flight (two per pool worker, and two more), written
 * in order. The first chunk comes before the status line, so its failure is still a 500
 * (`finish` sends it); a later one can only cut the answer short.
 */
export async function streamJob(out: AsyncResponse, job: Job, pool: ChunkRunner | null, slots: OutputSlots, f: RequestFacts, options: StreamOptions, finish: (out: AsyncResponse, reply: Reply) => void, metrics: Metrics, logger: Logger): Promise<void> {
  // Each chunk on the pool is rendered into a lent output slot (output-slots.ts), given back
  // once its bytes are written, or, when the stream stops early, once its task has settled
  // (a worker may still be writing into it). A chunk waits for its slot when the thread's are
  // all lent; the answer goes on with the chunks it has.
  const inFlight: Array<{ readonly bytes: Promise<Uint8Array>; readonly slot: Promise<Uint8Array | null> }> = [];
  const submit = (k: number) => {
    if (k >= job.chunks) return;
    const slot = pool ? slots.take() : Promise.resolve(null);
    const bytes = slot.then((into) => job.render(k, pool, into));
    bytes.catch(() => undefined); // awaited in order below
    inFlight.push({ bytes, slot });
  };
  const giveBack = (slot: Uint8Array | null) => {
    if (slot) slots.give(slot);
  };
  // Every task still in flight (a client gone, a chunk failed): its slot is given back once it
  // has settled, and so is the stream, so that the body the tasks read can be reused.
  const settleAll = () =>
    Promise.allSettled(
      inFlight.splice(0).map(({ bytes, slot }) => {
        const settled = () => slot.then(giveBack);
        return bytes.then(settled, settled);
      }),
    );
  // The next chunk's bytes; its slot is given back by `written`.
  const next = async () => {
    const { bytes, slot } = inFlight.shift()!;
    try {
      const done = await bytes;
      const lent = await slot;
      return { bytes: done, written: () => giveBack(lent) };
    } catch (e) {
      giveBack(await slot); // its task has settled
      throw e;
    }
  };
  // Two chunks per worker and two more (renderWindow): a chunk's result comes back through the
  // main thread (pool-host.ts) before the next is asked for, and with one per worker and one
  // more the workers sat idle while it travelled.
  const window = pool ? renderWindow(pool.threads) : 2;
  for (let k = 0; k < window; k++) submit(k);
  const body = options.gzipLevel > 0 ? gzipBody(out, options.gzipLevel) : plainBody(out);
  try {
    let first: Awaited<ReturnType<typeof next>> | null = null;
    try {
      first = job.chunks > 0 ? await next() : null;
    } catch (e) {
      logger.error({ err: e, reqId: f.id }, 'batch chunk failed');
      finish(out, problemReply('internal', f, t(f.lang, 'detail.internal', { requestId: f.id })));
      return;
    }
    out.begin('200 OK', [
      'Content-Type', job.contentType,
      'Cache-Control', 'no-store',
      'Vary', options.vary,
      'X-Data-Version', job.dataVersion,
      'X-Request-Id', f.id,
      ...BASE_HEADERS[f.cors ? 'cors' : 'plain'][f.lang],
      ...(job.headers ?? []),
      ...body.headers,
      ...options.extra,
    ]);
    metrics.count('batch', '200');
    if (options.gzipLevel > 0) metrics.add('batch_gzipped');
    await body.write(job.head);
    if (first) {
      await body.write(first.bytes);
      first.written();
    }
    for (let k = 1; k < job.chunks && !out.aborted; k++) {
      submit(k + window - 1);
      let chunk: Awaited<ReturnType<typeof next>>;
      try {
        chunk = await next();
      } catch (e) {
        // Headers are gone: the only honest signal left is an incomplete response.
        logger.error({ err: e, reqId: f.id }, 'batch chunk failed; response cut short');
        out.abort();
        return;
      }
      await body.write(chunk.bytes);
      chunk.written();
      if (!pool) await yieldToEventLoop();
    }
    await body.end(job.tail);
  } finally {
    body.close();
    await settleAll();
  }
}
