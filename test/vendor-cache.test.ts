/**
 * The vendor members a bulk thread keeps rendered (src/analysis/fragment-cache.ts, json-writer.ts):
 * an answer written from the cache is the answer written without it, for every block of the real
 * registry in both languages, whole or projected; the cache holds what its budget allows and no
 * more, and a full one leaves the answers as they are.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../src/analysis/analyzer.js';
import { FragmentCache } from '../src/analysis/fragment-cache.js';
import { projectionFromKey } from '../src/analysis/projection.js';
import { loadRegistry } from '../src/analysis/load-registry.js';
import type { Lang } from '../src/i18n/lang.js';
import { WIDTHS } from '../src/registry/widths.js';
import { csvColumnsOf, csvPlanOf, csvRowBytes, writeCsvRow } from '../src/batch/csv-rows.js';

const MiB = 1024 * 1024;
let plain: Analyzer;
let cached: Analyzer;
// The first and last address of every block, as 48-bit numbers.
const addresses: number[] = [];

beforeAll(() => {
  const handle = loadRegistry();
  plain = new Analyzer(handle);
  cached = new Analyzer(handle, 64 * MiB);
  for (const w of WIDTHS) {
    const size = 2 ** (48 - w);
    for (const p of plain.index.blocksOf(w).prefixes) addresses.push(p * size, p * size + size - 1);
  }
});

const text = (a: Analyzer, mac: number, lang: Lang, fields: string | null = null) => Buffer.from(a.jsonBytes(a.lookUp(mac), lang, fields === null ? null : projectionFromKey(fields))).toString();

describe('the vendor cache', () => {
  it('writes every block of the registry as the writer without it does, in both languages, written then copied', () => {
    expect(addresses.length).toBeGreaterThan(100_000);
    for (const lang of ['en', 'fr'] as const) {
      let differ = 0;
      for (const mac of addresses) {
        const want = text(plain, mac, lang);
        // The first write keeps the member, the second (the block's other end) copies it.
        if (text(cached, mac, lang) !== want) differ++;
      }
      expect(differ).toBe(0);
    }
    // Both languages of every block are kept: 40 MiB and more (about 24 MiB a language).
    expect(cached.vendorCacheBytes).toBeGreaterThan(40 * MiB);
  });

  it('writes the CSV rows of every block as without it, with the default columns (kept) and others (written each time)', () => {
    const out = new Uint8Array(4 * csvRowBytes(plain));
    const row = (a: Analyzer, mac: number, fields: string | null) => {
      const end = writeCsvRow(a, a.lookUp(mac), 'x', '', csvPlanOf(csvColumnsOf(fields)), a.piecesOf('en'), out, 0);
      return Buffer.from(out.subarray(0, end)).toString();
    };
    expect(csvPlanOf(csvColumnsOf(null)).keptFrom).toBeGreaterThan(0);
    expect(csvPlanOf(csvColumnsOf('vendor,mask')).keptFrom).toBe(-1);
    const before = cached.vendorCacheBytes;
    for (const fields of [null, 'canonical,vendor,short_name,registry,prefix,country,hints', 'vendor,registry,prefix,mask,country', 'country']) {
      let differ = 0;
      for (const mac of addresses) if (row(cached, mac, fields) !== row(plain, mac, fields)) differ++;
      expect(differ).toBe(0);
    }
    expect(cached.vendorCacheBytes).toBeGreaterThan(before); // the default cells were kept
  });

  it('keeps a vendor projected whole, and writes a vendor cut to some members as it is', () => {
    const some = addresses.filter((_, i) => i % 97 === 0);
    for (const fields of ['vendor', 'address.canonical,vendor', 'vendor.name,vendor.block', 'vendor.country,hints']) {
      for (const mac of some) expect(text(cached, mac, 'fr', fields)).toBe(text(plain, mac, 'fr', fields));
    }
  });

  it('once full, keeps nothing more and still writes every answer right', () => {
    const small = new Analyzer(plain.handle, 100_000);
    for (const mac of addresses.slice(0, 4000)) expect(text(small, mac, 'en')).toBe(text(plain, mac, 'en'));
    expect(small.vendorCacheBytes).toBe(100_000);
    for (const mac of addresses.slice(0, 4000)) expect(text(small, mac, 'en')).toBe(text(plain, mac, 'en'));
    expect(plain.vendorCacheBytes).toBe(0);
    small.forgetVendors();
    expect(small.vendorCacheBytes).toBe(0);
    for (const mac of addresses.slice(0, 100)) expect(text(small, mac, 'en')).toBe(text(plain, mac, 'en'));
    expect(small.vendorCacheBytes).toBeGreaterThan(0);
  });
});

describe('FragmentCache', () => {
  const fragment = (n: number, fill: number) => new Uint8Array(n).fill(fill);

  it('copies back what it kept, byte for byte, and says when it keeps none', () => {
    const cache = new FragmentCache(4, 1000);
    const out = new Uint8Array(100);
    expect(cache.copy(1, out, 0)).toBe(-1);
    cache.keep(1, new Uint8Array([9, 1, 2, 3, 9]), 1, 4);
    expect(cache.copy(1, out, 10)).toBe(13);
    expect([...out.subarray(10, 13)]).toEqual([1, 2, 3]);
    expect(cache.copy(0, out, 0)).toBe(-1);
    expect(cache.bytes).toBe(1000); // one chunk, the budget's size
  });

  it('holds its budget exactly: a fragment that would pass it is not kept', () => {
    const cache = new FragmentCache(3, 300);
    cache.keep(0, fragment(200, 1), 0, 200);
    cache.keep(1, fragment(101, 2), 0, 101); // 301 bytes: over
    cache.keep(2, fragment(100, 3), 0, 100); // 300: exactly the budget
    const out = new Uint8Array(300);
    expect(cache.copy(1, out, 0)).toBe(-1);
    expect(cache.copy(2, out, 0)).toBe(100);
    expect(out[99]).toBe(3);
    expect(cache.copy(0, out, 0)).toBe(200);
    expect(out[199]).toBe(1);
    expect(cache.bytes).toBe(300);
  });

  it('starts a new chunk for a fragment past a chunk\'s end, and never copies one across two', () => {
    const cache = new FragmentCache(3, 3 * MiB);
    cache.keep(0, fragment(MiB - 10, 1), 0, MiB - 10);
    cache.keep(1, fragment(20, 2), 0, 20); // does not fit in the first chunk's last 10 bytes
    cache.keep(2, fragment(10, 3), 0, 10);
    expect(cache.bytes).toBe(2 * MiB);
    const out = new Uint8Array(MiB);
    expect(cache.copy(1, out, 0)).toBe(20);
    expect([...out.subarray(0, 20)]).toEqual(new Array(20).fill(2));
    expect(cache.copy(2, out, 0)).toBe(10);
    expect([...out.subarray(0, 10)]).toEqual(new Array(10).fill(3));
    expect(cache.copy(0, out, 0)).toBe(MiB - 10);
  });

  it('keeps nothing with a budget of 0, and refuses a budget over 1 GiB', () => {
    const none = new FragmentCache(10, 0);
    none.keep(0, fragment(10, 1), 0, 10);
    expect(none.copy(0, new Uint8Array(10), 0)).toBe(-1);
    expect(none.bytes).toBe(0);
    expect(() => new FragmentCache(10, 2 ** 30 + 1)).toThrow(RangeError);
    expect(() => new FragmentCache(10, 2 ** 30)).not.toThrow();
  });
});
