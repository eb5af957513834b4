/**
 * The registry index in one SharedArrayBuffer, shared by every thread of the process (HTTP
 * threads and pool workers attach to it; none copies it). It holds the sorted prefix tables
 * of each width, the list of 24-bit prefixes that carry MA-M/MA-S sub-blocks, and a blob
 * of precomputed UTF-8 fragments with their offsets.
 */
import { WIDTHS, type IndexArtifact } from './artifact.js';

interface Section {
  readonly offset: number;
  readonly length: number;
}

/** Where each section sits in the shared buffer; sent to threads with the buffer. */
export interface IndexLayout {
  readonly prefixes: Readonly<Record<24 | 28 | 36, Section>>;
  readonly records: Readonly<Record<24 | 28 | 36, Section>>;
  readonly parents: Section;
  readonly fragmentOffsets: Section;
  readonly fragmentBytes: Section;
}

/** What a thread needs to attach to the index: plain data and the shared buffer. */
export interface SharedIndexHandle {
  readonly buffer: SharedArrayBuffer;
  readonly layout: IndexLayout;
}

/** A block found for an address: its table width, prefix value and record index. */
export interface BlockMatch {
  width: 24 | 28 | 36;
  prefix: number;
  record: number;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}

function binarySearch(sorted: Float64Array, key: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid];
    if (v < key) lo = mid + 1;
    else if (v > key) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/** Read-only view of the shared index. */
export class SharedIndex {
  private readonly prefixes: Record<24 | 28 | 36, Float64Array>;
  private readonly records: Record<24 | 28 | 36, Uint32Array>;
  private readonly parents: Float64Array;
  private readonly fragmentOffsets: Uint32Array;
  private readonly fragmentBytes: Buffer;

  private constructor(readonly handle: SharedIndexHandle) {
    const { buffer, layout } = handle;
    const f64 = (s: Section) => new Float64Array(buffer, s.offset, s.length);
    const u32 = (s: Section) => new Uint32Array(buffer, s.offset, s.length);
    this.prefixes = { 24: f64(layout.prefixes[24]), 28: f64(layout.prefixes[28]), 36: f64(layout.prefixes[36]) };
    this.records = { 24: u32(layout.records[24]), 28: u32(layout.records[28]), 36: u32(layout.records[36]) };
    this.parents = f64(layout.parents);
    this.fragmentOffsets = u32(layout.fragmentOffsets);
    this.fragmentBytes = Buffer.from(buffer, layout.fragmentBytes.offset, layout.fragmentBytes.length);
  }

  /** Copies the artifact's tables and vendor fragments into a new shared buffer. */
  static create(artifact: IndexArtifact): SharedIndex {
    const { fragments } = artifact;
    let offset = 0;
    const take = (bytes: number, length: number): Section => {
      const s = { offset, length };
      offset = align8(offset + bytes * length);
      return s;
    };
    const parentSet = new Set<number>();
    for (const w of [28, 36] as const) {
      for (const p of artifact.tables[w].prefixes) parentSet.add(Math.floor(p / 2 ** (w - 24)));
    }
    const parents = Float64Array.from([...parentSet].sort((a, b) => a - b));
    const layout: IndexLayout = {
      prefixes: { 24: take(8, artifact.tables[24].prefixes.length), 28: take(8, artifact.tables[28].prefixes.length), 36: take(8, artifact.tables[36].prefixes.length) },
      records: { 24: take(4, artifact.tables[24].records.length), 28: take(4, artifact.tables[28].records.length), 36: take(4, artifact.tables[36].records.length) },
      parents: take(8, parents.length),
      fragmentOffsets: take(4, fragments.offsets.length),
      fragmentBytes: take(1, fragments.bytes.byteLength),
    };
    const buffer = new SharedArrayBuffer(offset);
    for (const w of WIDTHS) {
      new Float64Array(buffer, layout.prefixes[w].offset, layout.prefixes[w].length).set(artifact.tables[w].prefixes);
      new Uint32Array(buffer, layout.records[w].offset, layout.records[w].length).set(artifact.tables[w].records);
    }
    new Float64Array(buffer, layout.parents.offset, layout.parents.length).set(parents);
    new Uint32Array(buffer, layout.fragmentOffsets.offset, layout.fragmentOffsets.length).set(fragments.offsets);
    new Uint8Array(buffer, layout.fragmentBytes.offset, layout.fragmentBytes.length).set(fragments.bytes);
    return new SharedIndex({ buffer, layout });
  }

  /** Attaches to an index another thread created (no copy). */
  static attach(handle: SharedIndexHandle): SharedIndex {
    return new SharedIndex(handle);
  }

  /** Total bytes of the shared buffer. */
  get byteLength(): number {
    return this.handle.buffer.byteLength;
  }

  /**
   * Finds the longest registered prefix covering a 48-bit address (`hi24`/`lo24` are its
   * halves). MA-M/MA-S tables are searched only under a parent that has sub-blocks.
   * Fills `out` and returns true, or returns false when no block covers it.
   */
  lookupBlock(hi24: number, lo24: number, out: BlockMatch): boolean {
    if (binarySearch(this.parents, hi24) >= 0) {
      const k36 = hi24 * 4096 + (lo24 >>> 12);
      let i = binarySearch(this.prefixes[36], k36);
      if (i >= 0) return this.fill(out, 36, k36, this.records[36][i]);
      const k28 = hi24 * 16 + (lo24 >>> 20);
      i = binarySearch(this.prefixes[28], k28);
      if (i >= 0) return this.fill(out, 28, k28, this.records[28][i]);
    }
    const i = binarySearch(this.prefixes[24], hi24);
    return i >= 0 ? this.fill(out, 24, hi24, this.records[24][i]) : false;
  }

  private fill(out: BlockMatch, width: 24 | 28 | 36, prefix: number, record: number): true {
    out.width = width;
    out.prefix = prefix;
    out.record = record;
    return true;
  }

  /** Copies fragment `i` into `out` at `pos`; returns the position after it. */
  writeFragment(i: number, out: Uint8Array, pos: number): number {
    // Buffer#copy takes offsets, so no subarray view is allocated per request.
    return pos + this.fragmentBytes.copy(out, pos, this.fragmentOffsets[i], this.fragmentOffsets[i + 1]);
  }

  /** Length of the longest fragment (to size output buffers). */
  maxFragmentLength(): number {
    let max = 0;
    for (let i = 0; i + 1 < this.fragmentOffsets.length; i++) max = Math.max(max, this.fragmentOffsets[i + 1] - this.fragmentOffsets[i]);
    return max;
  }
}
