/**
 * When each block was first seen, on the real data: the shipped dataset as its
 * provenance says, the dates the default build gives the blocks checked against the dataset's
 * own lines, no block dated after the snapshot that holds it, the date writer against the
 * reader on every day, and over real HTTP on each engine the changes feed in every format, its
 * paging, ETag and problems, the answers' dates, and the credit /api/registry gives.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import type { Analyzer } from '../src/analysis/analyzer.js';
import { readArtifact, type RegistryArtifact } from '../src/registry/artifact.js';
import { BUNDLED_IEEE_DATE } from '../src/registry/bundled-ieee.js';
import { blockKey, MAC_AGES_FILE, MAC_AGES_UNTIL, readMacAges, type BlockDates } from '../src/registry/block-dates.js';
import { firstSeenOf, seenCode, seenDay, UNDATED, writeFirstSeen } from '../src/registry/first-seen.js';
import { OUI_DATA_PUBLISHED } from '../src/registry/source-oui-data.js';
import { parseCsv } from './helpers/csv.js';
import { getConforming } from './helpers/openapi.js';
import { ENGINES, serverForSuite } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';

// The feed script's test needs curl (test/system/packages.txt).
const CURL = systemSuite('block-dates');

let artifact: RegistryArtifact;
let dataset: BlockDates;
let analyzer: Analyzer;

beforeAll(() => {
  artifact = readArtifact('data/registry.msgpack');
  dataset = readMacAges();
  analyzer = loadAnalyzer();
});

/** The first-seen date of the block `mac` is answered with, as the analysis gives it. */
function seenOf(mac: string): unknown {
  const r = analyzer.analyze(mac, 'en');
  if (!r.ok) throw new Error(mac);
  return r.analysis.vendor?.block.firstSeen;
}

