/**
 * What kind of address each analysed input was, for bulk summaries (the CLI's): its vendor
 * block's registry when one covers it, else a special or reserved address, a locally
 * administered address that carries an IEEE Company ID (802c ELI), any other local address
 * (randomized, containers, virtual machines), or a universal address in no assigned block.
 */
import type { Analyzer } from '../analysis/analyzer.js';
import { FIXED_HINTS } from '../hints/hint-fragments.js';

/** The kinds, in the order a summary lists them. */
export const ADDRESS_KINDS = ['MA-L', 'MA-M', 'MA-S', 'special', 'cid', 'local', 'unassigned'] as const;

/** One kind of address. */
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/** Analysed addresses by kind. */
export type KindCounts = Record<AddressKind, number>;

/** Zero of every kind. */
export function noKinds(): KindCounts {
  return { 'MA-L': 0, 'MA-M': 0, 'MA-S': 0, special: 0, cid: 0, local: 0, unassigned: 0 };
}

const MA_L = ADDRESS_KINDS.indexOf('MA-L');
const MA_M = ADDRESS_KINDS.indexOf('MA-M');
const MA_S = ADDRESS_KINDS.indexOf('MA-S');
const SPECIAL = ADDRESS_KINDS.indexOf('special');
const CID = ADDRESS_KINDS.indexOf('cid');
const LOCAL = ADDRESS_KINDS.indexOf('local');
const UNASSIGNED = ADDRESS_KINDS.indexOf('unassigned');

/**
 * The kind of `mac`, the address `analyzer` looked up last, as its index in ADDRESS_KINDS: a
 * renderer counts into an array (kindTally), 60 ns an address cheaper than an object's
 * property named by a string.
 */
export function kindIndexOf(analyzer: Analyzer, mac: number): number {
  const width = analyzer.lastVendorWidth;
  if (width === 24) return MA_L;
  if (width === 28) return MA_M;
  if (width === 36) return MA_S;
  const f = analyzer.lastFacts;
  if (f.special >= 0) return SPECIAL;
  if (f.hint >= FIXED_HINTS) return CID;
  return Math.floor(mac / 2 ** 40) & 2 ? LOCAL : UNASSIGNED;
}

/** A zero count for each kind, indexed as ADDRESS_KINDS (kindIndexOf). */
export function kindTally(): Uint32Array {
  return new Uint32Array(ADDRESS_KINDS.length);
}

/** The counts of a tally (kindTally), by kind name. */
export function kindCounts(tally: Uint32Array): KindCounts {
  const counts = noKinds();
  ADDRESS_KINDS.forEach((kind, i) => (counts[kind] = tally[i]));
  return counts;
}
