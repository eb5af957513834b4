/** The flag bits of the first octet: I/G, U/L and the IEEE 802c SLAP quadrant. */
import { firstOctet } from './octets.js';

/** How a frame to this address is delivered. */
export type Transmission = 'unicast' | 'multicast' | 'broadcast';
/** IEEE 802c Structured Local Address Plan quadrant, from the Y (bit 2) and Z (bit 3) bits. */
export type SlapQuadrant = 'AAI' | 'ELI' | 'SAI' | 'reserved';

/** The decoded flag bits of one address. */
export interface MacBits {
  readonly ig: 0 | 1;
  readonly ul: 0 | 1;
  readonly transmission: Transmission;
  readonly slapQuadrant: SlapQuadrant | null;
}

const BROADCAST = 0xffffffffffff;

// Index = (Z << 1) | Y: AAI x2 (Y=0, Z=0), reserved x6 (Y=1, Z=0), ELI xA (Y=0, Z=1), SAI xE (Y=1, Z=1).
const QUADRANTS: readonly SlapQuadrant[] = ['AAI', 'reserved', 'ELI', 'SAI'];

/** Number of distinct `MacBits` values; `bitsKey` ranges over [0, BITS_KEYS). */
export const BITS_KEYS = 17;

/** A small integer that determines `MacBits` completely (for pieces built once). */
export function bitsKey(mac: number): number {
  if (mac === BROADCAST) return 16;
  return firstOctet(mac) & 0x0f;
}

/** Decodes the flag bits from a `bitsKey`. */
export function bitsFromKey(key: number): MacBits {
  if (key === 16) return { ig: 1, ul: 1, transmission: 'broadcast', slapQuadrant: null };
  const ig = (key & 1) as 0 | 1;
  const ul = ((key >>> 1) & 1) as 0 | 1;
  return {
    ig,
    ul,
    transmission: ig ? 'multicast' : 'unicast',
    slapQuadrant: ul ? QUADRANTS[(key >>> 2) & 3] : null,
  };
}

