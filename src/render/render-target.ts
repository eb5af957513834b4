/** The output buffer a rendering writes into, with a DataView over it for 2-byte digit writes. */

/** Copies a short byte run into `out` at `pos` in JS (cheaper than a native call for a few dozen bytes); returns the end. */
export function putShort(out: Uint8Array, pos: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) out[pos + i] = bytes[i];
  return pos + bytes.length;
}

/** A reusable output buffer. */
export class RenderTarget {
  readonly bytes: Uint8Array;
  readonly view: DataView;

  /** Allocates room for `capacity` bytes of output. */
  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
    this.view = new DataView(this.bytes.buffer);
  }
}
