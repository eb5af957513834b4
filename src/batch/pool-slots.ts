/**
 * One process-wide count of pool tasks running, in shared memory. Every HTTP thread has its
 * own pool (a Piscina belongs to the thread that made it), so without this each could run
 * POOL_THREADS tasks at once: HTTP_THREADS × POOL_THREADS busy workers on a CPU quota sized
 * for POOL_THREADS. A task takes a slot before it reaches its pool and gives it back when it
 * ends, so at most POOL_THREADS tasks run in the whole process, and one large batch alone can
 * still use them all.
 */

const RUNNING = 0;

/** The shared counter (one Int32), created once by the main thread. */
export function createPoolSlotsBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
}

/** Slots on the shared counter, `limit` in all. */
export class PoolSlots {
  private readonly cells: Int32Array;

  /** Attaches to the counter in `buffer`; `limit` is the same in every thread (POOL_THREADS). */
  constructor(
    buffer: SharedArrayBuffer,
    readonly limit: number,
  ) {
    this.cells = new Int32Array(buffer);
  }

  /** Takes a slot now if one is free. */
  tryAcquire(): boolean {
    for (;;) {
      const running = Atomics.load(this.cells, RUNNING);
      if (running >= this.limit) return false;
      if (Atomics.compareExchange(this.cells, RUNNING, running, running + 1) === running) return true;
    }
  }

  /** Resolves once a slot is taken; waits without blocking the event loop (Atomics.waitAsync). */
  async acquire(): Promise<void> {
    for (;;) {
      if (this.tryAcquire()) return;
      // Sleeps until a release changes the count (returns at once if it already has), or a
      // second has passed (a safety net: the loop then looks again).
      const wait = Atomics.waitAsync(this.cells, RUNNING, this.limit, 1000);
      if (!wait.async) continue;
      // A pending waitAsync does not keep its thread alive; this timer does.
      const alive = setTimeout(() => undefined, 1000);
      await wait.value;
      clearTimeout(alive);
    }
  }

  /** Gives a slot back and wakes one waiter, in any thread. */
  release(): void {
    Atomics.sub(this.cells, RUNNING, 1);
    Atomics.notify(this.cells, RUNNING, 1);
  }

  /** Tasks running in the whole process. */
  running(): number {
    return Atomics.load(this.cells, RUNNING);
  }
}
