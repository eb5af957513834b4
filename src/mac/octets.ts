/** Octet views of a 48-bit address, written into caller-owned scratch arrays (no allocation). */

/** Each octet value with its bits in reverse order (the non-canonical form of Token Ring and FDDI). */
export const BIT_REVERSED = new Uint8Array(256);
for (let b = 0; b < 256; b++) {
  let r = 0;
  for (let k = 0; k < 8; k++) if (b & (1 << k)) r |= 1 << (7 - k);
  BIT_REVERSED[b] = r;
}

/** Upper 24 bits (the OUI position) of a 48-bit address. */
export function high24(mac: number): number {
  return Math.floor(mac / 16777216);
}

/** Lower 24 bits of a 48-bit address (not `mac % 16777216`: V8 calls fmod for numbers over 32 bits). */
export function low24(mac: number): number {
  return mac - Math.floor(mac / 16777216) * 16777216;
}

/** First octet (it carries the I/G and U/L bits). */
export function firstOctet(mac: number): number {
  return Math.floor(mac / 1099511627776);
}

/** Writes the six octets of `mac`, most significant first, into `out[0..6)`. */
export function writeMacOctets(mac: number, out: Uint8Array): void {
  const hi = high24(mac);
  const lo = low24(mac);
  out[0] = hi >>> 16;
  out[1] = (hi >>> 8) & 255;
  out[2] = hi & 255;
  out[3] = lo >>> 16;
  out[4] = (lo >>> 8) & 255;
  out[5] = lo & 255;
}

/** IEEE EUI-48 to EUI-64 mapping: FF-FE inserted between the OUI and the extension. */
export function writeEui64Octets(mac6: Uint8Array, out: Uint8Array): void {
  out[0] = mac6[0];
  out[1] = mac6[1];
  out[2] = mac6[2];
  out[3] = 0xff;
  out[4] = 0xfe;
  out[5] = mac6[3];
  out[6] = mac6[4];
  out[7] = mac6[5];
}

/** Modified EUI-64 (RFC 4291 appendix A): the EUI-64 with its U/L bit inverted. */
export function writeModifiedEui64Octets(mac6: Uint8Array, out: Uint8Array): void {
  writeEui64Octets(mac6, out);
  out[0] ^= 0x02;
}

/** Each octet's bit order reversed: the non-canonical (Token Ring, FDDI) form. */
export function writeBitReversedOctets(mac6: Uint8Array, out: Uint8Array): void {
  for (let i = 0; i < 6; i++) out[i] = BIT_REVERSED[mac6[i]];
}
