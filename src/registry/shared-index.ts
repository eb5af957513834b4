/**
 * The registry index in one SharedArrayBuffer, shared by every thread of the process (HTTP
 * threads and pool workers attach to it; none copies it). It holds the sorted prefix tables
 * of each width, the list of 24-bit prefixes that carry MA-M/MA-S sub-blocks, the IEEE
 * Company IDs, and the organisation records (vendor-values.ts: their JSON values end to end,
 * their countries and flags).
 */
import type { IndexArtifact, VendorRecord } from './tables.js';
import { FLAGS_MAX, recordColumns, validCountry, VALUES_PER_RECORD, VendorValues } from './vendor-values.js';
import { WIDTHS, type Width } from './widths.js';

interface Section {
  readonly offset: number;
  readonly length: number;
}

/** Where each section sits in the shared buffer; sent to threads with the buffer. */
export interface IndexLayout {
  readonly prefixes: Readonly<Record<Width, Section>>;
  readonly records: Readonly<Record<Width, Section>>;
  readonly dates: Readonly<Record<Width, Section>>;
  readonly parents: Section;
  readonly cidPrefixes: Section;
  readonly cidRecords: Section;
  readonly cidDates: Section;
  readonly valueOffsets: Section;
  readonly valueBytes: Section;
  readonly recordCountries: Section;
  readonly recordFlags: Section;
}

/** What a thread needs to attach to the index: plain data and the shared buffer. */
export interface SharedIndexHandle {
  readonly buffer: SharedArrayBuffer;
  readonly layout: IndexLayout;
}

/** A block found for an address: its table width, prefix value, record index and first-seen date (first-seen.ts). */
export interface BlockMatch {
  width: Width;
  prefix: number;
  record: number;
  seen: number;
  /** The block's number, 0 to blockCount - 1 (its position in the tables of every width, end to end). */
  block: number;
}

// True when `s` is a section of `bytesPer`-byte elements that lies whole in `byteLength` bytes, starting 8-byte aligned.
function sectionFits(s: unknown, bytesPer: number, byteLength: number): s is Section {
  if (typeof s !== 'object' || s === null) return false;
  const { offset, length } = s as Section;
  return Number.isSafeInteger(offset) && Number.isSafeInteger(length) && offset >= 0 && length >= 0 && offset % 8 === 0 && offset + length * bytesPer <= byteLength;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}

// The 24-bit prefixes that carry MA-M/MA-S sub-blocks, sorted.
function parentsOf(t28: ArrayLike<number>, t36: ArrayLike<number>): Float64Array {
  const parentSet = new Set<number>();
  for (let i = 0; i < t28.length; i++) parentSet.add(Math.floor(t28[i] / 16));
  for (let i = 0; i < t36.length; i++) parentSet.add(Math.floor(t36[i] / 4096));
  return Float64Array.from([...parentSet].sort((a, b) => a - b));
}

// True when both hold the same numbers.
function same(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// A table's problem, or null: its prefixes must be whole, below 2^width and strictly rising, its
// records below `records` (or each its own position, for CIDs).
function tableProblem(t: TableEntries, width: number, records: number | 'positions'): string | null {
  const { prefixes, records: rec, dates } = t;
  if (rec.length !== prefixes.length || dates.length !== prefixes.length) return 'tables of different lengths';
  const top = 2 ** width;
  for (let i = 0; i < prefixes.length; i++) {
    const p = prefixes[i];
    if (!Number.isInteger(p) || p < 0 || p >= top || (i > 0 && p <= prefixes[i - 1])) return 'prefixes out of order';
    if (records === 'positions' ? rec[i] !== i : rec[i] >= records) return 'record out of range';
  }
  return null;
}

// Prefixes are bucketed by their top 12 bits, per thread from the shared table: a look-up
// binary-searches the few entries of its bucket (one or two cache lines) instead of about 16
// steps across the whole table, most of them cache misses once traffic spreads over the registry.
const BUCKETS = 4096;

/** Sorted `width`-bit prefixes, searched within the bucket of a key's top 12 bits. */
class SortedPrefixes {
  private readonly starts = new Uint32Array(BUCKETS + 1);
  private readonly shift: number;

  /** Buckets `prefixes` (sorted, each below 2^width). */
  constructor(
    readonly prefixes: Float64Array,
    width: number,
  ) {
    this.shift = 2 ** (width - 12);
    let i = 0;
    for (let b = 0; b <= BUCKETS; b++) {
      while (i < prefixes.length && Math.floor(prefixes[i] / this.shift) < b) i++;
      this.starts[b] = i;
    }
  }

  /** The position of `key` (below 2^width), or -1. */
  find(key: number): number {
    const sorted = this.prefixes;
    const b = Math.floor(key / this.shift);
    let lo = this.starts[b];
    let hi = this.starts[b + 1] - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = sorted[mid];
      if (v < key) lo = mid + 1;
      else if (v > key) hi = mid - 1;
      else return mid;
    }
    return -1;
  }
}

