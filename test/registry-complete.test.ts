/**
 * The default build (oui-data plus the bundled IEEE IAB and CID files) checked against the
 * IEEE's own files: Debian's ieee-data for MA-L, MA-M and MA-S (installed by .ci/run; a 2022
 * copy, so blocks reassigned since count as disagreements), and data/ieee/iab.csv.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analyzer } from '../src/analysis/analyzer.js';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { loadRegistry } from '../src/analysis/load-registry.js';
import { readArtifact } from '../src/registry/artifact.js';
import { defaultRegistryFile } from '../src/registry/paths.js';
import { SharedIndex } from '../src/registry/shared-index.js';
import { BUNDLED_IEEE_DIR } from '../src/registry/bundled-ieee.js';
import { REGISTRY_WIDTH, type RegistryEntry } from '../src/registry/entry.js';
import { readIeeeCsvFiles } from '../src/registry/source-ieee-csv.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('registry-complete');

const IEEE_DIR = process.env.IEEE_DATA_DIR ?? '/usr/share/ieee-data';
let analyzer: Analyzer;

beforeAll(() => {
  analyzer = loadAnalyzer();
});

// A deterministic address inside each block: its prefix, then pseudo-random low bits.
function addressIn(e: RegistryEntry, i: number): number {
  const width = REGISTRY_WIDTH[e.registry];
  const low = 48 - width;
  const offset = Math.floor(((Math.imul(i + 1, 2654435761) >>> 0) / 2 ** 32) * 2 ** low);
  return parseInt(e.prefix, 16) * 2 ** low + offset;
}

// The share of reference blocks whose address the default build answers with the same block.
function agreement(entries: readonly RegistryEntry[]): { share: number; misses: string[] } {
  let agree = 0;
  const misses: string[] = [];
  entries.forEach((e, i) => {
    const mac = addressIn(e, i).toString(16).padStart(12, '0');
    const r = analyzer.analyze(mac, 'en');
    const v = r.ok ? r.analysis.vendor : null;
    const width = REGISTRY_WIDTH[e.registry];
    const expected = e.registry === 'IAB' ? 'MA-S' : e.registry;
    if (v && v.prefixLength === width && v.prefix.replace(/:/g, '') === e.prefix && v.registry === expected && (e.registry !== 'IAB' || v.iab === true)) agree++;
    else misses.push(`${e.registry} ${e.prefix} → ${v ? `${v.registry} ${v.prefix}` : 'null'}`);
  });
  return { share: agree / entries.length, misses };
}

describe.runIf(READY)('the default build is complete', () => {
  it('counts IAB and CID in its metadata', () => {
    expect(analyzer.meta.counts).toMatchObject({ IAB: 4575, CID: 208 });
    expect(analyzer.meta.sourceVersion).toMatch(/\+ieee-2025-11-13$/);
  });

  it('indexes every IEEE Company ID, apart from the vendor blocks', () => {
    const file = defaultRegistryFile();
    const handle = loadRegistry(file);
    const index = SharedIndex.attach(handle.index);
    const cids = readIeeeCsvFiles(BUNDLED_IEEE_DIR, ['cid.csv']);
    expect(cids).toHaveLength(208);
    expect(readArtifact(file).cidNames).toHaveLength(208);
    for (const c of cids) {
      const at = index.lookupCid(parseInt(c.prefix, 16));
      expect(at, c.prefix).toBeGreaterThanOrEqual(0);
      expect(handle.cids.names[at]).toBe(c.name);
      expect(handle.cids.prefixes[at]).toBe(parseInt(c.prefix, 16));
    }
    // Google's CID DA-A119 (its phones' locally administered addresses); an MA-L is not a CID.
    expect(handle.cids.names[index.lookupCid(0xdaa119)]).toBe('Google, Inc.');
    expect(index.lookupCid(0x000393)).toBe(-1);
    // A CID names no vendor: a local address under it has none, and no block answers a CID as vendor.
    const r = analyzer.analyze('da:a1:19:12:34:56', 'en');
    expect(r.ok && r.analysis.vendor).toBeNull();
  });

  it('answers every IAB address at its 36-bit block, as MA-S with iab: true', () => {
    const iab = readIeeeCsvFiles(BUNDLED_IEEE_DIR, ['iab.csv']);
    const { share, misses } = agreement(iab);
    expect(misses).toEqual([]);
    expect(share).toBe(1);
    const r = analyzer.analyze('40:D8:55:0D:71:23', 'en');
    expect(r.ok && r.analysis.vendor).toMatchObject({ name: 'Avant Technologies', prefix: '40:D8:55:0D:7', prefixLength: 36, registry: 'MA-S', iab: true, country: { code: 'PR' } });
  });

  it.each([
    ['MA-L', 'oui.csv', 0.99],
    ['MA-M', 'mam.csv', 0.99],
    ['MA-S', 'oui36.csv', 0.99],
  ] as const)('agrees with the IEEE %s file (%s) on the vendor block for at least 99%% of its blocks', (registry, file, floor) => {
    const entries = readIeeeCsvFiles(IEEE_DIR, [file]);
    const { share, misses } = agreement(entries);
    process.stdout.write(`${registry}: ${(share * 100).toFixed(2)}% of ${entries.length} blocks agree (${misses.length} differ, e.g. ${misses.slice(0, 3).join('; ')})\n`);
    expect(share).toBeGreaterThanOrEqual(floor);
  });

  it('agrees on at least 99% of addresses drawn from all four registries together', () => {
    const all = [...readIeeeCsvFiles(IEEE_DIR, ['oui.csv', 'mam.csv', 'oui36.csv']), ...readIeeeCsvFiles(BUNDLED_IEEE_DIR, ['iab.csv'])];
    const { share } = agreement(all);
    process.stdout.write(`all registries: ${(share * 100).toFixed(2)}% of ${all.length} blocks agree\n`);
    expect(share).toBeGreaterThanOrEqual(0.99);
  });
});
