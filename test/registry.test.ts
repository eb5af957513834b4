import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Analyzer } from '../src/analysis/analyzer.js';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { loadRegistry } from '../src/analysis/load-registry.js';
import type { Analysis } from '../src/analysis/types.js';
import { readArtifact } from '../src/registry/artifact.js';
import { RegistryFileError } from '../src/registry/entry.js';
import { defaultRegistryFile } from '../src/registry/paths.js';
import { withBundledIeee } from '../src/registry/bundled-ieee.js';
import { readOuiData } from '../src/registry/source-oui-data.js';

let analyzer: Analyzer;
const vendorOf = (mac: string) => {
  const r = analyzer.analyze(mac, 'en');
  if (!r.ok) throw new Error(r.detail);
  return r.analysis.vendor;
};

beforeAll(() => {
  analyzer = loadAnalyzer();
});

describe('vendor lookup on the real compiled registry (oui-data)', () => {
  it('MA-L', () => {
    expect(vendorOf('00:03:93:ab:12:34')).toEqual({
      name: 'Apple, Inc.',
      shortName: 'Apple',
      prefix: '00:03:93',
      prefixLength: 24,
      registry: 'MA-L',
      block: { first: '00:03:93:00:00:00', last: '00:03:93:FF:FF:FF', mask: 'FF:FF:FF:00:00:00', size: 16777216, firstSeen: { date: '2000-11-09', source: 'archive' } },
      address: '1 Infinite Loop, Cupertino CA 95014',
      country: { code: 'US', name: 'United States' },
      flag: '🇺🇸',
      private: false,
    });
  });

  it('MA-M, at its true 28-bit width, under an IEEE RA MA-L', () => {
    const v = vendorOf('10:06:48:0a:bc:de');
    expect(v).toMatchObject({
      name: 'FLEXTRONICS TECHNOLOGIES (INDIA) PVT LTD',
      prefix: '10:06:48:0',
      prefixLength: 28,
      registry: 'MA-M',
      block: { first: '10:06:48:00:00:00', last: '10:06:48:0F:FF:FF', mask: 'FF:FF:FF:F0:00:00', size: 1048576 },
      country: { code: 'IN', name: 'India' },
      flag: '🇮🇳',
    });
    // The neighbouring 28-bit block is another assignment (or the RA itself), never this one.
    expect(vendorOf('10:06:48:1a:bc:de')?.prefix).not.toBe('10:06:48:0');
  });

  it('MA-S, at its true 36-bit width', () => {
    expect(vendorOf('70:B3:D5:6C:0F:FF')).toMatchObject({
      name: 'LLC NTZ Mekhanotronika',
      prefix: '70:B3:D5:6C:0',
      prefixLength: 36,
      registry: 'MA-S',
      block: { first: '70:B3:D5:6C:00:00', last: '70:B3:D5:6C:0F:FF', mask: 'FF:FF:FF:FF:F0:00', size: 4096 },
      country: { code: 'RU', name: 'Russia' },
    });
    expect(vendorOf('70:B3:D5:6C:10:00')?.prefix).not.toBe('70:B3:D5:6C:0');
  });

  it('a private block has no name, address, country or flag', () => {
    expect(vendorOf('10:00:00:12:34:56')).toEqual({
      name: null,
      shortName: null,
      prefix: '10:00:00',
      prefixLength: 24,
      registry: 'MA-L',
      block: { first: '10:00:00:00:00:00', last: '10:00:00:FF:FF:FF', mask: 'FF:FF:FF:00:00:00', size: 16777216, firstSeen: { date: '2001-12-14', source: 'archive' } },
      address: null,
      country: null,
      flag: null,
      private: true,
    });
  });

  it('a group address is looked up with its I/G bit cleared', () => {
    expect(vendorOf('01:00:0c:cc:cc:cc')).toMatchObject({ name: 'Cisco Systems, Inc', prefix: '00:00:0C' });
    expect(vendorOf('01:03:93:ab:12:34')?.name).toBe('Apple, Inc.');
  });

  it('a locally administered address has no vendor', () => {
    expect(vendorOf('02:03:93:ab:12:34')).toBeNull();
    expect(vendorOf('da:a1:19:00:00:01')).toBeNull();
    expect(vendorOf('03:00:00:00:00:01')).toBeNull();
  });

  it('historical assignments with the U/L or I/G bit set are reported as listed', () => {
    expect(vendorOf('02:60:8c:12:34:56')).toMatchObject({ name: '3COM', prefix: '02:60:8C' });
    expect(vendorOf('aa:00:04:00:12:34')).toMatchObject({ name: 'DIGITAL EQUIPMENT CORPORATION' });
    expect(vendorOf('11:11:11:00:00:01')).toMatchObject({ prefix: '11:11:11', private: true });
  });

  it('an unassigned prefix has no vendor', () => {
    expect(vendorOf('C0:FF:EE:00:00:01')).toBeNull();
    expect(vendorOf('FC:FF:FF:00:00:01')).toBeNull();
  });

  it('every block of the default sources (oui-data and the bundled IAB list) resolves to its longest covering prefix', () => {
    const entries = withBundledIeee(readOuiData()).entries.filter((e) => e.registry !== 'CID');
    const byPrefix = new Map(entries.map((e) => [e.prefix, e]));
    for (const e of entries) {
      for (const tail of ['0', 'F']) {
        const mac = e.prefix.padEnd(12, tail);
        const expected = [9, 7, 6].map((n) => byPrefix.get(mac.slice(0, n))).find((x) => x !== undefined)!;
        const v = vendorOf(mac);
        expect(v?.prefix.replace(/:/g, '')).toBe(expected.prefix);
        expect(v?.registry).toBe(expected.registry === 'IAB' ? 'MA-S' : expected.registry);
        expect(v?.name).toBe(expected.name);
      }
    }
  });

  it('reports metadata and maps (nearly) every country', () => {
    const m = analyzer.meta;
    expect(m.source).toBe('oui-data');
    expect(m.counts['MA-L']).toBeGreaterThan(30000);
    expect(m.counts['MA-M']).toBeGreaterThan(4000);
    expect(m.counts['MA-S']).toBeGreaterThan(4000);
    expect(m.countries.share).toBeGreaterThan(0.999);
    expect(m.records).toBeLessThan(m.counts['MA-L'] + m.counts['MA-M'] + m.counts['MA-S']);
  });

  it('threads attach to the same shared memory instead of copying it', () => {
    const handle = loadRegistry();
    expect(handle.index.buffer).toBeInstanceOf(SharedArrayBuffer);
    const a = new Analyzer(handle);
    const b = new Analyzer(structuredClone(handle));
    const text = (x: Analyzer) => new TextDecoder().decode(x.jsonBytes(x.lookUp(0x000393ab1234), 'fr'));
    expect(text(b)).toBe(text(a));
  });
});