/** One width's table: sorted prefixes, their records and dates; its blocks are numbered from `first`. */
class WidthTable {
  private readonly sorted: SortedPrefixes;

  constructor(
    prefixes: Float64Array,
    readonly records: Uint32Array,
    readonly dates: Uint32Array,
    width: number,
    readonly first = 0,
  ) {
    this.sorted = new SortedPrefixes(prefixes, width);
  }

  /** The position of prefix `key`, or -1. */
  find(key: number): number {
    return this.sorted.find(key);
  }

  /** Every entry, in prefix order: the sorted prefixes, their records and dates (shared views: not to be written). */
  entries(): TableEntries {
    return { prefixes: this.sorted.prefixes, records: this.records, dates: this.dates };
  }
}

/** A table's entries in prefix order (shared views: not to be written). */
export interface TableEntries {
  readonly prefixes: Float64Array;
  readonly records: Uint32Array;
  /** First-seen dates (first-seen.ts). */
  readonly dates: Uint32Array;
}

/** Read-only view of the shared index. */
export class SharedIndex {
  // One field per width, not a record keyed 24/28/36: V8 keeps integer keys as dictionary elements.
  private readonly t24: WidthTable;
  private readonly t28: WidthTable;
  private readonly t36: WidthTable;
  /** The 24-bit prefixes that carry MA-M/MA-S sub-blocks. */
  private readonly parents: SortedPrefixes;
  /** IEEE Company IDs (24 bits) and their positions. */
  private readonly cids: WidthTable;
  /** The organisation records (vendor-values.ts). */
  readonly vendors: VendorValues;

  private constructor(readonly handle: SharedIndexHandle) {
    const { buffer, layout } = handle;
    const f64 = (s: Section) => new Float64Array(buffer, s.offset, s.length);
    const u32 = (s: Section) => new Uint32Array(buffer, s.offset, s.length);
    const table = (w: Width, first: number) => new WidthTable(f64(layout.prefixes[w]), u32(layout.records[w]), u32(layout.dates[w]), w, first);
    this.t24 = table(24, 0);
    this.t28 = table(28, layout.prefixes[24].length);
    this.t36 = table(36, layout.prefixes[24].length + layout.prefixes[28].length);
    this.parents = new SortedPrefixes(f64(layout.parents), 24);
    this.cids = new WidthTable(f64(layout.cidPrefixes), u32(layout.cidRecords), u32(layout.cidDates), 24);
    const values = new Uint8Array(buffer, layout.valueBytes.offset, layout.valueBytes.length);
    this.vendors = new VendorValues(u32(layout.valueOffsets), values, new Uint16Array(buffer, layout.recordCountries.offset, layout.recordCountries.length), new Uint8Array(buffer, layout.recordFlags.offset, layout.recordFlags.length));
  }

  /** The blocks of one width, in prefix order (their records index the vendors). */
  blocksOf(width: Width): TableEntries {
    return (width === 24 ? this.t24 : width === 28 ? this.t28 : this.t36).entries();
  }

