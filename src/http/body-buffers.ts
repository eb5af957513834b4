/**
 * The shared memory large request bodies are read into (so pool workers read their lines
 * uncopied), reused from one batch to the next on an HTTP thread: a SharedArrayBuffer is freed
 * only when every worker that read it has collected it, so a new one per batch stayed resident.
 * The spare (the largest given back) is dropped KEEP_MS after the last batch, and the thread
 * collects it (collect-garbage.ts), so an idle service gives the memory back.
 */

import { newShared } from '../batch/shared-memory.js';

/** Bodies from this size up are given back for reuse; smaller ones are cheap to allocate. */
export const REUSE_FROM_BYTES = 1024 * 1024;

/** How long a spare buffer is kept after the last one was given back. */
export const KEEP_MS = 10_000;

/** One HTTP thread's spare body buffer. */
export class BodyBuffers {
  private spare: SharedArrayBuffer | null = null;
  private drop: NodeJS.Timeout | undefined;

  /** Buffers for one thread; `dropped` runs each time the spare is let go after KEEP_MS. */
  constructor(private readonly dropped: () => void = () => undefined) {}

  /**
   * A view of `size` bytes of shared memory for a body: the spare buffer when it holds `size`
   * (its old bytes stay until the body overwrites them: read only what was received), else a
   * new buffer.
   */
  take(size: number): Uint8Array {
    const spare = this.spare;
    if (this.reusable(size) > 0) {
      this.spare = null;
      return new Uint8Array(spare!, 0, size);
    }
    return new Uint8Array(newShared(size));
  }

  /** The bytes of the spare buffer that a body of `size` would be read into (0: it would get a new one). */
  reusable(size: number): number {
    const spare = this.spare;
    return spare !== null && spare.byteLength >= size && size >= REUSE_FROM_BYTES ? spare.byteLength : 0;
  }

  /** Lets the spare go now (the memory is short), as KEEP_MS after the last batch would. */
  letGo(): void {
    if (this.spare === null) return;
    clearTimeout(this.drop);
    this.drop = undefined;
    this.spare = null;
    this.dropped();
  }

  /**
   * Gives back a body `take` returned, once nothing reads it any more: its response has ended
   * and every task that read it has settled. The larger of it and the spare is kept.
   */
  give(body: Uint8Array): void {
    const buffer = body.buffer;
    if (!(buffer instanceof SharedArrayBuffer) || buffer.growable || buffer.byteLength < REUSE_FROM_BYTES) return;
    if (this.spare === null || buffer.byteLength > this.spare.byteLength) this.spare = buffer;
    if (this.drop === undefined) {
      this.drop = setTimeout(() => this.letGo(), KEEP_MS).unref();
    } else this.drop.refresh();
  }

  /** The bytes the spare buffer holds (0 when there is none). */
  get spareBytes(): number {
    return this.spare?.byteLength ?? 0;
  }
}
