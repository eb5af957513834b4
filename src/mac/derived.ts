/**
 * Inputs other than a MAC-48: a DHCPv6 DUID of type LLT or LL and a DHCPv4 client identifier
 * (`01` + the MAC) with hardware type 1, Ethernet, analysed as the MAC inside (RFC 8415 §11,
 * RFC 2132 §9.14; any other DUID type or hardware type is said by name); a 64-bit identifier
 * (EUI-64), analysed as itself unless it has
 * FF-FE in its middle (the IEEE's mapping of a MAC-48: then the MAC inside is analysed); an
 * IP-over-InfiniBand address, analysed as its port GUID (its last 8 octets, an EUI-64; a
 * multicast group's address, such as the broadcast one, names no port and is refused); and an
 * IPv6 address whose interface ID is the modified EUI-64 of a MAC (RFC 4291 appendix A: FF-FE
 * in the middle, U/L bit inverted), as SLAAC and link-local addresses are. An IPv6 interface ID
 * that is not made from a MAC stays invalid, with the reason (a privacy or random address).
 */
import type { DerivedFrom as ContractDerivedFrom } from '../contract/openapi-types.js';
import { eui64Formats, ipv6Text, type Eui64 } from './eui64.js';
import { parseMac, trimBlanks, type MacParseError } from './parse.js';

/** Where an address given inside another input came from: its answer's `derivedFrom`, as the document says. */
export type DerivedFrom = Readonly<ContractDerivedFrom>;

/** What an address was read out of: the `derivedFrom.kind` of its answer. */
export type DerivedKind = DerivedFrom['kind'];

/** The DUID types that carry a link-layer address (RFC 8415 §11.2, §11.4). */
export type DuidType = NonNullable<DerivedFrom['duidType']>;

/** An input that is not a plain MAC-48 but gives an address to analyse. */
export interface AddressInput {
  /** The MAC-48 analysed, or the first 48 bits of the 64-bit identifier analysed (where its registry prefix and flag bits are). */
  readonly mac: number;
  /** The 64-bit identifier analysed, or null when a MAC-48 is. */
  readonly eui64: Eui64 | null;
  /** What the address was read out of (`derivedFrom.kind`), or null for an EUI-64 given as such. */
  readonly kind: DerivedKind | null;
  /** A DUID's type and, for a DUID-LLT, its time (`derivedFrom.duidType`, `derivedFrom.time`). */
  readonly duid?: { readonly type: DuidType; readonly time?: string };
}

/** Why an input that is not a MAC-48 does not carry an address either. */
export type DerivedError =
  | { kind: 'ipv6_not_eui64'; interfaceId: string; eui64: string }
  | { kind: 'ipoib_multicast'; gid: string }
  | { kind: 'duid_type'; type: number; name: string }
  | { kind: 'duid_hardware'; duidType: DuidType; hardware: number }
  | { kind: 'duid_length'; duidType: DuidType; octets: number; expected: number }
  | { kind: 'client_id_type'; type: string };

/** Why an input gives no address to analyse. */
export type InputError = MacParseError | DerivedError;

// The DUID types RFC 8415 §11 defines, by number; 1 and 3 carry a link-layer address.
const DUID_TYPES: ReadonlyMap<number, string> = new Map([[1, 'DUID-LLT'], [2, 'DUID-EN'], [3, 'DUID-LL'], [4, 'DUID-UUID']]);

// Seconds of a DUID-LLT's time are counted from 2000-01-01 00:00 UTC.
const DUID_EPOCH_MS = Date.UTC(2000, 0, 1);

// The MAC-48 in b[at..at+6).
function macAt(b: Uint8Array, at: number): number {
  return b[at] * 2 ** 40 + b[at + 1] * 2 ** 32 + b[at + 2] * 2 ** 24 + b[at + 3] * 65536 + b[at + 4] * 256 + b[at + 5];
}

