/**
 * The answers of the vendor search and of the prefix listing (docs/API.md, Vendors): data
 * (catalog indices), and the answers as the API's values (searchAnswerValue, prefixAnswerValue:
 * a block's value made once per snapshot), which the HTTP routes and the CLI write as JSON and
 * the MCP tools return; the CLI also writes the data as a table or CSV.
 */
import type { PrefixListing, RegistryBlock, VendorSearch } from '../contract/openapi-types.js';
import { countryValue } from '../i18n/countries.js';
import type { Lang } from '../i18n/lang.js';
import { blockFirst } from './catalog.js';
import { BLOCK_SIZES, REGISTRY_OF_WIDTH } from '../registry/kinds.js';
import { colonHex } from '../mac/prefix.js';
import type { RegistryService } from './registry-service.js';
import { firstSeenOf } from '../registry/first-seen.js';

/** Default and largest page of vendors or blocks. */
export const VENDORS_LIMIT = { default: 20, max: 200 } as const;

/** The hex digits of a prefix in any accepted MAC shape (6 to 16 of them: a 64-bit identifier's too), or null. */
export function prefixDigits(raw: string): string | null {
  const digits = raw.trim().replace(/^0[xX]/, '').replace(/[:.\-\s]/g, '');
  return /^[0-9a-fA-F]{6,16}$/.test(digits) ? digits.toUpperCase() : null;
}

/** A block as the vendor answers list it (the document's RegistryBlock), made once per snapshot when first listed. */
export type BlockValue = Readonly<RegistryBlock>;

function blockValue(service: RegistryService, i: number): BlockValue {
  return (service.blockValues[i] ??= (() => {
    const b = service.catalog.block(i);
    const first = blockFirst(b);
    const size = BLOCK_SIZES[b.width][0];
    const iab = service.catalog.records[b.record].iab ? { iab: true as const } : {};
    // Never a CID: vendors and the blocks around a prefix leave them out (catalog.ts).
    return { prefix: colonHex(b.prefix, b.width / 4), prefixLength: b.width, registry: REGISTRY_OF_WIDTH[b.width], ...iab, first: colonHex(first, 12), last: colonHex(first + size - 1, 12), size, firstSeen: firstSeenOf(b.seen) };
  })());
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

/** A search answer as the API's value: `{query, total, vendors}`, each vendor with its blocks in `order`. */
export function searchAnswerValue(service: RegistryService, answer: SearchAnswer, lang: Lang, order: BlockOrder = 'address'): VendorSearch {
  const catalog = service.catalog;
  const vendors = answer.vendors.map((vi) => {
    const v = catalog.vendor(vi);
    return { name: v.name, shortName: v.shortName, country: countryValue(v.country, lang), blockCount: v.blocks.length, blocks: orderBlocks(service, v.blocks, order).map((i) => blockValue(service, i)) };
  });
  return { query: answer.query, total: answer.total, vendors };
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

/** A prefix answer as the API's value: `{query, prefix, total, blocks}`, each block with its vendor. */
export function prefixAnswerValue(service: RegistryService, answer: PrefixAnswer, lang: Lang): PrefixListing {
  const catalog = service.catalog;
  const blocks = answer.blocks.map((i) => {
    const v = catalog.block(i).vendor;
    const vendor = v >= 0 ? catalog.vendor(v) : null;
    return { ...blockValue(service, i), ...(i === answer.mostSpecific ? { mostSpecific: true as const } : {}), vendor: vendor && { name: vendor.name, shortName: vendor.shortName, country: countryValue(vendor.country, lang) } };
  });
  return { query: answer.query, prefix: answer.digits.match(/..?/g)!.join(':'), total: answer.total, blocks };
}
