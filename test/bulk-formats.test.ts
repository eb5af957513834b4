/** The bulk formats table: what Accept may ask for, and the framing every writer relies on. */
import { describe, expect, it } from 'vitest';
import { acceptedTypes, BULK_FORMATS, EXTRACT_FORMATS, ITEM_STYLES } from '../src/batch/bulk-formats.js';
import { unpack } from 'msgpackr';

describe('BULK_FORMATS', () => {
  it('frames items with one ASCII character or none (the renderer writes them as single bytes)', () => {
    for (const f of [...Object.values(BULK_FORMATS), ...Object.values(EXTRACT_FORMATS)]) {
      for (const c of [f.separator, f.terminator]) expect(c).toMatch(/^[\x20-\x7e\n]?$/);
    }
  });

  it('offers each media type once, in the order negotiation prefers them', () => {
    const types = acceptedTypes(BULK_FORMATS);
    expect(types.map(([t]) => t)).toEqual(['application/json', 'application/x-ndjson', 'application/ndjson', 'application/msgpack', 'application/x-msgpack', 'application/vnd.msgpack', 'text/csv']);
    expect(new Set(types.map(([t]) => t)).size).toBe(types.length);
    expect(acceptedTypes(EXTRACT_FORMATS)).toEqual([['application/json', 'json'], ['text/csv', 'csv']]);
  });

  it('has heads and tails that make whole documents around rendered items', () => {
    const facts = { count: 2, truncated: false, fields: null };
    const json = `${BULK_FORMATS.json.head(facts)}{"a":1}${BULK_FORMATS.json.separator}{"a":2}${BULK_FORMATS.json.tail}`;
    expect(JSON.parse(json)).toEqual([{ a: 1 }, { a: 2 }]);
    const extract = `${EXTRACT_FORMATS.json.head({ ...facts, truncated: true })}{"a":1}${EXTRACT_FORMATS.json.tail}`;
    expect(JSON.parse(extract)).toEqual({ count: 2, truncated: true, items: [{ a: 1 }] });
    // msgpack: a 32-bit array header with the count, then the items (two fixints here).
    const head = BULK_FORMATS.msgpack.head(facts) as Uint8Array;
    expect(unpack(Buffer.concat([head, Uint8Array.of(1, 2)]))).toEqual([1, 2]);
    expect(String(BULK_FORMATS.csv.head(facts)).split('\n')[0]).toBe('input,canonical,ig,ul,vendor,short_name,registry,prefix,country,special,hints,error,detail');
  });

  it('streams every format but msgpack, whose head needs the count (the CLI offers the others)', () => {
    expect(ITEM_STYLES.filter((s) => BULK_FORMATS[s].streams)).toEqual(['json', 'ndjson', 'csv']);
  });
});
