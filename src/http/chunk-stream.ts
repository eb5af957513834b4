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

// The chunks of a job in flight, rendered ahead in a window: two per pool worker and two more
// (renderWindow; a chunk's result comes back through the main thread, pool-host.ts, before the
// next is asked for, and with one per worker and one more the workers sat idle while it
// travelled). Each chunk on the pool is rendered into a lent output slot (output-slots.ts),
// given back once its bytes are written, or, when the stream stops early, once its task has
// settled (a worker may still be writing into it). A chunk waits for its slot when the thread's
// are all lent; the answer goes on with the chunks it has.
class ChunkWindow {
  private readonly inFlight: Array<{ readonly bytes: Promise<Uint8Array>; readonly slot: Promise<Uint8Array | null> }> = [];
  readonly size: number;

  constructor(
    private readonly job: Job,
    private readonly pool: ChunkRunner | null,
    private readonly slots: OutputSlots,
  ) {
    this.size = pool ? renderWindow(pool.threads) : 2;
    for (let k = 0; k < this.size; k++) this.submit(k);
  }

  /** Starts rendering chunk `k` (none past the last). */
  submit(k: number): void {
    if (k >= this.job.chunks) return;
    const slot = this.pool ? this.slots.take() : Promise.resolve(null);
    const bytes = slot.then(async (into) => {
      const task = this.job.task(k, into);
      // The renderers load with the first body rendered here, not with every HTTP thread.
      const chunk = this.pool ? await this.pool.run(task) : (await import('../batch/run-chunk.js')).runChunk(this.job.analyzer, task);
      this.job.rendered?.(chunk);
      return chunk.bytes;
    });
    bytes.catch(() => undefined); // awaited in order by next()
    this.inFlight.push({ bytes, slot });
  }

  /** The next chunk's bytes; `written` gives its slot back. Throws when it failed. */
  async next(): Promise<{ readonly bytes: Uint8Array; readonly written: () => void }> {
    const { bytes, slot } = this.inFlight.shift()!;
    try {
      const done = await bytes;
      const lent = await slot;
      return { bytes: done, written: () => this.giveBack(lent) };
    } catch (e) {
      this.giveBack(await slot); // its task has settled
      throw e;
    }
  }

  /** Every task still in flight (a client gone, a chunk failed): its slot is given back once it has settled, so that the body the tasks read can be reused. */
  settleAll(): Promise<unknown> {
    return Promise.allSettled(
      this.inFlight.splice(0).map(({ bytes, slot }) => {
        const settled = () => slot.then((s) => this.giveBack(s));
        return bytes.then(settled, settled);
      }),
    );
  }

  private giveBack(slot: Uint8Array | null): void {
    if (slot) this.slots.give(slot);
  }
}

/**
 * Streams `job`: several chunks in flight, written in order. The first chunk comes before the
 * status line, so its failure is still a 500 (`finish` sends it); a later one can only cut the
 * answer short.
 */
export async function streamJob(out: AsyncResponse, job: Job, pool: ChunkRunner | null, slots: OutputSlots, f: RequestFacts, options: StreamOptions, finish: (out: AsyncResponse, reply: Reply) => void, metrics: Metrics, logger: Logger): Promise<void> {
  const chunks = new ChunkWindow(job, pool, slots);
  const body = options.gzipLevel > 0 ? gzipBody(out, options.gzipLevel) : plainBody(out);
  try {
    let first: Awaited<ReturnType<ChunkWindow['next']>> | null = null;
    try {
      first = job.chunks > 0 ? await chunks.next() : null;
    } catch (e) {
      logger.error({ err: e, reqId: f.id }, 'batch chunk failed');
      finish(out, problemReply('internal', f, t(f.lang, 'detail.internal', { requestId: f.id })));
      return;
    }
    out.begin('200 OK', answerHeaders(job, f, options, body.headers));
    metrics.count('batch', '200');
    if (options.gzipLevel > 0) metrics.add('batch_gzipped');
    await body.write(job.head);
    if (first) {
      await body.write(first.bytes);
      first.written();
    }
    for (let k = 1; k < job.chunks && !out.aborted; k++) {
      chunks.submit(k + chunks.size - 1);
      let chunk: Awaited<ReturnType<ChunkWindow['next']>>;
      try {
        chunk = await chunks.next();
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
    await chunks.settleAll();
  }
}

// The headers of a bulk answer: its type, its snapshot, the request's id and language, the job's
// own, the body's coding, and the ones every answer of the request carries.
function answerHeaders(job: Job, f: RequestFacts, options: StreamOptions, coding: readonly string[]): string[] {
  return [
    'Content-Type', job.contentType,
    'Cache-Control', 'no-store',
    'Vary', options.vary,
    'X-Data-Version', job.dataVersion,
    'X-Request-Id', f.id,
    ...BASE_HEADERS[f.cors ? 'cors' : 'plain'][f.lang],
    ...(job.headers ?? []),
    ...coding,
    ...options.extra,
  ];
}
