/** Compiles the special-address catalogue for analysers: checked, cut into intervals, its entries per language. Main thread and CLI only. */
import { LANGS, type Lang } from '../i18n/lang.js';
import { formatMac } from '../mac/format.js';
import { CATALOGUE } from '../special/catalogue.js';
import type { SpecialEntry } from '../special/entry.js';
import { buildIntervals, resolveEntries, type ResolvedEntry } from '../special/special-index.js';
import { catalogueProblems } from '../special/validate.js';
import type { SpecialTable } from './special-table.js';
import type { SpecialInfo } from './types.js';

// The `special` object of each entry, in `lang` (without `derived`, computed per address).
function specialObjects(entries: readonly ResolvedEntry[], lang: Lang): SpecialInfo[] {
  return entries.map(({ entry, first, last }) => {
    const text = entry.text[lang];
    return {
      id: entry.id,
      title: text.title,
      summary: text.summary,
      usage: text.usage,
      range: { first: formatMac(first, 'canonical'), last: formatMac(last, 'canonical') },
      references: [...entry.references],
    };
  });
}

/** Compiles `entries` (the catalogue by default); throws when they are unsound. */
export function compileSpecialTable(entries: readonly SpecialEntry[] = CATALOGUE): SpecialTable {
  const problems = catalogueProblems(entries);
  if (problems.length > 0) throw new Error(`special-address catalogue: ${problems.join('; ')}`);
  const resolved = resolveEntries(entries);
  return {
    intervals: buildIntervals(resolved),
    entries: Object.fromEntries(LANGS.map((lang) => [lang, specialObjects(resolved, lang)])) as Record<Lang, SpecialInfo[]>,
  };
}
