/**
 * When a block was first seen, as one number per block: the day (days since
 * 1970-01-01) times four plus its source, 0 for a block no source dates. Sorting the numbers
 * sorts by day, and for one day puts the archive first, then the IEEE pulls, then a snapshot
 * of this service. Pure: the page and the renderers read it.
 */
import type { FirstSeen as ContractFirstSeen } from '../contract/openapi-types.js';

/** A first sighting as the API writes it (the document's FirstSeen, null aside). */
export type FirstSeen = Readonly<NonNullable<ContractFirstSeen>>;

/** Where a first sighting comes from: the dataset's archives, its daily IEEE pulls, or a snapshot of this service. */
export type SeenSource = FirstSeen['source'];

/** No date. */
export const UNDATED = 0;

const SOURCES: readonly SeenSource[] = ['archive', 'archive', 'ieee', 'snapshot'];
const CODES: Readonly<Record<SeenSource, number>> = { archive: 1, ieee: 2, snapshot: 3 };
const DAY_MS = 86_400_000;

/** The number of `date` (YYYY-MM-DD) seen in `source`; UNDATED for a date that does not parse. */
export function seenCode(date: string, source: SeenSource): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : NaN;
  return Number.isFinite(ms) && ms >= 0 ? (ms / DAY_MS) * 4 + CODES[source] : UNDATED;
}

/** The day of a number (days since 1970-01-01). */
export function seenDay(code: number): number {
  return code >>> 2;
}

/** The first sighting a number stands for, or null. */
export function firstSeenOf(code: number): FirstSeen | null {
  const date = seenDate(code);
  return date === null ? null : { date, source: SOURCES[code & 3] };
}

/** The date alone (YYYY-MM-DD), or null. */
export function seenDate(code: number): string | null {
  return code === UNDATED ? null : new Date(seenDay(code) * DAY_MS).toISOString().slice(0, 10);
}

const NULL = [110, 117, 108, 108];
const HEAD = Array.from('{"date":"', (c) => c.charCodeAt(0));
const TAILS = SOURCES.map((s) => Array.from(`","source":"${s}"}`, (c) => c.charCodeAt(0)));

function put(out: Uint8Array, pos: number, bytes: readonly number[]): number {
  for (let i = 0; i < bytes.length; i++) out[pos + i] = bytes[i];
  return pos + bytes.length;
}

// Two decimal digits of `value` (0-99) at `pos`.
function twoDigits(out: Uint8Array, pos: number, value: number): void {
  const tens = (value / 10) | 0;
  out[pos] = 48 + tens;
  out[pos + 1] = 48 + value - 10 * tens;
}

/**
 * Writes the JSON of a number (`{"date":"2000-11-09","source":"archive"}` or `null`) into `out`
 * at `pos` (at most 44 bytes); returns the end. The civil date is computed from the day
 * (H. Hinnant's days-to-civil), with no allocation: this runs per rendered vendor, and a Date
 * with its ISO text there, even memoised by day, slowed the bulk render far past what a
 * simplification may cost.
 * Every value is a non-negative int32, so `(a / b) | 0` is an integer division.
 */
export function writeFirstSeen(out: Uint8Array, pos: number, code: number): number {
  if (code === UNDATED) return put(out, pos, NULL);
  const z = seenDay(code) + 719_468;
  const era = (z / 146_097) | 0;
  const doe = z - era * 146_097;
  const yoe = ((doe - ((doe / 1460) | 0) + ((doe / 36_524) | 0) - ((doe / 146_096) | 0)) / 365) | 0;
  const doy = doe - (365 * yoe + ((yoe / 4) | 0) - ((yoe / 100) | 0));
  const mp = ((5 * doy + 2) / 153) | 0;
  const day = doy - (((153 * mp + 2) / 5) | 0) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = (yoe + era * 400 + (month <= 2 ? 1 : 0)) % 10_000; // four digits, as the reader's date has
  pos = put(out, pos, HEAD);
  const century = (year / 100) | 0;
  twoDigits(out, pos, century);
  twoDigits(out, pos + 2, year - 100 * century);
  out[pos + 4] = 45; // -
  twoDigits(out, pos + 5, month);
  out[pos + 7] = 45;
  twoDigits(out, pos + 8, day);
  return put(out, pos + 10, TAILS[code & 3]);
}
