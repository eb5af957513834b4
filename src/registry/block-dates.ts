/**
 * First-seen dates for the registry's blocks: the MAC Address Age Tracking
 * dataset (data/mac-ages/, CC BY 4.0, up to 2025-06-20) joined to the blocks by width and
 * prefix, and for a block it lacks the date of the earliest snapshot of this service that
 * holds it. A block keeps the date the registry file being replaced gave it; a block that file
 * did not hold gets the dataset's date, else the date of the snapshot being built. So an update
 * or a rebuild never loses or moves a date.
 */
import type { RegistryMeta } from '../contract/openapi-types.js';
import { join } from 'node:path';
import { readSourceText, RegistryFileError } from './entry.js';
import { seenCode, seenDate, UNDATED, type SeenSource } from './first-seen.js';
import { projectRoot } from './paths.js';
import type { Width } from './widths.js';
import { REGISTRY_OF_WIDTH } from './kinds.js';

/** The dataset as shipped (data/mac-ages/mac-ages.csv). */
export const MAC_AGES_FILE = join(projectRoot(), 'data', 'mac-ages', 'mac-ages.csv');

/** The last day the shipped dataset covers. */
export const MAC_AGES_UNTIL = '2025-06-20';

/** The credit CC BY 4.0 asks for, as `/api/registry` `dates.sources` gives it. */
export const MAC_AGES_CREDIT = {
  name: 'MAC Address Age Tracking (hdm/mac-ages), bootstrapped from the DeepMAC and Wireshark archives',
  license: 'CC BY 4.0',
  url: 'https://creativecommons.org/licenses/by/4.0/',
} as const;

/** What the service adds to the dataset, as a source of `dates.sources`. */
export const SNAPSHOT_SOURCE_NAME = "This service's registry snapshots (dates it added for the blocks the dataset does not hold)";

/** A block's table: a vendor width, or the CID table (24 bits, apart from MA-L). */
export type DatedTable = Width | 'CID';

/** The dataset's dates by `${bits}:${prefix value}`. */
export type BlockDates = ReadonlyMap<string, number>;

/** The key of a block in BlockDates: its width and prefix value (its top `width` bits). */
export function blockKey(width: Width, prefix: number): string {
  return `${width}:${prefix}`;
}

// The dataset names its sources by file; the API by kind.
function sourceOf(name: string): SeenSource {
  return name === 'deepmac.org' || name === 'wireshark.org' ? 'archive' : 'ieee';
}

/** Reads the dataset: `PREFIX/BITS,YYYY-MM-DD,SOURCE` lines; widths other than 24, 28 and 36 are left out. */
export function readMacAges(file = MAC_AGES_FILE): BlockDates {
  const text = readSourceText(file, ' the first-seen dates');
  const dates = new Map<string, number>();
  let line = 0;
  for (const row of text.split('\n')) {
    line++;
    if (row.length === 0) continue;
    const m = /^([0-9a-f]{12})\/(\d+),(\d{4}-\d{2}-\d{2}),([^,\s]+)\r?$/.exec(row);
    if (m === null) throw new RegistryFileError(file, `line ${line}: not PREFIX/BITS,YYYY-MM-DD,SOURCE`);
    const bits = Number(m[2]);
    if (bits !== 24 && bits !== 28 && bits !== 36) continue;
    const code = seenCode(m[3], sourceOf(m[4]));
    if (code === UNDATED) throw new RegistryFileError(file, `line ${line}: ${m[3]} is not a date`);
    const key = blockKey(bits, parseInt(m[1].slice(0, bits / 4), 16));
    dates.set(key, Math.min(dates.get(key) ?? code, code));
  }
  return dates;
}

/** The dates a build gives its blocks from: the dataset, and the registry file it replaces. */
export interface Dating {
  readonly dataset: BlockDates;
  /** The previous file's dates by table and prefix (previousDates), or null. */
  readonly previous: ReadonlyMap<string, number> | null;
}

