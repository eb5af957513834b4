/**
 * Chunks of large batches are sized by what their items take (src/batch/chunk-items.ts): CSV
 * rows and narrow projections in larger chunks, full analyses in chunks of 2,000. Whatever the
 * size, a chunk of registry addresses (most of a batch) must fit an output slot, in every
 * style and language, or each chunk would be copied into a buffer of its own.
 */
import { describe, expect, it } from 'vitest';
import { addressInputs } from '../bench/inputs.js';
import { Analyzer } from '../src/analysis/analyzer.js';
import { loadRegistry } from '../src/analysis/load-registry.js';
import { parseBulkFields } from '../src/batch/bulk-fields.js';
import { CHUNK_ITEMS, chunkItems } from '../src/batch/chunk-items.js';
import { SLOT_BYTES } from '../src/batch/output-slots.js';
import { renderChunk, type ItemStyle } from '../src/batch/render-chunk.js';

describe('chunk sizes', () => {
  const analyzer = new Analyzer(loadRegistry());
  const key = (style: ItemStyle, fields: string | null) => (fields === null ? null : (parseBulkFields(fields, style === 'csv') as { key: string | null }).key);
  const cases: ReadonlyArray<readonly [ItemStyle, string | null]> = [
    ['csv', null],
    ['csv', 'vendor,country'],
    ['ndjson', null],
    ['json', null],
    ['msgpack', null],
    ['ndjson', 'address.canonical,vendor.name,vendor.registry,hints'],
    ['ndjson', 'address'],
    ['json', 'vendor'],
    ['ndjson', 'address,bits,vendor,special,hints'],
  ];

  it('CSV rows and narrow projections come in larger chunks than full analyses', () => {
    expect(chunkItems('ndjson', null, analyzer)).toBe(CHUNK_ITEMS);
    expect(chunkItems('csv', null, analyzer)).toBe(8000);
    const narrow = chunkItems('ndjson', key('ndjson', 'address.canonical,vendor.name,vendor.registry,hints'), analyzer);
    expect(narrow).toBeGreaterThan(CHUNK_ITEMS);
    expect(narrow).toBeLessThanOrEqual(8000);
    expect(chunkItems('ndjson', key('ndjson', 'address,bits,vendor,special,hints'), analyzer)).toBe(CHUNK_ITEMS);
  });

  it.each(cases)('a chunk of registry addresses fits an output slot (%s, fields %s)', (style, fields) => {
    const k = key(style, fields);
    const items = chunkItems(style, k, analyzer);
    const inputs = addressInputs(items, 5, { registry: 1, special: 0, unassigned: 0, local: 0, invalid: 0 });
    for (const lang of ['en', 'fr'] as const) {
      const slot = new Uint8Array(new SharedArrayBuffer(SLOT_BYTES));
      const chunk = renderChunk(analyzer, inputs, lang, style, false, k, slot);
      expect(chunk.analysed).toBe(items);
      // Rendered into the slot itself, not into a buffer of its own.
      expect(chunk.bytes.buffer).toBe(slot.buffer);
    }
  });

  it.each(cases)('a chunk is the same whatever the slot lent for it, too small or large enough (%s, fields %s)', (style, fields) => {
    // Rendered in the thread's scratch buffer, then copied into the slot when it fits there, else
    // into a buffer of its own.
    const k = key(style, fields);
    const inputs = addressInputs(300, 9);
    const alone = renderChunk(analyzer, inputs, 'fr', style, true, k);
    const expected = Buffer.from(alone.bytes);
    for (const size of [0, 3000, 20_000, expected.length >> 1, expected.length + 4096, SLOT_BYTES]) {
      const slot = new Uint8Array(new SharedArrayBuffer(size)).fill(0x5a);
      const chunk = renderChunk(analyzer, inputs, 'fr', style, true, k, slot);
      expect(Buffer.from(chunk.bytes).equals(expected)).toBe(true);
      expect({ analysed: chunk.analysed, invalid: chunk.invalid, kinds: chunk.kinds }).toEqual({ analysed: alone.analysed, invalid: alone.invalid, kinds: alone.kinds });
      // In the slot exactly when the whole chunk fits there.
      expect(chunk.bytes.buffer === slot.buffer).toBe(expected.length <= size);
    }
  });
});
