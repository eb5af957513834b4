/**
 * The registry as a list (CONTRACT v1.2, Vendors and Registry export): every block of a
 * snapshot in address order, its organisations ("vendors": one registered name and country),
 * and what answers the questions asked the other way round: which blocks does a vendor hold
 * (vendor-search.ts), which blocks contain or lie inside a prefix. Built once per snapshot and
 * thread from the shared index alone (the records are read back from the vendor fragments),
 * in about a tenth of a second; never on a request's path once built.
 */
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import { headFragment, tailFragment } from './fragment-ids.js';
import type { SharedIndex } from './shared-index.js';

/** A block's registry: the three IEEE block sizes, and IEEE Company IDs (no addresses of their own). */
export type BlockRegistry = 'MA-L' | 'MA-M' | 'MA-S' | 'CID';

/** One organisation record, as the registry lists it. */
export interface CatalogRecord {
  readonly name: string | null;
  readonly shortName: string | null;
  readonly address: string | null;
  /** ISO 3166-1 alpha-2, or null. */
  readonly country: string | null;
  readonly private: boolean;
  readonly iab: boolean;
}

/** One block: `prefix` is its first address's top `width` bits. */
export interface CatalogBlock {
  readonly width: 24 | 28 | 36;
  readonly prefix: number;
  readonly registry: BlockRegistry;
  readonly record: number;
  /** Its organisation (index into Catalog.vendors), or -1 for a private registration or a CID. */
  readonly vendor: number;
}

/** An organisation and its blocks (address order). */
export interface CatalogVendor {
  readonly name: string;
  readonly shortName: string | null;
  readonly country: string | null;
  readonly blocks: readonly number[];
}

const KIND = { 24: 'MA-L', 28: 'MA-M', 36: 'MA-S' } as const;
const decoder = new TextDecoder();

/** The first address (48 bits) of a block. */
export function blockFirst(b: Pick<CatalogBlock, 'width' | 'prefix'>): number {
  return b.prefix * 2 ** (48 - b.width);
}

/** The block's size in addresses. */
export function blockSize(b: Pick<CatalogBlock, 'width'>): number {
  return 2 ** (48 - b.width);
}

// Every record's members, read back from its head and English tail fragments.
function readRecords(index: SharedIndex, count: number): CatalogRecord[] {
  const out: CatalogRecord[] = [];
  for (let r = 0; r < count; r++) {
    const v = JSON.parse(decoder.decode(index.fragments.bytes(headFragment(r))) + decoder.decode(index.fragments.bytes(tailFragment(r, 0)))) as {
      name: string | null; shortName: string | null; address: string | null; country: { code: string } | null; private: boolean; iab?: true;
    };
    out.push({ name: v.name, shortName: v.shortName, address: v.address, country: v.country?.code ?? null, private: v.private, iab: v.iab === true });
  }
  return out;
}

/** A snapshot's blocks, records and vendors. */
export class Catalog {
  readonly records: readonly CatalogRecord[];
  /** Every block and CID, by first address, then wider first. */
  readonly blocks: readonly CatalogBlock[];
  /** Organisations with a name, in name order. */
  readonly vendors: readonly CatalogVendor[];
  /** Blocks per registry, as /api/registry counts them (IAB blocks are MA-S with iab set). */
  readonly counts: Readonly<Record<BlockRegistry | 'IAB', number>>;
  // First addresses of `blocks`, for binary searches.
  private readonly firsts: Float64Array;
  // The widest block size: a block containing an address starts at most this far before it.
  private static readonly WIDEST = 2 ** 24;

  /** Builds the catalog of a snapshot: `index` is the shared index that `handle` describes. */
  constructor(index: SharedIndex, handle: Pick<AnalyzerHandle, 'meta' | 'cids'>) {
    this.records = readRecords(index, handle.meta.records);
    const blocks: Array<Omit<CatalogBlock, 'vendor'>> = [];
    for (const width of [24, 28, 36] as const) {
      const { prefixes, records } = index.blocksOf(width);
      for (let i = 0; i < prefixes.length; i++) blocks.push({ width, prefix: prefixes[i], registry: KIND[width], record: records[i] });
    }
    handle.cids.prefixes.forEach((prefix, i) => blocks.push({ width: 24, prefix, registry: 'CID', record: handle.cids.records[i] }));
    blocks.sort((a, b) => blockFirst(a) - blockFirst(b) || a.width - b.width || (a.registry === 'CID' ? 1 : 0) - (b.registry === 'CID' ? 1 : 0));
    // Vendors: one per (name, country) among named, non-CID blocks.
    const byKey = new Map<string, { name: string; shortName: string | null; country: string | null; blocks: number[] }>();
    const withVendor: CatalogBlock[] = blocks.map((b, i) => {
      const r = this.records[b.record];
      if (b.registry === 'CID' || r.name === null) return { ...b, vendor: -1 };
      const key = `${r.name}\u0000${r.country ?? ''}`;
      let v = byKey.get(key);
      if (!v) byKey.set(key, (v = { name: r.name, shortName: r.shortName, country: r.country, blocks: [] }));
      v.blocks.push(i);
      return { ...b, vendor: -1 };
    });
    const vendors = [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.country ?? '').localeCompare(b.country ?? ''));
    vendors.forEach((v, vi) => {
      for (const i of v.blocks) withVendor[i] = { ...withVendor[i], vendor: vi };
    });
    this.blocks = withVendor;
    this.vendors = vendors;
    this.firsts = Float64Array.from(withVendor, blockFirst);
    const counts = { 'MA-L': 0, 'MA-M': 0, 'MA-S': 0, CID: 0, IAB: 0 };
    for (const b of withVendor) {
      if (b.registry === 'MA-S' && this.records[b.record].iab) counts.IAB++;
      else counts[b.registry]++;
    }
    this.counts = counts;
  }

  /**
   * The blocks (no CIDs) that contain the range [first, first + size) or lie inside it: those
   * containing it first, widest first, then those inside it in address order.
   */
  around(first: number, size: number): number[] {
    const containing: number[] = [];
    const inside: number[] = [];
    // A containing block starts at most WIDEST before `first`; an inside one starts in the range.
    let i = this.lowerBound(first - Catalog.WIDEST + 1);
    for (; i < this.blocks.length && this.firsts[i] < first + size; i++) {
      const b = this.blocks[i];
      if (b.registry === 'CID') continue;
      const start = this.firsts[i];
      const end = start + blockSize(b);
      if (start <= first && end >= first + size) containing.push(i);
      else if (start >= first && end <= first + size) inside.push(i);
    }
    containing.sort((a, b) => this.blocks[a].width - this.blocks[b].width);
    return [...containing, ...inside];
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
