/**
 * The process pool's load, by HTTP thread, in shared memory: for each thread, its tasks waiting
 * for a worker and its tasks running. The main thread (pool-host.ts) writes them; each HTTP
 * thread reads its own (the metrics sum them over threads) and the total waiting (admission:
 * POOL_MAX_QUEUE).
 */

const QUEUED = 0;
const BUSY = 1;
const CELLS = 2;

/** The counters of `owners` HTTP threads, created once by the main thread. */
export function createPoolLoadBuffer(owners: number): SharedArrayBuffer {
  return new SharedArrayBuffer(owners * CELLS * Int32Array.BYTES_PER_ELEMENT);
}

/** The counters, as the main thread changes them and the HTTP threads read them. */
export class PoolLoad {
  private readonly cells: Int32Array;

  /** Attaches to the counters in `buffer`. */
  constructor(buffer: SharedArrayBuffer) {
    this.cells = new Int32Array(buffer);
  }

  /** Adds `delta` to `owner`'s waiting tasks. */
  addQueued(owner: number, delta: number): void {
    Atomics.add(this.cells, owner * CELLS + QUEUED, delta);
  }

  /** Adds `delta` to `owner`'s running tasks. */
  addBusy(owner: number, delta: number): void {
    Atomics.add(this.cells, owner * CELLS + BUSY, delta);
  }

  /** `owner`'s tasks waiting for a worker. */
  queued(owner: number): number {
    return Atomics.load(this.cells, owner * CELLS + QUEUED);
  }

  /** `owner`'s tasks running on a worker. */
  busy(owner: number): number {
    return Atomics.load(this.cells, owner * CELLS + BUSY);
  }

  /** Tasks waiting for a worker, over every HTTP thread. */
  totalQueued(): number {
    let n = 0;
    for (let i = QUEUED; i < this.cells.length; i += CELLS) n += Atomics.load(this.cells, i);
    return n;
  }
}
