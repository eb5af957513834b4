/**
 * What the analysis of an address is made of, looked up without rendering anything: its vendor
 * block, special entry, site (overlay) and hint. A look-up returns its facts; the full and the
 * projected renders and the CSV rows are written from them.
 */
import { bitsKey } from '../mac/bits.js';
import { eui64BitsKey, type Eui64 } from '../mac/eui64.js';
import { high24, low24 } from '../mac/octets.js';
import type { BlockMatch, SharedIndex } from '../registry/shared-index.js';
import type { Width } from '../registry/widths.js';
import { FIXED_HINTS, PlatformPrefixes } from '../hints/hint-objects.js';
import { PLATFORMS } from '../hints/platforms.js';
import type { SpecialIndex } from '../special/special-index.js';

/**
 * The facts of one look-up: the vendor block, and indices into the pieces, -1 where the
 * address has none. Two addresses with equal facts and bits render the same bits, special and
 * hints; two MAC-48s of one block, the same vendor (bulk threads keep it: fragment-cache.ts).
 */
export interface Facts {
  /** The MAC-48 analysed, or the first 48 bits of the 64-bit identifier analysed (its registry prefix and flag bits). */
  readonly mac: number;
  /** The 64-bit identifier analysed, or null for a MAC-48. */
  readonly eui64: Eui64 | null;
  /** The bits key of the address (mac/bits.ts). */
  readonly bits: number;
  /** The vendor block that covers the address, or null. */
  readonly block: BlockMatch | null;
  readonly special: number;
  readonly site: number;
  readonly hint: number;
}

/** Prefix width of the vendor block of `facts`, 0 when it has none. */
export function vendorWidth(facts: Facts): 0 | Width {
  return facts.block === null ? 0 : facts.block.width;
}

/** Looks addresses up in the shared registry index, the special catalogue and the overlay. */
export class AddressLookup {
  private readonly platforms = new PlatformPrefixes();

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
    return {
      mac,
      eui64: null,
      bits: bitsKey(mac),
      block: this.blockOf(mac),
      special: this.special.lookup(mac),
      site: this.sites === null ? -1 : this.sites.lookup(mac),
      hint: this.hintOf(high24(mac)),
    };
  }

  /**
   * Looks up what the analysis of the 64-bit identifier `id` is made of: its block by the same
   * prefixes (the IEEE assigns one block for both lengths), a CID or randomized hint as for a
   * MAC-48. The special catalogue, the sites and the platforms' ranges are MAC-48 facts.
   */
  lookUp64(id: Eui64): Facts {
    return { mac: id.high48, eui64: id, bits: eui64BitsKey(id), block: this.blockOf(id.high48), special: -1, site: -1, hint: this.localHintOf(high24(id.high48)) };
  }

  // The block of the address whose first 48 bits are `mac`, or null.
  private blockOf(mac: number): BlockMatch | null {
    const hi = high24(mac);
    const lo = low24(mac);
    const m: BlockMatch = { width: 24, prefix: 0, record: 0, seen: 0, block: 0 };
    const found = this.index.lookupBlock(hi, lo, m) || ((hi & 0x030000) === 0x010000 && this.index.lookupBlock(hi & 0xfeffff, lo, m));
    return found ? m : null;
  }

  // The hint of an address whose first 24 bits are `hi`: its platform's, else localHintOf's.
  private hintOf(hi: number): number {
    const platform = this.platforms.get(hi);
    return platform >= 0 ? platform : this.localHintOf(hi);
  }

  // The hint of a local unicast address whose first 24 bits are `hi`: the owner of its CID (ELI
  // quadrant) or, failing that, a randomized address of its quadrant; -1 for another address.
  private localHintOf(hi: number): number {
    if ((hi & 0x030000) !== 0x020000) return -1; // universal, or a group address
    const quadrant = (hi >>> 18) & 3;
    if (quadrant === 2) {
      const cid = this.index.lookupCid(hi);
      if (cid >= 0) return FIXED_HINTS + cid;
    }
    return PLATFORMS.length + quadrant;
  }
}
