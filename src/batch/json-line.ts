/**
 * One NDJSON line read as RFC 8259 reads it, in one pass over its bytes and without building it:
 * whether it is one JSON object, and for each key (a path of member names) where the member's
 * value lies when it is a string. Enrich inserts after that value (enrich.ts). JSON.parse tells no
 * offsets: with it, finding them took a second search of the bytes, and a second parser for what
 * that search could not settle (duplicates, escaped names).
 *
 * The keys' paths make a tree of member names: the objects on a path are read member by member
 * against it, every other value is skipped; each with a stack, not recursion, so that nesting as
 * deep as a body allows is read. Member names are compared as JSON.parse would have them: a name
 * written with escapes is decoded first. A duplicate member counts as JSON.parse counts it, the
 * last one wins, at any level: a later `"ether":…` drops what the earlier one held. The bytes
 * must be UTF-8 (isUtf8).
 */
import { isUtf8 } from 'node:buffer';

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN = 123;
const CLOSE = 125;
const OPEN_ARRAY = 91;

/** What a line holds at a key: nothing, a value that is not a string, or a string (its bytes with the quotes, [start, end), and whether they hold an escape). */
export type KeyValue = null | 'not_string' | { readonly start: number; readonly end: number; readonly escaped: boolean };

// A member name on the keys' paths: the paths that end at it, all those that go through it, and the names that follow.
interface Name {
  readonly bytes: Buffer;
  readonly text: string;
  readonly ends: number[];
  readonly under: number[];
  readonly next: Level;
}

// The names an object on the paths may have, by their text (for names written with escapes) and,
// past a few, by their bytes as latin1 text: compared one by one, each member of a record would
// meet every name, thousands of them with ENRICH_MAX_KEYS at its largest.
interface Level {
  readonly names: Name[];
  readonly byText: Map<string, Name>;
  byBytes: Map<string, Name> | null;
}

const LISTED_NAMES = 8;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const ESCAPES = new Set([QUOTE, BACKSLASH, 47, 98, 102, 110, 114, 116]); // " \ / b f n r t
const LITERALS = new Map([116, 102, 110].map((c) => [c, Buffer.from(c === 116 ? 'true' : c === 102 ? 'false' : 'null')]));

// Whether `want` is bytes [a, b) of `bytes` (a member name: a few bytes, where Buffer#compare's checks cost more than the loop).
function sameBytes(want: Buffer, bytes: Buffer, a: number, b: number): boolean {
  if (want.length !== b - a) return false;
  for (let i = 0; i < want.length; i++) if (want[i] !== bytes[a + i]) return false;
  return true;
}

const newLevel = (): Level => ({ names: [], byText: new Map(), byBytes: null });

// The tree of `paths`' names: the names at the top.
function treeOf(paths: ReadonlyArray<readonly string[]>): Level {
  const top = newLevel();
  const levels = [top];
  paths.forEach((path, k) => {
    let level = top;
    path.forEach((text, depth) => {
      let name = level.byText.get(text);
      if (name === undefined) {
        name = { bytes: Buffer.from(text), text, ends: [], under: [], next: newLevel() };
        level.names.push(name);
        level.byText.set(text, name);
        levels.push(name.next);
      }
      name.under.push(k);
      if (depth === path.length - 1) name.ends.push(k);
      level = name.next;
    });
  });
  for (const l of levels) if (l.names.length > LISTED_NAMES) l.byBytes = new Map(l.names.map((n) => [n.bytes.toString('latin1'), n]));
  return top;
}

/** Reads lines for fixed keys (each a path of member names from the top), reusing its stacks and results from line to line. */
export class JsonLineReader {
  private readonly top: Level;
  private readonly results: KeyValue[];
  // The brackets open in a skipped value, and the objects open on the keys' paths: innermost last.
  private readonly open: number[] = [];
  private readonly within: Level[] = [];
  private escaped = false;
  // The bytes of the strings read so far OR-ed: past 127, the line is checked for UTF-8 (outside strings any such byte is refused anyway).
  private high = 0;

  /** A reader for `paths`. */
  constructor(paths: ReadonlyArray<readonly string[]>) {
    this.top = treeOf(paths);
    this.results = paths.map(() => null);
  }

  /** What bytes [start, end) hold at each key (until the next read), or null when they are not one JSON object (blank, not JSON, not UTF-8, or another value). */
  read(b: Buffer, start: number, end: number): readonly KeyValue[] | null {
    this.high = 0;
    this.open.length = 0;
    this.within.length = 0;
    this.results.fill(null);
    const i = ws(b, start, end);
    const e = b[i] === OPEN ? this.object(b, i, end) : -1;
    return e >= 0 && ws(b, e, end) === end && (this.high < 128 || isUtf8(b.subarray(start, end))) ? this.results : null;
  }

