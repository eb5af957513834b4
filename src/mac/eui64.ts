/**
 * 64-bit identifiers (EUI-64: IEEE 802.15.4 radios, FireWire, InfiniBand GUIDs): their octets and
 * their `address` formats, the same members as a MAC-48's in their 64-bit forms (docs/API.md).
 * They are rare beside MAC-48 inputs, so they are written as strings, not through templates.
 */
import { formatOctets, formatsBy, type FormatKey } from './format.js';
import { BIT_REVERSED, writeMacOctets } from './octets.js';
import { BITS_KEYS, bitsKey } from './bits.js';

/** A 64-bit identifier: its first 48 bits (where the registry prefix and the I/G and U/L bits are) and its last 16. */
export interface Eui64 {
  readonly high48: number;
  readonly low16: number;
}

/** The 8 octets of `id`. */
export function eui64Octets(id: Eui64): Uint8Array {
  const octets = new Uint8Array(8);
  writeMacOctets(id.high48, octets);
  octets[6] = id.low16 >>> 8;
  octets[7] = id.low16 & 255;
  return octets;
}

/** The `bits` key (bits.ts) of `id`: a MAC-48's, broadcast only when all 64 bits are set. */
export function eui64BitsKey(id: Eui64): number {
  const key = bitsKey(id.high48);
  return key === BITS_KEYS - 1 && id.low16 !== 0xffff ? bitsKey(0xff0000000000) : key;
}

// Group `g` of eight 16-bit groups as RFC 5952 writes it (lower case, no leading zeros).
const compact = (group: number) => group.toString(16);

/** The RFC 5952 text of the IPv6 address whose eight 16-bit groups are `groups` (the longest run of two or more zero groups, the first of equal runs, as `::`). */
export function ipv6Text(groups: readonly number[]): string {
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [best, bestLength] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  if (best < 0) return groups.map(compact).join(':');
  return `${groups.slice(0, best).map(compact).join(':')}::${groups.slice(best + bestLength).map(compact).join(':')}`;
}

/** The `address` formats of `id`: a MAC-48's members in their 64-bit forms. */
export function eui64Formats(id: Eui64): Record<FormatKey, string> {
  const octets = eui64Octets(id);
  const modified = octets.slice();
  modified[0] ^= 0x02; // the modified EUI-64 of an IPv6 interface ID (RFC 4291 appendix A)
  return formatsBy((f) => {
    if (f.dialect === 'linkLocal') return ipv6Text([0xfe80, 0, 0, 0, ...[0, 2, 4, 6].map((i) => modified[i] * 256 + modified[i + 1])]);
    return formatOctets(f.view === 'modifiedEui64' ? modified : f.view === 'bitReversed' ? octets.map((b) => BIT_REVERSED[b]) : octets, f.dialect);
  });
}
