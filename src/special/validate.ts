/** Checks the special-address catalogue: unique ids, every text in every language, no ambiguous overlap. */
import { LANGS } from '../i18n/lang.js';
import type { SpecialEntry } from './entry.js';
import { resolveEntries } from './special-index.js';

/** Lists every problem of the catalogue (empty when it is sound). */
export function catalogueProblems(entries: readonly SpecialEntry[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const e of entries) {
    if (!/^[a-z0-9][a-z0-9.-]*$/.test(e.id)) problems.push(`${e.id}: id must be lower-case letters, digits, "." and "-"`);
    if (ids.has(e.id)) problems.push(`${e.id}: duplicate id`);
    ids.add(e.id);
    if (e.references.length === 0) problems.push(`${e.id}: no reference`);
    for (const lang of LANGS) {
      const text = e.text[lang];
      for (const field of ['title', 'summary', 'usage'] as const) {
        if (!text || typeof text[field] !== 'string' || text[field].trim() === '') problems.push(`${e.id}: missing ${lang} ${field}`);
      }
    }
  }
  let resolved;
  try {
    resolved = resolveEntries(entries);
  } catch (e) {
    return [...problems, (e as Error).message];
  }
  // Two ranges of the same size that overlap leave "the most specific" undecided.
  for (let i = 0; i < resolved.length; i++) {
    for (let j = i + 1; j < resolved.length; j++) {
      const a = resolved[i];
      const b = resolved[j];
      const overlap = a.first <= b.last && b.first <= a.last;
      if (!overlap) continue;
      const nested = (a.first <= b.first && b.last <= a.last) || (b.first <= a.first && a.last <= b.last);
      if (!nested) problems.push(`${a.entry.id} and ${b.entry.id}: ranges overlap without nesting`);
      else if (a.last - a.first === b.last - b.first) problems.push(`${a.entry.id} and ${b.entry.id}: same range`);
    }
  }
  return problems;
}
