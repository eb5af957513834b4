/**
 * The shape of the special-address catalogue as analysers receive it (compiled once per
 * process by compile-special-table.ts): intervals, and fragments packed in one buffer each.
 * HTTP threads and pool workers get it with the registry handle instead of importing the
 * catalogue's source, which left several MB of parse memory in every thread.
 */
import type { Lang } from '../i18n/lang.js';
import type { SpecialIntervals } from '../special/special-index.js';

/** Fragments packed end to end: fragment i is bytes[ends[i-1] … ends[i]). */
export interface PackedFragments {
  readonly bytes: Uint8Array;
  readonly ends: Uint32Array;
}

/** The compiled catalogue: intervals, and per language one `special` fragment per entry (same positions as `owner`). */
export interface SpecialTable {
  readonly intervals: SpecialIntervals;
  readonly fragments: Readonly<Record<Lang, PackedFragments>>;
}

/**
 * Packs fragments into one ordinary buffer: each thread receives its own copy with the handle
 * (one clone, not one object per fragment), and TypedArray#set reads thread-local memory
 * ~6x faster than shared memory (fragment-store.ts).
 */
export function packFragments(fragments: readonly Uint8Array[]): PackedFragments {
  const ends = new Uint32Array(fragments.length);
  let size = 0;
  fragments.forEach((f, i) => (ends[i] = size += f.byteLength));
  const bytes = new Uint8Array(size);
  fragments.forEach((f, i) => bytes.set(f, i === 0 ? 0 : ends[i - 1]));
  return { bytes, ends };
}

/** The fragments of one language, as views of this thread's copy. */
export function unpackFragments(packed: PackedFragments): Uint8Array[] {
  return Array.from(packed.ends, (end, i) => packed.bytes.subarray(i === 0 ? 0 : packed.ends[i - 1], end));
}
