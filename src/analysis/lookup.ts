/**
 * What the analysis of an address is made of, looked up without rendering anything: its vendor
 * block, special entry, site (overlay) and hint. The full and the projected renders, and the
 * CSV rows, read the facts of the last look-up.
 */
import { high24, low24 } from '../mac/octets.js';
import type { BlockMatch, SharedIndex } from '../registry/shared-index.js';
import type { Width } from '../registry/widths.js';
import { FIXED_HINTS, platformBuckets, platformPrefixes } from '../hints/hint-fragments.js';
import { PLATFORMS } from '../hints/platforms.js';
import type { SpecialIndex } from '../special/special-index.js';

const VENDOR_WIDTHS = [24, 28, 0, 36] as const;

/** The facts of one look-up: indices into the fragments, -1 where the address has none. */
export interface Facts {
  /** The vendor record and block width (record × 4 + width index), -1 for none. */
  vendor: number;
  /** The block's prefix (top bits of the address). */
  prefix: number;
  special: number;
  site: number;
  hint: number;
}

/** Looks addresses up in the shared registry index, the special catalogue and the overlay. */
export class AddressLookup {
  /**
   * What the last looked-up address's analysis is made of, besides the address itself. Two
   * addresses with equal facts and bits render the same bits, special and hints, and vendors
   * that differ in their prefix only (the CSV rows reuse them).
   */
  readonly facts: Facts = { vendor: -1, prefix: 0, special: -1, site: -1, hint: -1 };
  /** The vendor block of the last look-up (valid when facts.vendor >= 0). */
  readonly match: BlockMatch = { width: 24, prefix: 0, record: 0, seen: 0 };
  private readonly platforms = platformPrefixes();
  // The top 12 bits of every platform prefix: most addresses skip the map lookup.
  private readonly platformBuckets = platformBuckets(this.platforms);

  /** Looks up in `index`, the `special` catalogue and the operator's `sites` (or null). */
  constructor(
    private readonly index: SharedIndex,
    private readonly special: SpecialIndex,
    private readonly sites: SpecialIndex | null,
  ) {}

  /** Prefix width of the vendor block of the last look-up, 0 when it had none (for bulk summaries). */
  get vendorWidth(): 0 | Width {
    const v = this.facts.vendor;
    return v < 0 ? 0 : VENDOR_WIDTHS[v & 3];
  }

  /**
   * Looks up what the analysis of `mac` is made of into `facts`.
   *
   * The registry is searched for the address as it is. Failing that, a universal group
   * address is searched with its I/G bit cleared (a block assigns both the individual and
   * group addresses under its prefix); a local address has no vendor. Only historical
   * assignments (02:60:8C 3Com, AA:00:04 DEC, 11:11:11…) match a local or group prefix as is.
   */
  lookUp(mac: number): void {
    const f = this.facts;
    const hi = high24(mac);
    const lo = low24(mac);
    const m = this.match;
    if (this.index.lookupBlock(hi, lo, m) || ((hi & 0x030000) === 0x010000 && this.index.lookupBlock(hi & 0xfeffff, lo, m))) {
      f.vendor = m.record * 4 + ((m.width - 24) >>> 2);
      f.prefix = m.prefix;
    } else {
      f.vendor = -1;
    }
    f.special = this.special.lookup(mac);
    f.site = this.sites === null ? -1 : this.sites.lookup(mac);
    f.hint = this.hintOf(mac);
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
