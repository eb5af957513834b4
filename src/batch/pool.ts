/**
 * The bulk pool (Piscina): chunks of large batches run here, off the HTTP thread, on the
 * same shared registry index. maxQueue bounds memory: a full queue refuses work (503).
 */
import { Piscina } from 'piscina';
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import type { BatchTask, BatchWorkerData } from '../../workers/batch-worker.js';
import type { RenderedChunk } from './render-chunk.js';

/** A started pool. */
export interface BatchPool {
  /** Renders a chunk on a worker; rejects with QueueFullError when the queue is full. */
  run(task: BatchTask): Promise<RenderedChunk>;
  /** Stops the workers. */
  close(): Promise<void>;
  /** Number of worker threads. */
  readonly threads: number;
}

/** The pool's queue is full: the caller should answer 503. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
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
    maxQueue,
  });
  return {
    run: async (task) => {
      if (pool.queueSize >= maxQueue) throw new QueueFullError('batch queue full');
      return (await pool.run(task)) as RenderedChunk;
    },
    close: () => pool.close(),
    threads,
  };
}
