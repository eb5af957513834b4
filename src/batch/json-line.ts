/**
 * One NDJSON line read as RFC 8259 reads it, in one pass over its bytes and without building it:
 * whether it is one JSON object, and for each key (a path of member names) where the member's
 * value lies when it is a string. Enrich inserts after that value (enrich.ts). JSON.parse tells no
 * offsets: with it, finding them took a second search of the bytes, and a second parser for what
 * that search could not settle (duplicates, escaped names).
 *
 * Member names are compared as JSON.parse would have them: a name written with escapes is decoded
 * first. A duplicate member counts as JSON.parse counts it, the last one wins, at any level: a
 * later `"ether":…` drops what the earlier one held. The bytes must be UTF-8 (isUtf8).
 */
import { isUtf8 } from 'node:buffer';

const QUOTE = 34;
const BACKSLASH = 92;
const OBJECT = 1;
const ARRAY = 2;
// What the scanner expects next.
const OPENED = 0; // just after `{` or `[`: a member, a value or the closing bracket
const MEMBER = 1; // a member's name
const VALUE = 2; // a value
const AFTER = 3; // `,`, a closing bracket, or (at the top) the end

/** What a line holds at a key: nothing, a value that is not a string, or a string (its bytes with the quotes, [start, end), and whether they hold an escape). */
export type KeyValue = null | 'not_string' | { readonly start: number; readonly end: number; readonly escaped: boolean };

const isWs = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const ESCAPES = new Set([QUOTE, BACKSLASH, 47, 98, 102, 110, 114, 116]); // " \ / b f n r t

// Whether `want` is bytes [a, b) of `bytes` (a member name: a few bytes, where Buffer#compare's checks cost more than the loop).
function sameBytes(want: Buffer, bytes: Buffer, a: number, b: number): boolean {
  if (want.length !== b - a) return false;
  for (let i = 0; i < want.length; i++) if (want[i] !== bytes[a + i]) return false;
  return true;
}

/** Reads lines for fixed keys (each a path of member names from the top), reusing its stacks from line to line. */
export class JsonLineReader {
  private readonly segments: ReadonlyArray<readonly Buffer[]>;
  // Per open container: object or array; per key: how many leading levels match its path.
  private readonly kinds: number[] = [];
  private readonly matched: number[];
  private readonly results: KeyValue[];
  private escaped = false;
  // The bytes of the strings read so far OR-ed: past 127, the line is checked for UTF-8 (outside strings any such byte is refused anyway).
  private high = 0;

  /** A reader for `paths`. */
  constructor(private readonly paths: ReadonlyArray<readonly string[]>) {
    this.segments = paths.map((path) => path.map((name) => Buffer.from(name)));
    this.matched = paths.map(() => 0);
    this.results = paths.map(() => null);
  }

  /** What bytes [start, end) hold at each key (until the next read), or null when they are not one JSON object (blank, not JSON, not UTF-8, or another value). */
  read(b: Buffer, start: number, end: number): readonly KeyValue[] | null {
    this.kinds.length = 0;
    this.high = 0;
    this.matched.fill(0);
    this.results.fill(null);
    let i = this.ws(b, start, end);
    if (b[i] !== 123) return null;
    this.kinds.push(OBJECT);
    i++;
    for (let state = OPENED; ; ) {
      if (b[i] <= 32) i = this.ws(b, i, end);
      const top = this.kinds[this.kinds.length - 1];
      const c = b[i];
      if (state === OPENED) state = c === (top === OBJECT ? 125 : 93) ? AFTER : top === OBJECT ? MEMBER : VALUE;
      if (state === MEMBER) {
        const e = c === QUOTE ? this.stringEnd(b, i, end) : -1;
        if (e < 0) return null;
        this.member(b, i + 1, e - 1);
        i = b[e] <= 32 ? this.ws(b, e, end) : e;
        if (b[i] !== 58) return null; // :
        i++;
        state = VALUE;
      } else if (state === VALUE) {
        const depth = this.kinds.length;
        i = this.value(b, i, end, top);
        if (i < 0) return null;
        state = this.kinds.length > depth ? OPENED : AFTER;
      } else if (this.kinds.length === 0) return i === end && (this.high < 128 || isUtf8(b.subarray(start, end))) ? this.results : null;
      else if (c === 44) {
        i++; // ,
        state = top === OBJECT ? MEMBER : VALUE;
      } else if (c === (top === OBJECT ? 125 : 93)) {
        i++;
        this.kinds.pop();
        for (let k = 0; k < this.matched.length; k++) this.matched[k] = Math.min(this.matched[k], this.kinds.length);
      } else return null;
    }
  }

