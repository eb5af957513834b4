/**
 * One registry snapshot on one HTTP thread, the one object that a reload replaces: its
 * Analyzer, what its registry service is built on (by the registry routes, on first use), the strings
 * its answers share, and its way to the process's bulk pool for that snapshot (pool-client.ts).
 * After a reload the thread's new requests go to the next generation; this one lives until its
 * last batch has ended, then releases the snapshot, so that the main thread can close its pool
 * and release its shared memory.
 */
import type { SnapshotFile } from '../registry/snapshot-file.js';
import { Analyzer, type AnalyzerHandle } from '../analysis/analyzer.js';
import type { PoolClient, SnapshotPool } from '../batch/pool-client.js';
import type { RegistrySnapshot } from '../registry/snapshot.js';
import { snapshotStrings, type PreviousSnapshot, type ServedSnapshot, type SnapshotStrings } from '../http/served-snapshot.js';

/** A snapshot's analyzer, registry snapshot, answer strings and pool, with a count of the requests still using it. */
export class Generation implements ServedSnapshot {
  readonly analyzer: Analyzer;
  readonly registrySnapshot: RegistrySnapshot;
  readonly strings: SnapshotStrings;
  readonly file: SnapshotFile | null;
  private readonly snapshotPool: SnapshotPool | null;
  private inFlight = 0;
  private retired = false;
  private released = false;
  private afterRelease: (() => void) | null = null;

  /**
   * Builds the analyzer on `handle` (the main thread's snapshot number `snapshot`), which
   * replaced `previous` (null at start); `pools` is the thread's link to the process pool, or
   * null without one (POOL_THREADS=0).
   */
  constructor(
    handle: AnalyzerHandle,
    private readonly snapshot: number,
    private readonly pools: PoolClient | null,
    previous: PreviousSnapshot | null = null,
  ) {
    this.analyzer = new Analyzer(handle);
    this.registrySnapshot = handle;
    this.file = handle.file;
    this.strings = snapshotStrings(this.analyzer, previous);
    this.snapshotPool = pools?.forSnapshot(snapshot) ?? null;
  }

  /** This snapshot's pool (its workers start with the first task), or null to do everything on this thread. */
  pool = (): Promise<SnapshotPool | null> => Promise.resolve(this.snapshotPool);

  /** Starts this snapshot's workers and warms them; resolves with the slowest worker's milliseconds (0 without a pool). */
  warm = async (): Promise<number> => (this.snapshotPool ? this.snapshotPool.warm() : 0);

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

  /** No new request will use this generation: its pool closes when the last one ends, then `afterRelease` runs (once). */
  retire(afterRelease?: () => void): void {
    this.retired = true;
    this.afterRelease = afterRelease ?? null;
    this.closeIfIdle();
  }

  /** No request will use this snapshot's pool again (drain, or retired and idle): the main thread may close it. */
  close(): void {
    if (this.released) return;
    this.released = true;
    this.pools?.release(this.snapshot);
  }

  private closeIfIdle(): void {
    if (!this.retired || this.inFlight > 0 || this.released) return;
    this.close();
    const then = this.afterRelease;
    this.afterRelease = null;
    then?.();
  }
}
