/**
 * How many items a chunk of a large batch holds: as many as make about CHUNK_BYTES of answer.
 * Each chunk costs the same round trip whatever its size (HTTP thread, pool host, worker and
 * back: four messages, each a thread to wake), so chunks of small items (CSV rows, narrow
 * projections) are made larger.
 */
import type { Analyzer } from '../analysis/analyzer.js';
import { projectionFromKey } from '../analysis/projection.js';
import type { ItemStyle } from './bulk-formats.js';
import type { FieldsKey } from './csv-rows.js';

/** Items per chunk at least: a chunk of full analyses (about 2 MB of NDJSON), and the most a batch renders inline. */
export const CHUNK_ITEMS = 2000;

/** Items per chunk at most (the input lines of a chunk stay small, and a batch's progress visible). */
const MAX_CHUNK_ITEMS = 8000;

/** The answer bytes a chunk aims at: well within an output slot (output-slots.ts). */
const CHUNK_BYTES = 1024 * 1024;

/** Bytes of one CSV row, about (most are near 100, a long vendor name up to about 350). */
const CSV_ROW_BYTES = 128;

/** Bytes around a projected analysis in an item: `{"input":…,"analysis":` and `}`, with a derivedFrom. */
const ITEM_FRAMING_BYTES = 160;

// Registry addresses (what most of a batch is) with long vendor names, rendered to size a
// projection's items. A local address's hint is longer (up to about 700 bytes in French): a
// chunk of them may not fit its output slot, and is then returned in a buffer of its own.
const SAMPLES = [0x0050c2_99_2c_e2, 0x000393_ab_12_34, 0x70b3d5_00_a0_00];

/** Items per chunk of a batch answered as `style` with `fields` (render-chunk.ts), on `analyzer`'s snapshot. */
export function chunkItems(style: ItemStyle, fields: FieldsKey, analyzer: Analyzer): number {
  if (style === 'csv' || style === 'tsv') return clamp(CHUNK_BYTES / CSV_ROW_BYTES);
  const projection = fields === null ? null : projectionFromKey(fields);
  if (projection === null) return CHUNK_ITEMS;
  let longest = 0;
  for (const mac of SAMPLES) longest = Math.max(longest, analyzer.jsonBytes(analyzer.lookUp(mac), 'fr', projection).length);
  return clamp(CHUNK_BYTES / (longest + ITEM_FRAMING_BYTES));
}

function clamp(items: number): number {
  return Math.max(CHUNK_ITEMS, Math.min(MAX_CHUNK_ITEMS, Math.floor(items)));
}
