/**
 * MAC-48 parser, by structure rather than regex (the habit of Go's net.ParseMAC): find the
 * separator, count groups and digits with arithmetic, and say exactly what is wrong.
 * Success returns the address as an integer (no allocation on the hot path); failure
 * returns a `MacParseError` object. The shapes (docs/API.md): 12 digits (after `0x` or not);
 * six groups of 1-2 digits with `:` or `-` (2 with `.`); three groups of four with `.`, `:` or
 * `-`; two groups of six with `:` or `-`; six groups of two with single spaces (as snmpwalk
 * prints a Hex-STRING). Surrounding spaces, tabs, CRs and LFs are ignored; positions count from
 * the input's first character. The 64-bit shapes (16 digits, eight groups of 1-2 digits, four of
 * four), the 20 octets of an IPoIB address and the octets of the identifiers that may carry a MAC
 * (7: a DHCPv4 client identifier; 9 to 19: a DHCPv6 DUID) are told apart in the same pass and
 * returned with their octets (OtherShape), for derived.ts to read (Go's ParseMAC reads 6, 8 or
 * 20 octets the same way).
 */

/** Longest input examined at all; anything longer is rejected before any work. */
export const MAX_INPUT_LENGTH = 64;

/** The error an input of many octets gets when it carries no MAC either. */
export type OctetsError = { kind: 'digit_count'; digits: number } | { kind: 'group_count'; groups: number; separator: string };

/** Why an input is not a MAC-48 address. Positions and group numbers are 1-based. */
export type MacParseError =
  | { kind: 'empty' }
  | { kind: 'too_long'; length: number; max: number }
  | { kind: 'bad_character'; char: string; position: number }
  | { kind: 'mixed_separators'; expected: string; found: string; position: number }
  | OctetsError
  | { kind: 'group_length'; group: number; digits: number; expected: string }
  | { kind: 'double_space'; position: number }
  | { kind: 'space_groups'; groups: number };

/**
 * An input of another shape, with its octets: a 64-bit identifier (`eui64`), an IPoIB address
 * (`ipoib`), or 7 or 9 to 19 octets that may carry a MAC (`octets`, with the error they get when
 * they do not).
 */
export type OtherShape = { readonly kind: 'eui64'; readonly octets: Uint8Array } | { readonly kind: 'ipoib'; readonly octets: Uint8Array } | { readonly kind: 'octets'; readonly octets: Uint8Array; readonly otherwise: OctetsError };

// -1 for a non-hex character; indexed by char code below 128.
const HEX_VALUE = new Int8Array(128).fill(-1);
for (let d = 0; d < 10; d++) HEX_VALUE[48 + d] = d;
for (let d = 0; d < 6; d++) {
  HEX_VALUE[65 + d] = 10 + d;
  HEX_VALUE[97 + d] = 10 + d;
}

const COLON = 58;
const DASH = 45;
const DOT = 46;
const SPACE = 32;

// Scratch space for group lengths and values; 64 characters hold at most 33 groups.
const groupLength = new Uint8Array(MAX_INPUT_LENGTH);
const groupValue = new Uint32Array(MAX_INPUT_LENGTH); // the first 6 digits of each

function hexAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  return c < 128 ? HEX_VALUE[c] : -1;
}

function isSeparator(c: number): boolean {
  return c === COLON || c === DASH || c === DOT || c === SPACE;
}

// Seven octets (a DHCPv4 client identifier) or nine to nineteen (a DHCPv6 DUID of any type):
// derived.ts reads them, and says `otherwise` when they are neither.
function carrier(count: number, octets: () => Uint8Array, otherwise: OctetsError): OtherShape | OctetsError {
  return count === 7 || (count >= 9 && count <= 19) ? { kind: 'octets', octets: octets(), otherwise } : otherwise;
}

// The octets of the even count of hex digits s[from..to).
function digitOctets(s: string, from: number, to: number): Uint8Array {
  const out = new Uint8Array((to - from) / 2);
  for (let i = 0; i < out.length; i++) out[i] = hexAt(s, from + 2 * i) * 16 + hexAt(s, from + 2 * i + 1);
  return out;
}

