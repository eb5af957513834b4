/**
 * The registry flattened into non-overlapping ranges (docs/DATA-ENGINES.md, "The registry for data
 * engines"): every address falls in at most one range, and that range's block is the one the
 * service answers for it, the most specific. The IEEE RA's MA-L 00:1B:C5 holds 202 MA-S blocks:
 * it becomes its own rows between them, each MA-S one row. A range join (`mac BETWEEN first AND
 * last`) in DuckDB, Spark, Trino or BigQuery then answers what GET /api/mac answers
 * (docs/DATA-ENGINES.md). CIDs are left out: they assign no addresses.
 */
import { blockFirst, type Catalog } from './catalog.js';
import { BLOCK_SIZES } from '../registry/kinds.js';

/** The ranges: parallel arrays, in address order. `block` is the catalog index of each range's block. */
export interface FlatRanges {
  readonly first: Float64Array;
  readonly last: Float64Array;
  readonly block: Uint32Array;
  readonly length: number;
}

/** Flattens the catalog's vendor blocks (nested or apart, never crossing: they are prefixes) into ranges. */
export function flattenRanges(catalog: Catalog): FlatRanges {
  const first: number[] = [];
  const last: number[] = [];
  const block: number[] = [];
  const emit = (b: number, from: number, to: number) => {
    if (from > to) return;
    first.push(from);
    last.push(to);
    block.push(b);
  };
  // The blocks that contain the current one, outermost first, each with its next address not
  // yet given to a range.
  const open: Array<{ readonly block: number; readonly last: number; next: number }> = [];
  const close = () => {
    const top = open.pop()!;
    emit(top.block, top.next, top.last);
    if (open.length > 0) open[open.length - 1].next = top.last + 1;
  };
  // The catalog is in address order, wider first: a block comes after the blocks containing it.
  for (let i = 0; i < catalog.blockCount; i++) {
    const b = catalog.block(i);
    if (b.registry === 'CID') continue;
    const from = blockFirst(b);
    const to = from + BLOCK_SIZES[b.width][0] - 1;
    while (open.length > 0 && open[open.length - 1].last < from) close();
    if (open.length > 0) {
      const parent = open[open.length - 1];
      emit(parent.block, parent.next, from - 1);
      parent.next = to + 1;
    }
    open.push({ block: i, last: to, next: from });
  }
  while (open.length > 0) close();
  return { first: Float64Array.from(first), last: Float64Array.from(last), block: Uint32Array.from(block), length: first.length };
}
