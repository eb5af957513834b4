/** Country names (localised through Intl.DisplayNames) and flag emoji, from ISO 3166-1 alpha-2 codes. */
import type { Lang } from './lang.js';

// Made on first use: the first Intl.DisplayNames of a thread loads ICU's data, and the threads
// that import this module only to write answers (the HTTP threads) never need it.
const displayNames: Partial<Record<Lang, Intl.DisplayNames>> = {};

// Intl.DisplayNames#of is slow next to a render: the ~250 codes × 2 languages are cached.
const cache: Record<Lang, Map<string, string | null>> = { en: new Map(), fr: new Map() };

/** The country's name in `lang`, or null when the code is unknown. */
export function countryName(code: string, lang: Lang): string | null {
  let name = cache[lang].get(code);
  if (name === undefined) {
    name = (displayNames[lang] ??= new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' })).of(code) ?? null;
    cache[lang].set(code, name);
  }
  return name;
}

/** The flag emoji of a country: its two regional-indicator symbols. */
export function flagEmoji(code: string): string {
  const base = 0x1f1e6 - 65;
  return String.fromCodePoint(base + code.charCodeAt(0), base + code.charCodeAt(1));
}

/** A country as an answer gives it: its code and its name in `lang` (the code when the name is unknown), or null for none. */
export function countryValue(code: string | null, lang: Lang): { readonly code: string; readonly name: string } | null {
  return code === null ? null : { code, name: countryName(code, lang) ?? code };
}
