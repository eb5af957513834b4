/**
 * Addresses that carry a MAC-48 inside: an EUI-64 with FF-FE in its middle (the IEEE's
 * mapping of a MAC-48), and an IPv6 address whose interface ID is the modified EUI-64 of a
 * MAC (RFC 4291 appendix A: FF-FE in the middle, U/L bit inverted), as SLAAC and link-local
 * addresses are. Anything else stays invalid, with the reason: a 64-bit identifier not made
 * from a MAC, or an IPv6 interface ID that is not (a privacy or random address hides its MAC).
 */
import { parseMac, trimBlanks, type MacParseError } from './parse.js';

/** Where an analysed MAC came from, when it was not given as a MAC-48. */
export interface DerivedMac {
  readonly mac: number;
  readonly kind: 'ipv6' | 'eui64';
}

/** Why an input that is not a MAC-48 does not carry one either. */
export type DerivedError = { kind: 'eui64_not_mac' } | { kind: 'ipv6_not_eui64'; interfaceId: string };

const hexDigits = (s: string) => s.replace(/[^0-9A-Fa-f]/g, '');

/** The 16 bytes of an IPv6 address (RFC 4291 text forms, an IPv4 tail allowed, no zone), or null. */
export function parseIpv6(s: string): Uint8Array | null {
  if (!/^[0-9A-Fa-f:.]+$/.test(s) || s.split('::').length > 2) return null;
  const words: number[] = [];
  const groups = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i];
      if (i === pieces.length - 1 && p.includes('.')) {
        const v4 = p.split('.');
        if (v4.length !== 4 || v4.some((o) => !/^\d{1,3}$/.test(o) || Number(o) > 255)) return null;
        out.push(Number(v4[0]) * 256 + Number(v4[1]), Number(v4[2]) * 256 + Number(v4[3]));
      } else if (/^[0-9A-Fa-f]{1,4}$/.test(p)) out.push(parseInt(p, 16));
      else return null;
    }
    return out;
  };
  const [head, tail] = s.split('::');
  const a = groups(head);
  const b = tail === undefined ? [] : groups(tail);
  if (!a || !b) return null;
  if (tail === undefined ? a.length !== 8 : a.length + b.length > 7) return null;
  words.push(...a, ...new Array<number>(8 - a.length - b.length).fill(0), ...b);
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[2 * i] = w >> 8;
    bytes[2 * i + 1] = w & 255;
  });
  return bytes;
}

// The MAC-48 of EUI-64 bytes b[at..at+8) with FF-FE in the middle, U/L bit inverted when `flip`; -1 without FF-FE.
function macOf(b: Uint8Array, at: number, flip: boolean): number {
  if (b[at + 3] !== 0xff || b[at + 4] !== 0xfe) return -1;
  return ((b[at] ^ (flip ? 2 : 0)) * 2 ** 40) + b[at + 1] * 2 ** 32 + b[at + 2] * 2 ** 24 + b[at + 5] * 65536 + b[at + 6] * 256 + b[at + 7];
}

/** The MAC inside an 8-octet EUI-64 or an EUI-64-based IPv6 address, or why there is none, or null when it is neither. */
export function parseDerived(s: string, macError: MacParseError): DerivedMac | DerivedError | null {
  if (macError.kind === 'eui64') {
    const digits = hexDigits(/^0[xX]/.test(s) ? s.slice(2) : s);
    const bytes = new Uint8Array(8);
    for (let i = 0; i < 8; i++) bytes[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16);
    const mac = macOf(bytes, 0, false);
    return mac < 0 ? { kind: 'eui64_not_mac' } : { mac, kind: 'eui64' };
  }
  if (!s.includes(':')) return null;
  const ip = parseIpv6(s);
  if (!ip) return null;
  const mac = macOf(ip, 8, true);
  if (mac >= 0) return { mac, kind: 'ipv6' };
  const iid = Array.from({ length: 4 }, (_, i) => ((ip[8 + 2 * i] << 8) | ip[9 + 2 * i]).toString(16)).join(':');
  return { kind: 'ipv6_not_eui64', interfaceId: iid };
}

/**
 * Parses an input for analysis: a MAC-48 (its value, no allocation: the common case), or a
 * MAC carried by an EUI-64 or an IPv6 address (DerivedMac), or why it is neither.
 */
export function parseAddressInput(s: string): number | DerivedMac | MacParseError | DerivedError {
  const mac = parseMac(s);
  if (typeof mac === 'number' || mac.kind === 'empty' || mac.kind === 'too_long') return mac;
  return parseDerived(trimBlanks(s), mac) ?? mac;
}
