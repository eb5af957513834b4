/**
 * Vendor search (docs/API.md): the organisations whose name or short name contains every
 * word of a query, case-, accent- and punctuation-insensitive, best first: an exact short name,
 * then every word a word prefix, then substrings; ties by block count, then name. A query costs
 * no scan of all names: an index of the 2- and 3-character grams of every name gives the
 * candidates (the intersection of the query's grams, shortest list first), which are then
 * checked. Built with the catalog, once per snapshot and thread.
 */
import type { Catalog } from './catalog.js';

/** Lower case, accents and punctuation dropped, one space between words. */
export function normaliseName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Shortest query accepted, in letters and digits. */
export const QUERY_MIN_LENGTH = 2;

/** The letters and digits a query has (what QUERY_MIN_LENGTH counts). */
export function queryLength(query: string): number {
  return normaliseName(query).replace(/ /g, '').length;
}

/** A search's matches: vendor indices (Catalog.vendor(i)), best first, and how many there are. */
export interface SearchResult {
  readonly total: number;
  readonly vendors: readonly number[];
}

// The grams a word is indexed and looked up by: its trigrams, or its bigram when it has 2 characters.
function grams(word: string, into: Set<string>): void {
  if (word.length === 2) into.add(word);
  for (let i = 0; i + 3 <= word.length; i++) into.add(word.slice(i, i + 3));
}

/** The search index of one catalog. */
export class VendorSearch {
  // Vendor indices in tie-break order (most blocks first, then name); postings hold positions in it.
  private readonly order: Uint32Array;
  // Per position: ' ' + the normalised name and short name + ' ', and the normalised short name.
  private readonly texts: string[] = [];
  private readonly shortNames: string[] = [];
  // Postings of gram g: positions[starts[slot(g)] … starts[slot(g) + 1]), ascending.
  private readonly slots = new Map<string, number>();
  private readonly starts: Uint32Array;
  private readonly positions: Uint32Array;

  constructor(catalog: Catalog) {
    this.order = Uint32Array.from({ length: catalog.vendorCount }, (_, v) => v).sort((a, b) => catalog.vendorBlockCount(b) - catalog.vendorBlockCount(a) || a - b);
    // Two passes over every vendor's grams: count per gram, then fill (no per-gram arrays).
    const gramsOf = (position: number): Set<string> => {
      const seen = new Set<string>();
      for (const word of this.texts[position].trim().split(' ')) {
        // Every bigram too: a 2-character query word may sit inside a longer word.
        for (let i = 0; i + 2 <= word.length; i++) seen.add(word.slice(i, i + 2));
        grams(word, seen);
      }
      return seen;
    };
    const counts: number[] = [];
    for (const vi of this.order) {
      const v = catalog.vendor(vi);
      const short = v.shortName ? normaliseName(v.shortName) : '';
      this.texts.push(` ${normaliseName(v.name)} ${short} `);
      this.shortNames.push(short);
      for (const g of gramsOf(this.texts.length - 1)) {
        let slot = this.slots.get(g);
        if (slot === undefined) this.slots.set(g, (slot = counts.push(0) - 1));
        counts[slot]++;
      }
    }
    this.starts = new Uint32Array(counts.length + 1);
    counts.forEach((c, slot) => (this.starts[slot + 1] = this.starts[slot] + c));
    this.positions = new Uint32Array(this.starts[counts.length]);
    const next = this.starts.slice(0, counts.length);
    for (let position = 0; position < this.texts.length; position++) {
      for (const g of gramsOf(position)) this.positions[next[this.slots.get(g)!]++] = position;
    }
  }

  // The positions of gram `g` (empty when no name has it).
  private postings(g: string): Uint32Array {
    const slot = this.slots.get(g);
    return slot === undefined ? new Uint32Array(0) : this.positions.subarray(this.starts[slot], this.starts[slot + 1]);
  }

  /** The vendors matching `query` (already checked to be at least QUERY_MIN_LENGTH long), `limit` from `offset`. */
  search(query: string, offset: number, limit: number): SearchResult {
    const q = normaliseName(query);
    const words = q.split(' ').filter((w) => w.length > 0);
    const wanted = new Set<string>();
    for (const w of words) grams(w, wanted);
    // Candidates: positions in every gram's list (one-character words are checked only).
    const lists = [...wanted].map((g) => this.postings(g)).sort((a, b) => a.length - b.length);
    const candidates = lists.length > 0 ? intersect(lists) : Uint32Array.from(this.order.keys());
    const ranked: number[][] = [[], [], []];
    for (const position of candidates) {
      const text = this.texts[position];
      if (!words.every((w) => text.includes(w))) continue;
      const rank = this.shortNames[position] === q ? 0 : words.every((w) => text.includes(` ${w}`)) ? 1 : 2;
      ranked[rank].push(this.order[position]);
    }
    const all = ranked.flat();
    return { total: all.length, vendors: all.slice(offset, offset + limit) };
  }
}

// Positions in every list (each sorted ascending), walking the shortest.
function intersect(lists: readonly Uint32Array[]): number[] {
  const [first, ...rest] = lists;
  const out: number[] = [];
  const at = rest.map(() => 0);
  outer: for (const p of first) {
    for (let k = 0; k < rest.length; k++) {
      const list = rest[k];
      let i = at[k];
      while (i < list.length && list[i] < p) i++;
      at[k] = i;
      if (i === list.length) break outer;
      if (list[i] !== p) continue outer;
    }
    out.push(p);
  }
  return out;
}