describe('the shipped dataset', () => {
  it('is the file its README names, and the oui-data version installed has a known publication date', () => {
    expect(createHash('sha256').update(readFileSync(MAC_AGES_FILE)).digest('hex')).toBe('ecb170e59f60b6fe106027412d6dc1863967565c242ae487269059d545051397');
    expect(readFileSync('data/mac-ages/README.md', 'utf8')).toContain('ecb170e59f60b6fe106027412d6dc1863967565c242ae487269059d545051397');
    expect(readFileSync('data/mac-ages/LICENSE.DATA', 'utf8')).toMatch(/Attribution 4\.0 International/);
    const version = (JSON.parse(readFileSync('node_modules/oui-data/package.json', 'utf8')) as { version: string }).version;
    expect(OUI_DATA_PUBLISHED[version], `add oui-data ${version}'s publication date (npm view oui-data time) to OUI_DATA_PUBLISHED`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(artifact.meta.sourceDate).toBe(OUI_DATA_PUBLISHED[version]);
  });
});

describe('the dates of the default build', () => {
  it('answers the dates the dataset gives, each width its own block', () => {
    expect(seenOf('00:03:93:ab:12:34')).toEqual({ date: '2000-11-09', source: 'archive' });
    expect(seenOf('b8:27:eb:12:34:56')).toEqual({ date: '2012-02-11', source: 'archive' });
    expect(seenOf('2c:cf:67:00:00:01')).toEqual({ date: '2024-01-08', source: 'ieee' });
    expect(seenOf('8c:1f:64:ff:c0:00')).toEqual({ date: '2022-07-19', source: 'ieee' });
    // An IAB under 00:50:C2 has its own /36 date, not the MA-L's.
    expect(seenOf('00:50:c2:00:01:23')).toEqual({ date: '2008-07-30', source: 'archive' });
    expect(dataset.get(blockKey(24, 0x0050c2))).toBe(seenCode('2000-09-08', 'archive'));
    // 00:1B:C5 is two blocks in the dataset, /24 and /36: the MA-S answers its own.
    expect(dataset.has(blockKey(24, 0x001bc5)) && dataset.has(blockKey(36, 0x001bc5000))).toBe(true);
    expect(seenOf('00:1b:c5:00:01:23')).toEqual(firstSeenOf(dataset.get(blockKey(36, 0x001bc5000))!));
  });

  it('dates a block the dataset lacks (first published after 2025-06-20) by the snapshot that holds it', () => {
    // 00:2B:90 (Zelus, MA-L) is not in the dataset; the oui-data snapshot holds it.
    expect(dataset.has(blockKey(24, 0x002b90))).toBe(false);
    expect(seenOf('00:2b:90:00:00:01')).toEqual({ date: artifact.meta.sourceDate, source: 'snapshot' });
  });

  it('dates every block, most of them from the dataset, and none after the snapshot that holds it', () => {
    const until = seenDay(seenCode(MAC_AGES_UNTIL, 'ieee'));
    const oui = seenDay(seenCode(artifact.meta.sourceDate!, 'snapshot'));
    const bundled = seenDay(seenCode(BUNDLED_IEEE_DATE, 'snapshot'));
    const shares: Record<string, number> = {};
    const tables = [[24, artifact.tables[24]], [28, artifact.tables[28]], [36, artifact.tables[36]], ['CID', artifact.cids]] as const;
    for (const [name, t] of tables) {
      let fromDataset = 0;
      for (let i = 0; i < t.dates.length; i++) {
        const code = t.dates[i];
        expect(code, `${name}:${t.prefixes[i]}`).not.toBe(UNDATED);
        const seen = firstSeenOf(code)!;
        if (seen.source === 'snapshot') {
          // oui-data's blocks by its date; the bundled IAB and CID files' by theirs.
          const iab = artifact.records[t.records[i]].iab;
          expect(seenDay(code)).toBe(name === 'CID' || iab ? bundled : oui);
        } else {
          expect(seenDay(code)).toBeLessThanOrEqual(until);
          const width = name === 'CID' ? 24 : name;
          expect(dataset.get(blockKey(width, t.prefixes[i]))).toBe(code);
          fromDataset++;
        }
      }
      shares[name] = fromDataset / t.dates.length;
    }
    // The dataset dates 94% of MA-L, 90% of MA-M, 95% of MA-S and 96% of CIDs here.
    expect(shares[24]).toBeGreaterThan(0.93);
    expect(shares[28]).toBeGreaterThan(0.89);
    expect(shares[36]).toBeGreaterThan(0.94);
    expect(shares.CID).toBeGreaterThan(0.95);
    expect(artifact.meta.dates).toMatchObject({ undated: 0, newest: artifact.meta.sourceDate });
  });
});

describe('writing a date', () => {
  it('writes what the reader reads, for every day from 1970 to 2100 and each source', () => {
    const out = new Uint8Array(64);
    const decoder = new TextDecoder();
    for (let day = 0; day < 47_500; day++) {
      for (const source of [1, 2, 3]) {
        const code = day * 4 + source;
        const text = decoder.decode(out.subarray(0, writeFirstSeen(out, 0, code)));
        const json = JSON.stringify(firstSeenOf(code));
        if (text !== json) expect(text).toBe(json);
      }
    }
    expect(decoder.decode(out.subarray(0, writeFirstSeen(out, 0, UNDATED)))).toBe('null');
    expect(seenCode('2025-02-30', 'ieee')).toBe(seenCode('2025-03-02', 'ieee')); // Date.parse rolls over: the feed checks days itself
    expect(seenCode('not a date', 'ieee')).toBe(UNDATED);
  });
});

describe.each(ENGINES)('%s engine', (engine) => {
  const server = serverForSuite({ HTTP_ENGINE: engine, HTTP_THREADS: '1' });

  const get = (path: string, headers: Record<string, string> = {}) => getConforming(server().url, path, headers);

  interface Item { prefix: string; registry: string; name: string | null; firstSeen: { date: string; source: string } | null }

  it('the changes feed lists the blocks first seen in a range, newest first, paged, in JSON, NDJSON and CSV', async () => {
    // The 2025 assignments: the dataset's up to 2025-06-20, then those only the snapshots date.
    const year = await get('/api/registry/changes?since=2025-01-01&until=2025-12-31&limit=1000');
    expect(year.res.status).toBe(200);
    const page = JSON.parse(year.text) as { since: string; until: string; total: number; offset: number; limit: number; items: Item[] };
    expect(page).toMatchObject({ since: '2025-01-01', until: '2025-12-31', offset: 0, limit: 1000 });
    expect(page.total).toBeGreaterThan(500);
    const dates = page.items.map((i) => i.firstSeen!.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates.every((d) => d >= '2025-01-01' && d <= '2025-12-31')).toBe(true);
    // 8C:1F:64:FF:B (MA-S) was first seen on 2025-06-03.
    const all = JSON.parse((await get(`/api/registry/changes?since=2025-06-03&until=2025-06-03&limit=1000`)).text) as { total: number; items: Item[] };
    expect(all.items.find((i) => i.prefix === '8C:1F:64:FF:B')).toMatchObject({ registry: 'MA-S', firstSeen: { date: '2025-06-03', source: 'ieee' } });
    // The newest: the blocks the service's own snapshot dates.
    const newest = JSON.parse((await get('/api/registry/changes?since=2025-06-21&limit=5')).text) as { total: number; until: null; items: Item[] };
    expect(newest.until).toBeNull();
    expect(newest.total).toBeGreaterThan(1000);
    expect(newest.items.every((i) => i.firstSeen!.source === 'snapshot')).toBe(true);
    // Pages: offset goes on where the last page stopped.
    const first = JSON.parse((await get('/api/registry/changes?since=2024-01-01&until=2024-12-31&limit=7')).text) as { items: Item[] };
    const second = JSON.parse((await get('/api/registry/changes?since=2024-01-01&until=2024-12-31&limit=7&offset=7')).text) as { items: Item[] };
    const both = JSON.parse((await get('/api/registry/changes?since=2024-01-01&until=2024-12-31&limit=14')).text) as { items: Item[] };
    expect([...first.items, ...second.items]).toEqual(both.items);
    // NDJSON and CSV: the same rows, the total in X-Total-Count.
    const nd = await get('/api/registry/changes?since=2024-01-08&until=2024-01-08&limit=1000', { Accept: 'application/x-ndjson' });
    expect(nd.res.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = nd.text.trim().split('\n').map((l) => JSON.parse(l) as Item);
    expect(lines.length).toBe(Number(nd.res.headers.get('x-total-count')));
    expect(lines.find((l) => l.prefix === '2C:CF:67')).toMatchObject({ name: 'Raspberry Pi (Trading) Ltd', firstSeen: { date: '2024-01-08', source: 'ieee' } });
    const csv = await get('/api/registry/changes?since=2024-01-08&until=2024-01-08&format=csv&limit=1000');
    expect(csv.res.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(['prefix', 'prefix_length', 'registry', 'iab', 'name', 'short_name', 'country', 'address', 'first_seen']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(lines.map((l) => l.prefix));
    expect(rows.slice(1).every((r) => r[8] === '2024-01-08')).toBe(true);
  });

  it('the feed has an ETag per format and answers 304, and the public path has CORS', async () => {
    const r = await get('/api/public/registry/changes?since=2025-06-21&limit=1');
    expect(r.res.status).toBe(200);
    expect(r.res.headers.get('access-control-allow-origin')).toBe('*');
    const etag = r.res.headers.get('etag')!;
    expect(etag).toMatch(/-changes-json"$/);
    const again = await get('/api/public/registry/changes?since=2025-06-21&limit=1', { 'If-None-Match': etag });
    expect(again.res.status).toBe(304);
    const csv = await get('/api/registry/changes?since=2025-06-21&limit=1&format=csv', { 'If-None-Match': etag });
    expect(csv.res.status).toBe(200);
  });

  it('refuses what is not a range of calendar days, in the request language', async () => {
    for (const [query, detail] of [
      ['', /Give since/],
      ['since=2025-02-30', /since must be a calendar date.*"2025-02-30"/],
      ['since=1969-12-31', /from 1970 on/],
      ['since=yesterday', /"yesterday"/],
      ['since=2025-06-01&until=2025-05-31', /until \(2025-05-31\) is before since \(2025-06-01\)/],
      ['since=2025-06-01&until=2025-6-30', /until must be/],
    ] as const) {
      const r = await get(`/api/registry/changes?${query}`);
      expect(r.res.status, query).toBe(400);
      expect(JSON.parse(r.text), query).toMatchObject({ code: 'invalid_date', detail: expect.stringMatching(detail) });
    }
    const fr = JSON.parse((await get('/api/registry/changes?since=2025-13-01&lang=fr')).text) as { title: string; detail: string };
    expect(fr).toMatchObject({ title: 'Date invalide', detail: expect.stringContaining('AAAA-MM-JJ') });
    expect((await get('/api/registry/changes?since=2025-01-01&limit=1001')).res.status).toBe(400);
    expect(JSON.parse((await get('/api/registry/changes?since=2025-01-01&format=xml')).text)).toMatchObject({ code: 'invalid_format' });
    // Over 20 years is allowed.
    expect(JSON.parse((await get('/api/registry/changes?since=1980-01-01&until=2030-01-01&limit=1')).text).total).toBe(artifact.meta.dates.dated);
  });

  it.runIf(engine === ENGINES[0] && CURL)('deploy/tools/new-ouis.sh reports each block of its window once, across runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'new-ouis-'));
    const newest = artifact.meta.dates.newest!;
    // A window that reaches the newest blocks, whatever today is.
    const days = Math.ceil((Date.now() - Date.parse(`${newest}T00:00:00Z`)) / 86_400_000) + 2;
    const since = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const run = () => execFileSync('sh', ['deploy/tools/new-ouis.sh'], { encoding: 'utf8', env: { ...process.env, MAC_SERVICE: server().url, NEW_OUIS_STATE: join(dir, 'reported'), NEW_OUIS_DAYS: String(days) } });
    const first = run().trim().split('\n').map((l) => JSON.parse(l) as Item);
    const total = Number((await get(`/api/registry/changes?since=${since}&limit=1`)).res.headers.get('x-total-count'));
    expect(first.length).toBe(total);
    expect(total).toBeGreaterThan(1000); // more than one page of 1,000
    expect(new Set(first.map((i) => `${i.registry} ${i.prefix}`)).size).toBe(total);
    expect(run()).toBe('');
    expect(readFileSync(join(dir, 'reported'), 'utf8').trim().split('\n')).toHaveLength(total);
  });

  it('/api/registry credits the dataset and says what the service added', async () => {
    const meta = JSON.parse((await get('/api/registry')).text) as RegistryArtifact['meta'];
    expect(meta.dates.sources[0]).toMatchObject({ name: expect.stringContaining('MAC Address Age Tracking (hdm/mac-ages)'), license: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', until: '2025-06-20' });
    expect(meta.dates.sources[1]).toMatchObject({ name: expect.stringContaining('dates it added'), until: meta.sourceDate });
    expect(meta.dates.sources[0].blocks + meta.dates.sources[1].blocks).toBe(meta.dates.dated);
    const perYear = meta.dates.byYear;
    expect(perYear.reduce((n, y) => n + y['MA-L'] + y['MA-M'] + y['MA-S'], 0)).toBe(meta.dates.dated - meta.counts.CID);
    expect(perYear.find((y) => y.year === 2024)!['MA-S']).toBeGreaterThan(100);
  });

  it('a vendor’s blocks newest first with sort=firstSeen; a projection keeps the date alone', async () => {
    const body = JSON.parse((await get('/api/vendors?q=raspberry&sort=firstSeen')).text) as { vendors: Array<{ blocks: Item[] }> };
    for (const v of body.vendors) {
      const dates = v.blocks.map((b) => b.firstSeen!.date);
      expect(dates).toEqual([...dates].sort().reverse());
    }
    expect(JSON.parse((await get('/api/vendors?q=raspberry&sort=age')).text)).toMatchObject({ code: 'invalid_query' });
    const projected = JSON.parse((await get('/api/mac/b8:27:eb:12:34:56?fields=vendor.block.firstSeen')).text);
    expect(projected).toEqual({ vendor: { block: { firstSeen: { date: '2012-02-11', source: 'archive' } } } });
    const cid = JSON.parse((await get('/api/mac/da:a1:19:00:00:01?fields=hints')).text) as { hints: Array<{ id: string; firstSeen: unknown }> };
    expect(cid.hints[0]).toMatchObject({ id: 'cid', firstSeen: { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
  });
});
