/**
 * Output formats as data (the netaddr habit): a dialect is a group width, a separator and a
 * letter case. Each dialect compiles once into a plan: a template with the separators in
 * place and a digit patch saying which nibble of which octet goes where. Writing an address
 * is then a template copy plus one table lookup and 16-bit store per octet, with no allocation.
 */
import type { AddressFormats } from '../contract/openapi-types.js';
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

// Upper-case digits at 0-15, lower-case at 16-31.
const HEX = Uint8Array.from('0123456789ABCDEF0123456789abcdef', (c) => c.charCodeAt(0));
const LOWER = 16;

// Both digits of each octet value as one little-endian 16-bit word: upper case at 0-255,
// lower case at 256-511. One 16-bit store writes a whole octet.
const PAIRS = new Uint16Array(512);
for (let o = 0; o < 256; o++) {
  PAIRS[o] = HEX[o >>> 4] | (HEX[o & 15] << 8);
  PAIRS[256 + o] = HEX[LOWER + (o >>> 4)] | (HEX[LOWER + (o & 15)] << 8);
}

// A patch instruction: bits 0-15 position, 16-20 first source octet, 21-24 octets in the run,
// 25-27 bytes from one octet's digits to the next's, 28 lower case, 29 one high nibble only.
const SOURCE_SHIFT = 16;
const COUNT_SHIFT = 21;
const STRIDE_SHIFT = 25;
const LOWER_BIT = 1 << 28;
const SINGLE_BIT = 1 << 29;

/**
 * Which octets land where in a template, as a small program: one instruction per run of octets
 * evenly spaced (each octet's two digits with one 16-bit store), or per lone high nibble (a
 * prefix of odd width). A whole address format is one to four runs.
 */
export class DigitPatch {
  constructor(readonly program: Uint32Array) {}

  /** The same digits, placed `offset` bytes further (to embed a plan in a larger template). */
  shifted(offset: number): DigitPatch {
    return new DigitPatch(this.program.map((x) => (x & ~0xffff) | ((x & 0xffff) + offset)));
  }

  /** Concatenates patches (already shifted into one template). */
  static concat(patches: readonly DigitPatch[]): DigitPatch {
    const program = new Uint32Array(patches.reduce((n, p) => n + p.program.length, 0));
    let at = 0;
    for (const p of patches) {
      program.set(p.program, at);
      at += p.program.length;
    }
    return new DigitPatch(program);
  }

  /** Writes every digit at `base` + its position in `out` (with `view` over the same buffer), reading `octets`. */
  apply(out: Uint8Array, view: DataView, base: number, octets: Uint8Array): void {
    const program = this.program;
    for (let i = 0; i < program.length; i++) {
      const x = program[i];
      let pos = base + (x & 0xffff);
      let source = (x >>> SOURCE_SHIFT) & 31;
      if ((x & SINGLE_BIT) !== 0) {
        out[pos] = HEX[(x & LOWER_BIT ? LOWER : 0) + (octets[source] >>> 4)];
        continue;
      }
      const table = x & LOWER_BIT ? 256 : 0;
      const stride = (x >>> STRIDE_SHIFT) & 7;
      for (const end = source + ((x >>> COUNT_SHIFT) & 15); source < end; source++, pos += stride) view.setUint16(pos, PAIRS[table + octets[source]], true);
    }
  }
}

/** A compiled format: template bytes (separators in place) and the digits to fill in. */
export interface FormatPlan {
  readonly template: Uint8Array;
  readonly digits: DigitPatch;
}

/**
 * Compiles `nibbles` hex digits of the octets at `source` (in an octet array) written in
 * `dialect`: a separator after every `groupDigits` digits.
 */
