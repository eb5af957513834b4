/** Reads the `oui-data` npm package: keys of 6, 7 or 9 hex digits → "name\naddress…\ncountry". */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { resolveCountryFromLines } from './country-resolver.js';
import { isPrivateName, readSourceText, RegistryFileError, type RegistryEntry, type SourceData, type SourceRegistry } from './entry.js';

const BY_KEY_LENGTH: Readonly<Record<number, SourceRegistry>> = { 6: 'MA-L', 7: 'MA-M', 9: 'MA-S' };

// oui-data carries no IAB registry; its 36-bit blocks under these IAB prefixes would be IABs.
const IAB_PARENTS = new Set(['0050C2', '40D855']);

/** Location of the installed oui-data package's JSON file. */
export function ouiDataPath(): string {
  // The package exports only its JSON file ("."), which is the file we want.
  return createRequire(import.meta.url).resolve('oui-data');
}

function readJson(file: string): unknown {
  const text = readSourceText(file);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new RegistryFileError(file, `not valid JSON (${(e as Error).message})`);
  }
}

/**
 * When each oui-data version was published on the npm registry (`npm view oui-data time`): the
 * day its snapshot of the IEEE files is known to exist, which dates the blocks the first-seen
 * dataset lacks. A version not listed dates them by the build's day (never earlier than true);
 * test/block-dates.test.ts fails when the installed version is not listed.
 */
export const OUI_DATA_PUBLISHED: Readonly<Record<string, string>> = {
  '2.1.9': '2026-08-26',
};

function packageVersion(dir: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Parses one oui-data value into an entry. */
export function ouiDataEntry(key: string, value: string): RegistryEntry {
  const kind = BY_KEY_LENGTH[key.length];
  const registry: SourceRegistry = kind === 'MA-S' && IAB_PARENTS.has(key.slice(0, 6)) ? 'IAB' : kind;
  const lines = value.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  const name = lines[0] ?? '';
  if (isPrivateName(name)) {
    return { registry, prefix: key, name: null, address: null, country: null, countryVia: 'none', private: true };
  }
  const rest = lines.slice(1);
  const country = resolveCountryFromLines(rest);
  const addressLines = country.via === 'name' ? rest.slice(0, -1) : rest;
  return {
    registry,
    prefix: key,
    name,
    address: addressLines.length > 0 ? addressLines.join(', ') : null,
    country: country.code,
    countryVia: rest.length === 0 ? 'none' : country.via,
    private: false,
  };
}

/** Reads every entry of the oui-data package (or of a file in its format). */
export function readOuiData(file = ouiDataPath()): SourceData {
  const data = readJson(file);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new RegistryFileError(file, 'expected an object of prefix → organisation');
  }
  const entries: RegistryEntry[] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (!BY_KEY_LENGTH[key.length] || !/^[0-9A-F]+$/.test(key) || typeof value !== 'string') {
      throw new RegistryFileError(file, `unexpected entry ${JSON.stringify(key)}`);
    }
    entries.push(ouiDataEntry(key, value));
  }
  const version = packageVersion(dirname(file));
  return { source: 'oui-data', version, date: OUI_DATA_PUBLISHED[version] ?? null, entries };
}