// The octets of the `groups` groups just read: a group of one or two digits is one octet, of four two.
function groupOctets(groups: number): Uint8Array {
  let count = 0;
  for (let g = 0; g < groups; g++) count += groupLength[g] > 2 ? 2 : 1;
  const out = new Uint8Array(count);
  for (let g = 0, i = 0; g < groups; g++) {
    if (groupLength[g] > 2) out[i++] = groupValue[g] >>> 8;
    out[i++] = groupValue[g] & 255;
  }
  return out;
}

// A space, tab, LF or CR: what surrounds a pasted address and is ignored.
function isBlankAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 11 && c !== 12) return false;
  }
  return true;
}

/** `s` without the spaces, tabs, LFs and CRs around it (`s` itself when it has none). */
export function trimBlanks(s: string): string {
  let lo = 0;
  let hi = s.length;
  while (lo < hi && isBlankAt(s, lo)) lo++;
  while (hi > lo && isBlankAt(s, hi - 1)) hi--;
  return lo === 0 && hi === s.length ? s : s.slice(lo, hi);
}

function badCharacter(s: string, i: number): MacParseError {
  const cp = s.codePointAt(i) ?? 0;
  return { kind: 'bad_character', char: String.fromCodePoint(cp), position: i + 1 };
}

/** Parses one MAC-48 address; returns its 48-bit value, or the other shape it has, or why it is neither. */
export function parseMac(s: string): number | MacParseError | OtherShape {
  if (s.length === 0 || isBlank(s)) return { kind: 'empty' };
  if (s.length > MAX_INPUT_LENGTH) return { kind: 'too_long', length: s.length, max: MAX_INPUT_LENGTH };
  let lo = 0;
  let n = s.length;
  while (isBlankAt(s, lo)) lo++;
  while (isBlankAt(s, n - 1)) n--;
  const digits = continuousDigits(s, lo, n);
  if (digits !== null) return digits;
  const sep = s.charCodeAt(firstNonHex(s, lo, n));
  const groups = readGroups(s, lo, n, sep);
  return typeof groups === 'number' ? judgeGroups(s, lo, n, sep, groups) : groups;
}

// The index of the first character of s[lo..n) that is not a hex digit (n when there is none).
function firstNonHex(s: string, lo: number, n: number): number {
  let i = lo;
  while (i < n && hexAt(s, i) >= 0) i++;
  return i;
}

// Continuous hexadecimal (the common machine form, `0x` before it or not): what it is, or why
// not; null when the input has a separator after its first digits, for readGroups.
function continuousDigits(s: string, lo: number, n: number): number | MacParseError | OtherShape | null {
  const x = s.charCodeAt(lo + 1);
  const first = s.charCodeAt(lo) === 48 && (x === 120 || x === 88) && lo + 2 < n ? lo + 2 : lo;
  let i = first;
  let value = 0;
  while (i < n) {
    const h = hexAt(s, i);
    if (h < 0) break;
    value = value * 16 + h;
    i++;
  }
  if (i === n) {
    const digits = n - first;
    if (digits === 12) return value;
    if (digits === 16) return { kind: 'eui64', octets: digitOctets(s, first, n) };
    const error: OctetsError = { kind: 'digit_count', digits };
    return digits % 2 === 0 ? carrier(digits / 2, () => digitOctets(s, first, n), error) : error;
  }
  return first > lo || !isSeparator(s.charCodeAt(i)) ? badCharacter(s, i) : null;
}

// Reads the groups of s[lo..n) between separators `sep` into groupLength and groupValue: their
// count, or the first character that is neither a digit nor `sep`.
function readGroups(s: string, lo: number, n: number, sep: number): number | MacParseError {
  let groups = 0;
  let len = 0;
  let acc = 0;
  for (let k = lo; k < n; k++) {
    const h = hexAt(s, k);
    if (h >= 0) {
      if (len < 6) acc = acc * 16 + h;
      len++;
      continue;
    }
    const c = s.charCodeAt(k);
    if (c !== sep) return isSeparator(c) ? { kind: 'mixed_separators', expected: String.fromCharCode(sep), found: String.fromCharCode(c), position: k + 1 } : badCharacter(s, k);
    groupLength[groups] = len > 255 ? 255 : len;
    groupValue[groups++] = acc;
    len = 0;
    acc = 0;
  }
  groupLength[groups] = len > 255 ? 255 : len;
  groupValue[groups] = acc;
  return groups + 1;
}

