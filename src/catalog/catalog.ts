/**
 * The registry as a list (docs/API.md, Vendors and Registry export): every block of a
 * snapshot in address order, its organisations ("vendors": one registered name and country),
 * and what answers the questions asked the other way round: which blocks does a vendor hold
 * (vendor-search.ts), which blocks contain or lie inside a prefix. Built once per snapshot and
 * thread from the shared index alone (the records from its vendor values, vendor-values.ts),
 * on the first request that needs it (registry-service.ts); never again for that snapshot.
 */
import type { SharedIndex } from '../registry/shared-index.js';
import type { RegistrySnapshot } from '../registry/snapshot.js';
import { ADDRESS, type VendorRecordRead } from '../registry/vendor-values.js';
import type { Width } from '../registry/widths.js';

/** A block's registry: the three IEEE block sizes, and IEEE Company IDs (no addresses of their own). */
export type BlockRegistry = 'MA-L' | 'MA-M' | 'MA-S' | 'CID';

/** One organisation record, as the registry lists it (its postal address: Catalog.address). */
export type CatalogRecord = VendorRecordRead;

/** One block: `prefix` is its first address's top `width` bits. */
export interface CatalogBlock {
  readonly width: Width;
  readonly prefix: number;
  readonly registry: BlockRegistry;
  readonly record: number;
  /** Its organisation (a vendor index: Catalog.vendor(i)), or -1 for a private registration or a CID. */
  readonly vendor: number;
  /** When it was first seen (registry/first-seen.ts; 0: undated). */
  readonly seen: number;
}

/** An organisation and its blocks (indices, address order). */
export interface CatalogVendor {
  readonly name: string;
  readonly shortName: string | null;
  readonly country: string | null;
  readonly blocks: Uint32Array;
}

/** The first address (48 bits) of a block. */
export function blockFirst(b: Pick<CatalogBlock, 'width' | 'prefix'>): number {
  return b.prefix * 2 ** (48 - b.width);
}

// Every record's members but its postal address (read when an export needs it).
function readRecords(index: SharedIndex, count: number): CatalogRecord[] {
  const out: CatalogRecord[] = [];
  for (let r = 0; r < count; r++) out.push(index.vendors.record(r));
  return out;
}

const REGISTRIES: readonly BlockRegistry[] = ['MA-L', 'MA-M', 'MA-S', 'CID'];
const CID = 3;

/** A snapshot's blocks, records and vendors, in typed arrays (a block is 18 bytes, not an object). */
export class Catalog {
  readonly records: readonly CatalogRecord[];
  /** Blocks and CIDs in all, by first address, then wider first. */
  readonly blockCount: number;
  /** Organisations with a name (one per name and country), in name order. */
  readonly vendorCount: number;
  private readonly widths: Uint8Array;
  private readonly prefixes: Float64Array;
  private readonly registries: Uint8Array;
  private readonly blockRecords: Uint32Array;
  private readonly blockVendors: Int32Array;
  private readonly blockDates: Uint32Array;
  private newestFirst: Uint32Array | null = null;
  // First addresses of the blocks, for binary searches.
  private readonly firsts: Float64Array;
  private readonly vendorNames: string[] = [];
  private readonly vendorRecords: Uint32Array;
  // The vendors' blocks: vendor v's are vendorBlockIds[vendorStarts[v] … vendorStarts[v + 1]).
  private readonly vendorStarts: Uint32Array;
  private readonly vendorBlockIds: Uint32Array;
  // The widest block size: a block containing an address starts at most this far before it.
  private static readonly WIDEST = 2 ** 24;

