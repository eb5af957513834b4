/**
 * Reads the official IEEE CSV files (oui.csv, mam.csv, oui36.csv, iab.csv, cid.csv) from one
 * directory, as downloaded from the IEEE or shipped by Debian's ieee-data package.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { resolveCountryFromCsvAddress } from './country-resolver.js';
import { parseCsv } from '../csv/csv.js';
import { isPrivateName, readSourceText, RegistryFileError, type RegistryEntry, type SourceData, type SourceRegistry } from './entry.js';

/** The files read, with the registry each holds and the hex digits of its prefixes. */
export const IEEE_CSV_FILES: ReadonlyArray<{ file: string; registry: SourceRegistry; digits: number; required: boolean }> = [
  { file: 'oui.csv', registry: 'MA-L', digits: 6, required: true },
  { file: 'mam.csv', registry: 'MA-M', digits: 7, required: true },
  { file: 'oui36.csv', registry: 'MA-S', digits: 9, required: true },
  { file: 'iab.csv', registry: 'IAB', digits: 9, required: true },
  { file: 'cid.csv', registry: 'CID', digits: 6, required: false },
];

const HEADER = ['Registry', 'Assignment', 'Organization Name', 'Organization Address'];

/** The data rows of an IEEE registry CSV text (`where` names it in errors); checks the header. */
export function ieeeCsvRows(text: string, where: string): string[][] {
  const rows = parseCsv(text.replace(/^\uFEFF/, '')).filter((r) => r.length > 1 || (r[0] ?? '').trim() !== '');
  const header = rows.shift();
  if (!header || HEADER.some((h, i) => (header[i] ?? '').trim() !== h)) {
    throw new RegistryFileError(where, `not an IEEE registry CSV (expected header "${HEADER.join(',')}")`);
  }
  return rows;
}


/** Parses one CSV row of `registry` into an entry; throws naming the file and line. */
export function csvEntry(row: readonly string[], registry: SourceRegistry, digits: number, where: string): RegistryEntry {
  const prefix = (row[1] ?? '').trim().toUpperCase();
  if (prefix.length !== digits || !/^[0-9A-F]+$/.test(prefix)) {
    throw new RegistryFileError(where, `bad assignment ${JSON.stringify(row[1] ?? '')} (expected ${digits} hex digits)`);
  }
  const name = (row[2] ?? '').trim();
  if (isPrivateName(name)) {
    return { registry, prefix, name: null, address: null, country: null, countryVia: 'none', private: true };
  }
  const rawAddress = (row[3] ?? '').trim();
  const resolved = resolveCountryFromCsvAddress(rawAddress);
  return {
    registry,
    prefix,
    name: name.length > 0 ? name : null,
    address: resolved.address.length > 0 ? resolved.address : null,
    country: resolved.code,
    countryVia: rawAddress.length === 0 ? 'none' : resolved.via,
    private: false,
  };
}

// The entries of one file of IEEE_CSV_FILES in `dir`.
function readSpec(dir: string, spec: (typeof IEEE_CSV_FILES)[number], entries: RegistryEntry[]): void {
  const path = join(dir, spec.file);
  ieeeCsvRows(readSourceText(path), path).forEach((row, i) => entries.push(csvEntry(row, spec.registry, spec.digits, `${path}:${i + 2}`)));
}

/** The entries of some of the IEEE files (by name) in `dir`; each must exist. */
export function readIeeeCsvFiles(dir: string, files: readonly string[]): RegistryEntry[] {
  const entries: RegistryEntry[] = [];
  for (const spec of IEEE_CSV_FILES.filter((s) => files.includes(s.file))) readSpec(dir, spec, entries);
  return entries;
}

/** Reads the registries in `dir`; names the file when one is missing or malformed. */
export function readIeeeCsvDir(dir: string): SourceData {
  const entries: RegistryEntry[] = [];
  let newest = 0;
  for (const spec of IEEE_CSV_FILES) {
    const path = join(dir, spec.file);
    if (!existsSync(path)) {
      if (spec.required) throw new RegistryFileError(path, 'missing (download it from the IEEE registration authority)');
      continue;
    }
    newest = Math.max(newest, statSync(path).mtimeMs);
    readSpec(dir, spec, entries);
  }
  const date = new Date(newest).toISOString().slice(0, 10);
  return { source: 'ieee-csv', version: date, date, entries };
}
