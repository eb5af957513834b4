/**
 * What kind of address each analysed input was, for bulk summaries (the CLI's): its vendor
 * block's registry when one covers it, else a special or reserved address, a locally
 * administered address that carries an IEEE Company ID (802c ELI), any other local address
 * (randomized, containers, virtual machines), or a universal address in no assigned block.
 */
import { vendorWidth, type Facts } from '../analysis/lookup.js';
import { FIXED_HINTS } from '../hints/hint-objects.js';

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

/** The kind of the address whose look-up gave `f`. */
export function kindOf(f: Facts): AddressKind {
  const width = vendorWidth(f);
  if (width === 24) return 'MA-L';
  if (width === 28) return 'MA-M';
  if (width === 36) return 'MA-S';
  if (f.special >= 0) return 'special';
  if (f.hint >= FIXED_HINTS) return 'cid';
  return Math.floor(f.mac / 2 ** 40) & 2 ? 'local' : 'unassigned';
}
