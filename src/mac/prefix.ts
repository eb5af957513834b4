/**
 * Prefixes and addresses as text, upper case: the one formatter the registry service, the
 * exports, the hints and the overlay use as strings, and the CSV rows as bytes (no regular
 * expressions: it runs per block, or per row).
 */

const HEX = '0123456789ABCDEF';

/** `digits` upper-case hex digits of `value` (up to 48 bits), no separators: `0055DA5`. */
export function plainHex(value: number, digits: number): string {
  let out = '';
  for (let d = digits - 1; d >= 0; d--) out += HEX[Math.floor(value / 16 ** d) % 16];
  return out;
}

/** `digits` hex digits of `value`, colon-separated by octet: `00:55:DA:5`, `00:03:93:AB:12:34`. */
export function colonHex(value: number, digits: number): string {
  let out = '';
  for (let d = digits - 1; d >= 0; d--) {
    out += HEX[Math.floor(value / 16 ** d) % 16];
    if (d > 0 && (digits - d) % 2 === 0) out += ':';
  }
  return out;
}

/**
 * The 12 lower-case hex digits of a 48-bit address (an ETag's). By 24-bit halves: a 48-bit
 * number is a double, whose toString(16) is a V8 runtime call with a floating-point
 * remainder per digit; a 25-bit one is a small integer with a fast path.
 */
export function lowerHex12(mac: number): string {
  const high = Math.floor(mac / 0x1000000);
  return (0x1000000 + high).toString(16).slice(1) + (0x1000000 + mac - high * 0x1000000).toString(16).slice(1);
}

const HEX_BYTES = Uint8Array.from(HEX, (c) => c.charCodeAt(0));

// `digits` hex digits of `value` (at most 24 bits at a time) as bytes, a colon after each octet
// (each second digit from the first), and after the last when `colonAfterLast`.
function putHex(out: Uint8Array, pos: number, value: number, digits: number, colonAfterLast: boolean): number {
  for (let i = 0; i < digits; i++) {
    out[pos++] = HEX_BYTES[(value >>> (4 * (digits - 1 - i))) & 15];
    if (i % 2 === 1 && (i < digits - 1 || colonAfterLast)) out[pos++] = 58; // :
  }
  return pos;
}

/** Writes XX:XX:XX:XX:XX:XX of a 48-bit address into `out` at `pos`; returns the end. */
export function putCanonical(out: Uint8Array, pos: number, mac: number): number {
  const high = Math.floor(mac / 0x1000000);
  pos = putHex(out, pos, high, 6, true);
  return putHex(out, pos, mac - high * 0x1000000, 6, false); // not %: fmod over 32 bits (octets.ts)
}

// Hex digits of a block prefix, by width index ((width - 24) / 4).
const PREFIX_DIGITS = [6, 7, 0, 9];

/** Writes a block prefix as the analysis has it (00:03:93, 00:55:DA:5, 70:B3:D5:6C:0) into `out` at `pos`; returns the end. */
export function putPrefix(out: Uint8Array, pos: number, prefix: number, widthIndex: number): number {
  const digits = PREFIX_DIGITS[widthIndex];
  if (digits <= 6) return putHex(out, pos, prefix, digits, false);
  // Over 24 bits: the high digits, then the rest (whose first digit starts an octet).
  const low = digits - 6;
  const scale = 16 ** low;
  const high = Math.floor(prefix / scale);
  pos = putHex(out, pos, high, 6, true);
  return putHex(out, pos, prefix - high * scale, low, false);
}
