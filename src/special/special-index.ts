/**
 * Most-specific-range lookup over the special-address catalogue. Once per process, the ranges
 * are cut into elementary intervals, each labelled with the smallest entry covering it; a
 * lookup is then one binary search.
 */
import { parseMac } from '../mac/parse.js';
import type { SpecialEntry } from './entry.js';

/** A catalogue entry with its range as integers. */
export interface ResolvedEntry {
  readonly entry: SpecialEntry;
  readonly first: number;
  readonly last: number;
}

function address(text: string, id: string): number {
  const v = parseMac(text);
  if (typeof v !== 'number') throw new Error(`special entry ${id}: bad address ${text}`);
  return v;
}

/** Resolves entries' textual ranges to integers (throws on a malformed one). */
export function resolveEntries(entries: readonly SpecialEntry[]): ResolvedEntry[] {
  return entries.map((entry) => {
    const first = address(entry.first, entry.id);
    const last = entry.last === undefined ? first : address(entry.last, entry.id);
    if (last < first) throw new Error(`special entry ${entry.id}: range ends before it starts`);
    return { entry, first, last };
  });
}

/** The index's arrays: `starts[i]` begins an interval whose entry is `owner[i]` (-1: none). Plain typed arrays, so they cross threads by structured clone. */
export interface SpecialIntervals {
  readonly starts: Float64Array;
  readonly owner: Int32Array;
}

/** Cuts ranges into elementary intervals, each owned by the smallest range covering it (positions in `entries`). */
export function buildIntervals(entries: readonly { readonly first: number; readonly last: number }[]): SpecialIntervals {
  const cuts = new Set<number>([0]);
  for (const e of entries) {
    cuts.add(e.first);
    cuts.add(e.last + 1);
  }
  const starts = [...cuts].sort((a, b) => a - b);
  const owner = Int32Array.from(starts, (s) => {
    let best = -1;
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      if (e.first <= s && s <= e.last && (best < 0 || e.last - e.first < entries[best].last - entries[best].first)) best = i;
    }
    return best;
  });
  return { starts: Float64Array.from(starts), owner };
}

/** Elementary-interval lookup: one binary search. */
export class SpecialIndex {
  private readonly starts: Float64Array;
  private readonly owner: Int32Array;

  /** Wraps intervals built by `buildIntervals` (here or in another thread). */
  constructor(intervals: SpecialIntervals) {
    this.starts = intervals.starts;
    this.owner = intervals.owner;
  }

  /** Index of the most specific entry covering `mac`, or -1. */
  lookup(mac: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid] <= mac) lo = mid;
      else hi = mid - 1;
    }
    return this.owner[lo];
  }
}
