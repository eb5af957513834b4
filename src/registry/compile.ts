/** Compiles source entries into the registry artifact: deduplicated records and sorted prefix tables. */
import { contentHash, encodeParts, type PrefixTable, type RegistryArtifact, type RegistryMeta, type VendorRecord } from './artifact.js';
import { WIDTHS, type Width } from './widths.js';
import { REGISTRY_WIDTH, type RegistryEntry, type SourceData } from './entry.js';
import { dateOf, datesMeta, previousDates, readMacAges, tableKey, type BlockDates, type DatedTable, type Dating } from './block-dates.js';
import { seenCode, UNDATED } from './first-seen.js';

let shippedDataset: BlockDates | null = null;

/** The dating of a build from the shipped dataset, keeping the dates of `previous` (the file it replaces). */
export function datasetDating(previous: RegistryArtifact | null = null): Dating {
  shippedDataset ??= readMacAges();
  return { dataset: shippedDataset, previous: previous === null ? null : previousDates(previous.tables, previous.cids) };
}

/**
 * Builds the artifact from one source's entries; CIDs go to their own table (no vendor block).
 * Each block is dated by `dating` (block-dates.ts), an entry's own snapshot being its `seen`
 * day, else the source's date, else the build's.
 */
export function compileRegistry(data: SourceData, builtAt = new Date(), dating: Dating = datasetDating()): RegistryArtifact {
  const placed = placeEntries(data, builtAt.toISOString().slice(0, 10));
  const { records, byWidth, byCid, seenIn } = placed;
  const tables = {} as Record<Width, PrefixTable>;
  const dated = (table: DatedTable, prefix: number) => dateOf(dating, table, prefix, seenIn.get(tableKey(table, prefix)) ?? UNDATED);
  for (const w of WIDTHS) tables[w] = sortedTable(byWidth[w], (p) => dated(w, p));
  const cids = sortedTable(byCid, (p) => dated('CID', p));
  const cidNames = Array.from(cids.records, (r) => records[r].name);
  const hash = contentHash(encodeParts({ records, tables, cids, cidNames }));
  return {
    meta: {
      version: `${data.source}-${data.version}-${hash}`,
      source: data.source,
      sourceVersion: data.version,
      sourceDate: data.date,
      builtAt: builtAt.toISOString(),
      counts: countsOf(data.entries),
      records: records.length,
      duplicatesIgnored: placed.duplicatesIgnored,
      countries: countriesOf(data.entries),
      dates: datesMeta({ 24: tables[24].dates, 28: tables[28].dates, 36: tables[36].dates }, cids.dates),
    },
    records,
    tables,
    cids,
    cidNames,
  };
}

// The entries placed: their distinct records, each table's prefix → record (the first entry of a
// prefix wins), and the day each placed block was seen (`builtDay` when the source says none).
function placeEntries(data: SourceData, builtDay: string) {
  const records: VendorRecord[] = [];
  const recordIds = new Map<string, number>();
  const byWidth: Record<Width, Map<number, number>> = { 24: new Map(), 28: new Map(), 36: new Map() };
  const byCid = new Map<number, number>();
  const seenIn = new Map<string, number>();
  let duplicatesIgnored = 0;
  for (const e of data.entries) {
    const record: VendorRecord = { name: e.name, address: e.address, country: e.country, private: e.private, iab: e.registry === 'IAB' };
    const key = JSON.stringify(record);
    let id = recordIds.get(key);
    if (id === undefined) {
      id = records.push(record) - 1;
      recordIds.set(key, id);
    }
    const prefix = parseInt(e.prefix, 16);
    const table = e.registry === 'CID' ? byCid : byWidth[REGISTRY_WIDTH[e.registry]];
    if (table.has(prefix)) duplicatesIgnored++;
    else {
      table.set(prefix, id);
      seenIn.set(tableKey(e.registry === 'CID' ? 'CID' : REGISTRY_WIDTH[e.registry], prefix), seenCode(e.seen ?? data.date ?? builtDay, 'snapshot'));
    }
  }
  return { records, byWidth, byCid, seenIn, duplicatesIgnored };
}

// How many entries each registry gave.
function countsOf(entries: readonly RegistryEntry[]): Record<RegistryEntry['registry'], number> {
  const counts = { 'MA-L': 0, 'MA-M': 0, 'MA-S': 0, IAB: 0, CID: 0 };
  for (const e of entries) counts[e.registry]++;
  return counts;
}

// How many public vendor blocks have a country, and how it was found.
function countriesOf(entries: readonly RegistryEntry[]): RegistryMeta['countries'] {
  const countries = { total: 0, mapped: 0, byName: 0, byCode: 0, byHint: 0 };
  for (const e of entries) {
    if (e.private || e.registry === 'CID') continue;
    countries.total++;
    if (e.country) countries.mapped++;
    if (e.countryVia === 'name') countries.byName++;
    else if (e.countryVia === 'code') countries.byCode++;
    else if (e.countryVia === 'hint') countries.byHint++;
  }
  return { ...countries, share: countries.total === 0 ? 1 : countries.mapped / countries.total };
}

// A prefix → record map as a table sorted by prefix, each prefix dated by `dateOf`.
function sortedTable(map: ReadonlyMap<number, number>, dateOf: (prefix: number) => number): PrefixTable {
  const sorted = [...map.entries()].sort((a, b) => a[0] - b[0]);
  return { prefixes: Float64Array.from(sorted, ([p]) => p), records: Uint32Array.from(sorted, ([, r]) => r), dates: Uint32Array.from(sorted, ([p]) => dateOf(p)) };
}
