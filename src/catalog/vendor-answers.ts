/**
 * The answers of the vendor search and of the prefix listing (docs/API.md, Vendors): data
 * (catalog indices) that the HTTP routes write as the API's JSON text (searchAnswerJson,
 * prefixAnswerJson: block and vendor texts made once per snapshot) and the command line
 * (`mac-analyze vendors`) as a table or CSV.
 */
import { countryName } from '../i18n/countries.js';
import type { Lang } from '../i18n/lang.js';
import { blockFirst, blockSize } from './catalog.js';
import { colonHex } from '../mac/prefix.js';
import type { RegistryService } from './registry-service.js';
import { firstSeenJson } from '../registry/first-seen.js';

/** Default and largest page of vendors or blocks. */
export const VENDORS_LIMIT = { default: 20, max: 200 } as const;

/** The hex digits of a prefix in any accepted MAC shape (6 to 16 of them: a 64-bit identifier's too), or null. */
export function prefixDigits(raw: string): string | null {
  const digits = raw.trim().replace(/^0[xX]/, '').replace(/[:.\-\s]/g, '');
  return /^[0-9a-fA-F]{6,16}$/.test(digits) ? digits.toUpperCase() : null;
}

/**
 * A block as the vendor answers list it, as JSON text, made once per snapshot when first listed
 * (a vendor such as Apple has 1,500 blocks: their texts are joined, not rebuilt, on the next search).
 */
function blockText(service: RegistryService, i: number): string {
  const texts = service.blockTexts;
  const catalog = service.catalog;
  let text = texts[i];
  if (text === undefined) {
    const b = catalog.block(i);
    const first = blockFirst(b);
    const size = blockSize(b);
    const iab = catalog.records[b.record].iab ? ',"iab":true' : '';
    text = `{"prefix":"${colonHex(b.prefix, b.width / 4)}","prefixLength":${b.width},"registry":"${b.registry}"${iab},"first":"${colonHex(first, 12)}","last":"${colonHex(first + size - 1, 12)}","size":${size},"firstSeen":${firstSeenJson(b.seen)}}`;
    texts[i] = text;
  }
  return text;
}

function countryJson(code: string | null, lang: Lang) {
  return code === null ? null : { code, name: countryName(code, lang) ?? code };
}

/** How a vendor's blocks are ordered: by address, or newest first (`sort=firstSeen`). */
export type BlockOrder = 'address' | 'firstSeen';

/** The accepted `sort` values. */
export const BLOCK_ORDERS: readonly BlockOrder[] = ['address', 'firstSeen'];

/** Block indices in `order`: as given (address order), or newest first (undated last), then by address. */
export function orderBlocks(service: RegistryService, blocks: ArrayLike<number>, order: BlockOrder): number[] {
  const list = Array.from(blocks);
  if (order === 'address') return list;
  const catalog = service.catalog;
  const day = (i: number) => catalog.seen(i) >>> 2;
  return list.sort((a, b) => day(b) - day(a) || a - b);
}

// The JSON array of vendor `v`'s blocks in `order`, made when the vendor is first listed so.
function vendorBlocksText(service: RegistryService, v: number, order: BlockOrder): string {
  const texts = order === 'address' ? service.vendorBlockTexts : service.vendorBlockTextsNewest;
  let text = texts[v];
  if (text === undefined) {
    const blocks: string[] = [];
    for (const i of orderBlocks(service, service.catalog.vendor(v).blocks, order)) blocks.push(blockText(service, i));
    texts[v] = text = `[${blocks.join(',')}]`;
  }
  return text;
}

/** A vendor search's answer, as data: the vendors found (catalog indices, best first), and how many in all. */
export interface SearchAnswer {
  readonly query: string;
  readonly total: number;
  readonly vendors: readonly number[];
}

/** Searches the vendors for `q`: `limit` of them from `offset`. */
export function searchAnswer(service: RegistryService, q: string, offset: number, limit: number): SearchAnswer {
  const found = service.search.search(q, offset, limit);
  return { query: q, total: found.total, vendors: found.vendors };
}

/** A search answer as the API's JSON text: `{query, total, vendors}`, each vendor with its blocks in `order`. */
export function searchAnswerJson(service: RegistryService, answer: SearchAnswer, lang: Lang, order: BlockOrder = 'address'): string {
  const catalog = service.catalog;
  const vendors = answer.vendors.map((vi) => {
    const v = catalog.vendor(vi);
    const head = JSON.stringify({ name: v.name, shortName: v.shortName, country: countryJson(v.country, lang), blockCount: v.blocks.length });
    return `${head.slice(0, -1)},"blocks":${vendorBlocksText(service, vi, order)}}`;
  });
  return `{"query":${JSON.stringify(answer.query)},"total":${answer.total},"vendors":[${vendors.join(',')}]}`;
}

/** The blocks around a prefix, as data: block indices (outermost first), how many in all, and the one that answers. */
export interface PrefixAnswer {
  readonly query: string;
  /** The prefix's hex digits (prefixDigits). */
  readonly digits: string;
  readonly total: number;
  readonly blocks: readonly number[];
  /** The block every address under the prefix is answered with, when it is one block; else -1. */
  readonly mostSpecific: number;
}

/** The blocks that contain the prefix `digits` (from prefixDigits) or lie inside it: `limit` of them from `offset`, in `order` (address: outermost first). */
export function prefixAnswer(service: RegistryService, query: string, digits: string, offset: number, limit: number, order: BlockOrder = 'address'): PrefixAnswer {
  // Registry blocks are at most 36 bits wide: past 48 bits (the digits of an EUI-64) they are the same blocks.
  const head = digits.slice(0, 12);
  const scale = 16 ** (12 - head.length);
  const { containing, inside } = service.catalog.around(parseInt(head, 16) * scale, scale);
  // The narrowest block containing the prefix, when no narrower block lies inside it.
  const mostSpecific = containing.length > 0 && inside.length === 0 ? containing[containing.length - 1] : -1;
  const all = orderBlocks(service, [...containing, ...inside], order);
  return { query, digits, total: all.length, blocks: all.slice(offset, offset + limit), mostSpecific };
}

/** A prefix answer as the API's JSON text: `{query, prefix, total, blocks}`. */
export function prefixAnswerJson(service: RegistryService, answer: PrefixAnswer, lang: Lang): string {
  const catalog = service.catalog;
  const blocks = answer.blocks.map((i) => {
    const v = catalog.block(i).vendor;
    const vendor = v >= 0 ? catalog.vendor(v) : null;
    const json = JSON.stringify(vendor && { name: vendor.name, shortName: vendor.shortName, country: countryJson(vendor.country, lang) });
    return `${blockText(service, i).slice(0, -1)}${i === answer.mostSpecific ? ',"mostSpecific":true' : ''},"vendor":${json}}`;
  });
  return `{"query":${JSON.stringify(answer.query)},"prefix":"${answer.digits.match(/..?/g)!.join(':')}","total":${answer.total},"blocks":[${blocks.join(',')}]}`;
}
