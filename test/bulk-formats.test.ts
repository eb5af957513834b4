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

  it('offers each media type once, to one format', () => {
    for (const formats of [BULK_FORMATS, EXTRACT_FORMATS]) {
      const types = acceptedTypes(formats).map(([t]) => t);
      expect(new Set(types).size).toBe(types.length);
    }
  });

  it('has heads and tails that make whole documents around rendered items', () => {
    const facts = { count: 2, truncated: false, fields: null, header: true };
    const json = `${BULK_FORMATS.json.head(facts)}{"a":1}${BULK_FORMATS.json.separator}{"a":2}${BULK_FORMATS.json.tail}`;
    expect(JSON.parse(json)).toEqual([{ a: 1 }, { a: 2 }]);
    const extract = `${EXTRACT_FORMATS.json.head({ ...facts, truncated: true })}{"a":1}${EXTRACT_FORMATS.json.tail}`;
    expect(JSON.parse(extract)).toEqual({ count: 2, truncated: true, items: [{ a: 1 }] });
    // msgpack: a 32-bit array header with the count, then the items (two fixints here).
    const head = BULK_FORMATS.msgpack.head(facts) as Uint8Array;
    expect(unpack(Buffer.concat([head, Uint8Array.of(1, 2)]))).toEqual([1, 2]);
  });

  it('says a format streams exactly when its head does not depend on the item count', () => {
    for (const style of ITEM_STYLES) {
      const head = (count: number) => Buffer.from(BULK_FORMATS[style].head({ count, truncated: false, fields: null, header: true })).toString('hex');
      expect(BULK_FORMATS[style].streams, style).toBe(head(1) === head(100_000));
    }
  });
});
