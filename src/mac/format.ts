/**
 * Output formats as data (the netaddr habit): a dialect is a group width, a separator and a
 * letter case, and one generic writer serves them all. Writers fill a caller-owned byte
 * buffer with a hex lookup table, so the hot path allocates nothing.
 */
import {
  writeBitReversedOctets,
  writeEui64Octets,
  writeMacOctets,
  writeModifiedEui64Octets,
} from './octets.js';

/** How a sequence of octets is written: digits per group, separator, letter case. */
export interface Dialect {
  readonly groupDigits: 2 | 4 | 12 | 16;
  readonly separator: string;
  readonly upper: boolean;
}

const HEX_UPPER = Uint8Array.from('0123456789ABCDEF', (c) => c.charCodeAt(0));
const HEX_LOWER = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0));

/** Writes `count` octets in `dialect` at `pos`; returns the position after them. */
export function writeOctets(out: Uint8Array, pos: number, octets: Uint8Array, count: number, dialect: Dialect): number {
  const hex = dialect.upper ? HEX_UPPER : HEX_LOWER;
  const sep = dialect.separator.length > 0 ? dialect.separator.charCodeAt(0) : -1;
  const octetsPerGroup = dialect.groupDigits / 2;
  for (let i = 0; i < count; i++) {
    if (i > 0 && sep >= 0 && i % octetsPerGroup === 0) out[pos++] = sep;
    const o = octets[i];
    out[pos++] = hex[o >>> 4];
    out[pos++] = hex[o & 15];
  }
  return pos;
}

/** Writes a 16-bit group in lower case without leading zeros (RFC 5952); returns the end. */
function writeCompactGroup(out: Uint8Array, pos: number, group: number): number {
  let started = false;
  for (let shift = 12; shift >= 0; shift -= 4) {
    const d = (group >>> shift) & 15;
    if (d !== 0 || started || shift === 0) {
      out[pos++] = HEX_LOWER[d];
      started = true;
    }
  }
  return pos;
}

const LINK_LOCAL_PREFIX = Uint8Array.from('fe80::', (c) => c.charCodeAt(0));

/**
 * Writes the RFC 5952 text of the IPv6 link-local address fe80::/64 + modified EUI-64.
 * Groups 2-3 of the interface id contain FF and FE, so they are never zero: the only zero
 * run to compress is fe80's padding, extended by the first interface group when it is 0.
 */
export function writeLinkLocal(out: Uint8Array, pos: number, modified8: Uint8Array): number {
  out.set(LINK_LOCAL_PREFIX, pos);
  pos += LINK_LOCAL_PREFIX.length;
  for (let g = 0; g < 4; g++) {
    const group = (modified8[2 * g] << 8) | modified8[2 * g + 1];
    if (g === 0 && group === 0) continue;
    pos = writeCompactGroup(out, pos, group);
    if (g < 3) out[pos++] = 58;
  }
  return pos;
}

/** Which octets a format shows. */
export type OctetView = 'mac' | 'eui64' | 'modifiedEui64' | 'bitReversed';

/** One member of the `address` object: its key, the octets it shows, and how. */
export interface AddressFormat {
  readonly key: string;
  readonly view: OctetView;
  readonly dialect: Dialect | 'linkLocal';
}

const CANONICAL: Dialect = { groupDigits: 2, separator: ':', upper: true };
const IPV6_GROUPS: Dialect = { groupDigits: 4, separator: ':', upper: false };

/** The members of `address`, in output order (CONTRACT.md). */
export const ADDRESS_FORMATS: readonly AddressFormat[] = [
  { key: 'canonical', view: 'mac', dialect: CANONICAL },
  { key: 'hexadecimal', view: 'mac', dialect: { groupDigits: 12, separator: '', upper: true } },
  { key: 'dashed', view: 'mac', dialect: { groupDigits: 2, separator: '-', upper: true } },
  { key: 'cisco', view: 'mac', dialect: { groupDigits: 4, separator: '.', upper: false } },
  { key: 'eui64', view: 'eui64', dialect: CANONICAL },
  { key: 'ipv6InterfaceId', view: 'modifiedEui64', dialect: IPV6_GROUPS },
  { key: 'ipv6LinkLocal', view: 'modifiedEui64', dialect: 'linkLocal' },
  { key: 'bitReversed', view: 'bitReversed', dialect: CANONICAL },
];

/** Scratch octet views of one address, filled by `fillOctetViews`. */
export class OctetViews {
  readonly mac = new Uint8Array(6);
  readonly eui64 = new Uint8Array(8);
  readonly modifiedEui64 = new Uint8Array(8);
  readonly bitReversed = new Uint8Array(6);

  /** Fills every view from a 48-bit address. */
  fill(mac: number): void {
    writeMacOctets(mac, this.mac);
    writeEui64Octets(this.mac, this.eui64);
    writeModifiedEui64Octets(this.mac, this.modifiedEui64);
    writeBitReversedOctets(this.mac, this.bitReversed);
  }
}

/** Writes one format of the address whose views are in `views`; returns the end position. */
export function writeFormat(out: Uint8Array, pos: number, views: OctetViews, format: AddressFormat): number {
  const octets = views[format.view];
  if (format.dialect === 'linkLocal') return writeLinkLocal(out, pos, octets);
  return writeOctets(out, pos, octets, octets.length, format.dialect);
}

const scratchViews = new OctetViews();
const scratchText = new Uint8Array(64);

/** Formats `mac` in the named format, e.g. `formatMac(x, 'cisco')` → `0003.93ab.1234`. */
export function formatMac(mac: number, key: string): string {
  const format = ADDRESS_FORMATS.find((f) => f.key === key);
  if (!format) throw new RangeError(`unknown format: ${key}`);
  scratchViews.fill(mac);
  const end = writeFormat(scratchText, 0, scratchViews, format);
  return String.fromCharCode(...scratchText.subarray(0, end));
}

/**
 * Writes the first `nibbles` hex digits of `octets`, colon after each octet: a block prefix
 * at its true width (`70:B3:D5:6C:0` for 36 bits).
 */
export function writePrefix(out: Uint8Array, pos: number, octets: Uint8Array, nibbles: number): number {
  for (let i = 0; i < nibbles; i++) {
    if (i > 0 && i % 2 === 0) out[pos++] = 58;
    const o = octets[i >>> 1];
    out[pos++] = HEX_UPPER[i % 2 === 0 ? o >>> 4 : o & 15];
  }
  return pos;
}