// What the `groups` groups just read make, by their separator, count and lengths.
function judgeGroups(s: string, lo: number, n: number, sep: number, groups: number): number | MacParseError | OtherShape {
  if (sep === SPACE) return spacedOctets(s, lo, n, groups);
  if (groups === 6) return octetGroups(sep === DOT);
  // Eight octets (two digits each with `.`) are an EUI-64; twenty octets, or ten words with `.`, an IPoIB address.
  if (groups === 8 && (sep === DOT ? allGroupsHave(8, 2) : allGroupsFrom(8, 1) && allGroupsUpTo(8, 2))) return { kind: 'eui64', octets: groupOctets(8) };
  if ((groups === 20 && sep !== DOT && allGroupsHave(20, 2)) || (groups === 10 && sep === DOT && allGroupsHave(10, 4))) return { kind: 'ipoib', octets: groupOctets(groups) };
  // Groups of four (Cisco's `.`; Huawei, H3C and Comware's `-`; netaddr and PostgreSQL's `:`),
  // four of them an EUI-64; and two groups of six (ProCurve and Aruba's `-`, PostgreSQL's `:`).
  // With `:` or `-`, groups of at most two digits are an address cut short, and an empty group
  // is `::` or a stray separator: said by their count.
  const short = sep !== DOT && (allGroupsUpTo(groups, 2) || !allGroupsFrom(groups, 1));
  if ((groups === 3 || groups === 4) && !short) return words(groups);
  if (groups === 2 && sep !== DOT && !short) return halves();
  const error: OctetsError = { kind: 'group_count', groups, separator: String.fromCharCode(sep) };
  return sep !== DOT && allGroupsHave(groups, 2) ? carrier(groups, () => groupOctets(groups), error) : error;
}

// Six groups of two digits with single spaces (snmpwalk's Hex-STRING); two spaces in a row are
// said where they are, other groupings by their count.
function spacedOctets(s: string, lo: number, n: number, groups: number): number | MacParseError {
  const double = s.indexOf('  ', lo);
  if (double >= 0 && double < n) return { kind: 'double_space', position: double + 2 };
  if (groups !== 6) return { kind: 'space_groups', groups };
  return octetGroups(true);
}

function allGroupsHave(groups: number, digits: number): boolean {
  for (let g = 0; g < groups; g++) if (groupLength[g] !== digits) return false;
  return true;
}

function allGroupsFrom(groups: number, digits: number): boolean {
  for (let g = 0; g < groups; g++) if (groupLength[g] < digits) return false;
  return true;
}

function allGroupsUpTo(groups: number, digits: number): boolean {
  for (let g = 0; g < groups; g++) if (groupLength[g] > digits) return false;
  return true;
}

// Three 4-digit words (four words are an EUI-64).
function words(groups: number): number | MacParseError | OtherShape {
  for (let g = 0; g < groups; g++) {
    if (groupLength[g] !== 4) return { kind: 'group_length', group: g + 1, digits: groupLength[g], expected: '4' };
  }
  if (groups === 4) return { kind: 'eui64', octets: groupOctets(4) };
  return groupValue[0] * 4294967296 + groupValue[1] * 65536 + groupValue[2];
}

// Two 6-digit halves.
function halves(): number | MacParseError {
  for (let g = 0; g < 2; g++) {
    if (groupLength[g] !== 6) return { kind: 'group_length', group: g + 1, digits: groupLength[g], expected: '6' };
  }
  return groupValue[0] * 16777216 + groupValue[1];
}

// Six octets: ':' and '-' allow 1 or 2 digits (BSD `arp` prints 0:3:93:…); '.' requires 2.
function octetGroups(strict: boolean): number | MacParseError {
  let value = 0;
  for (let g = 0; g < 6; g++) {
    const len = groupLength[g];
    if (len === 0 || len > 2 || (strict && len !== 2)) {
      return { kind: 'group_length', group: g + 1, digits: len, expected: strict ? '2' : '1-2' };
    }
    value = value * 256 + groupValue[g];
  }
  return value;
}
