/**
 * JSON fragments built once at load, so a request only concatenates bytes (ARCHITECTURE.md
 * §5): per vendor record, per bits combination and per special entry, in each language.
 */
import { countryName, flagEmoji } from '../i18n/countries.js';
import { LANGS, type Lang } from '../i18n/lang.js';
import { t } from '../i18n/messages.js';
import { bitsFromKey, BITS_KEYS } from '../mac/bits.js';
import { formatMac } from '../mac/format.js';
import type { VendorRecord } from '../registry/artifact.js';
import type { ResolvedEntry } from '../special/special-index.js';

const encoder = new TextEncoder();

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Fragments per record in the shared blob: the language-free head, then one tail per language. */
export const FRAGMENTS_PER_RECORD = 1 + LANGS.length;

/** `{"name":…,` — the head of a vendor object, before the block fields written per request. */
export function vendorHead(r: VendorRecord): string {
  return `{"name":${JSON.stringify(r.name)},`;
}

// The country part of a tail depends only on (code, language): built once per pair.
const countryParts = new Map<string, string>();
function countryPart(code: string | null, lang: Lang): string {
  if (code === null) return '"country":null,"flag":null';
  const key = `${lang}:${code}`;
  let part = countryParts.get(key);
  if (part === undefined) {
    part = `"country":${JSON.stringify({ code, name: countryName(code, lang) ?? code })},"flag":"${flagEmoji(code)}"`;
    countryParts.set(key, part);
  }
  return part;
}

/** `"address":…,"country":…,"flag":…,"private":…}` — the tail of a vendor object in `lang`. */
export function vendorTail(r: VendorRecord, lang: Lang, addressJson = JSON.stringify(r.address)): string {
  return `"address":${addressJson},${countryPart(r.country, lang)},"private":${r.private}${r.iab ? ',"iab":true' : ''}}`;
}

/** All vendor fragments, in the order the shared index stores them (head, then a tail per language). */
export function vendorFragments(records: readonly VendorRecord[]): string[] {
  const out: string[] = [];
  for (const r of records) {
    out.push(vendorHead(r));
    const addressJson = JSON.stringify(r.address);
    for (const lang of LANGS) out.push(vendorTail(r, lang, addressJson));
  }
  return out;
}

/** The `bits` object for each bits key, in `lang`. */
export function bitsFragments(lang: Lang): Uint8Array[] {
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
    out.push(utf8(JSON.stringify(bits)));
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
