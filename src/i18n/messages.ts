/**
 * Every human-readable text of the service, in each language: the tables are messages.en.json and
 * messages.fr.json (a translator edits those alone). Placeholders are `{name}`. Codes (enums,
 * error codes) are never here: they do not change with the language.
 */
import type { Lang } from './lang.js';
import en from './messages.en.json' with { type: 'json' };
import frTexts from './messages.fr.json' with { type: 'json' };

/** A text key. */
export type MessageKey = keyof typeof en;

// Typed as en's keys: a text missing from the French table is a compile error (i18n.test.ts checks for extra ones).
const fr: Record<MessageKey, string> = frTexts;

/** The message tables, by language. */
export const MESSAGES: Readonly<Record<Lang, Readonly<Record<MessageKey, string>>>> = { en, fr };

/** The most characters of a client's input (a path, a header) that a reply echoes. */
export const ECHO_MAX = 256;

/** `text` as a reply may echo it: at most ECHO_MAX characters, then `…` when it was cut (never inside a surrogate pair). */
export function clipEcho(text: string): string {
  if (text.length <= ECHO_MAX) return text;
  const end = /[\uD800-\uDBFF]/.test(text[ECHO_MAX - 1]) ? ECHO_MAX - 1 : ECHO_MAX;
  return `${text.slice(0, end)}…`;
}

// Each message split at its placeholders, on first use: literal text at even places, a
// placeholder's name at odd ones. Filling them is ~10x cheaper than a replace() with a
// callback (a bulk answer writes one detail per invalid line).
const PARTS: Readonly<Record<Lang, Map<MessageKey, readonly string[]>>> = { en: new Map(), fr: new Map() };

function partsOf(lang: Lang, key: MessageKey): readonly string[] {
  let parts = PARTS[lang].get(key);
  if (parts === undefined) PARTS[lang].set(key, (parts = MESSAGES[lang][key].split(/\{(\w+)\}/)));
  return parts;
}

/**
 * Returns the text of `key` in `lang` with `{name}` placeholders filled from `params` (one
 * `params` lacks stays as it is). String values come from requests (paths, header values):
 * each is clipped (clipEcho), so a reply never grows with its input.
 */
export function t(lang: Lang, key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  if (!params) return MESSAGES[lang][key];
  const parts = partsOf(lang, key);
  let text = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i];
    if (!(name in params)) text += `{${name}}`;
    else {
      const value = params[name];
      text += typeof value === 'string' ? clipEcho(value) : String(value);
    }
    text += parts[i + 1];
  }
  return text;
}
