/**
 * The registry for data engines, proved with a real engine: DuckDB
 * (@duckdb/node-api) reads the Parquet files the running service serves, and the join written in
 * docs/DATA-ENGINES.md (run as the document shows it) answers 100,000 realistic addresses exactly
 * as the service's batch does: vendor prefix, registry and name, on every address. No two ranges
 * overlap; the files have the contract's types, row groups and statistics; they are served with
 * ETag and 304. After a registry update (the stand-in IEEE site), the new snapshot's ranges agree
 * with the new answers.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '../src/catalog/catalog.js';
import { flattenRanges } from '../src/catalog/ranges.js';
import { RANGE_ROW_GROUP } from '../src/catalog/range-files.js';
import { loadRegistry } from '../src/analysis/load-registry.js';
import { SharedIndex } from '../src/registry/shared-index.js';
import { startIeeeSite, type IeeeSite } from './helpers/ieee-site.js';
import { startServer, type RunningServer } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';
import { realisticAddresses } from './helpers/addresses.js';

// The update (Debian's ieee-data for the stand-in IEEE site) and the refresh script (curl).
const SYSTEM_READY = systemSuite('data-engines');

/** The DuckDB join of docs/DATA-ENGINES.md, as written there: its first sql block under "(tested)". */
function documentedJoin(): string[] {
  const doc = readFileSync('docs/DATA-ENGINES.md', 'utf8');
  const section = doc.slice(doc.indexOf('## The join in DuckDB (tested)'));
  const sql = /```sql\n([\s\S]*?)```/.exec(section)![1];
  return sql
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

interface Answer {
  readonly prefix: string | null;
  readonly registry: string | null;
  readonly name: string | null;
}

describe('the registry for data engines, joined in DuckDB', () => {
  let server: RunningServer;
  let dir: string;
  let duck: DuckDBConnection;
  let catalog: Catalog;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mac-engines-'));
    server = await startServer({ HTTP_THREADS: '1' });
    const handle = loadRegistry();
    catalog = new Catalog(SharedIndex.attach(handle.index), handle);
    duck = await (await DuckDBInstance.create(':memory:')).connect();
  });
  afterAll(async () => {
    duck?.closeSync();
    await server?.stop();
  });

  /** Downloads `path` into `file` in the scratch folder; the response. */
  async function fetchTo(base: string, path: string, file: string, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(base + path, { headers });
    writeFileSync(join(dir, file), Buffer.from(await res.arrayBuffer()));
    return res;
  }

  async function rows(sql: string): Promise<Array<Record<string, unknown>>> {
    return (await duck.runAndReadAll(sql)).getRowObjectsJson() as Array<Record<string, unknown>>;
  }

  /** The documented join over `sightings`, against the ranges file in `file`: one answer per address. */
  async function joined(rangesFile: string, sightings: readonly string[]): Promise<Map<string, Answer>> {
    writeFileSync(join(dir, 'sightings.csv'), `mac_text\n${sightings.join('\n')}\n`);
    const statements = documentedJoin().map((s) => s.replaceAll("'mac-ranges.parquet'", `'${resolve(dir, rangesFile)}'`).replaceAll("'sightings.csv'", `'${resolve(dir, 'sightings.csv')}'`));
    await duck.run('DROP TABLE IF EXISTS ranges; DROP TABLE IF EXISTS sightings;');
    for (const s of statements.slice(0, -1)) await duck.run(s);
    const out = new Map<string, Answer>();
    for (const r of await rows(statements[statements.length - 1])) out.set(r.mac_text as string, { prefix: (r.prefix as string | null) ?? null, registry: (r.registry as string | null) ?? null, name: (r.name as string | null) ?? null });
    return out;
  }

  /** The service's batch answers for `sightings`: vendor prefix, registry and name. */
  async function served(base: string, sightings: readonly string[]): Promise<Map<string, Answer>> {
    const res = await fetch(`${base}/api/mac/batch?fields=vendor.prefix,vendor.registry,vendor.name`, { method: 'POST', headers: { 'Content-Type': 'text/plain', Accept: 'application/x-ndjson' }, body: sightings.join('\n') });
    expect(res.status).toBe(200);
    const out = new Map<string, Answer>();
    for (const line of (await res.text()).trim().split('\n')) {
      const item = JSON.parse(line) as { input: string; analysis: { vendor: { prefix: string; registry: string; name: string | null } | null } };
      const v = item.analysis.vendor;
      out.set(item.input, { prefix: v?.prefix ?? null, registry: v?.registry ?? null, name: v?.name ?? null });
    }
    return out;
  }

  /** Every address answered alike by the join and by the service; how many of each kind. */
  function expectSameAnswers(byJoin: Map<string, Answer>, byService: Map<string, Answer>, sightings: readonly string[]): Record<string, number> {
    const kinds: Record<string, number> = { matched: 0, unmatched: 0 };
    const differ: string[] = [];
    for (const mac of sightings) {
      const a = byJoin.get(mac);
      const b = byService.get(mac);
      if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`${mac}: join ${JSON.stringify(a)}, service ${JSON.stringify(b)}`);
      kinds[b?.prefix ? 'matched' : 'unmatched']++;
      if (b?.registry) kinds[b.registry] = (kinds[b.registry] ?? 0) + 1;
    }
    expect(differ.slice(0, 5), `${differ.length} addresses differ`).toEqual([]);
    return kinds;
  }

  it('serves both files as Parquet, with ETag, 304 and no gzip', async () => {
    for (const path of ['/api/registry/ranges', '/api/registry/ranges?format=parquet', '/api/registry/blocks?format=parquet']) {
      const res = await fetchTo(server.url, path, 'probe.parquet', { 'Accept-Encoding': 'gzip' });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.apache.parquet');
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mac-(ranges|registry)\.parquet"$/);
      const body = readFileSync(join(dir, 'probe.parquet'));
      expect(body.subarray(0, 4).toString()).toBe('PAR1');
      const again = await fetch(server.url + path, { headers: { 'If-None-Match': res.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
    const byAccept = await fetch(`${server.url}/api/registry/ranges`, { headers: { Accept: 'text/csv' } });
    expect((await byAccept.text()).split('\n')[0]).toBe('first,last,prefix,prefix_length,registry,iab,name,short_name,country,first_seen');
    expect((await fetch(`${server.url}/api/registry/ranges?format=xlsx`)).status).toBe(400);
  });

  it('the ranges: one per piece of a block no more specific block covers, none overlapping, typed and in row groups with statistics', async () => {
    await fetchTo(server.url, '/api/registry/ranges?format=parquet', 'mac-ranges.parquet');
    const file = resolve(dir, 'mac-ranges.parquet');
    const flat = flattenRanges(catalog);
    const [{ n }] = await rows(`SELECT count(*) AS n FROM read_parquet('${file}')`);
    expect(Number(n)).toBe(flat.length);
    expect(flat.length).toBeGreaterThan(catalog.blockCount - 208); // more ranges than vendor blocks: parents are cut around their children
    // No two ranges overlap, each is well formed, and they are in order.
    const [check] = await rows(`SELECT count(*) FILTER (WHERE first > last) AS inverted, count(*) FILTER (WHERE first <= prev) AS overlapping, min(first) AS lo, max(last) AS hi FROM (SELECT first, last, lag(last) OVER (ORDER BY first) AS prev FROM read_parquet('${file}'))`);
    expect(check).toMatchObject({ inverted: '0', overlapping: '0' });
    expect(Number(check.hi)).toBeLessThan(2 ** 48);
    const types = Object.fromEntries((await rows(`DESCRIBE SELECT * FROM read_parquet('${file}')`)).map((r) => [r.column_name, r.column_type]));
    expect(types).toEqual({ first: 'BIGINT', last: 'BIGINT', prefix: 'VARCHAR', prefix_length: 'INTEGER', registry: 'VARCHAR', iab: 'BOOLEAN', name: 'VARCHAR', short_name: 'VARCHAR', country: 'VARCHAR', first_seen: 'DATE' });
    const groups = await rows(`SELECT row_group_id, row_group_num_rows, path_in_schema, stats_min_value, stats_max_value, compression FROM parquet_metadata('${file}') WHERE path_in_schema IN ('first', 'last')`);
    expect(new Set(groups.map((g) => g.row_group_id)).size).toBe(Math.ceil(flat.length / RANGE_ROW_GROUP));
    for (const g of groups) {
      expect(Number(g.row_group_num_rows)).toBeLessThanOrEqual(65_536);
      expect(g.stats_min_value).not.toBeNull();
      expect(g.stats_max_value).not.toBeNull();
      expect(g.compression).toBe('SNAPPY');
    }
    // 00:1B:C5, the IEEE RA's MA-L, is cut around its MA-S blocks: it resumes after each.
    const [around] = await rows(`SELECT count(*) FILTER (WHERE prefix = '00:1B:C5') AS parent, count(*) FILTER (WHERE registry = 'MA-S') AS children, sum(last - first + 1) AS covered FROM read_parquet('${file}') WHERE first >= ${0x001bc5 * 2 ** 24} AND last < ${(0x001bc5 + 1) * 2 ** 24}`);
    expect(Number(around.children)).toBeGreaterThan(100);
    expect(Number(around.parent)).toBeGreaterThan(1);
    expect(Number(around.covered)).toBe(2 ** 24); // the MA-L's rows and its MA-S rows tile it
    // The blocks file: every block as it is, CIDs included.
    await fetchTo(server.url, '/api/registry/blocks?format=parquet', 'mac-registry.parquet');
    const [blocks] = await rows(`SELECT count(*) AS n, count(*) FILTER (WHERE registry = 'CID') AS cids, count(*) FILTER (WHERE iab) AS iab, count(first_seen) AS dated FROM read_parquet('${resolve(dir, 'mac-registry.parquet')}')`);
    expect(Number(blocks.n)).toBe(catalog.blockCount);
    expect(Number(blocks.cids)).toBe(208);
    expect(Number(blocks.iab)).toBe(4575);
    expect(Number(blocks.dated)).toBe(catalog.blockCount);
  });

  it('the documented join answers 100,000 realistic addresses as the service does, every one', async () => {
    const sightings = realisticAddresses(catalog, 100_000);
    await fetchTo(server.url, '/api/registry/ranges', 'mac-ranges.parquet');
    const started = performance.now();
    const byJoin = await joined('mac-ranges.parquet', sightings);
    const joinMs = performance.now() - started;
    const kinds = expectSameAnswers(byJoin, await served(server.url, sightings), sightings);
    // Every kind was there.
    expect(kinds.matched).toBeGreaterThan(50_000);
    expect(kinds.unmatched).toBeGreaterThan(10_000);
    for (const registry of ['MA-L', 'MA-M', 'MA-S']) expect(kinds[registry], registry).toBeGreaterThan(1000);
    const [iab] = await rows(`SELECT count(*) AS n FROM ranges WHERE iab`);
    expect(Number(iab.n)).toBe(4575);
    process.stdout.write(`data engines: DuckDB joined ${sightings.length.toLocaleString('en')} addresses in ${Math.round(joinMs)} ms (${kinds.matched} matched, ${kinds.unmatched} not)\n`);
  }, 120_000);

  it.runIf(SYSTEM_READY)('deploy/tools/refresh-mac-registry.sh --parquet fetches both files, then only what changed', () => {
    const target = join(dir, 'refreshed');
    const refresh = () => execFileSync('sh', ['deploy/tools/refresh-mac-registry.sh', '--parquet'], { encoding: 'utf8', env: { ...process.env, MAC_SERVICE: server.url, MAC_REGISTRY_DIR: target } });
    expect(refresh()).toMatch(/mac-ranges\.parquet: updated\nmac-registry\.parquet: updated\n$/);
    for (const file of ['mac-ranges.parquet', 'mac-registry.parquet']) expect(readFileSync(join(target, file)).subarray(0, 4).toString()).toBe('PAR1');
    expect(readFileSync(join(target, 'mac-ranges.parquet')).equals(readFileSync(join(dir, 'mac-ranges.parquet')))).toBe(true);
    expect(refresh()).toMatch(/mac-ranges\.parquet: unchanged\nmac-registry\.parquet: unchanged\n$/);
  });

  describe.runIf(SYSTEM_READY)('after a registry update', () => {
    let site: IeeeSite;
    let updated: RunningServer;
    beforeAll(async () => {
      site = await startIeeeSite();
      const file = join(dir, 'registry.msgpack');
      copyFileSync('data/registry.msgpack', file);
      // Not spawnSync: the site answers from this process's event loop.
      await promisify(execFile)(process.execPath, ['dist/src/cli/main.js', 'update', '--base-url', site.base, '--registry-file', file, '--max-shrink', '0.5']);
      updated = await startServer({ HTTP_THREADS: '1', REGISTRY_FILE: file });
    });
    afterAll(async () => {
      await updated?.stop();
      await site?.close();
    });

    it('the new snapshot’s ranges agree with the new answers', async () => {
      const before = await (await fetch(`${server.url}/api/registry`)).json() as { version: string };
      const after = await (await fetch(`${updated.url}/api/registry`)).json() as { version: string };
      expect(after.version).not.toBe(before.version);
      const sightings = realisticAddresses(catalog, 100_000);
      await fetchTo(updated.url, '/api/registry/ranges?format=parquet', 'updated-ranges.parquet');
      const byJoin = await joined('updated-ranges.parquet', sightings);
      expectSameAnswers(byJoin, await served(updated.url, sightings), sightings);
      // And the old file no longer does: the snapshots differ where the registry changed.
      const stale = await joined('mac-ranges.parquet', sightings);
      const byService = await served(updated.url, sightings);
      expect(sightings.filter((m) => JSON.stringify(stale.get(m)) !== JSON.stringify(byService.get(m))).length).toBeGreaterThan(0);
    }, 180_000);
  });
});
