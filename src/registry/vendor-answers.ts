/**
 * The answers of the vendor search and of the prefix listing (CONTRACT v1.2, Vendors), shared
 * by the HTTP routes (vendor-routes.ts) and the command line (`mac-analyze vendors`).
 */
import type { Analyzer } from '../analysis/analyzer.js';
import { countryName } from '../i18n/countries.js';
import type { Lang } from '../i18n/lang.js';
import { blockFirst, blockSize, type Catalog } from './catalog.js';
import { catalogOf, searchOf } from './catalog-cache.js';
import { blockPrefix } from './export-formats.js';

/** Default and largest page of vendors or blocks. */
export const VENDORS_LIMIT = { default: 20, max: 200 } as const;

/** The hex digits of a prefix in any accepted MAC shape (6 to 12 of them), or null. */
export function prefixDigits(raw: string): string | null {
  const digits = raw.replace(/[:.\-\s]/g, '');
  return /^[0-9a-fA-F]{6,12}$/.test(digits) ? digits.toUpperCase() : null;
}

const hex12 = (n: number) => n.toString(16).toUpperCase().padStart(12, '0').replace(/(..)(?=.)/g, '$1:');

/** A block as the vendor answers list it. */
export function blockJson(catalog: Catalog, i: number) {
  const b = catalog.blocks[i];
  const first = blockFirst(b);
  const size = blockSize(b);
  return {
    prefix: blockPrefix(b),
    prefixLength: b.width,
    registry: b.registry,
    ...(catalog.records[b.record].iab ? { iab: true } : {}),
    first: hex12(first),
    last: hex12(first + size - 1),
    size,
  };
}

function countryJson(code: string | null, lang: Lang) {
  return code === null ? null : { code, name: countryName(code, lang) ?? code };
}

/** A vendor search's answer: `{query, total, vendors}`, `limit` vendors from `offset`. */
export function searchAnswer(analyzer: Analyzer, q: string, offset: number, limit: number, lang: Lang) {
  const catalog = catalogOf(analyzer);
  const found = searchOf(analyzer).search(q, offset, limit);
  return {
    query: q,
    total: found.total,
    vendors: found.vendors.map((vi) => {
      const v = catalog.vendors[vi];
      return { name: v.name, shortName: v.shortName, country: countryJson(v.country, lang), blockCount: v.blocks.length, blocks: v.blocks.map((i) => blockJson(catalog, i)) };
    }),
  };
}

/** The blocks around a prefix (`digits`, from prefixDigits): `{query, prefix, total, blocks}`, outermost first. */
export function prefixAnswer(analyzer: Analyzer, query: string, digits: string, offset: number, limit: number, lang: Lang) {
  const catalog = catalogOf(analyzer);
  const scale = 16 ** (12 - digits.length);
  const first = parseInt(digits, 16) * scale;
  const around = catalog.around(first, scale);
  // The block every address under the prefix is answered with, when it is one block: the
  // narrowest containing it, with no narrower block inside the prefix.
  const containing = around.filter((i) => blockFirst(catalog.blocks[i]) <= first && blockFirst(catalog.blocks[i]) + blockSize(catalog.blocks[i]) >= first + scale);
  const narrowest = containing.at(-1);
  const mostSpecific = narrowest !== undefined && around.length === containing.length ? narrowest : -1;
  return {
    query,
    prefix: digits.replace(/(..)(?=.)/g, '$1:'),
    total: around.length,
    blocks: around.slice(offset, offset + limit).map((i) => {
      const b = catalog.blocks[i];
      const v = b.vendor >= 0 ? catalog.vendors[b.vendor] : null;
      return {
        ...blockJson(catalog, i),
        ...(i === mostSpecific ? { mostSpecific: true } : {}),
        vendor: v && { name: v.name, shortName: v.shortName, country: countryJson(v.country, lang) },
      };
    }),
  };
}
