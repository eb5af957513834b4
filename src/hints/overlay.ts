/**
 * Site overlays (REGISTRY_OVERLAY): an operator's own names for internal ranges, given as a
 * CSV file (`prefix,length,name,note`, with that header) or a JSON array of
 * `{"prefix", "length"?, "name", "note"?}`. The prefix is hex digits with or without
 * separators (`02:00:5E:10`); the length, in bits, defaults to the digits given × 4. An
 * address in a range gets a `site` hint (the most specific range wins); the vendor never
 * changes.
 */
import { readFileSync } from 'node:fs';
import { parseCsv } from '../csv/csv.js';
import { buildIntervals, type SpecialIntervals } from '../special/special-index.js';
import { colonHex } from '../mac/prefix.js';

/** One named range. */
export interface OverlayEntry {
  readonly first: number;
  readonly last: number;
  readonly name: string;
  readonly note: string | null;
}

/** What analysers receive: the ranges' intervals and, by position, their names and notes. */
export interface Overlay {
  readonly intervals: SpecialIntervals;
  readonly entries: readonly { readonly name: string; readonly note: string | null; readonly prefix: string; readonly length: number }[];
}

/** An overlay file that cannot be used; the message names the file and the place. */
export class OverlayError extends Error {
  override readonly name = 'OverlayError';
}

interface RawEntry {
  readonly prefix: unknown;
  readonly length?: unknown;
  readonly name: unknown;
  readonly note?: unknown;
}

function entryOf(raw: RawEntry, where: string): OverlayEntry & { prefix: string; length: number } {
  if (typeof raw.prefix !== 'string' || typeof raw.name !== 'string' || raw.name.trim() === '') throw new OverlayError(`${where}: a prefix and a name are required`);
  const digits = raw.prefix.replace(/[:.\-]/g, '');
  if (!/^[0-9A-Fa-f]{1,12}$/.test(digits)) throw new OverlayError(`${where}: bad prefix ${JSON.stringify(raw.prefix)}`);
  const length = raw.length === undefined || raw.length === '' ? digits.length * 4 : Number(raw.length);
  if (!Number.isInteger(length) || length < 1 || length > 48 || length > digits.length * 4) throw new OverlayError(`${where}: bad length ${JSON.stringify(raw.length)} for prefix ${raw.prefix}`);
  const size = 2 ** (48 - length);
  const first = Math.floor((parseInt(digits, 16) * 2 ** (48 - digits.length * 4)) / size) * size;
  const note = typeof raw.note === 'string' && raw.note.trim() !== '' ? raw.note.trim() : null;
  const prefix = colonHex(parseInt(digits, 16), digits.length);
  return { first, last: first + size - 1, name: raw.name.trim(), note, prefix, length };
}

/** Reads and checks an overlay file (CSV or JSON, by its first character). */
export function readOverlay(file: string): Overlay {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new OverlayError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  let entries: Array<OverlayEntry & { prefix: string; length: number }>;
  if (/^\s*\[/.test(text)) {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      throw new OverlayError(`${file}: not valid JSON (${(e as Error).message})`);
    }
    if (!Array.isArray(raw)) throw new OverlayError(`${file}: expected an array of ranges`);
    entries = raw.map((r, i) => entryOf((r ?? {}) as RawEntry, `${file}: entry ${i + 1}`));
  } else {
    const rows = parseCsv(text).filter((r) => r.some((f) => f.trim() !== ''));
    const header = rows.shift()?.map((h) => h.trim().toLowerCase());
    if (!header || header.join(',') !== 'prefix,length,name,note') throw new OverlayError(`${file}: expected the header "prefix,length,name,note"`);
    entries = rows.map((r, i) => entryOf({ prefix: r[0]?.trim(), length: r[1]?.trim(), name: r[2], note: r[3] }, `${file}:${i + 2}`));
  }
  return { intervals: buildIntervals(entries), entries: entries.map(({ name, note, prefix, length }) => ({ name, note, prefix, length })) };
}
