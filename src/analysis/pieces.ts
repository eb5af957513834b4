/**
 * The parts of an analysis that do not depend on the address, built once per thread, snapshot
 * and language from data: the `bits` object of each bits key, each special entry, each hint,
 * and each country. Every piece is kept as its value and its JSON: the JSON writer copies it
 * whole, a projection's plan serialises the members it keeps once, and the CSV rows and msgpack
 * read the value: nothing is rendered to be parsed back.
 */
import { countryValue, flagEmoji } from '../i18n/countries.js';
import { LANGS, type Lang } from '../i18n/lang.js';
import { t } from '../i18n/messages.js';
import { bitsFromKey, BITS_KEYS } from '../mac/bits.js';
import { unpackCountry } from '../registry/vendor-values.js';
import { hintObjects, siteObjects } from '../hints/hint-objects.js';
import type { Overlay } from '../hints/overlay.js';
import { pickMembers } from './members.js';
import type { BitsInfo, HintInfo, SpecialInfo } from './types.js';

const encoder = new TextEncoder();

/** UTF-8 bytes of a string. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** A JSON object every address that has it shares: its value, its JSON, and what a CSV cell says of it. */
export class ObjectPiece<T extends object = object> {
  /** The value, without undefined members (as JSON has it). */
  readonly value: T;
  /** The whole object's JSON. */
  readonly whole: Uint8Array;
  /** Its CSV cell's text (a special entry's id, a hint's id:fact), unquoted; '' where no cell shows it. */
  readonly cell: string;

  constructor(value: T, cell = '') {
    this.value = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
    this.whole = utf8(JSON.stringify(this.value));
    this.cell = cell;
  }

  /** The JSON of the object cut to the members `keys` names (all of them when null), in the object's order (a projection's plan keeps it). */
  json(keys: readonly string[] | null): Uint8Array {
    return keys === null ? this.whole : utf8(JSON.stringify(pickMembers(this.value, keys)));
  }
}

// A hint as a CSV cell says it: id:fact (its platform, CID owner or quadrant).
function hintCell(h: { readonly id: string; readonly platform?: string; readonly name?: string | null; readonly quadrant?: string }): string {
  return `${h.id}:${h.platform ?? h.name ?? h.quadrant ?? ''}`;
}

/** The `bits` object of a bits key (mac/bits.ts) in `lang`. */
export function bitsObject(key: number, lang: Lang): BitsInfo {
  const b = bitsFromKey(key);
  const ig = b.ig ? 'group' : 'individual';
  const ul = b.ul ? 'local' : 'universal';
  return {
    ig: { value: b.ig, meaning: ig, label: t(lang, `bits.ig.${ig}`) },
    ul: { value: b.ul, meaning: ul, label: t(lang, `bits.ul.${ul}`) },
    transmission: b.transmission,
    slapQuadrant: b.slapQuadrant,
  };
}

/** A vendor's country and flag in one language: the values, and their members' JSON (each with its leading comma; `both`: the two). */
export interface CountryPiece {
  readonly country: { readonly code: string; readonly name: string } | null;
  readonly flag: string | null;
  readonly countryMember: Uint8Array;
  readonly flagMember: Uint8Array;
  readonly both: Uint8Array;
}

// The piece of a country and flag (null: none).
function countryPiece(country: CountryPiece['country'], flag: string | null): CountryPiece {
  const countryMember = `,"country":${JSON.stringify(country)}`;
  const flagMember = `,"flag":${JSON.stringify(flag)}`;
  return { country, flag, countryMember: utf8(countryMember), flagMember: utf8(flagMember), both: utf8(countryMember + flagMember) };
}

const NO_COUNTRY = countryPiece(null, null);

/** The pieces of one language. */
export class LangPieces {
  readonly bits: readonly ObjectPiece<BitsInfo>[];
  readonly special: readonly ObjectPiece<SpecialInfo>[];
  /** Platforms, quadrants, then CIDs (hint-objects.ts order): the look-up's `hint` indexes them. */
  readonly hints: readonly ObjectPiece<HintInfo>[];
  /** The overlay's site hints, by entry. */
  readonly sites: readonly ObjectPiece<HintInfo>[];
  // By country code (AA = 1 … ZZ = 676; 0: none), made on first use: about 250 codes. An
  // array, not a Map keyed by the packed code: it is read for every vendor written.
  private readonly countries: (CountryPiece | undefined)[] = [NO_COUNTRY, ...new Array<undefined>(26 * 26).fill(undefined)];

  /** The pieces of `lang`: `special` entries as the catalogue gives them, the CIDs' names, prefixes and dates, the overlay (or null). */
  constructor(
    readonly lang: Lang,
    special: readonly SpecialInfo[],
    cids: { readonly names: readonly (string | null)[]; readonly prefixes: ArrayLike<number>; readonly dates: ArrayLike<number> },
    overlay: Overlay | null,
  ) {
    this.bits = Array.from({ length: BITS_KEYS }, (_, key) => new ObjectPiece(bitsObject(key, lang)));
    this.special = special.map((s) => new ObjectPiece(s, s.id));
    // A platform's id is one of the document's (hints/platforms.ts; the answers are validated against it).
    this.hints = hintObjects(lang, cids.names, cids.prefixes, cids.dates).map((h) => new ObjectPiece(h, hintCell(h)));
    this.sites = siteObjects(lang, overlay).map((h) => new ObjectPiece(h, hintCell(h)));
  }

  /** The country of a packed code (vendor-values.ts) in this language. */
  country(packed: number): CountryPiece {
    const i = packed === 0 ? 0 : ((packed >>> 8) - 65) * 26 + (packed & 255) - 64;
    return this.countries[i] ?? this.makeCountry(packed, i);
  }

  private makeCountry(packed: number, i: number): CountryPiece {
    const code = unpackCountry(packed)!;
    return (this.countries[i] = countryPiece(countryValue(code, this.lang), flagEmoji(code)));
  }

  /** Every piece's JSON, for a version of what the answers depend on. */
  *texts(): Iterable<Uint8Array> {
    for (const list of [this.bits, this.special, this.hints, this.sites]) for (const p of list) yield p.whole;
  }

  /** Longest piece, in bytes. */
  maxLength(): number {
    let max = 0;
    for (const p of this.texts()) max = Math.max(max, p.length);
    return max;
  }
}

/** The pieces of every language, in LANGS order. */
export function langPieces(special: Readonly<Record<Lang, readonly SpecialInfo[]>>, cids: ConstructorParameters<typeof LangPieces>[2], overlay: Overlay | null): readonly LangPieces[] {
  return LANGS.map((lang) => new LangPieces(lang, special[lang], cids, overlay));
}