describe('registry file errors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mac-registry-'));

  it('a missing file is an error naming it', () => {
    const file = join(dir, 'absent.msgpack');
    expect(() => readArtifact(file)).toThrow(RegistryFileError);
    expect(() => readArtifact(file)).toThrow(`${file}: missing`);
  });

  it('a corrupt file is an error naming it', () => {
    const file = join(dir, 'corrupt.msgpack');
    writeFileSync(file, Buffer.from('this is not msgpack at all'));
    expect(() => readArtifact(file)).toThrow(file);
  });

  it('a truncated file is an error naming it', async () => {
    const { readFileSync } = await import('node:fs');
    const file = join(dir, 'truncated.msgpack');
    const bytes = readFileSync(defaultRegistryFile());
    writeFileSync(file, bytes.subarray(0, bytes.length >> 1));
    expect(() => readArtifact(file)).toThrow(file);
  });

  it('an analysis renders valid JSON for all of a sample of real addresses', () => {
    const samples = ['00:00:00:00:00:00', 'ff:ff:ff:ff:ff:ff', '01:80:c2:00:00:00', '70:b3:d5:00:00:00'];
    for (const s of samples) {
      const r = analyzer.analyze(s, 'fr');
      expect(r.ok).toBe(true);
      const a = (r as { analysis: Analysis }).analysis;
      expect(Object.keys(a)).toEqual(['address', 'bits', 'vendor', 'special', 'hints']);
    }
  });
});
