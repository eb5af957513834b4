/** Prefix widths of the IEEE registries, in lookup order: the longest prefix wins. */
export const WIDTHS = [36, 28, 24] as const;

/** One of the prefix widths: 24 (MA-L), 28 (MA-M), 36 (MA-S and IAB). */
export type Width = (typeof WIDTHS)[number];
