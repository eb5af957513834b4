/**
 * Immutable UTF-8 fragments in the SharedArrayBuffer every thread reads (the registry's vendor
 * values), copied into a RenderTarget. They are word-aligned and copied a word at a time in JS:
 * TypedArray#set from shared memory goes through V8's relaxed-atomic copy, byte by byte unless
 * source and destination share their alignment.
 */
import type { RenderTarget } from './render-target.js';

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Where each fragment starts (in words) and how long it is (in bytes). */
export interface FragmentLayout {
  readonly starts: Uint32Array;
  readonly lengths: Uint32Array;
  readonly words: number;
}

/** Computes a word-aligned layout for fragments of the given byte lengths. */
export function layoutFragments(lengths: ArrayLike<number>): FragmentLayout {
  const starts = new Uint32Array(lengths.length);
  let words = 0;
  for (let i = 0; i < lengths.length; i++) {
    starts[i] = words;
    words += (lengths[i] + 3) >>> 2;
  }
  return { starts, lengths: Uint32Array.from(lengths), words };
}

/**
 * Writes fragment `i`, bytes `offsets[i]` to `offsets[i + 1]` of `source`, into `words` (a
 * Uint32Array over any buffer) at the layout's places, the padding after each left zero.
 */
export function fillFragments(words: Uint32Array, layout: FragmentLayout, source: Uint8Array, offsets: ArrayLike<number>): void {
  // `words` must be zero where it is padding (a new buffer is). Four bytes at a time through a
  // DataView (unaligned reads): 25-27 ms for the registry's 12.5 MB, against 37-41 for a
  // subarray and a set() per fragment, which also leaves 110,000 views for the collector.
  const view = new DataView(source.buffer, source.byteOffset, source.byteLength);
  const out = new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
  for (let i = 0; i < layout.starts.length; i++) {
    let w = layout.starts[i];
    let from = offsets[i];
    const end = offsets[i + 1];
    for (; from + 4 <= end; from += 4) words[w++] = view.getUint32(from, LITTLE_ENDIAN);
    for (let at = w * 4; from < end; ) out[at++] = source[from++];
  }
}

function longest(lengths: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < lengths.length; i++) if (lengths[i] > max) max = lengths[i];
  return max;
}

/** Fragments in shared memory, word-aligned, copied four bytes at a time (see the top of this file). */
export class SharedFragments {
  constructor(
    private readonly words: Uint32Array,
    private readonly starts: Uint32Array,
    private readonly lengths: Uint32Array,
  ) {}

  /** Longest fragment, in bytes. */
  maxLength(): number {
    return longest(this.lengths);
  }

  /** A copy of fragment `i`'s bytes, in this thread's memory. */
  bytes(i: number): Uint8Array {
    return new Uint8Array(this.words.buffer, this.words.byteOffset + this.starts[i] * 4, this.lengths[i]).slice();
  }

  /** Copies fragment `i` into `target` at `pos` (writing up to 3 bytes past its end, within WORD_SLACK); returns the position after it. */
  copy(i: number, target: RenderTarget, pos: number): number {
    const view = target.view;
    const words = this.words;
    const end = pos + this.lengths[i];
    for (let w = this.starts[i], p = pos; p < end; p += 4) view.setUint32(p, words[w++], LITTLE_ENDIAN);
    return end;
  }
}