// The MAC inside a DHCPv4 client identifier (7 octets) or a DHCPv6 DUID-LLT or DUID-LL, or why
// there is none; `otherwise` when the octets do not read as a DUID: a DUID-LLT or DUID-LL's
// hardware type (IANA's, below 256), a DUID-EN's enterprise number (below 2^24) and a DUID-UUID's
// 18 octets tell it from a MAC with extra octets whose OUI starts 00-01 to 00-04.
function carriedMac(b: Uint8Array, otherwise: InputError): AddressInput | InputError {
  if (b.length === 7) return b[0] === 1 ? { mac: macAt(b, 1), eui64: null, kind: 'client-id' } : { kind: 'client_id_type', type: b[0].toString(16).padStart(2, '0') };
  const type = b[0] * 256 + b[1];
  const name = DUID_TYPES.get(type);
  if (name === undefined || (type === 4 ? b.length !== 18 : b[2] !== 0)) return otherwise;
  if (type === 2 || type === 4) return { kind: 'duid_type', type, name };
  const duidType: DuidType = type === 1 ? 'LLT' : 'LL';
  if (b[3] !== 1) return { kind: 'duid_hardware', duidType, hardware: b[3] };
  const expected = type === 1 ? 14 : 10;
  if (b.length !== expected) return { kind: 'duid_length', duidType, octets: b.length, expected };
  if (type === 3) return { mac: macAt(b, 4), eui64: null, kind: 'duid', duid: { type: 'LL' } };
  const seconds = b[4] * 2 ** 24 + b[5] * 65536 + b[6] * 256 + b[7];
  const time = new Date(DUID_EPOCH_MS + seconds * 1000).toISOString().replace('.000Z', 'Z');
  return { mac: macAt(b, 8), eui64: null, kind: 'duid', duid: { type: 'LLT', time } };
}

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

// The 64-bit identifier in b[at..at+8).
function eui64At(b: Uint8Array, at: number): Eui64 {
  return { high48: macAt(b, at), low16: b[at + 6] * 256 + b[at + 7] };
}

// The EUI-64 at b[at..at+8) read as `kind`: the MAC-48 inside when it has FF-FE in its middle, else the identifier itself.
function eui64Input(b: Uint8Array, at: number, kind: 'eui64' | 'ipoib'): AddressInput {
  const mac = macOf(b, at, false);
  if (mac >= 0) return { mac, eui64: null, kind };
  const id = eui64At(b, at);
  return { mac: id.high48, eui64: id, kind: kind === 'ipoib' ? 'ipoib' : null };
}

// The MAC of an IPv6 address made from one, or why there is none, or null when `s` is no IPv6 address.
function parseDerived(s: string): AddressInput | DerivedError | null {
  if (!s.includes(':')) return null;
  const ip = parseIpv6(s);
  if (!ip) return null;
  const mac = macOf(ip, 8, true);
  if (mac >= 0) return { mac, eui64: null, kind: 'ipv6' };
  const iid = Array.from({ length: 4 }, (_, i) => ((ip[8 + 2 * i] << 8) | ip[9 + 2 * i]).toString(16)).join(':');
  // The 64-bit identifier a modified EUI-64 interface ID would come from: its U/L bit inverted back (RFC 4291 appendix A).
  const id = ip.slice(8);
  id[0] ^= 2;
  return { kind: 'ipv6_not_eui64', interfaceId: iid, eui64: eui64Formats(eui64At(id, 0)).canonical };
}

/** The `derivedFrom` of an address parsed from `input` (without the blanks around it), or null when it was given as itself. */
export function derivedFromOf(parsed: number | AddressInput | null, input: string): DerivedFrom | null {
  if (parsed === null || typeof parsed === 'number' || parsed.kind === null) return null;
  const value = trimBlanks(input);
  if (parsed.duid === undefined) return { kind: parsed.kind, value };
  return parsed.duid.time === undefined ? { kind: parsed.kind, value, duidType: parsed.duid.type } : { kind: parsed.kind, value, duidType: parsed.duid.type, time: parsed.duid.time };
}

/**
 * Parses an input for analysis: a MAC-48 (its value, no allocation: the common case), or an
 * EUI-64, or an address carried by an EUI-64, IPoIB or IPv6 address (AddressInput), or why it is none.
 */
export function parseAddressInput(s: string): number | AddressInput | InputError {
  const mac = parseMac(s);
  if (typeof mac === 'number' || mac.kind === 'empty' || mac.kind === 'too_long') return mac;
  if (mac.kind === 'eui64' || mac.kind === 'ipoib') {
    const octets = mac.octets;
    // An IPoIB address is 4 octets of flags and queue pair, then a GID: one that starts with FF is a multicast group's.
    if (mac.kind === 'ipoib' && octets[4] === 0xff) return { kind: 'ipoib_multicast', gid: ipv6Text(Array.from({ length: 8 }, (_, i) => octets[4 + 2 * i] * 256 + octets[5 + 2 * i])) };
    return eui64Input(octets, mac.kind === 'ipoib' ? 12 : 0, mac.kind);
  }
  if (mac.kind === 'octets') return carriedMac(mac.octets, mac.otherwise);
  return parseDerived(trimBlanks(s)) ?? mac;
}