  // Past the object at `i`, or -1. The objects on the keys' paths are read member by member, the
  // innermost last on a stack (`within`: the names their members may have); a member on a path
  // clears what an earlier one of that name gave (the last one wins), and its value is the result
  // of the paths that end at it. Every other value is skipped.
  private object(b: Buffer, i: number, end: number): number {
    const { within, results } = this;
    within.push(this.top);
    i = ws(b, i + 1, end);
    // Whether `i` is past an object's last member (or at an empty object's `}`): its end, then the parent's comma or end.
    let closing = b[i] === CLOSE;
    for (;;) {
      if (closing) {
        if (b[i] !== CLOSE) return -1;
        within.pop();
        if (within.length === 0) return i + 1;
        i = ws(b, i + 1, end);
        if (b[i] === COMMA) {
          i = ws(b, i + 1, end);
          closing = false;
        }
        continue;
      }
      const e = b[i] === QUOTE ? this.stringEnd(b, i, end) : -1;
      if (e < 0) return -1;
      const name = this.nameAt(within[within.length - 1], b, i + 1, e - 1);
      i = ws(b, e, end);
      if (b[i] !== COLON) return -1;
      i = ws(b, i + 1, end);
      if (name !== undefined) for (const k of name.under) results[k] = null;
      const c = b[i];
      if (c === OPEN && name !== undefined && name.next.names.length > 0) {
        for (const k of name.ends) results[k] = 'not_string';
        within.push(name.next);
        i = ws(b, i + 1, end);
        closing = b[i] === CLOSE;
        continue;
      }
      const v = c === OPEN || c === OPEN_ARRAY ? this.skip(b, i, end) : this.scalarEnd(b, i, end);
      if (v < 0) return -1;
      if (name !== undefined) for (const k of name.ends) results[k] = c === QUOTE ? { start: i, end: v, escaped: this.escaped } : 'not_string';
      i = ws(b, v, end);
      if (b[i] === COMMA) i = ws(b, i + 1, end);
      else closing = true;
    }
  }

  // Which name of `level` the member name [a, b) (without its quotes) is, decoded when it holds an escape.
  private nameAt(level: Level, bytes: Buffer, a: number, b: number): Name | undefined {
    if (this.escaped) return level.byText.get(JSON.parse(bytes.toString('utf8', a - 1, b + 1)) as string);
    if (level.byBytes !== null) return level.byBytes.get(bytes.toString('latin1', a, b));
    for (const name of level.names) if (sameBytes(name.bytes, bytes, a, b)) return name;
    return undefined;
  }

  // Past the container at `i`, or -1, read with a stack of its open brackets (empty again when it is whole).
  private skip(b: Buffer, i: number, end: number): number {
    const open = this.open;
    for (;;) {
      let c = b[i];
      if (c === OPEN || c === OPEN_ARRAY) {
        open.push(c + 2); // the closing bracket: `}` or `]`
        i = ws(b, i + 1, end);
        if (b[i] === c + 2) {
          open.pop();
          i++;
        } else {
          if (c === OPEN && (i = this.memberName(b, i, end)) < 0) return -1;
          continue;
        }
      } else if ((i = this.scalarEnd(b, i, end)) < 0) return -1;
      // After a value: commas and closing brackets until the next value, or the end of the outermost.
      for (;;) {
        if (open.length === 0) return i;
        i = ws(b, i, end);
        c = b[i];
        const close = open[open.length - 1];
        if (c === COMMA) {
          i = ws(b, i + 1, end);
          if (close === CLOSE && (i = this.memberName(b, i, end)) < 0) return -1;
          break;
        }
        if (c !== close) return -1;
        open.pop();
        i++;
      }
    }
  }

  // Past a member's name and its colon at `i` (to its value), or -1.
  private memberName(b: Buffer, i: number, end: number): number {
    const e = b[i] === QUOTE ? this.stringEnd(b, i, end) : -1;
    if (e < 0) return -1;
    i = ws(b, e, end);
    return b[i] === COLON ? ws(b, i + 1, end) : -1;
  }

  // Past the string, literal or number at `i`, or -1.
  private scalarEnd(b: Buffer, i: number, end: number): number {
    const c = b[i];
    if (c === QUOTE) return this.stringEnd(b, i, end);
    const word = LITERALS.get(c);
    return word === undefined ? numberEnd(b, i) : sameBytes(word, b, i, i + word.length) ? i + word.length : -1;
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
}

// Past a number at `i` (RFC 8259 §6: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?), or -1.
function numberEnd(b: Buffer, i: number): number {
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

// Past the white space from `i`.
function ws(b: Buffer, i: number, end: number): number {
  for (let c = b[i]; i < end && (c === 32 || c === 9 || c === 10 || c === 13); c = b[++i]);
  return i;
}