  /** The last name of path `k` (what `<name>_analysis` is named after). */
  nameOf(k: number): string {
    const path = this.paths[k];
    return path[path.length - 1];
  }

  // The member named by bytes [a, b) (without its quotes) at the innermost object: each key whose
  // leading levels match goes one level further when the name is its next one; a key that goes
  // through this member loses what an earlier member of the same name held (the last one wins).
  private member(bytes: Buffer, a: number, b: number): void {
    const level = this.kinds.length - 1;
    const name = this.escaped ? (JSON.parse(bytes.toString('utf8', a - 1, b + 1)) as string) : null;
    for (let k = 0; k < this.segments.length; k++) {
      if (this.matched[k] < level) continue;
      const want = this.segments[k][level];
      const same = want !== undefined && (name === null ? sameBytes(want, bytes, a, b) : name === this.paths[k][level]);
      this.matched[k] = same ? level + 1 : level;
      if (same) this.results[k] = null;
    }
  }

  // Reads the value at `i` (`top`: the container holding it): past a scalar, or just into a
  // container (pushed); -1 when it is not valid. A member's value at a key's path is its result.
  private value(b: Buffer, i: number, end: number, top: number): number {
    const c = b[i];
    const e = c === QUOTE ? this.stringEnd(b, i, end) : c === 123 || c === 91 ? i + 1 : c === 116 ? this.word(b, i, 'true') : c === 102 ? this.word(b, i, 'false') : c === 110 ? this.word(b, i, 'null') : this.numberEnd(b, i);
    if (e < 0) return -1;
    if (top === OBJECT) {
      const level = this.kinds.length;
      for (let k = 0; k < this.matched.length; k++) if (this.matched[k] === level && this.paths[k].length === level) this.results[k] = c === QUOTE ? { start: i, end: e, escaped: this.escaped } : 'not_string';
    }
    if (c === 123 || c === 91) this.kinds.push(c === 123 ? OBJECT : ARRAY);
    return e;
  }

  // Past the string whose opening quote is at `i`, or -1 when it is not a valid JSON string; notes whether it holds an escape.
  private stringEnd(b: Buffer, i: number, end: number): number {
    this.escaped = false;
    let high = 0;
    for (let j = i + 1; j < end; j++) {
      const c = b[j];
      high |= c;
      if (c > QUOTE ? c !== BACKSLASH : c > 31 && c !== QUOTE) continue; // most bytes: one or two tests
      if (c === QUOTE) {
        this.high |= high;
        return j + 1;
      }
      if (c < 32) return -1;
      this.escaped = true;
      const e = b[++j];
      if (e === 117) {
        if (!(isHex(b[j + 1]) && isHex(b[j + 2]) && isHex(b[j + 3]) && isHex(b[j + 4]))) return -1; // \uXXXX
        j += 4;
      } else if (!ESCAPES.has(e)) return -1;
    }
    return -1;
  }

  // Past a number at `i` (RFC 8259 §6: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?), or -1.
  private numberEnd(b: Buffer, i: number): number {
    let j = b[i] === 45 ? i + 1 : i;
    if (b[j] === 48) j++;
    else if (isDigit(b[j])) while (isDigit(b[j])) j++;
    else return -1;
    if (b[j] === 46) {
      if (!isDigit(b[++j])) return -1;
      while (isDigit(b[j])) j++;
    }
    if (b[j] === 101 || b[j] === 69) {
      if (b[++j] === 43 || b[j] === 45) j++;
      if (!isDigit(b[j])) return -1;
      while (isDigit(b[j])) j++;
    }
    return j;
  }

  // Past the literal `word` at `i`, or -1.
  private word(b: Buffer, i: number, word: string): number {
    for (let k = 0; k < word.length; k++) if (b[i + k] !== word.charCodeAt(k)) return -1;
    return i + word.length;
  }

  // Past the white space from `i`.
  private ws(b: Buffer, i: number, end: number): number {
    while (i < end && isWs(b[i])) i++;
    return i;
  }
}
