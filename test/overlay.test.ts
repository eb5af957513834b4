/** Site overlays (REGISTRY_OVERLAY): the file formats, the site hint, and the service with one. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { loadRegistry } from '../src/analysis/load-registry.js';
import { Analyzer } from '../src/analysis/analyzer.js';
import { OverlayError, readOverlay } from '../src/hints/overlay.js';
import { assertConforms } from './helpers/openapi.js';
import { startExpectingFailure, startServer, type RunningServer } from './helpers/server.js';

const dir = mkdtempSync(join(tmpdir(), 'mac-overlay-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const CSV = file(
  'site.csv',
  'prefix,length,name,note\n52:54:00,24,Lab hypervisors,"KVM guests of the lab, rack 3"\n52:54:00:12,32,Build farm,\n00:03:93,,Office Macs,\n',
);

describe('readOverlay', () => {
  it('reads CSV and JSON, with lengths given or taken from the digits', () => {
    const csv = readOverlay(CSV);
    expect(csv.entries).toEqual([
      { name: 'Lab hypervisors', note: 'KVM guests of the lab, rack 3', prefix: '52:54:00', length: 24 },
      { name: 'Build farm', note: null, prefix: '52:54:00:12', length: 32 },
      { name: 'Office Macs', note: null, prefix: '00:03:93', length: 24 },
    ]);
    const json = readOverlay(file('site.json', JSON.stringify([{ prefix: '0A-00-00', length: 20, name: 'Printers' }])));
    expect(json.entries).toEqual([{ name: 'Printers', note: null, prefix: '0A:00:00', length: 20 }]);
  });

  it.each([
    ['bad.csv', 'prefix,name\n00:03:93,x\n', 'expected the header "prefix,length,name,note"'],
    ['bad2.csv', 'prefix,length,name,note\nzz,24,x,\n', 'bad prefix "zz"'],
    ['bad3.csv', 'prefix,length,name,note\n00:03:93,28,x,\n', 'bad length "28" for prefix 00:03:93'],
    ['bad4.json', '[{"prefix":"00:03:93"}]', 'a prefix and a name are required'],
    ['bad5.json', '[oops', 'not valid JSON'],
  ])('%s is refused, saying where', (name, text, message) => {
    expect(() => readOverlay(file(name, text))).toThrow(OverlayError);
    expect(() => readOverlay(file(name, text))).toThrow(message);
  });

  it('gives a site hint first (the most specific range), and never changes the vendor', () => {
    const plain = loadAnalyzer();
    const analyzer = new Analyzer(loadRegistry(undefined, readOverlay(CSV)));
    const at = (mac: string) => {
      const r = analyzer.analyze(mac, 'en');
      if (!r.ok) throw new Error(r.detail);
      return r.analysis;
    };
    expect(at('52:54:00:12:34:56').hints.map((h) => [h.id, h.name ?? h.platform])).toEqual([['site', 'Build farm'], ['virtual-machine', 'kvm-qemu']]);
    expect(at('52:54:00:99:34:56').hints[0]).toMatchObject({ id: 'site', name: 'Lab hypervisors', summary: 'KVM guests of the lab, rack 3', prefix: '52:54:00/24' });
    const mac = at('00:03:93:ab:12:34');
    expect(mac.hints).toEqual([expect.objectContaining({ id: 'site', name: 'Office Macs', note: null, title: 'Site range: Office Macs' })]);
    const r = plain.analyze('00:03:93:ab:12:34', 'en');
    expect(r.ok && mac.vendor).toEqual(r.ok && r.analysis.vendor);
  });
});

describe('the service with REGISTRY_OVERLAY', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HTTP_THREADS: '1', REGISTRY_OVERLAY: CSV });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers site hints in both languages, valid against the OpenAPI schema', async () => {
    const res = await fetch(`${server.url}/api/public/mac/52:54:00:12:34:56?lang=fr`);
    const text = await res.text();
    assertConforms('GET', '/api/public/mac/{mac}', res, text);
    expect(JSON.parse(text).hints[0]).toMatchObject({ id: 'site', title: 'Plage du site : Build farm', name: 'Build farm' });
  });

  it('refuses to start on a bad overlay, naming it', async () => {
    const r = await startExpectingFailure({ REGISTRY_OVERLAY: join(dir, 'bad2.csv') });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('bad prefix');
  });
});
