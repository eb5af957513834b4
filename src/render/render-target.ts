/** The output buffer a rendering writes into (a DataView over it for 2-byte digit writes), and the writes into it. */

/** Copies a short byte run into `out` at `pos` in JS (cheaper than a native call for a few dozen bytes); returns the end. */
export function putShort(out: Uint8Array, pos: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) out[pos + i] = bytes[i];
  return pos + bytes.length;
}

/** Copies `bytes` into `out` at `pos` with TypedArray#set (a memcpy: pieces and templates); returns the end. */
export function putBytes(out: Uint8Array, pos: number, bytes: Uint8Array): number {
  out.set(bytes, pos);
  return pos + bytes.length;
}

const encoder = new TextEncoder();

/** Writes `text` as UTF-8 into `out` at `pos` (the caller made room); returns the end. */
export function putText(out: Uint8Array, pos: number, text: string): number {
  return pos + encoder.encodeInto(text, out.subarray(pos)).written;
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
