/**
 * The fragment stores (src/render/fragment-store.ts): shared fragments laid out as the index lays
 * them out (copied a word at a time) and a thread's own (TypedArray#set), copied to every
 * alignment of the target byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { fillFragments, layoutFragments, SharedFragments } from '../src/render/fragment-store.js';
import { RenderTarget, WORD_SLACK } from '../src/render/render-target.js';

// A store of `fragments`, in a SharedArrayBuffer after another section, as SharedIndex.create builds it.
function storeOf(fragments: readonly Uint8Array[]): SharedFragments {
  const layout = layoutFragments(fragments.map((f) => f.length));
  const offsets = [0];
  for (const f of fragments) offsets.push(offsets[offsets.length - 1] + f.length);
  const source = new Uint8Array(offsets[offsets.length - 1]);
  fragments.forEach((f, i) => source.set(f, offsets[i]));
  const buffer = new SharedArrayBuffer(16 + Math.ceil((layout.words * 4) / 8) * 8);
  const words = new Uint32Array(buffer, 16, layout.words);
  fillFragments(words, layout, source, offsets);
  return new SharedFragments(words, new Uint32Array(layout.starts), new Uint32Array(layout.lengths));
}

// Deterministic bytes: UTF-8 text with 1- to 4-byte characters.
function textFragments(count: number): Uint8Array[] {
  const chars = ['a', '"', 'é', 'ß', '€', '中', '😀', '\u{10FFFF}', ' ', 'Z'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  return Array.from({ length: count }, () => {
    let s = '';
    const n = next() % 90;
    for (let i = 0; i < n; i++) s += chars[next() % chars.length];
    return new TextEncoder().encode(s);
  });
}

describe('SharedFragments', () => {
  it('copies every fragment to every alignment, byte for byte, leaving what comes before it alone', () => {
    const fragments = [new Uint8Array(0), ...textFragments(300)];
    const store = storeOf(fragments);
    const target = new RenderTarget(8 + store.maxLength());
    for (let i = 0; i < fragments.length; i++) {
      for (let pos = 0; pos < 8; pos++) {
        target.bytes.fill(0xee);
        const end = store.copy(i, target, pos);
        expect(end).toBe(pos + fragments[i].length);
        expect(target.bytes.subarray(pos, end)).toEqual(fragments[i]);
        expect(target.bytes.subarray(0, pos).every((b) => b === 0xee)).toBe(true);
        // What it may write past the end stays within the slack.
        expect(target.bytes.subarray(end + WORD_SLACK).every((b) => b === 0xee)).toBe(true);
      }
      expect(store.bytes(i)).toEqual(fragments[i]);
    }
  });
});