  /** The IEEE Company IDs in prefix order (their `records` are positions in IndexArtifact.cidNames). */
  cidTable(): TableEntries {
    return this.cids.entries();
  }

  /** Copies the artifact's tables and records into a new shared buffer. */
  static create(artifact: Pick<IndexArtifact, 'tables' | 'cids'> & { readonly records: readonly VendorRecord[] }): SharedIndex {
    const columns = recordColumns(artifact.records);
    const { offsets, bytes } = columns.values;
    let offset = 0;
    const take = (bytes: number, length: number): Section => {
      const s = { offset, length };
      offset = align8(offset + bytes * length);
      return s;
    };
    const parents = parentsOf(artifact.tables[28].prefixes, artifact.tables[36].prefixes);
    const layout: IndexLayout = {
      prefixes: { 24: take(8, artifact.tables[24].prefixes.length), 28: take(8, artifact.tables[28].prefixes.length), 36: take(8, artifact.tables[36].prefixes.length) },
      records: { 24: take(4, artifact.tables[24].records.length), 28: take(4, artifact.tables[28].records.length), 36: take(4, artifact.tables[36].records.length) },
      dates: { 24: take(4, artifact.tables[24].dates.length), 28: take(4, artifact.tables[28].dates.length), 36: take(4, artifact.tables[36].dates.length) },
      parents: take(8, parents.length),
      cidPrefixes: take(8, artifact.cids.prefixes.length),
      cidRecords: take(4, artifact.cids.records.length),
      cidDates: take(4, artifact.cids.dates.length),
      valueOffsets: take(4, offsets.length),
      valueBytes: take(1, bytes.length),
      recordCountries: take(2, columns.countries.length),
      recordFlags: take(1, columns.flags.length),
    };
    const buffer = new SharedArrayBuffer(offset);
    for (const w of WIDTHS) {
      new Float64Array(buffer, layout.prefixes[w].offset, layout.prefixes[w].length).set(artifact.tables[w].prefixes);
      new Uint32Array(buffer, layout.records[w].offset, layout.records[w].length).set(artifact.tables[w].records);
      new Uint32Array(buffer, layout.dates[w].offset, layout.dates[w].length).set(artifact.tables[w].dates);
    }
    new Float64Array(buffer, layout.parents.offset, layout.parents.length).set(parents);
    new Float64Array(buffer, layout.cidPrefixes.offset, layout.cidPrefixes.length).set(artifact.cids.prefixes);
    // A CID's position in the table (its name's index in IndexArtifact.cidNames), not its record.
    new Uint32Array(buffer, layout.cidRecords.offset, layout.cidRecords.length).set(artifact.cids.records.map((_, i) => i));
    new Uint32Array(buffer, layout.cidDates.offset, layout.cidDates.length).set(artifact.cids.dates);
    new Uint32Array(buffer, layout.valueOffsets.offset, layout.valueOffsets.length).set(offsets);
    new Uint8Array(buffer, layout.valueBytes.offset, layout.valueBytes.length).set(bytes);
    new Uint16Array(buffer, layout.recordCountries.offset, layout.recordCountries.length).set(columns.countries);
    new Uint8Array(buffer, layout.recordFlags.offset, layout.recordFlags.length).set(columns.flags);
    return new SharedIndex({ buffer, layout });
  }

  /** Attaches to an index another thread created (no copy). */
  static attach(handle: SharedIndexHandle): SharedIndex {
    return new SharedIndex(handle);
  }

