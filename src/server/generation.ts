/**
 * One registry snapshot on one HTTP thread, the one object that a reload replaces: its
 * Analyzer, its registry service (catalog, search, exports, built on first use), the strings
 * its answers share, and its bulk pool (whose workers attach to that snapshot). After a reload
 * the thread's new requests go to the next generation; this one lives until its last batch has
 * ended, then closes its pool, so the old snapshot's shared memory can be released.
 */
import { Analyzer, type AnalyzerHandle } from '../analysis/analyzer.js';
import type { BatchPool, PoolOptions } from '../batch/pool.js';
import { RegistryService } from '../catalog/registry-service.js';
import { snapshotStrings, type PreviousSnapshot, type ServedSnapshot, type SnapshotStrings } from '../http/served-snapshot.js';

/** A snapshot's analyzer, registry service, answer strings and pool, with a count of the requests still using it. */
export class Generation implements ServedSnapshot {
  readonly analyzer: Analyzer;
  readonly registry: RegistryService;
  readonly strings: SnapshotStrings;
  private poolStart: Promise<BatchPool | null> | null = null;
  private started: BatchPool | null = null;
  private inFlight = 0;
  private retired = false;

  /** Builds the analyzer on `handle`, which replaced `previous` (null at start); the pool starts with the first large body. */
  constructor(
    readonly handle: AnalyzerHandle,
    private readonly poolOptions: PoolOptions,
    previous: PreviousSnapshot | null = null,
  ) {
    this.analyzer = new Analyzer(handle);
    this.registry = new RegistryService(handle, this.analyzer.index);
    this.strings = snapshotStrings(this.analyzer, previous);
  }

  /** This snapshot's pool (Piscina loads with the first large batch, not with the thread). */
  pool = (): Promise<BatchPool | null> =>
    (this.poolStart ??=
      this.poolOptions.threads > 0
        ? import('../batch/pool.js').then((m) => (this.started = m.startBatchPool(this.handle, this.poolOptions)))
        : Promise.resolve(null));

  /** Starts this snapshot's pool and warms its workers; resolves with the slowest worker's milliseconds (0 without a pool). */
  warm = async (): Promise<number> => {
    const pool = await this.pool();
    return pool ? pool.warm() : 0;
  };

  /** Marks a request in flight; the result marks its end (once). */
  hold = (): (() => void) => {
    this.inFlight++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.inFlight--;
      this.closeIfIdle();
    };
  };

  /** No new request will use this generation: its pool closes when the last one ends. */
  retire(): void {
    this.retired = true;
    this.closeIfIdle();
  }

  /** The pool's queued and running tasks (0 before it started). */
  poolLoad(): { queued: number; busy: number } {
    return this.started ? { queued: this.started.queued(), busy: this.started.busy() } : { queued: 0, busy: 0 };
  }

  /** Closes the pool now (drain). */
  close(): Promise<void> {
    return this.poolStart?.then((p) => p?.close()) ?? Promise.resolve();
  }

  private closeIfIdle(): void {
    if (this.retired && this.inFlight === 0) void this.close();
  }
}
