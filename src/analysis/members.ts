/**
 * Members of an analysis computed per address as values, which both writers use: the `address`
 * of a 64-bit identifier, and the members a vendor's block gives (its first and last address
 * and size in the form of the address analysed: 48 or 64 bits).
 */
import { eui64Formats, type Eui64 } from '../mac/eui64.js';
import { formatMac } from '../mac/format.js';
import { colonHex } from '../mac/prefix.js';
import { firstSeenOf } from '../registry/first-seen.js';
import { REGISTRY_OF_WIDTH } from '../registry/kinds.js';
import type { BlockMatch } from '../registry/shared-index.js';
import type { AddressFormats, VendorInfo } from './types.js';

/** The `address` member of the 64-bit identifier `id`, cut to `keys`. */
export function eui64Address(id: Eui64, keys: readonly string[]): Partial<AddressFormats> {
  return { ...(keys.includes('kind') ? { kind: 'EUI-64' as const } : {}), ...eui64Formats(id, keys) };
}

/** The members of a vendor that block `m` gives, cut to `members` (BLOCK_MEMBERS), in order; the block's addresses as 64-bit identifiers when `wide`. */
export function blockMembers(m: BlockMatch, members: readonly string[], wide: boolean): Partial<VendorInfo> {
  const out: Partial<VendorInfo> = {};
  for (const member of members) {
    if (member === 'prefix') out.prefix = colonHex(m.prefix, m.width / 4);
    else if (member === 'prefixLength') out.prefixLength = m.width;
    else if (member === 'registry') out.registry = REGISTRY_OF_WIDTH[m.width];
    else if (out.block === undefined) out.block = blockOf(m, members, wide) as VendorInfo['block'];
  }
  return out;
}

/** The prefix mask of a block of `width` bits in the canonical form of the address analysed: FF:FF:FF:00:00:00 for an MA-L, eight groups for an EUI-64 (`wide`). */
export function blockMask(width: number, wide: boolean): string {
  const mask48 = (2 ** width - 1) * 2 ** (48 - width);
  return wide ? eui64Formats({ high48: mask48, low16: 0 }, ['canonical']).canonical : formatMac(mask48, 'canonical');
}

// The vendor's block member, as `members` keep it.
function blockOf(m: BlockMatch, members: readonly string[], wide: boolean): Partial<VendorInfo['block']> {
  if (!members.includes('block')) return { firstSeen: firstSeenOf(m.seen) };
  // 2^24, 2^20 or 2^12 (2^40, 2^36 or 2^28 for an EUI-64): the sizes the document lists.
  const size48 = (2 ** (48 - m.width)) as VendorInfo['block']['size'];
  const first = m.prefix * size48;
  const last = first + size48 - 1;
  const mask = blockMask(m.width, wide);
  if (!wide) return { first: formatMac(first, 'canonical'), last: formatMac(last, 'canonical'), mask, size: size48, firstSeen: firstSeenOf(m.seen) };
  const canonical = (high48: number, low16: number) => eui64Formats({ high48, low16 }, ['canonical']).canonical;
  return { first: canonical(first, 0), last: canonical(last, 0xffff), mask, size: (size48 * 65536) as VendorInfo['block']['size'], firstSeen: firstSeenOf(m.seen) };
}
