/**
 * The IEEE files that ship with the project (data/ieee/: IAB and CID, published 2025-11-13)
 * and their merge into the default source, oui-data, which lists neither. IAB blocks answer
 * at their 36-bit width as MA-S with `iab: true`; CIDs are counted (local addresses have no
 * vendor). An entry of the bundled files replaces an oui-data entry of the same width and
 * prefix: they are the IEEE's own rows.
 */
import { join } from 'node:path';
import { REGISTRY_WIDTH, type RegistryEntry, type SourceData } from './entry.js';
import { projectRoot } from './paths.js';
import { readIeeeCsvFiles } from './source-ieee-csv.js';

/** Where the bundled files live (data/ieee/ in the project). */
export const BUNDLED_IEEE_DIR = join(projectRoot(), 'data', 'ieee');

/** The date the bundled IEEE files were published. */
export const BUNDLED_IEEE_DATE = '2025-11-13';

/** `base` with the bundled IAB and CID registries (from `dir`) merged in. */
export function withBundledIeee(base: SourceData, dir = BUNDLED_IEEE_DIR): SourceData {
  const extra = readIeeeCsvFiles(dir, ['iab.csv', 'cid.csv']).map((e) => ({ ...e, seen: BUNDLED_IEEE_DATE }));
  // CIDs share no table with vendor blocks: their key keeps them apart from a same-prefix MA-L.
  const key = (e: RegistryEntry) => `${e.registry === 'CID' ? 'CID' : REGISTRY_WIDTH[e.registry]}:${e.prefix}`;
  const replaced = new Set(extra.map(key));
  return {
    source: base.source,
    version: `${base.version}+ieee-${BUNDLED_IEEE_DATE}`,
    date: base.date,
    entries: [...base.entries.filter((e) => !replaced.has(key(e))), ...extra],
  };
}
