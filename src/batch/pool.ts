/**
 * A bulk pool (Piscina): large bodies are prepared and chunks of large batches rendered on its
 * workers, off the calling thread, on the same shared registry index. Each worker has a heap
 * limit: a task that exceeds it fails (its worker is replaced), the process lives on.
 *
 * The service runs one such pool per registry snapshot, for the whole process, in its main
 * thread (pool-host.ts), which every HTTP thread reaches through pool-client.ts; the CLI runs
 * its own.
 */
import { Piscina } from 'piscina';
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import { transferList, type BatchTask, type BatchWorkerData, type ChunkTask, type WarmOutcome, type WarmTask } from './tasks.js';
import type { PrepareOutcome, PrepareRequest } from './prepare.js';
import type { RenderedChunk } from './render-chunk.js';

/** What renders chunks and prepares bodies off the calling thread. */
export interface ChunkRunner {
  /** Renders a chunk on a worker (its bytes, if any, are transferred: the caller loses them). */
  run(task: ChunkTask): Promise<RenderedChunk>;
  /** Prepares a whole body on a worker (the body is transferred: the caller loses it). */
  prepare(request: PrepareRequest): Promise<PrepareOutcome>;
  /** Workers that run tasks at once (POOL_THREADS): a batch keeps about this many chunks in flight. */
  readonly threads: number;
}

/** A started pool. */
export interface BatchPool extends ChunkRunner {
  /**
   * Starts every worker and resolves once each has taken a warm task (outside any queue), with
   * the slowest one's milliseconds from its start. The same promise on later calls.
   */
  warm(): Promise<number>;
  /** Stops the workers at once: a task still running is abandoned, its promise rejected (every caller closes a pool whose answers nobody reads any more). */
  close(): Promise<void>;
}

/**
 * Rendered vendor members a worker keeps by default, in MiB (VENDOR_CACHE_MB): every block of the
 * registry in one language takes about 24 MiB, so an inventory of any mix of vendors is answered
 * from it in one language and mostly in two.
 */
export const VENDOR_CACHE_MB = 32;

/** How a pool is sized and limited. */
export interface PoolOptions {
  /** Workers of the pool (POOL_THREADS). */
  readonly threads: number;
  readonly faultInjection: boolean;
  /** Old-generation heap limit of each worker, in MB. */
  readonly heapMb: number;
  /** Workers live as long as the pool (POOL_WARM_UP), instead of stopping after 10 s idle. */
  readonly keepWarm: boolean;
  /** Rendered vendor members each worker keeps, in MiB (VENDOR_CACHE_MB). */
  readonly vendorCacheMb: number;
}

/**
 * Each worker's young generation, in MB. A worker renders into lent shared memory and allocates
 * little, so V8's larger default only holds memory, and a batch runs no slower with this.
 */
const WORKER_YOUNG_GENERATION_MB = 8;

/** Starts a pool of `threads` workers (on demand, or at once with `keepWarm`); tasks beyond them wait in Piscina's queue. */
export function startBatchPool(analyzer: AnalyzerHandle, options: PoolOptions): BatchPool {
  const workerData: BatchWorkerData = { analyzer, vendorCacheBytes: options.vendorCacheMb * 1024 * 1024, faultInjection: options.faultInjection };
  const pool = new Piscina({
    filename: new URL('../../workers/batch-worker.js', import.meta.url).href,
    workerData,
    // By default workers start with the first batch and stop after 10 s idle: a service that
    // answers single GETs carries no pool memory, and the heap a burst of large batches grew
    // goes back to the system with its worker; the first batch after a pause pays for new
    // workers. Kept warm (POOL_WARM_UP), every worker lives as long as the pool.
    minThreads: options.keepWarm ? options.threads : 0,
    maxThreads: options.threads,
    ...(options.keepWarm ? {} : { idleTimeout: 10_000 }),
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    // Idle workers wait for tasks with Atomics.waitAsync, not a blocking wait: their event loop
    // turns, so the worker's idle collection (workers/batch-worker.ts) can run.
    atomics: 'async',
  });
  const run = (task: BatchTask): Promise<unknown> => pool.run(task, { transferList: transferList(task) });
  let warmed: Promise<number> | null = null;
  const warm = () =>
    (warmed ??= (async () => {
      const task: WarmTask = { kind: 'warm', arrived: new Int32Array(new SharedArrayBuffer(4)), workers: options.threads };
      const outcomes = (await Promise.all(Array.from({ length: options.threads }, () => run(task)))) as WarmOutcome[];
      return Math.max(0, ...outcomes.map((o) => o.ms));
    })());
  return {
    run: async (task) => (await run(task)) as RenderedChunk,
    prepare: async (request) => (await run({ kind: 'prepare', ...request })) as PrepareOutcome,
    warm,
    // Not Piscina's close(): its 30 s timer, never cleared, holds the pool and so the snapshot's
    // shared index for 30 s after every reload.
    close: () => pool.destroy(),
    threads: options.threads,
  };
}