  /**
   * Attaches to an index read from a file, once every section is checked: in the buffer,
   * aligned, each table sorted with its records below `records`, the parents those of its
   * prefixes, the record values end to end, and a country and flags per record. Throws an Error
   * that says what is wrong.
   */
  static open(handle: SharedIndexHandle, records: number): SharedIndex {
    const { buffer, layout } = handle;
    if (!(buffer instanceof SharedArrayBuffer) || typeof layout !== 'object' || layout === null) throw new Error('no index');
    const sections: Array<[Section | undefined, number]> = [
      ...WIDTHS.flatMap((w): Array<[Section | undefined, number]> => [[layout.prefixes?.[w], 8], [layout.records?.[w], 4], [layout.dates?.[w], 4]]),
      [layout.parents, 8], [layout.cidPrefixes, 8], [layout.cidRecords, 4], [layout.cidDates, 4],
      [layout.valueOffsets, 4], [layout.valueBytes, 1], [layout.recordCountries, 2], [layout.recordFlags, 1],
    ];
    for (const [s, size] of sections) {
      if (!sectionFits(s, size, buffer.byteLength)) throw new Error('a section is misplaced (outside the index, or not aligned)');
    }
    const index = new SharedIndex({ buffer, layout });
    const u32 = (s: Section) => new Uint32Array(buffer, s.offset, s.length);
    for (const w of WIDTHS) {
      const problem = tableProblem(index.blocksOf(w), w, records);
      if (problem) throw new Error(`${w}-bit table: ${problem}`);
    }
    if (!same(index.parents.prefixes, parentsOf(index.t28.entries().prefixes, index.t36.entries().prefixes))) throw new Error('parent table');
    const cidProblem = tableProblem(index.cids.entries(), 24, 'positions');
    if (cidProblem) throw new Error(`CID table: ${cidProblem}`);
    const offsets = u32(layout.valueOffsets);
    if (offsets.length !== records * VALUES_PER_RECORD + 1) throw new Error('value count');
    for (let i = 0; i < offsets.length; i++) {
      if (i === 0 ? offsets[i] !== 0 : offsets[i] < offsets[i - 1]) throw new Error('value layout');
    }
    if (offsets[offsets.length - 1] !== layout.valueBytes.length) throw new Error('value layout');
    if (layout.recordCountries.length !== records || layout.recordFlags.length !== records) throw new Error('record count');
    const countries = new Uint16Array(buffer, layout.recordCountries.offset, records);
    const flags = new Uint8Array(buffer, layout.recordFlags.offset, records);
    for (let r = 0; r < records; r++) if (!validCountry(countries[r]) || flags[r] > FLAGS_MAX) throw new Error('record columns');
    return index;
  }

  /** The number of blocks of every width (BlockMatch.block is below it). */
  get blockCount(): number {
    return this.t36.first + this.t36.records.length;
  }

  /** Total bytes of the shared buffer. */
  get byteLength(): number {
    return this.handle.buffer.byteLength;
  }

  /**
   * Finds the longest registered prefix covering a 48-bit address (`hi24`/`lo24` are its
   * halves); the MA-M/MA-S tables only under a parent that has sub-blocks. Fills `out` and
   * returns true, or returns false when no block covers it.
   */
  lookupBlock(hi24: number, lo24: number, out: BlockMatch): boolean {
    if (this.parents.find(hi24) >= 0) {
      const k36 = hi24 * 4096 + (lo24 >>> 12);
      let i = this.t36.find(k36);
      if (i >= 0) return this.fill(out, 36, k36, this.t36, i);
      const k28 = hi24 * 16 + (lo24 >>> 20);
      i = this.t28.find(k28);
      if (i >= 0) return this.fill(out, 28, k28, this.t28, i);
    }
    const i = this.t24.find(hi24);
    return i >= 0 ? this.fill(out, 24, hi24, this.t24, i) : false;
  }

  /**
   * The position of the IEEE Company ID `hi24` (the first 24 bits of a locally administered
   * address in the ELI quadrant) in the CID table (IndexArtifact.cidNames), or -1 when it is
   * not an assigned CID.
   */
  lookupCid(hi24: number): number {
    const i = this.cids.find(hi24);
    return i >= 0 ? this.cids.records[i] : -1;
  }

  private fill(out: BlockMatch, width: Width, prefix: number, table: WidthTable, i: number): true {
    out.width = width;
    out.block = table.first + i;
    out.prefix = prefix;
    out.record = table.records[i];
    out.seen = table.dates[i];
    return true;
  }
}
