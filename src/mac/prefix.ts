/**
 * Prefixes and addresses as text, upper case: the one formatter the registry service, the
 * exports, the hints and the overlay use (no regular expressions: it runs per block).
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
