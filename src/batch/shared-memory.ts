/**
 * Shared memory a thread takes on for bulk work, counted, and a full collection after every
 * COLLECT_AFTER_SHARED_BYTES of it: V8 starts collections from its heap's growth and from
 * ArrayBuffers', never from SharedArrayBuffers', so an HTTP thread (it relays bulk work, the
 * pool renders it) kept what it let go of resident (docs/SECURITY.md, "Memory"). Buffers
 * reused from batch to batch are counted only when made.
 */

import type { PrepareKind, PreparedBody } from './prepare.js';

/** Bytes of shared memory taken on after which the thread collects. */
export const COLLECT_AFTER_SHARED_BYTES = 64 * 1024 * 1024;

let taken = 0;
let collector: (() => void) | null = null;

/**
 * Has `collect` run after every COLLECT_AFTER_SHARED_BYTES of shared memory this thread takes on
 * (none by default: the CLI's threads end with their work).
 */
export function collectSharedMemoryWith(collect: () => void): void {
  collector = collect;
}

/** Counts `bytes` of shared memory this thread made or received for one request, and will let go of. */
export function tookShared(bytes: number): void {
  taken += bytes;
  if (taken < COLLECT_AFTER_SHARED_BYTES) return;
  taken = 0;
  collector?.();
}

/** A new SharedArrayBuffer of `bytes`, counted (tookShared). */
export function newShared(bytes: number): SharedArrayBuffer {
  tookShared(bytes);
  return new SharedArrayBuffer(bytes);
}

/**
 * Counts the shared memory `prepared` holds besides the body it was read from as `readAs`,
 * `gzipped` or not (a JSON or msgpack body's re-encoded lines, a gzip body decompressed,
 * extract's items), made here or on the pool.
 */
export function tookPrepared(readAs: PrepareKind, gzipped: boolean, prepared: PreparedBody): void {
  if (prepared.format === 'extract') tookShared(prepared.items.byteLength);
  if (gzipped || readAs === 'json' || readAs === 'msgpack') tookShared(prepared.bytes.byteLength);
}
