/**
 * Reusable output buffers in shared memory for rendered chunks. A pool worker copies a chunk
 * it rendered into a slot the HTTP thread (or the CLI) lent it, and the thread writes the
 * slot's bytes to the socket, then lends the slot again. A thread has a bounded number
 * (BULK_OUTPUT_BUFFERS for an HTTP thread), so answers in flight cannot grow its memory.
 * Before slots, every chunk was a fresh ArrayBuffer of about 2 MB: a 1,000,000-address NDJSON answer allocated, zero-filled,
 * page-faulted and freed a gigabyte, and the garbage collector's threads spent about as much
 * CPU on it as the renderer did.
 */

import { newShared } from './shared-memory.js';

/**
 * Bytes of one slot: a 2,000-address NDJSON chunk is about 2 MB (French a little more). A
 * chunk that does not fit (long invalid inputs, escaped) is returned in a buffer of its own.
 */
export const SLOT_BYTES = 3 * 1024 * 1024;

/** How many chunks of one answer are rendered ahead on a pool of `poolThreads` workers: two per worker and two more. */
export function renderWindow(poolThreads: number): number {
  return 2 * poolThreads + 2;
}

/**
 * At most `max` slots of one thread, made on first need and kept for reuse: output memory stays
 * under max × SLOT_BYTES whatever the number of answers in flight. A slot is granted in the
 * order it was asked for; an answer waits for one while all are lent.
 */
export class OutputSlots {
  private readonly free: Uint8Array[] = [];
  private readonly waiting: Array<(slot: Uint8Array) => void> = [];
  private made = 0;

  constructor(readonly max: number) {}

  /** A free slot: a kept one, a new one while fewer than `max` exist, else the next given back. */
  take(): Promise<Uint8Array> {
    const kept = this.free.pop();
    if (kept) return Promise.resolve(kept);
    if (this.made < this.max) {
      this.made++;
      return Promise.resolve(new Uint8Array(newShared(SLOT_BYTES)));
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Gives `slot` back (only once nothing reads or writes it any more). */
  give(slot: Uint8Array): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else this.free.push(slot);
  }
}

/**
 * The chunk `bytes` (a view of a scratch buffer the next chunk overwrites) as bytes the caller
 * may keep: copied into `into` when it is given and large enough (a view of it is returned),
 * else into a buffer of its own.
 */
export function copyOut(bytes: Uint8Array, into: Uint8Array | null): Uint8Array {
  if (into === null || bytes.byteLength > into.byteLength) return bytes.slice();
  into.set(bytes);
  return into.subarray(0, bytes.byteLength);
}
