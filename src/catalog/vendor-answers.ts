/**
 * The answers of the vendor search and of the prefix listing (CONTRACT v1.2, Vendors), shared
 * by the HTTP routes (vendor-routes.ts) and the command line (`mac-analyze vendors`).
 */
import { countryName } from '../i18n/countries.js';
import type { Lang } from '../i18n/lang.js';
import { blockFirst, blockSize } from './catalog.js';
import { colonHex } from '../mac/prefix.js';
import type { RegistryService } from './registry-service.js';

/** Default and largest page of vendors or blocks. */
export const VENDORS_LIMIT = { default: 20, max: 200 } as const;

/** The hex digits of a prefix in any accepted MAC shape (6 to 12 of them), or null. */
export function prefixDigits(raw: string): string | null {
  const digits = raw.replace(/[:.\-\s]/g, '');
  return /^[0-9a-fA-F]{6,12}$/.test(digits) ? digits.toUpperCase() : null;
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
    text = `{"prefix":"${colonHex(b.prefix, b.width / 4)}","prefixLength":${b.width},"registry":"${b.registry}"${iab},"first":"${colonHex(first, 12)}","last":"${colonHex(first + size - 1, 12)}","size":${size}}`;
    texts[i] = text;
  }
  return text;
}

function countryJson(code: string | null, lang: Lang) {
  return code === null ? null : { code, name: countryName(code, lang) ?? code };
}

// The JSON array of vendor `v`'s blocks, made when the vendor is first listed.
function vendorBlocksText(service: RegistryService, v: number): string {
  const texts = service.vendorBlockTexts;
  let text = texts[v];
  if (text === undefined) {
    const blocks: string[] = [];
    for (const i of service.catalog.vendor(v).blocks) blocks.push(blockText(service, i));
    texts[v] = text = `[${blocks.join(',')}]`;
  }
  return text;
}

/** A vendor search's answer as JSON text: `{query, total, vendors}`, `limit` vendors from `offset`. */
export function searchAnswerText(service: RegistryService, q: string, offset: number, limit: number, lang: Lang): string {
  const catalog = service.catalog;
  const found = service.search.search(q, offset, limit);
  const vendors = found.vendors.map((vi) => {
    const v = catalog.vendor(vi);
    const head = JSON.stringify({ name: v.name, shortName: v.shortName, country: countryJson(v.country, lang), blockCount: v.blocks.length });
    return `${head.slice(0, -1)},"blocks":${vendorBlocksText(service, vi)}}`;
  });
  return `{"query":${JSON.stringify(q)},"total":${found.total},"vendors":[${vendors.join(',')}]}`;
}

/** The blocks around a prefix (`digits`, from prefixDigits) as JSON text: `{query, prefix, total, blocks}`, outermost first. */
export function prefixAnswerText(service: RegistryService, query: string, digits: string, offset: number, limit: number, lang: Lang): string {
  const catalog = service.catalog;
  const scale = 16 ** (12 - digits.length);
  const first = parseInt(digits, 16) * scale;
  const { containing, inside } = catalog.around(first, scale);
  // The block every address under the prefix is answered with, when it is one block: the
  // narrowest containing it, with no narrower block inside the prefix.
  const mostSpecific = containing.length > 0 && inside.length === 0 ? containing[containing.length - 1] : -1;
  const all = [...containing, ...inside];
  const blocks = all.slice(offset, offset + limit).map((i) => {
    const b = catalog.block(i);
    const v = b.vendor >= 0 ? catalog.vendor(b.vendor) : null;
    const vendor = JSON.stringify(v && { name: v.name, shortName: v.shortName, country: countryJson(v.country, lang) });
    return `${blockText(service, i).slice(0, -1)}${i === mostSpecific ? ',"mostSpecific":true' : ''},"vendor":${vendor}}`;
  });
  return `{"query":${JSON.stringify(query)},"prefix":"${colonHex(parseInt(digits, 16), digits.length)}","total":${all.length},"blocks":[${blocks.join(',')}]}`;
}
