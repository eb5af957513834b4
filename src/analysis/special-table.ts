/**
 * The shape of the special-address catalogue as analysers receive it (compiled once per
 * process by compile-special-table.ts): intervals, and each entry's `special` object per
 * language. HTTP threads and pool workers get it with the registry handle instead of importing
 * the catalogue's source, which left several MB of parse memory in every thread.
 */
import type { Lang } from '../i18n/lang.js';
import type { SpecialIntervals } from '../special/special-index.js';
import type { SpecialInfo } from './types.js';

/** The compiled catalogue: intervals, and per language one `special` object per entry (same positions as `owner`). */
export interface SpecialTable {
  readonly intervals: SpecialIntervals;
  readonly entries: Readonly<Record<Lang, readonly SpecialInfo[]>>;
}
