/**
 * The output buffer a rendering writes into, with a DataView over it for 4-byte writes.
 * Sized with slack: word copies may write up to 3 bytes past a fragment's end (they are
 * overwritten by what follows, or lie beyond the returned length).
 */

/** Bytes a word copy may write past the end of its fragment (3, rounded up to a word). */
export const WORD_SLACK = 4;

/** Copies a short byte run into `out` at `pos` in JS (cheaper than a native call for a few dozen bytes); returns the end. */
export function putShort(out: Uint8Array, pos: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) out[pos + i] = bytes[i];
  return pos + bytes.length;
}

/** A reusable output buffer. */
export class RenderTarget {
  readonly bytes: Uint8Array;
  readonly view: DataView;

  /** Allocates room for `capacity` bytes of output (plus slack). */
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity + WORD_SLACK);
    this.view = new DataView(this.bytes.buffer);
  }
}
