/**
 * What a bulk request costs in memory while its body is parsed and answered, per byte of body,
 * by how the body is read: the body itself, what it is parsed into (a JSON or msgpack body
 * becomes strings, then NDJSON lines; extract keeps every distinct address), the chunks a worker
 * renders. Measured with `npm run bench:memory` on 1,000,000-address bodies of 61-63 MB, the
 * peak over an idle service, rounded up: text and NDJSON +1.1 times the body, JSON +3.4, msgpack
 * +3.7, extract +3.3. The output buffers are counted apart (per HTTP thread, output-slots.ts).
 */
import type { PrepareKind } from './prepare.js';

/** Bytes of memory per byte of body while it is answered, by how the body is read. */
export const MEMORY_PER_BODY_BYTE: Readonly<Record<PrepareKind, number>> = {
  text: 1.25, ndjson: 1.25, tsv: 1.25, csv: 1.25, json: 3.5, msgpack: 4, extract: 3.5, 'enrich-ndjson': 1.25, 'enrich-csv': 1.25, 'enrich-tsv': 1.25,
};

/**
 * How much of the body budget (BODY_BUDGET_BYTES, counted in bytes of text bodies) a body of
 * `bytes` read as `kind` takes: a JSON body takes 2.8 times its size, what parsing it needs.
 */
export function budgetWeight(kind: PrepareKind): number {
  return MEMORY_PER_BODY_BYTE[kind] / MEMORY_PER_BODY_BYTE.text;
}

/** The largest body read as `kind` that a budget of `budget` bytes can take at all (at most `maxBytes`). */
export function largestBody(kind: PrepareKind, budget: number, maxBytes: number): number {
  return Math.min(maxBytes, Math.floor(budget / budgetWeight(kind)));
}
