/**
 * The bulk pool (Piscina): chunks of large batches run here, off the HTTP thread, on the
 * same shared registry index. Admission bounds memory: a batch that finds `maxQueue`
 * chunks waiting is refused (503); an admitted batch keeps a few chunks in flight, which
 * are never refused midway.
 */
import { Piscina } from 'piscina';
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import type { BatchTask, BatchWorkerData } from '../../workers/batch-worker.js';
import type { RenderedChunk } from './render-chunk.js';

/** A started pool. */
export interface BatchPool {
  /** True when a new batch may start: fewer than `maxQueue` chunks are waiting. */
  admits(): boolean;
  /** Renders a chunk on a worker (its line bytes, if any, are transferred: the caller loses them). */
  run(task: BatchTask): Promise<RenderedChunk>;
  /** Stops the workers. */
  close(): Promise<void>;
  /** Number of worker threads. */
  readonly threads: number;
}

/** Starts `threads` workers with a queue of at most `maxQueue` chunks. */
export function startBatchPool(analyzer: AnalyzerHandle, threads: number, maxQueue: number, faultInjection: boolean): BatchPool {
  const workerData: BatchWorkerData = { analyzer, faultInjection };
  const pool = new Piscina({
    filename: new URL('../../workers/batch-worker.js', import.meta.url).href,
    workerData,
    // Workers start with the first batch and stop after a minute idle: a service that
    // answers single GETs carries no pool memory (~15 MB a worker).
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  return {
    admits: () => pool.queueSize < maxQueue,
    // Line bytes move to the worker (each chunk owns its buffer); strings are cloned.
    run: async (task) => (await pool.run(task, { transferList: 'lines' in task.source ? [task.source.lines.buffer as ArrayBuffer] : [] })) as RenderedChunk,
    close: () => pool.close(),
    threads,
  };
}
