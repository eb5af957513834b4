/**
 * What the analysis of an address is made of, looked up without rendering anything: its vendor
 * block, special entry, site (overlay) and hint. A look-up returns its facts; the full and the
 * projected renders and the CSV rows are written from them.
 */
import { high24, low24 } from '../mac/octets.js';
import type { BlockMatch, SharedIndex } from '../registry/shared-index.js';
import type { Width } from '../registry/widths.js';
import { FIXED_HINTS, platformBuckets, platformPrefixes } from '../hints/hint-objects.js';
import { PLATFORMS } from '../hints/platforms.js';
import type { SpecialIndex } from '../special/special-index.js';

/**
 * The facts of one look-up: the vendor block, and indices into the fragments, -1 where the
 * address has none. Two addresses with equal facts and bits render the same bits, special and
 * hints, and vendors that differ in their prefix only (the CSV rows reuse them).
 */
export interface Facts {
  /** The vendor block that covers the address, or null. */
  readonly block: BlockMatch | null;
  readonly special: number;
  readonly site: number;
  readonly hint: number;
}

/** The vendor key of a block: its record and width (record × 4 + width index), one per record and width. */
export function vendorKey(block: BlockMatch): number {
  return block.record * 4 + ((block.width - 24) >>> 2);
}

/** Prefix width of the vendor block of `facts`, 0 when it has none. */
export function vendorWidth(facts: Facts): 0 | Width {
  return facts.block === null ? 0 : facts.block.width;
}

/** Looks addresses up in the shared registry index, the special catalogue and the overlay. */
export class AddressLookup {
  private readonly platforms = platformPrefixes();
  // The top 12 bits of every platform prefix: most addresses skip the map lookup.
  private readonly platformBuckets = platformBuckets(this.platforms);

  /** Looks up in `index`, the `special` catalogue and the operator's `sites` (or null). */
  constructor(
    private readonly index: SharedIndex,
    private readonly special: SpecialIndex,
    private readonly sites: SpecialIndex | null,
  ) {}

  /**
   * Looks up what the analysis of `mac` is made of.
   *
   * The registry is searched for the address as it is. Failing that, a universal group
   * address is searched with its I/G bit cleared (a block assigns both the individual and
   * group addresses under its prefix); a local address has no vendor. Only historical
   * assignments (02:60:8C 3Com, AA:00:04 DEC, 11:11:11…) match a local or group prefix as is.
   */
  lookUp(mac: number): Facts {
    const hi = high24(mac);
    const lo = low24(mac);
    const m: BlockMatch = { width: 24, prefix: 0, record: 0, seen: 0 };
    const found = this.index.lookupBlock(hi, lo, m) || ((hi & 0x030000) === 0x010000 && this.index.lookupBlock(hi & 0xfeffff, lo, m));
    return {
      block: found ? m : null,
      special: this.special.lookup(mac),
      site: this.sites === null ? -1 : this.sites.lookup(mac),
      hint: this.hintOf(mac),
    };
  }

  // The hint of an address (its fragment's index among the hint fragments), or -1: a
  // platform's OUI or local range; else, for a local unicast address, the owner of its CID
  // (ELI quadrant) or, failing that, a randomized address of its quadrant.
  private hintOf(mac: number): number {
    const hi = high24(mac);
    if (this.platformBuckets[hi >>> 12] === 1) {
      const platform = this.platforms.get(hi);
      if (platform !== undefined) return platform;
    }
    if ((hi & 0x030000) !== 0x020000) return -1; // universal, or a group address
    const quadrant = (hi >>> 18) & 3;
    if (quadrant === 2) {
      const cid = this.index.lookupCid(hi);
      if (cid >= 0) return FIXED_HINTS + cid;
    }
    return PLATFORMS.length + quadrant;
  }
}
