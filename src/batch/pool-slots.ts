/**
 * One process-wide count of pool tasks running, in shared memory. Every HTTP thread has its
 * own pool (a Piscina belongs to the thread that made it), so without this each could run
 * POOL_THREADS tasks at once: HTTP_THREADS × POOL_THREADS busy workers on a CPU quota sized
 * for POOL_THREADS. A task takes a slot before it reaches its pool and gives it back when it
 * ends, so at most POOL_THREADS tasks run in the whole process, and one large batch alone can
 * still use them all.
 *
 * Each owner (an HTTP thread's slot number) also counts the slots it holds, so that when an
 * HTTP thread dies holding some (its pool workers die with it), the main thread gives them
 * back (`reclaimPoolSlots`) instead of losing them for good.
 */

const RUNNING = 0;
const FIRST_OWNER = 1;

/** The shared counters (the total, then one per owner), created once by the main thread. */
export function createPoolSlotsBuffer(owners: number): SharedArrayBuffer {
  return new SharedArrayBuffer((FIRST_OWNER + owners) * Int32Array.BYTES_PER_ELEMENT);
}

/** Gives back the slots `owner` held (call once it has ended); returns how many. */
export function reclaimPoolSlots(buffer: SharedArrayBuffer, owner: number): number {
  const cells = new Int32Array(buffer);
  const held = Atomics.exchange(cells, FIRST_OWNER + owner, 0);
  if (held > 0) {
    Atomics.sub(cells, RUNNING, held);
    Atomics.notify(cells, RUNNING, held);
  }
  return held;
}

/** Slots on the shared counter, `limit` in all, taken by one owner. */
export class PoolSlots {
  private readonly cells: Int32Array;
  private readonly own: number;

  /** Attaches to the counters in `buffer`; `limit` is the same in every thread (POOL_THREADS). */
  constructor(
    buffer: SharedArrayBuffer,
    readonly limit: number,
    owner: number,
  ) {
    this.cells = new Int32Array(buffer);
    this.own = FIRST_OWNER + owner;
    if (this.own >= this.cells.length) throw new RangeError(`pool slot owner ${owner} is out of range`);
  }

  /** Takes a slot now if one is free. */
  tryAcquire(): boolean {
    for (;;) {
      const running = Atomics.load(this.cells, RUNNING);
      if (running >= this.limit) return false;
      if (Atomics.compareExchange(this.cells, RUNNING, running, running + 1) === running) {
        // In the same synchronous step: a thread cannot die between the two counts.
        Atomics.add(this.cells, this.own, 1);
        return true;
      }
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
    Atomics.sub(this.cells, this.own, 1);
    Atomics.sub(this.cells, RUNNING, 1);
    Atomics.notify(this.cells, RUNNING, 1);
  }

  /** Tasks running in the whole process. */
  running(): number {
    return Atomics.load(this.cells, RUNNING);
  }
}