export function planDigits(dialect: Dialect, nibbles: number, source: number): FormatPlan {
  const sep = dialect.separator;
  const length = nibbles + (sep ? Math.ceil(nibbles / dialect.groupDigits) - 1 : 0);
  const template = new Uint8Array(length).fill(48);
  const lower = dialect.upper ? 0 : LOWER_BIT;
  // Each octet's digits: where they go; then octets evenly spaced are merged into runs.
  const at: number[] = [];
  let pos = 0;
  for (let d = 0; d < nibbles; d += 2) {
    if (d > 0 && sep && d % dialect.groupDigits === 0) template[pos++] = sep.charCodeAt(0);
    at.push(pos);
    pos += d + 1 === nibbles ? 1 : 2;
  }
  const pairs = nibbles >>> 1;
  const program: number[] = [];
  for (let o = 0; o < pairs; ) {
    const stride = o + 1 < pairs ? at[o + 1] - at[o] : 2;
    let n = 1;
    while (o + n < pairs && n < 15 && at[o + n] - at[o + n - 1] === stride) n++;
    program.push(at[o] | ((source + o) << SOURCE_SHIFT) | (n << COUNT_SHIFT) | (stride << STRIDE_SHIFT) | lower);
    o += n;
  }
  if (nibbles % 2 === 1) program.push(at[pairs] | ((source + pairs) << SOURCE_SHIFT) | lower | SINGLE_BIT);
  return { template, digits: new DigitPatch(Uint32Array.from(program)) };
}

/** Which octets a format shows. */
export type OctetView = 'mac' | 'eui64' | 'modifiedEui64' | 'bitReversed';

/** Where each view sits in `OctetViews.all`, and its length. */
const VIEW_OFFSET: Readonly<Record<OctetView, number>> = { mac: 0, eui64: 6, modifiedEui64: 14, bitReversed: 22 };
const VIEW_LENGTH: Readonly<Record<OctetView, number>> = { mac: 6, eui64: 8, modifiedEui64: 8, bitReversed: 6 };

/** Scratch octet views of one address, in one array: mac | eui64 | modified EUI-64 | bit-reversed. */
export class OctetViews {
  readonly all = new Uint8Array(28);
  readonly mac = this.all.subarray(0, 6);
  readonly eui64 = this.all.subarray(6, 14);
  readonly modifiedEui64 = this.all.subarray(14, 22);
  readonly bitReversed = this.all.subarray(22, 28);

  /** Fills every view from a 48-bit address. */
  fill(mac: number): void {
    writeMacOctets(mac, this.mac);
    writeEui64Octets(this.mac, this.eui64);
    writeModifiedEui64Octets(this.mac, this.modifiedEui64);
    writeBitReversedOctets(this.mac, this.bitReversed);
  }
}

/** A member of `address` that is a format: every one but `kind`. */
export type FormatKey = Exclude<keyof AddressFormats, 'kind'>;

/** One member of the `address` object: its key, the octets it shows, and how. */
export interface AddressFormat {
  readonly key: FormatKey;
  readonly view: OctetView;
  readonly dialect: Dialect | 'linkLocal';
}

const CANONICAL: Dialect = { groupDigits: 2, separator: ':', upper: true };

// Keyed by member, so that a format the document adds and this table lacks is a compile error.
const FORMATS = {
  canonical: { view: 'mac', dialect: CANONICAL },
  hexadecimal: { view: 'mac', dialect: { groupDigits: 12, separator: '', upper: true } },
  dashed: { view: 'mac', dialect: { groupDigits: 2, separator: '-', upper: true } },
  cisco: { view: 'mac', dialect: { groupDigits: 4, separator: '.', upper: false } },
  eui64: { view: 'eui64', dialect: CANONICAL },
  ipv6InterfaceId: { view: 'modifiedEui64', dialect: { groupDigits: 4, separator: ':', upper: false } },
  ipv6LinkLocal: { view: 'modifiedEui64', dialect: 'linkLocal' },
  bitReversed: { view: 'bitReversed', dialect: CANONICAL },
} as const satisfies Record<FormatKey, Omit<AddressFormat, 'key'>>;

/** The members of `address` but `kind`, in output order (the document's: projection.ts checks it). */
export const ADDRESS_FORMATS: readonly AddressFormat[] = (Object.keys(FORMATS) as FormatKey[]).map((key) => ({ key, ...FORMATS[key] }));

