/**
 * The registry index in one SharedArrayBuffer, shared by every thread of the process (HTTP
 * threads and pool workers attach to it; none copies it). It holds the sorted prefix tables
 * of each width, the list of 24-bit prefixes that carry MA-M/MA-S sub-blocks, the IEEE
 * Company IDs, and the organisation records (vendor-values.ts: their JSON values word-aligned for
 * fast copies, render/fragment-store.ts; their countries and flags).
 */
import { fillFragments, layoutFragments, SharedFragments } from '../render/fragment-store.js';
import type { IndexArtifact, VendorRecord } from './artifact.js';
import { recordColumns, validCountry, VALUES_PER_RECORD, VendorValues } from './vendor-values.js';
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
  readonly buckets: Readonly<Record<Width, Section>>;
  readonly parents: Section;
  readonly parentBuckets: Section;
  readonly cidPrefixes: Section;
  readonly cidRecords: Section;
  readonly cidDates: Section;
  readonly cidBuckets: Section;
  readonly valueStarts: Section;
  readonly valueLengths: Section;
  readonly valueWords: Section;
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
}

/** True when `s` is a section of `bytesPer`-byte elements that lies whole in `byteLength` bytes, starting 8-byte aligned. */
export function sectionFits(s: unknown, bytesPer: number, byteLength: number): s is Section {
  if (typeof s !== 'object' || s === null) return false;
  const { offset, length } = s as Section;
  return Number.isSafeInteger(offset) && Number.isSafeInteger(length) && offset >= 0 && length >= 0 && offset % 8 === 0 && offset + length * bytesPer <= byteLength;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}

// Prefixes are bucketed by their top 12 bits: bucket b holds entries [starts[b], starts[b+1]).
// The 16 KB bucket table stays in cache, and a lookup binary-searches ~10 neighbouring
// entries (one or two cache lines) instead of 16 steps across the whole table, most of
// them cache misses once the traffic spreads over the registry. (16-bit buckets, 256 KB
// per width, measured no faster here.)
const BUCKET_BITS = 12;
const BUCKETS = 2 ** BUCKET_BITS;

