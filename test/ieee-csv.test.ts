import { mkdtempSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analyzer } from '../src/analysis/analyzer.js';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { installArtifact } from '../src/registry/artifact.js';
import { compileRegistry } from '../src/registry/compile.js';
import { RegistryFileError } from '../src/registry/entry.js';
import { readIeeeCsvDir } from '../src/registry/source-ieee-csv.js';
import { readOuiData } from '../src/registry/source-oui-data.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('ieee-csv');

// Debian's ieee-data package: the real IEEE CSV files (installed by .ci/run).
const IEEE_DIR = process.env.IEEE_DATA_DIR ?? '/usr/share/ieee-data';
const tmp = mkdtempSync(join(tmpdir(), 'mac-ieee-'));
let csv: Analyzer;
let oui: Analyzer;

beforeAll(() => {
  const file = join(tmp, 'ieee.msgpack');
  installArtifact(file, compileRegistry(readIeeeCsvDir(IEEE_DIR)));
  csv = loadAnalyzer(file);
  oui = loadAnalyzer();
});

const vendor = (a: Analyzer, mac: string) => {
  const r = a.analyze(mac, 'en');
  return r.ok ? r.analysis.vendor : null;
};

describe.runIf(READY)('IEEE CSV import (Debian ieee-data)', () => {
  it('reads all four registries with their metadata', () => {
    const m = csv.meta;
    expect(m.source).toBe('ieee-csv');
    expect(m.counts['MA-L']).toBeGreaterThan(30000);
    expect(m.counts['MA-M']).toBeGreaterThan(4000);
    expect(m.counts['MA-S']).toBeGreaterThan(4000);
    expect(m.counts.IAB).toBeGreaterThan(4000);
    expect(m.countries.share).toBeGreaterThan(0.999);
    expect(m.sourceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('an IAB block is reported as MA-S with iab: true', () => {
    expect(vendor(csv, '00:50:C2:7D:50:01')).toEqual({
      name: 'DEUTA-WERKE GmbH',
      shortName: 'DeutaWerke',
      prefix: '00:50:C2:7D:5',
      prefixLength: 36,
      registry: 'MA-S',
      // --ieee-dir builds date blocks from the same dataset (2008-07-30: the IABs' first archive).
      block: { first: '00:50:C2:7D:50:00', last: '00:50:C2:7D:5F:FF', mask: 'FF:FF:FF:FF:F0:00', size: 4096, firstSeen: { date: '2008-07-30', source: 'archive' } },
      address: 'Paffrather Strasse 140 Bergisch-Gladbach NRW 51465',
      country: { code: 'DE', name: 'Germany' },
      flag: '🇩🇪',
      private: false,
      iab: true,
    });
  });

  it('takes the country code out of the postal address', () => {
    expect(vendor(csv, '00:22:72:00:00:01')).toMatchObject({
      address: '2181 Buchanan Loop Ferndale WA 98248',
      country: { code: 'US' },
    });
  });

  it('agrees with the oui-data build on registry kind and country for blocks in both', () => {
    const entries = readOuiData().entries.filter((e) => !e.private);
    let both = 0;
    let sameCountry = 0;
    for (const e of entries) {
      const mac = e.prefix.padEnd(12, '0');
      const a = vendor(oui, mac);
      const b = vendor(csv, mac);
      if (!a || !b || a.prefix !== b.prefix || a.name !== b.name) continue;
      both++;
      expect(b.registry).toBe(a.registry);
      expect(b.prefixLength).toBe(a.prefixLength);
      if (a.country?.code === b.country?.code) sameCountry++;
    }
    expect(both).toBeGreaterThan(35000);
    // The 2022 CSV and today's oui-data differ where companies moved; the rest must agree.
    expect(sameCountry / both).toBeGreaterThan(0.995);
  });

  it('a missing registry file is named in the error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mac-ieee-partial-'));
    copyFileSync(join(IEEE_DIR, 'oui.csv'), join(dir, 'oui.csv'));
    expect(() => readIeeeCsvDir(dir)).toThrow(RegistryFileError);
    expect(() => readIeeeCsvDir(dir)).toThrow(join(dir, 'mam.csv'));
  });

  it('a malformed CSV is named in the error, with its line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mac-ieee-bad-'));
    for (const f of ['mam.csv', 'oui36.csv', 'iab.csv']) copyFileSync(join(IEEE_DIR, f), join(dir, f));
    writeFileSync(join(dir, 'oui.csv'), 'Registry,Assignment,Organization Name,Organization Address\nMA-L,XYZ,Bad,\n');
    expect(() => readIeeeCsvDir(dir)).toThrow(`${join(dir, 'oui.csv')}:2`);
    writeFileSync(join(dir, 'oui.csv'), 'not,a,registry\n');
    expect(() => readIeeeCsvDir(dir)).toThrow('not an IEEE registry CSV');
  });
});
