/** The shape of a special-address catalogue entry. */
import type { Lang } from '../i18n/lang.js';

/** Texts of an entry in one language. */
export interface SpecialText {
  readonly title: string;
  readonly summary: string;
  readonly usage: string;
}

/** One documented special or reserved address or range. Addresses are written canonical. */
export interface SpecialEntry {
  readonly id: string;
  readonly first: string;
  /** Last address of the range; absent for a single address. */
  readonly last?: string;
  readonly references: readonly string[];
  readonly text: Readonly<Record<Lang, SpecialText>>;
}
