/** Hints over the real registry: platforms' OUIs and local ranges, CID owners, randomized addresses. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analyzer } from '../src/analysis/analyzer.js';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import type { HintInfo } from '../src/analysis/types.js';
import { PLATFORMS } from '../src/hints/platforms.js';
import { assertConforms } from './helpers/openapi.js';
import { startServer, type RunningServer } from './helpers/server.js';

let analyzer: Analyzer;
beforeAll(() => {
  analyzer = loadAnalyzer();
});

function hints(mac: string, lang: 'en' | 'fr' = 'en'): HintInfo[] {
  const r = analyzer.analyze(mac, lang);
  if (!r.ok) throw new Error(r.detail);
  return r.analysis.hints;
}

describe('hints', () => {
  it.each([
    ['00:50:56:01:02:03', 'virtual-machine', 'vmware'],
    ['00:0c:29:ab:cd:ef', 'virtual-machine', 'vmware'],
    ['00:15:5d:00:01:02', 'virtual-machine', 'hyper-v'],
    ['00:16:3e:11:22:33', 'virtual-machine', 'xen'],
    ['08:00:27:aa:bb:cc', 'virtual-machine', 'virtualbox'],
    ['0a:00:27:00:00:00', 'virtual-machine', 'virtualbox'],
    ['00:1c:42:00:00:08', 'virtual-machine', 'parallels'],
    ['52:54:00:12:34:56', 'virtual-machine', 'kvm-qemu'],
    ['bc:24:11:00:00:01', 'virtual-machine', 'proxmox'],
    ['58:9c:fc:00:00:01', 'virtual-machine', 'bhyve'],
    ['50:6b:8d:00:00:01', 'virtual-machine', 'nutanix'],
    ['02:42:ac:11:00:02', 'container', 'docker'],
  ] as const)('%s: %s (%s)', (mac, id, platform) => {
    const [h, ...rest] = hints(mac);
    expect(rest).toEqual([]);
    expect(h).toMatchObject({ id, platform, platformName: PLATFORMS.find((p) => p.id === platform)!.text.en.name });
    expect(h.title).toContain(`(${h.platformName})`);
    expect(h.references?.length).toBeGreaterThan(0);
  });

  it('every platform OUI is registered to the maker its hint names (checked against the registry)', () => {
    const makers: Record<string, RegExp> = { vmware: /VMware/, 'hyper-v': /Microsoft/, 'virtual-pc': /Microsoft/, xen: /Xensource/i, virtualbox: /PCS Systemtechnik/, parallels: /Parallels/, proxmox: /Proxmox/, bhyve: /FreeBSD/, nutanix: /Nutanix/ };
    for (const p of PLATFORMS) {
      for (const prefix of p.prefixes.filter((x) => x.length === 6 && (parseInt(x.slice(0, 2), 16) & 2) === 0)) {
        const r = analyzer.analyze(`${prefix}000001`, 'en');
        expect(r.ok && r.analysis.vendor?.name, `${p.id} ${prefix}`).toMatch(makers[p.id]);
      }
    }
  });

  it('a local address in the ELI quadrant under an IEEE Company ID names its owner', () => {
    expect(hints('da:a1:19:12:34:56')).toEqual([
      expect.objectContaining({ id: 'cid', name: 'Google, Inc.', prefix: 'DA:A1:19', title: 'Company ID of Google, Inc.' }),
    ]);
    expect(hints('da:a1:19:12:34:56', 'fr')[0].title).toBe('Identifiant d’entreprise (CID) de Google, Inc.');
  });

  it('any other local unicast address is probably randomized, with its quadrant', () => {
    expect(hints('7a:11:22:33:44:55')).toEqual([expect.objectContaining({ id: 'randomized', quadrant: 'ELI' })]);
    expect(hints('da:a1:18:12:34:56')).toEqual([expect.objectContaining({ id: 'randomized', quadrant: 'ELI' })]);
    expect(hints('12:34:56:78:9a:bc')).toEqual([expect.objectContaining({ id: 'randomized', quadrant: 'AAI' })]);
    expect(hints('06:00:00:00:00:01')).toEqual([expect.objectContaining({ id: 'randomized', quadrant: 'reserved' })]);
    expect(hints('fe:00:00:00:00:01')).toEqual([expect.objectContaining({ id: 'randomized', quadrant: 'SAI' })]);
    expect(hints('fe:00:00:00:00:01', 'fr')[0].title).toBe('Probablement une adresse aléatoire (privée)');
  });

  it('universal, group and broadcast addresses get none', () => {
    for (const mac of ['00:03:93:ab:12:34', '01:00:5e:00:00:fb', 'ff:ff:ff:ff:ff:ff', '03:00:00:00:00:01', 'c0:ff:ee:00:00:01']) expect(hints(mac), mac).toEqual([]);
  });
});

describe('hints over HTTP and in batches', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HTTP_THREADS: '1', POOL_THREADS: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('single and batch answers carry the same hints, and validate against the OpenAPI schema', async () => {
    const macs = ['52:54:00:12:34:56', 'da:a1:19:12:34:56', '12:34:56:78:9a:bc', '00:03:93:ab:12:34'];
    for (const mac of macs) {
      const res = await fetch(`${server.url}/api/public/mac/${mac}?lang=fr`);
      const text = await res.text();
      assertConforms('GET', '/api/public/mac/{mac}', res, text);
    }
    const inputs = Array.from({ length: 2500 }, (_, i) => macs[i % macs.length]); // over one chunk: the pool renders
    const batch = (await (await fetch(`${server.url}/api/mac/batch?lang=fr`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(inputs) })).json()) as Array<{ analysis: { hints: HintInfo[] } }>;
    batch.forEach((item, i) => expect(item.analysis.hints).toEqual(JSON.parse(new TextDecoder().decode(analyzer.jsonBytes(analyzer.lookUp(parseInt(inputs[i].replace(/:/g, ''), 16)), 'fr'))).hints));
    const csv = await (await fetch(`${server.url}/api/mac/batch`, { method: 'POST', headers: { 'Content-Type': 'text/plain', Accept: 'text/csv' }, body: macs.join('\n') })).text();
    const rows = csv.trim().split('\n');
    const column = rows[0].split(',').indexOf('hints');
    expect(rows.slice(1).map((r) => r.split(',')[column])).toEqual(['virtual-machine:kvm-qemu', '"cid:Google', 'randomized:AAI', '']);
  });
});