  /** Builds the catalog of a snapshot: `index` is the shared index that `handle` describes. */
  constructor(
    private readonly index: SharedIndex,
    handle: Pick<RegistrySnapshot, 'meta' | 'cids'>,
  ) {
    this.records = readRecords(index, handle.meta.records);
    const tables = ([24, 28, 36] as const).map((w) => ({ w, ...index.blocksOf(w) }));
    const total = tables.reduce((n, t) => n + t.prefixes.length, 0) + handle.cids.prefixes.length;
    // Sorted by first address, wider first, CIDs after the block of the same prefix.
    const order: number[] = [];
    const widthOf = new Uint8Array(total);
    const prefixOf = new Float64Array(total);
    const registryOf = new Uint8Array(total);
    const recordOf = new Uint32Array(total);
    const dateOf = new Uint32Array(total);
    let n = 0;
    tables.forEach((t, ti) => {
      for (let i = 0; i < t.prefixes.length; i++, n++) [widthOf[n], prefixOf[n], registryOf[n], recordOf[n], dateOf[n]] = [t.w, t.prefixes[i], ti, t.records[i], t.dates[i]];
    });
    handle.cids.prefixes.forEach((prefix, i) => {
      [widthOf[n], prefixOf[n], registryOf[n], recordOf[n], dateOf[n]] = [24, prefix, CID, handle.cids.records[i], handle.cids.dates[i]];
      n++;
    });
    const firstOf = new Float64Array(total);
    for (let i = 0; i < total; i++) {
      order.push(i);
      firstOf[i] = prefixOf[i] * 2 ** (48 - widthOf[i]);
    }
    order.sort((a, b) => firstOf[a] - firstOf[b] || widthOf[a] - widthOf[b] || registryOf[a] - registryOf[b]);
    this.blockCount = total;
    this.widths = Uint8Array.from(order, (i) => widthOf[i]);
    this.prefixes = Float64Array.from(order, (i) => prefixOf[i]);
    this.registries = Uint8Array.from(order, (i) => registryOf[i]);
    this.blockRecords = Uint32Array.from(order, (i) => recordOf[i]);
    this.blockDates = Uint32Array.from(order, (i) => dateOf[i]);
    this.firsts = Float64Array.from(order, (i) => firstOf[i]);
    // Vendors: one per (name, country) among named blocks that are not CIDs.
    const byKey = new Map<string, number>();
    const keyOfBlock = new Int32Array(total).fill(-1);
    const keys: Array<{ name: string; record: number; count: number }> = [];
    for (let i = 0; i < total; i++) {
      const r = this.records[this.blockRecords[i]];
      if (this.registries[i] === CID || r.name === null) continue;
      const key = `${r.name}\u0000${r.country ?? ''}`;
      let k = byKey.get(key);
      if (k === undefined) {
        byKey.set(key, (k = keys.length));
        keys.push({ name: r.name, record: this.blockRecords[i], count: 0 });
      }
      keys[k].count++;
      keyOfBlock[i] = k;
    }
    // One collator for every comparison (`localeCompare` looks one up per call), and the
    // blocks' first addresses computed once before the sort.
    const byName = new Intl.Collator('en').compare;
    const byCountry = new Intl.Collator().compare;
    const sorted = keys.map((_, k) => k).sort((a, b) => byName(keys[a].name, keys[b].name) || byCountry(this.records[keys[a].record].country ?? '', this.records[keys[b].record].country ?? ''));
    const vendorOfKey = new Int32Array(keys.length);
    sorted.forEach((k, v) => (vendorOfKey[k] = v));
    this.vendorCount = keys.length;
    this.vendorRecords = Uint32Array.from(sorted, (k) => keys[k].record);
    for (const k of sorted) this.vendorNames.push(keys[k].name);
    this.vendorStarts = new Uint32Array(keys.length + 1);
    sorted.forEach((k, v) => (this.vendorStarts[v + 1] = this.vendorStarts[v] + keys[k].count));
    this.vendorBlockIds = new Uint32Array(this.vendorStarts[keys.length]);
    this.blockVendors = new Int32Array(total).fill(-1);
    const filled = this.vendorStarts.slice(0, keys.length);
    for (let i = 0; i < total; i++) {
      if (keyOfBlock[i] < 0) continue;
      const v = vendorOfKey[keyOfBlock[i]];
      this.blockVendors[i] = v;
      this.vendorBlockIds[filled[v]++] = i;
    }
  }

  /** Block `i` (0 ≤ i < blockCount). */
  block(i: number): CatalogBlock {
    return { width: this.widths[i] as Width, prefix: this.prefixes[i], registry: REGISTRIES[this.registries[i]], record: this.blockRecords[i], vendor: this.blockVendors[i], seen: this.blockDates[i] };
  }

  /** The first-seen date of block `i` (registry/first-seen.ts; 0: undated). */
  seen(i: number): number {
    return this.blockDates[i];
  }

  /**
   * The dated blocks (CIDs included) first seen on the days `since` … `until` (days since
   * 1970-01-01, both included), newest first, then in address order: a range of the blocks
   * sorted once per snapshot.
   */
  firstSeenBetween(since: number, until: number): Uint32Array {
    const sorted = (this.newestFirst ??= this.sortNewestFirst());
    // Sorted by day descending: the range is [first index with day <= until, first with day < since).
    const day = (k: number) => this.blockDates[sorted[k]] >>> 2;
    const bound = (test: (d: number) => boolean) => {
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (test(day(mid))) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return sorted.subarray(bound((d) => d > until), bound((d) => d >= since));
  }

  private sortNewestFirst(): Uint32Array {
    const dated: number[] = [];
    for (let i = 0; i < this.blockCount; i++) if (this.blockDates[i] !== 0) dated.push(i);
    dated.sort((a, b) => (this.blockDates[b] >>> 2) - (this.blockDates[a] >>> 2) || a - b);
    return Uint32Array.from(dated);
  }

  /** Vendor `v` (0 ≤ v < vendorCount), with its blocks' indices. */
  vendor(v: number): CatalogVendor {
    const r = this.records[this.vendorRecords[v]];
    return { name: this.vendorNames[v], shortName: r.shortName, country: r.country, blocks: this.vendorBlockIds.subarray(this.vendorStarts[v], this.vendorStarts[v + 1]) };
  }

  /** The number of blocks of vendor `v`. */
  vendorBlockCount(v: number): number {
    return this.vendorStarts[v + 1] - this.vendorStarts[v];
  }

  /** The postal address of record `r`. */
  address(r: number): string | null {
    return this.index.vendors.text(r, ADDRESS);
  }

  /**
   * The blocks (no CIDs) that contain the range [first, first + size), widest first, and those
   * that lie inside it (a block equal to the range counts as containing it), in address order.
   */
  around(first: number, size: number): { readonly containing: number[]; readonly inside: number[] } {
    const containing: number[] = [];
    const inside: number[] = [];
    // A containing block starts at most WIDEST before `first`; an inside one starts in the range.
    for (let i = this.lowerBound(first - Catalog.WIDEST + 1); i < this.blockCount && this.firsts[i] < first + size; i++) {
      if (this.registries[i] === CID) continue;
      const start = this.firsts[i];
      const end = start + 2 ** (48 - this.widths[i]);
      if (start <= first && end >= first + size) containing.push(i);
      else if (start >= first && end <= first + size) inside.push(i);
    }
    containing.sort((a, b) => this.widths[a] - this.widths[b]);
    return { containing, inside };
  }

  // The first block index whose first address is ≥ `address`.
  private lowerBound(address: number): number {
    let lo = 0;
    let hi = this.firsts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.firsts[mid] < address) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
