/**
 * JSON fragments built once at load, so a request only concatenates bytes (ARCHITECTURE.md
 * §5): per bits combination and per special entry, in each language. Vendor fragments are
 * built earlier still, by the registry compiler (src/registry/vendor-fragments.ts).
 */
import type { Lang } from '../i18n/lang.js';
import { t } from '../i18n/messages.js';
import { bitsFromKey, BITS_KEYS } from '../mac/bits.js';
import { formatMac } from '../mac/format.js';
import type { ResolvedEntry } from '../special/special-index.js';

const encoder = new TextEncoder();

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** The `bits` object for each bits key, in `lang`, followed by `suffix` (the next key). */
export function bitsFragments(lang: Lang, suffix = ''): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let key = 0; key < BITS_KEYS; key++) {
    const b = bitsFromKey(key);
    const ig = b.ig ? 'group' : 'individual';
    const ul = b.ul ? 'local' : 'universal';
    const bits = {
      ig: { value: b.ig, meaning: ig, label: t(lang, `bits.ig.${ig}`) },
      ul: { value: b.ul, meaning: ul, label: t(lang, `bits.ul.${ul}`) },
      transmission: b.transmission,
      slapQuadrant: b.slapQuadrant,
    };
    out.push(utf8(JSON.stringify(bits) + suffix));
  }
  return out;
}

/** The `special` object of each entry, in `lang`. */
export function specialFragments(entries: readonly ResolvedEntry[], lang: Lang): Uint8Array[] {
  return entries.map(({ entry, first, last }) => {
    const text = entry.text[lang];
    const special = {
      id: entry.id,
      title: text.title,
      summary: text.summary,
      usage: text.usage,
      range: { first: formatMac(first, 'canonical'), last: formatMac(last, 'canonical') },
      references: entry.references,
    };
    return utf8(JSON.stringify(special));
  });
}