function bucketStarts(prefixes: Float64Array, width: number): Uint32Array {
  const starts = new Uint32Array(BUCKETS + 1);
  const shift = 2 ** (width - BUCKET_BITS);
  let i = 0;
  for (let b = 0; b <= BUCKETS; b++) {
    while (i < prefixes.length && Math.floor(prefixes[i] / shift) < b) i++;
    starts[b] = i;
  }
  return starts;
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
// records below `records` (or each its own position, for CIDs), its buckets those of its prefixes.
function tableProblem(t: TableEntries, buckets: Uint32Array, width: number, records: number | 'positions'): string | null {
  const { prefixes, records: rec, dates } = t;
  if (rec.length !== prefixes.length || dates.length !== prefixes.length) return 'tables of different lengths';
  const top = 2 ** width;
  for (let i = 0; i < prefixes.length; i++) {
    const p = prefixes[i];
    if (!Number.isInteger(p) || p < 0 || p >= top || (i > 0 && p <= prefixes[i - 1])) return 'prefixes out of order';
    if (records === 'positions' ? rec[i] !== i : rec[i] >= records) return 'record out of range';
  }
  return same(buckets, bucketStarts(prefixes, width)) ? null : 'bucket table';
}

function search(sorted: Float64Array, key: number, from: number, to: number): number {
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid];
    if (v < key) lo = mid + 1;
    else if (v > key) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/** One width's table: sorted prefixes, their records and dates, and the bucket starts. */
class WidthTable {
  constructor(
    private readonly prefixes: Float64Array,
    readonly records: Uint32Array,
    readonly dates: Uint32Array,
    private readonly buckets: Uint32Array,
  ) {}

  /** The position of prefix `key` (in bucket `bucket`), or -1. */
  find(key: number, bucket: number): number {
    return search(this.prefixes, key, this.buckets[bucket], this.buckets[bucket + 1]);
  }

  /** Every entry, in prefix order: the sorted prefixes, their records and dates (shared views: not to be written). */
  entries(): TableEntries {
    return { prefixes: this.prefixes, records: this.records, dates: this.dates };
  }

  /** True when prefix `key` (in bucket `bucket`) is in the table. */
  has(key: number, bucket: number): boolean {
    return search(this.prefixes, key, this.buckets[bucket], this.buckets[bucket + 1]) >= 0;
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
  // One field per width, not a record keyed 24/28/36: integer keys made V8 store them as
  // dictionary elements, a hash lookup per access (~40% of a lookup, measured).
  private readonly t24: WidthTable;
  private readonly t28: WidthTable;
  private readonly t36: WidthTable;
  /** The 24-bit prefixes that carry MA-M/MA-S sub-blocks, bucketed like the tables. */
  private readonly parents: WidthTable;
  /** IEEE Company IDs (24 bits) and their positions, bucketed like the tables. */
  private readonly cids: WidthTable;
  /** The organisation records (vendor-values.ts). */
  readonly vendors: VendorValues;

  private constructor(readonly handle: SharedIndexHandle) {
    const { buffer, layout } = handle;
    const f64 = (s: Section) => new Float64Array(buffer, s.offset, s.length);
    const u32 = (s: Section) => new Uint32Array(buffer, s.offset, s.length);
    const table = (w: Width) => new WidthTable(f64(layout.prefixes[w]), u32(layout.records[w]), u32(layout.dates[w]), u32(layout.buckets[w]));
    this.t24 = table(24);
    this.t28 = table(28);
    this.t36 = table(36);
    this.parents = new WidthTable(f64(layout.parents), new Uint32Array(0), new Uint32Array(0), u32(layout.parentBuckets)); // membership only
    this.cids = new WidthTable(f64(layout.cidPrefixes), u32(layout.cidRecords), u32(layout.cidDates), u32(layout.cidBuckets));
    const values = new SharedFragments(u32(layout.valueWords), u32(layout.valueStarts), u32(layout.valueLengths));
    this.vendors = new VendorValues(values, new Uint16Array(buffer, layout.recordCountries.offset, layout.recordCountries.length), new Uint8Array(buffer, layout.recordFlags.offset, layout.recordFlags.length));
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
    const lengths = new Uint32Array(offsets.length - 1);
    for (let i = 0; i < lengths.length; i++) lengths[i] = offsets[i + 1] - offsets[i];
    const fragmentLayout = layoutFragments(lengths);
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
      buckets: { 24: take(4, BUCKETS + 1), 28: take(4, BUCKETS + 1), 36: take(4, BUCKETS + 1) },
      parents: take(8, parents.length),
      parentBuckets: take(4, BUCKETS + 1),
      cidPrefixes: take(8, artifact.cids.prefixes.length),
      cidRecords: take(4, artifact.cids.records.length),
      cidDates: take(4, artifact.cids.dates.length),
      cidBuckets: take(4, BUCKETS + 1),
      valueStarts: take(4, lengths.length),
      valueLengths: take(4, lengths.length),
      valueWords: take(4, fragmentLayout.words),
      recordCountries: take(2, columns.countries.length),
      recordFlags: take(1, columns.flags.length),
    };
    const buffer = new SharedArrayBuffer(offset);
    for (const w of WIDTHS) {
      new Float64Array(buffer, layout.prefixes[w].offset, layout.prefixes[w].length).set(artifact.tables[w].prefixes);
      new Uint32Array(buffer, layout.records[w].offset, layout.records[w].length).set(artifact.tables[w].records);
      new Uint32Array(buffer, layout.dates[w].offset, layout.dates[w].length).set(artifact.tables[w].dates);
      new Uint32Array(buffer, layout.buckets[w].offset, layout.buckets[w].length).set(bucketStarts(artifact.tables[w].prefixes, w));
    }
    new Float64Array(buffer, layout.parents.offset, layout.parents.length).set(parents);
    new Uint32Array(buffer, layout.parentBuckets.offset, layout.parentBuckets.length).set(bucketStarts(parents, 24));
    new Float64Array(buffer, layout.cidPrefixes.offset, layout.cidPrefixes.length).set(artifact.cids.prefixes);
    // A CID's position in the table (its name's index in IndexArtifact.cidNames), not its record.
    new Uint32Array(buffer, layout.cidRecords.offset, layout.cidRecords.length).set(artifact.cids.records.map((_, i) => i));
    new Uint32Array(buffer, layout.cidDates.offset, layout.cidDates.length).set(artifact.cids.dates);
    new Uint32Array(buffer, layout.cidBuckets.offset, layout.cidBuckets.length).set(bucketStarts(artifact.cids.prefixes, 24));
    new Uint32Array(buffer, layout.valueStarts.offset, layout.valueStarts.length).set(fragmentLayout.starts);
    new Uint32Array(buffer, layout.valueLengths.offset, layout.valueLengths.length).set(fragmentLayout.lengths);
    const words = new Uint32Array(buffer, layout.valueWords.offset, layout.valueWords.length);
    fillFragments(words, fragmentLayout, bytes, offsets);
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
   * aligned, each table sorted with its records below `records` and its buckets and parents
   * those of its prefixes, the record values laid out end to end as `create` lays them out, and
   * a country and flags per record. Throws an Error that says what is wrong.
   */
  static open(handle: SharedIndexHandle, records: number): SharedIndex {
    const { buffer, layout } = handle;
    if (!(buffer instanceof SharedArrayBuffer) || typeof layout !== 'object' || layout === null) throw new Error('no index');
    const sections: Array<[Section | undefined, number]> = [
      ...WIDTHS.flatMap((w): Array<[Section | undefined, number]> => [[layout.prefixes?.[w], 8], [layout.records?.[w], 4], [layout.dates?.[w], 4], [layout.buckets?.[w], 4]]),
      [layout.parents, 8], [layout.parentBuckets, 4], [layout.cidPrefixes, 8], [layout.cidRecords, 4], [layout.cidDates, 4], [layout.cidBuckets, 4],
      [layout.valueStarts, 4], [layout.valueLengths, 4], [layout.valueWords, 4], [layout.recordCountries, 2], [layout.recordFlags, 1],
    ];
    for (const [s, size] of sections) {
      if (!sectionFits(s, size, buffer.byteLength)) throw new Error('a section is misplaced (outside the index, or not aligned)');
    }
    for (const s of [...WIDTHS.map((w) => layout.buckets[w]), layout.parentBuckets, layout.cidBuckets]) {
      if (s.length !== BUCKETS + 1) throw new Error('bucket table');
    }
    const index = new SharedIndex({ buffer, layout });
    const u32 = (s: Section) => new Uint32Array(buffer, s.offset, s.length);
    for (const w of WIDTHS) {
      const problem = tableProblem(index.blocksOf(w), u32(layout.buckets[w]), w, records);
      if (problem) throw new Error(`${w}-bit table: ${problem}`);
    }
    const parents = new Float64Array(buffer, layout.parents.offset, layout.parents.length);
    if (!same(parents, parentsOf(index.t28.entries().prefixes, index.t36.entries().prefixes)) || !same(u32(layout.parentBuckets), bucketStarts(parents, 24))) throw new Error('parent table');
    const cidProblem = tableProblem(index.cids.entries(), u32(layout.cidBuckets), 24, 'positions');
    if (cidProblem) throw new Error(`CID table: ${cidProblem}`);
    const starts = u32(layout.valueStarts);
    const lengths = u32(layout.valueLengths);
    if (starts.length !== records * VALUES_PER_RECORD || lengths.length !== starts.length) throw new Error('value count');
    let words = 0;
    for (let i = 0; i < starts.length; i++) {
      if (starts[i] !== words) throw new Error('value layout');
      words += Math.ceil(lengths[i] / 4); // not `(n + 3) >>> 2`, which wraps for n near 2^32
    }
    if (words !== layout.valueWords.length) throw new Error('value layout');
    if (layout.recordCountries.length !== records || layout.recordFlags.length !== records) throw new Error('record count');
    const countries = new Uint16Array(buffer, layout.recordCountries.offset, records);
    const flags = new Uint8Array(buffer, layout.recordFlags.offset, records);
    for (let r = 0; r < records; r++) if (!validCountry(countries[r]) || flags[r] > 3) throw new Error('record columns');
    return index;
  }

  /** Total bytes of the shared buffer. */
  get byteLength(): number {
    return this.handle.buffer.byteLength;
  }

  /**
   * Finds the longest registered prefix covering a 48-bit address (`hi24`/`lo24` are its
   * halves). MA-M/MA-S tables are searched only under a parent that has sub-blocks; each
   * table only in the bucket of the address's top 12 bits.
   * Fills `out` and returns true, or returns false when no block covers it.
   */
  lookupBlock(hi24: number, lo24: number, out: BlockMatch): boolean {
    const bucket = hi24 >>> (24 - BUCKET_BITS); // the top bits of every width's key
    if (this.parents.has(hi24, bucket)) {
      const k36 = hi24 * 4096 + (lo24 >>> 12);
      let i = this.t36.find(k36, bucket);
      if (i >= 0) return this.fill(out, 36, k36, this.t36, i);
      const k28 = hi24 * 16 + (lo24 >>> 20);
      i = this.t28.find(k28, bucket);
      if (i >= 0) return this.fill(out, 28, k28, this.t28, i);
    }
    const i = this.t24.find(hi24, bucket);
    return i >= 0 ? this.fill(out, 24, hi24, this.t24, i) : false;
  }

  /**
   * The position of the IEEE Company ID `hi24` (the first 24 bits of a locally administered
   * address in the ELI quadrant) in the CID table (IndexArtifact.cidNames), or -1 when it is
   * not an assigned CID.
   */
  lookupCid(hi24: number): number {
    const i = this.cids.find(hi24, hi24 >>> (24 - BUCKET_BITS));
    return i >= 0 ? this.cids.records[i] : -1;
  }

  private fill(out: BlockMatch, width: Width, prefix: number, table: WidthTable, i: number): true {
    out.width = width;
    out.prefix = prefix;
    out.record = table.records[i];
    out.seen = table.dates[i];
    return true;
  }
}
