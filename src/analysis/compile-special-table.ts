/** Compiles the special-address catalogue for analysers: checked, cut into intervals, rendered per language. Main thread and CLI only. */
import { LANGS, type Lang } from '../i18n/lang.js';
import { CATALOGUE } from '../special/catalogue.js';
import type { SpecialEntry } from '../special/entry.js';
import { buildIntervals, resolveEntries } from '../special/special-index.js';
import { catalogueProblems } from '../special/validate.js';
import { specialFragments } from './fragments.js';
import { packFragments, type PackedFragments, type SpecialTable } from './special-table.js';

/** Compiles `entries` (the catalogue by default); throws when they are unsound. */
export function compileSpecialTable(entries: readonly SpecialEntry[] = CATALOGUE): SpecialTable {
  const problems = catalogueProblems(entries);
  if (problems.length > 0) throw new Error(`special-address catalogue: ${problems.join('; ')}`);
  const resolved = resolveEntries(entries);
  return {
    intervals: buildIntervals(resolved),
    fragments: Object.fromEntries(LANGS.map((lang) => [lang, packFragments(specialFragments(resolved, lang))])) as Record<Lang, PackedFragments>,
  };
}
