/**
 * The bulk pool (Piscina): large bodies are prepared and chunks of large batches rendered
 * here, off the HTTP thread, on the same shared registry index. Admission bounds memory: a
 * batch that finds `maxQueue` tasks waiting is refused (503); an admitted batch keeps a few
 * chunks in flight, which are never refused midway. Each worker has a heap limit: a task that
 * exceeds it fails (its worker is replaced), the process lives on.
 */
import { Piscina } from 'piscina';
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import type { BatchTask, BatchWorkerData, RenderExtractTask, RenderTask, WarmOutcome, WarmTask } from './tasks.js';
import { PoolSlots } from './pool-slots.js';
import type { PrepareOutcome, PrepareRequest } from './prepare.js';
import type { RenderedChunk } from './render-chunk.js';

/** A started pool. */
export interface BatchPool {
  /** True when a new batch may start: fewer than `maxQueue` tasks are waiting. */
  admits(): boolean;
  /** Renders a chunk on a worker (its bytes, if any, are transferred: the caller loses them). */
  run(task: RenderTask | RenderExtractTask): Promise<RenderedChunk>;
  /** Prepares a whole body on a worker (the body is transferred: the caller loses it). */
  prepare(request: PrepareRequest): Promise<PrepareOutcome>;
  /**
   * Warms every worker once (warm-up.ts), outside the process-wide slots (warm-ups of several
   * pools run at once); resolves with the longest worker's milliseconds. The same promise on later calls.
   */
  warm(): Promise<number>;
  /** Stops the workers. */
  close(): Promise<void>;
  /** Tasks waiting for a slot or a worker. */
  readonly queued: () => number;
  /** Tasks running on a worker. */
  readonly busy: () => number;
  /** Number of worker threads. */
  readonly threads: number;
}

/** How a pool is sized and limited. */
export interface PoolOptions {
  /** Workers of this pool, and tasks running at once in the whole process (shared `slots`). */
  readonly threads: number;
  /** The process-wide count of running tasks (createPoolSlotsBuffer), and this pool's owner number in it. */
  readonly slots: SharedArrayBuffer;
  readonly slotOwner: number;
  readonly maxQueue: number;
  readonly faultInjection: boolean;
  /** Old-generation heap limit of each worker, in MB. */
  readonly heapMb: number;
  /** Workers live as long as the pool (POOL_WARM_UP), instead of stopping after 10 s idle. */
  readonly keepWarm: boolean;
}

/**
 * Each worker's young generation, in MB. A worker renders into lent shared memory and allocates
 * little, so V8's default only held memory: six 1,000,000-address batches landing on both HTTP
 * threads' pools (4 workers) peaked at 315-323 MB with the default (as with 16 or 32), at
 * 287-291 MB with 8 (one pool: about 230 against 216), and ran no slower (446-473k addresses/s
 * against 380-450k, warm batches, same hour; docs/PERFORMANCE.md, run 8).
 */
const WORKER_YOUNG_GENERATION_MB = 8;

// Bytes a task carries in an ArrayBuffer of their own move to the worker; views of shared
// memory are passed as they are (shared, uncopied); strings are cloned.
function transferList(task: BatchTask): ArrayBuffer[] {
  const bytes = task.kind === 'render' ? ('lines' in task.source ? task.source.lines : null) : task.kind === 'prepare' ? task.body : null;
  return bytes && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
}

/** Starts a pool of `threads` workers (on demand) with a queue of at most `maxQueue` tasks; tasks run only while they hold a process-wide slot. */
export function startBatchPool(analyzer: AnalyzerHandle, options: PoolOptions): BatchPool {
  const workerData: BatchWorkerData = { analyzer, faultInjection: options.faultInjection };
  const pool = new Piscina({
    filename: new URL('../../workers/batch-worker.js', import.meta.url).href,
    workerData,
    // By default workers start with the first batch and stop after 10 s idle: a service that
    // answers single GETs carries no pool memory, and the heap a burst of large batches grew
    // goes back to the system with its worker; the first batch after a pause pays for new
    // workers (compilation, caches: 17-40% slower, docs/PERFORMANCE.md). Kept warm
    // (POOL_WARM_UP), every worker lives as long as the pool, and warm() readies them.
    minThreads: options.keepWarm ? options.threads : 0,
    maxThreads: options.threads,
    ...(options.keepWarm ? {} : { idleTimeout: 10_000 }),
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  const slots = new PoolSlots(options.slots, options.threads, options.slotOwner);
  let inFlight = 0;
  let waiting = 0; // for a slot, held by another thread's pool
  const run = async (task: BatchTask) => {
    inFlight++;
    try {
      if (!slots.tryAcquire()) {
        waiting++;
        await slots.acquire().finally(() => waiting--);
      }
      try {
        return await pool.run(task, { transferList: transferList(task) });
      } finally {
        slots.release();
      }
    } finally {
      inFlight--;
    }
  };
  const queued = () => waiting + pool.queueSize;
  let warmed: Promise<number> | null = null;
  const warm = () =>
    (warmed ??= (async () => {
      const task: WarmTask = { kind: 'warm', arrived: new Int32Array(new SharedArrayBuffer(4)), workers: options.threads };
      const outcomes = (await Promise.all(Array.from({ length: options.threads }, () => pool.run(task)))) as WarmOutcome[];
      return Math.max(0, ...outcomes.map((o) => o.ms));
    })());
  return {
    admits: () => queued() < options.maxQueue,
    run: async (task) => (await run(task)) as RenderedChunk,
    prepare: async (request) => (await run({ kind: 'prepare', ...request })) as PrepareOutcome,
    warm,
    close: () => pool.close(),
    queued,
    busy: () => inFlight - queued(),
    threads: options.threads,
  };
}
