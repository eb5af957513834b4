/**
 * One memory budget for the request bodies of every HTTP thread: a byte counter in a
 * SharedArrayBuffer, reserved before a body is buffered and released when its request ends.
 * A body that would take the total over the budget is refused (503) before it is read.
 */

/** Allocates the shared counter (the main thread does, once). */
export function createBodyBudgetBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT);
}

/** A thread's view of the shared body budget. */
export class BodyBudget {
  private readonly used: BigInt64Array;
  private readonly limit: bigint;

  /** Views `buffer`; `total` is the budget in bytes. */
  constructor(
    buffer: SharedArrayBuffer,
    readonly total: number,
  ) {
    this.used = new BigInt64Array(buffer);
    this.limit = BigInt(total);
  }

  /** Reserves `bytes` if the budget allows it; false (nothing reserved) otherwise. */
  tryReserve(bytes: number): boolean {
    const n = BigInt(bytes);
    for (;;) {
      const now = Atomics.load(this.used, 0);
      if (now + n > this.limit) return false;
      if (Atomics.compareExchange(this.used, 0, now, now + n) === now) return true;
    }
  }

  /** Gives back `bytes` reserved earlier. */
  release(bytes: number): void {
    if (bytes > 0) Atomics.sub(this.used, 0, BigInt(bytes));
  }

  /** Bytes reserved now, by all threads. */
  get inUse(): number {
    return Number(Atomics.load(this.used, 0));
  }
}
