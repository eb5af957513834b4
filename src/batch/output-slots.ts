/**
 * Reusable output buffers in shared memory for rendered chunks. A pool worker copies a chunk
 * it rendered into a slot the HTTP thread (or the CLI) lent it, and the thread writes the
 * slot's bytes to the socket, then lends the slot again. Before slots, every chunk was a
 * fresh ArrayBuffer of about 2 MB: a 1,000,000-address NDJSON answer allocated, zero-filled,
 * page-faulted and freed a gigabyte, and the garbage collector's threads spent about as much
 * CPU on it as the renderer did.
 */

import { newShared } from './shared-memory.js';

/**
 * Bytes of one slot: a 2,000-address NDJSON chunk is about 2 MB (French a little more). A
 * chunk that does not fit (long invalid inputs, escaped) is returned in a buffer of its own.
 */
export const SLOT_BYTES = 3 * 1024 * 1024;

/** Slots kept for reuse by one thread once its streams end; more are left to the collector. */
const SLOTS_KEPT = 8;

const free: Uint8Array[] = [];

/** A slot of SLOT_BYTES in shared memory: a free one of this thread, or a new one. */
export function takeSlot(): Uint8Array {
  return free.pop() ?? new Uint8Array(newShared(SLOT_BYTES));
}

/** Gives `slot` back for reuse (call only once nothing reads or writes it any more). */
export function giveSlot(slot: Uint8Array): void {
  if (free.length < SLOTS_KEPT && slot.byteLength === SLOT_BYTES) free.push(slot);
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