/** Every format of one address, written by `write`: the `address` member but `kind`, in order. */
export function formatsBy(write: (format: AddressFormat) => string): Record<FormatKey, string> {
  // Filled below from ADDRESS_FORMATS, which has every key (FORMATS' type says so).
  const out = {} as Record<FormatKey, string>;
  for (const f of ADDRESS_FORMATS) out[f.key] = write(f);
  return out;
}

/** The shapes clients write addresses in (formats of ADDRESS_FORMATS). */
export const INPUT_SHAPES = ['canonical', 'dashed', 'cisco', 'hexadecimal'] as const;

/** The plan of a fixed-width format (every format but the link-local address). */
export function planFormat(format: AddressFormat): FormatPlan {
  if (format.dialect === 'linkLocal') throw new RangeError('the link-local address has no fixed width');
  return planDigits(format.dialect, VIEW_LENGTH[format.view] * 2, VIEW_OFFSET[format.view]);
}

/** Writes a 16-bit group in lower case without leading zeros (RFC 5952); returns the end. */
function writeCompactGroup(out: Uint8Array, pos: number, group: number): number {
  if (group >= 0x1000) out[pos++] = HEX[LOWER + (group >>> 12)];
  if (group >= 0x100) out[pos++] = HEX[LOWER + ((group >>> 8) & 15)];
  if (group >= 0x10) out[pos++] = HEX[LOWER + ((group >>> 4) & 15)];
  out[pos++] = HEX[LOWER + (group & 15)];
  return pos;
}

/** The fixed start of every link-local address. */
export const LINK_LOCAL_PREFIX = 'fe80::';

/**
 * Writes the RFC 5952 text of fe80::/64 + modified EUI-64, after the "fe80::" prefix.
 * Groups 2-3 of the interface id contain FF and FE, so they are never zero: the only zero
 * run to compress is fe80's padding, extended by the first interface group when it is 0.
 */
export function writeLinkLocalSuffix(out: Uint8Array, pos: number, modified8: Uint8Array): number {
  for (let g = 0; g < 4; g++) {
    const group = (modified8[2 * g] << 8) | modified8[2 * g + 1];
    if (g === 0 && group === 0) continue;
    pos = writeCompactGroup(out, pos, group);
    if (g < 3) out[pos++] = 58;
  }
  return pos;
}

const scratchViews = new OctetViews();
// A Buffer: its toString('latin1') makes a short ASCII string about 9 times faster than String.fromCharCode(...bytes).
const scratchText = Buffer.alloc(64);
const scratchView = new DataView(scratchText.buffer, scratchText.byteOffset, scratchText.byteLength);
const plans = new Map(ADDRESS_FORMATS.filter((f) => f.dialect !== 'linkLocal').map((f) => [f.key, planFormat(f)]));

/** Formats `mac` in the named format, e.g. `formatMac(x, 'cisco')` → `0003.93ab.1234`. */
export function formatMac(mac: number, key: FormatKey): string {
  scratchViews.fill(mac);
  if (key === 'ipv6LinkLocal') {
    const end = writeLinkLocalSuffix(scratchText, 0, scratchViews.modifiedEui64);
    return LINK_LOCAL_PREFIX + scratchText.toString('latin1', 0, end);
  }
  const plan = plans.get(key);
  if (!plan) throw new RangeError(`unknown format: ${key}`);
  scratchText.set(plan.template);
  plan.digits.apply(scratchText, scratchView, 0, scratchViews.all);
  return scratchText.toString('latin1', 0, plan.template.length);
}

/** `octets` (any number of them) written in `dialect`: the 64-bit forms of an EUI-64 (eui64.ts). */
export function formatOctets(octets: Uint8Array, dialect: Dialect): string {
  const plan = planDigits(dialect, octets.length * 2, 0);
  scratchText.set(plan.template);
  plan.digits.apply(scratchText, scratchView, 0, octets);
  return scratchText.toString('latin1', 0, plan.template.length);
}
