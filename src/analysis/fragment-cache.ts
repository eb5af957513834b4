/**
 * Bytes a writer made once, kept by key in the thread's own memory up to a byte budget and
 * copied whole the next time (pino's way: cached strings joined). An analyzer keeps each block's
 * vendor member here, per language, and its CSV vendor cells (analyzer.ts): a copy from this
 * thread's memory is one memcpy, where one from the shared index goes byte by byte. Nothing is dropped once kept: past the budget a
 * fragment is simply written again each time, so the bytes written never depend on the cache.
 */

// Fragments are kept in chunks of 2^CHUNK_BITS bytes, each made when the last is full: the cache
// never copies itself to grow, and holds what it keeps plus at most one chunk's tail. A place is
// chunk × CHUNK_BYTES + offset, split with a shift and a mask (integers, never a division's double).
const CHUNK_BITS = 20;
const CHUNK_BYTES = 1 << CHUNK_BITS;
const OFFSET_MASK = CHUNK_BYTES - 1;

/** Fragments by key (0 to keys - 1), at most `budget` bytes of chunks in all. */
export class FragmentCache {
  private readonly chunks: Uint8Array[] = [];
  // The next fragment's place and the end of the last chunk, counted as chunk × CHUNK_BYTES + offset.
  private next = 0;
  private end = 0;
  private allocated = 0;
  // Where each key's fragment starts (chunk × CHUNK_BYTES + offset) and its length; 0: not kept.
  private readonly starts: Int32Array;
  private readonly lengths: Int32Array;

  /** A cache of `keys` keys and `budget` bytes (0: keeps nothing); a budget is at most 1 GiB. */
  constructor(
    keys: number,
    private readonly budget: number,
  ) {
    if (!(budget >= 0 && budget <= 2 ** 30)) throw new RangeError(`fragment cache budget out of range: ${budget}`);
    this.starts = new Int32Array(budget > 0 ? keys : 0);
    this.lengths = new Int32Array(budget > 0 ? keys : 0);
  }

  /** Copies the fragment of `key` into `out` at `pos` and returns its end; -1 when none is kept. */
  copy(key: number, out: Uint8Array, pos: number): number {
    if (this.budget === 0) return -1;
    const length = this.lengths[key];
    if (length === 0) return -1;
    const start = this.starts[key];
    const offset = start & OFFSET_MASK;
    out.set(this.chunks[start >>> CHUNK_BITS].subarray(offset, offset + length), pos);
    return pos + length;
  }

  /** Keeps `bytes` from `from` to `to` as the fragment of `key` (not already kept), if the budget has room. */
  keep(key: number, bytes: Uint8Array, from: number, to: number): void {
    const length = to - from;
    if (this.budget === 0 || length <= 0 || length > CHUNK_BYTES) return;
    if (this.next + length > this.end) {
      const size = Math.min(CHUNK_BYTES, this.budget - this.allocated);
      if (size < length) return; // full
      this.next = this.chunks.length * CHUNK_BYTES;
      this.end = this.next + size;
      this.chunks.push(new Uint8Array(size));
      this.allocated += size;
    }
    this.chunks[this.chunks.length - 1].set(bytes.subarray(from, to), this.next & OFFSET_MASK);
    this.starts[key] = this.next;
    this.lengths[key] = length;
    this.next += length;
  }

  /** Lets every fragment go (their memory goes with the next collection). */
  clear(): void {
    this.chunks.length = 0;
    this.next = this.end = this.allocated = 0;
    this.lengths.fill(0);
  }

  /** Bytes of chunks made so far (at most the budget). */
  get bytes(): number {
    return this.allocated;
  }
}