/** The key of a block of `table` in a previous file's dates. */
export function tableKey(table: DatedTable, prefix: number): string {
  return `${table}:${prefix}`;
}

/** The dates of a registry file's tables, by tableKey, to carry over into the next build. */
export function previousDates(tables: Readonly<Record<Width, { readonly prefixes: Float64Array; readonly dates: Uint32Array }>>, cids: { readonly prefixes: Float64Array; readonly dates: Uint32Array }): Map<string, number> {
  const out = new Map<string, number>();
  const add = (table: DatedTable, t: { readonly prefixes: Float64Array; readonly dates: Uint32Array }) => {
    for (let i = 0; i < t.prefixes.length; i++) if (t.dates[i] !== UNDATED) out.set(tableKey(table, t.prefixes[i]), t.dates[i]);
  };
  for (const w of [24, 28, 36] as const) add(w, tables[w]);
  add('CID', cids);
  return out;
}

/**
 * The date of a block of `table` with prefix `prefix`, seen in a snapshot of the day `snapshot`
 * (a seenCode with the source `snapshot`, or UNDATED): the date the previous file gave it, kept
 * as it was; else the dataset's; else the snapshot's.
 */
export function dateOf(dating: Dating, table: DatedTable, prefix: number, snapshot: number): number {
  const kept = dating.previous?.get(tableKey(table, prefix));
  if (kept !== undefined) return kept;
  return dating.dataset.get(blockKey(table === 'CID' ? 24 : table, prefix)) ?? snapshot;
}

/** The `dates` member of the registry's metadata, as the document describes it. */
export type DatesMeta = RegistryMeta['dates'];

/** A source of first-seen dates, as the metadata credits it. */
export type DateSource = DatesMeta['sources'][number];

/** Vendor blocks first seen in one year, by registry. */
type YearCount = DatesMeta['byYear'][number];

// Blocks first seen per year and registry, from the vendor tables' dates.
function countByYear(tables: Readonly<Record<Width, Uint32Array>>): YearCount[] {
  const years = new Map<number, { 'MA-L': number; 'MA-M': number; 'MA-S': number }>();
  for (const w of [24, 28, 36] as const) {
    for (const code of tables[w]) {
      const date = seenDate(code);
      if (date === null) continue;
      const year = Number(date.slice(0, 4));
      let row = years.get(year);
      if (row === undefined) years.set(year, (row = { 'MA-L': 0, 'MA-M': 0, 'MA-S': 0 }));
      row[REGISTRY_OF_WIDTH[w]]++;
    }
  }
  return [...years.entries()].sort((a, b) => a[0] - b[0]).map(([year, row]) => ({ year, ...row }));
}

/** Counts the dates of the vendor tables and the CIDs into the metadata `/api/registry` serves. */
export function datesMeta(tables: Readonly<Record<Width, Uint32Array>>, cids: Uint32Array): DatesMeta {
  const all = [tables[24], tables[28], tables[36], cids];
  let dated = 0;
  let undated = 0;
  let fromDataset = 0;
  let fromSnapshots = 0;
  let newest = UNDATED;
  let newestSnapshot = UNDATED;
  for (const dates of all) {
    for (const code of dates) {
      if (code === UNDATED) {
        undated++;
        continue;
      }
      dated++;
      if (code >>> 2 > newest >>> 2) newest = code;
      if ((code & 3) === 3) {
        fromSnapshots++;
        if (code > newestSnapshot) newestSnapshot = code;
      } else fromDataset++;
    }
  }
  return {
    dated,
    undated,
    newest: seenDate(newest),
    sources: [
      { ...MAC_AGES_CREDIT, until: MAC_AGES_UNTIL, blocks: fromDataset },
      { name: SNAPSHOT_SOURCE_NAME, license: null, url: null, until: seenDate(newestSnapshot), blocks: fromSnapshots },
    ],
    byYear: countByYear(tables),
  };
}
