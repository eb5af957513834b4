/**
 * Members of an analysis computed per address, as the document's types: the `address` of an
 * address, and the members a vendor's block gives (its first and last address, mask and size
 * in the form of the address analysed: 48 or 64 bits). The object writer builds whole analyses
 * from them, the JSON writer a 64-bit identifier's members; pickMembers cuts any of them to a
 * projection.
 */
import type { AddressFormats, Vendor } from '../contract/openapi-types.js';
import { eui64Formats, type Eui64 } from '../mac/eui64.js';
import { formatMac, formatsBy } from '../mac/format.js';
import { colonHex } from '../mac/prefix.js';
import { firstSeenOf } from '../registry/first-seen.js';
import { BLOCK_SIZES, REGISTRY_OF_WIDTH } from '../registry/kinds.js';
import type { BlockMatch } from '../registry/shared-index.js';

/** The `address` member of the MAC-48 `mac`. */
export function macAddress(mac: number): AddressFormats {
  return { kind: 'EUI-48', ...formatsBy((f) => formatMac(mac, f.key)) };
}

/** The `address` member of the 64-bit identifier `id`. */
export function eui64Address(id: Eui64): AddressFormats {
  return { kind: 'EUI-64', ...eui64Formats(id) };
}

/** The members of a vendor that its block `m` gives, in the vendor's order; the block's addresses as 64-bit identifiers when `wide`. */
export function blockMembers(m: BlockMatch, wide: boolean): Pick<Vendor, 'prefix' | 'prefixLength' | 'registry' | 'block'> {
  return { prefix: colonHex(m.prefix, m.width / 4), prefixLength: m.width, registry: REGISTRY_OF_WIDTH[m.width], block: blockOf(m, wide) };
}

/** The prefix mask of a block of `width` bits in the canonical form of the address analysed: FF:FF:FF:00:00:00 for an MA-L, eight groups for an EUI-64 (`wide`). */
export function blockMask(width: number, wide: boolean): string {
  const mask48 = (2 ** width - 1) * 2 ** (48 - width);
  return wide ? eui64Formats({ high48: mask48, low16: 0 }).canonical : formatMac(mask48, 'canonical');
}

/**
 * `value` cut to the members `names` names, in `value`'s order: `a.b` keeps member b of member
 * a (when a is not named whole); a member `value` lacks stays out. How a projection cuts a value.
 */
export function pickMembers(value: object, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (names.includes(key)) out[key] = member;
    else if (member !== null && typeof member === 'object') {
      const inner = names.filter((n) => n.startsWith(`${key}.`)).map((n) => n.slice(key.length + 1));
      if (inner.length > 0) out[key] = pickMembers(member, inner);
    }
  }
  return out;
}

// The vendor's block member.
function blockOf(m: BlockMatch, wide: boolean): Vendor['block'] {
  const size48 = BLOCK_SIZES[m.width][0];
  const first = m.prefix * size48;
  const last = first + size48 - 1;
  const ends = wide ? [eui64Formats({ high48: first, low16: 0 }), eui64Formats({ high48: last, low16: 0xffff })] : [first, last].map((mac) => ({ canonical: formatMac(mac, 'canonical') }));
  return { first: ends[0].canonical, last: ends[1].canonical, mask: blockMask(m.width, wide), size: BLOCK_SIZES[m.width][wide ? 1 : 0], firstSeen: firstSeenOf(m.seen) };
}
