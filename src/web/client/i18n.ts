/**
 * The page's own texts in both languages (the tables are texts.en.json and texts.fr.json, which a
 * translator edits alone), and the language choice (browser default, remembered).
 */
import en from './texts.en.json' with { type: 'json' };
import frTexts from './texts.fr.json' with { type: 'json' };

/** The languages of the page (the service's too). */
export type Lang = 'en' | 'fr';

/** A key of the page's texts. */
export type TextKey = keyof typeof en;

// Typed as en's keys: a text missing from the French table is a compile error (i18n.test.ts checks for extra ones).
const fr: Record<TextKey, string> = frTexts;
const TEXTS: Record<Lang, Record<TextKey, string>> = { en, fr };
const STORAGE_KEY = 'mac-analysis.lang';

let current: Lang = 'en';

/** The language in use. */
export function lang(): Lang {
  return current;
}

/** The language to start with: the remembered choice, else the browser's, else English. */
export function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'fr') return saved;
  } catch {
    // storage can be disabled; fall back to the browser
  }
  for (const l of navigator.languages ?? [navigator.language]) {
    const base = l.toLowerCase().split('-')[0];
    if (base === 'fr' || base === 'en') return base;
  }
  return 'en';
}

/** Switches the language and remembers the choice. */
export function setLang(next: Lang): void {
  current = next;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // not remembered when storage is disabled
  }
}

/** A text of the page in the current language, with `{name}` placeholders filled. */
export function tr(key: TextKey, vars: Readonly<Record<string, string | number>> = {}): string {
  return TEXTS[current][key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
}

/** Formats a number for the current language. */
export function num(n: number): string {
  return n.toLocaleString(current === 'fr' ? 'fr-FR' : 'en-GB');
}

/** An ISO 8601 UTC date-time, written out in the current language (in UTC, said). */
export function dateTime(iso: string): string {
  return new Date(iso).toLocaleString(current === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' });
}
