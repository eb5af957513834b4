/** Response languages and their negotiation from the `lang` query parameter. */

/** A language the service answers in. */
export type Lang = 'en' | 'fr';

/** Every supported language, default first. */
export const LANGS: readonly Lang[] = ['en', 'fr'];

/** The language used when none (or an unsupported one) is asked for. */
export const DEFAULT_LANG: Lang = 'en';

/**
 * Resolves a `lang` value: case-insensitive, region subtags accepted (`fr-CA` → fr);
 * absent, empty or unknown → en.
 */
export function resolveLang(raw: string | null | undefined): Lang {
  if (!raw || raw.length < 2) return DEFAULT_LANG;
  const a = raw.charCodeAt(0) | 0x20;
  const b = raw.charCodeAt(1) | 0x20;
  if (raw.length > 2) {
    const c = raw.charCodeAt(2);
    if (c !== 45 && c !== 95) return DEFAULT_LANG; // '-' or '_' must follow the primary subtag
  }
  if (a === 102 && b === 114) return 'fr';
  return DEFAULT_LANG;
}

/** Index of a language in per-language tables (LANGS order). */
export function langIndex(lang: Lang): number {
  return lang === 'en' ? 0 : 1;
}
