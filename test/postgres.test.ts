/**
 * The ranges as a PostgreSQL script (GET /api/registry/ranges?format=postgres, `mac-analyze
 * export --ranges --format postgres`), loaded by psql into a throwaway cluster of Debian's
 * PostgreSQL server: it loads, loads again while a reader queries (the reader never sees the table
 * empty, nor an error), and `mac_vendor()` over 100,000 realistic addresses answers as the
 * service's batch does. A registry with hostile organisation names loads them intact, and runs
 * nothing else.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry } from '../src/analysis/load-registry.js';
import { Catalog } from '../src/catalog/catalog.js';
import { flattenRanges } from '../src/catalog/ranges.js';
import { parseMac } from '../src/mac/parse.js';
import { lowerHex12 } from '../src/mac/prefix.js';
import { SharedIndex } from '../src/registry/shared-index.js';
import { realisticAddresses } from './helpers/addresses.js';
import { serverForSuite } from './helpers/server.js';
import { isRoot, systemSuite } from './system/requirements.js';

const READY = systemSuite('postgres');
const CLI = 'dist/src/cli/main.js';

// The newest server installed (Debian: /usr/lib/postgresql/<major>/bin).
function serverBin(): string {
  const majors = readdirSync('/usr/lib/postgresql').map(Number).filter(Number.isFinite).sort((a, b) => b - a);
  return `/usr/lib/postgresql/${majors[0]}/bin`;
}

/** A throwaway cluster, on a Unix socket in its own folder, run as `postgres` when the tests run as root. */
class Cluster {
  readonly dir = mkdtempSync(join(tmpdir(), 'mac-pg-'));
  readonly port = String(20_000 + Math.floor(Math.random() * 20_000));
  private readonly bin = serverBin();

  private as(command: string, args: readonly string[]): [string, string[]] {
    return isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, [...args]];
  }

  start(): void {
    chmodSync(this.dir, 0o777);
    const data = join(this.dir, 'data');
    const run = (command: string, args: readonly string[]) => {
      const [c, a] = this.as(command, args);
      execFileSync(c, a, { stdio: 'pipe' });
    };
    run(join(this.bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
    run(join(this.bin, 'pg_ctl'), ['-D', data, '-l', join(this.dir, 'log'), '-w', '-o', `-k ${this.dir} -p ${this.port} -c listen_addresses='' -c fsync=off`, 'start']);
  }

  stop(): void {
    const [c, a] = this.as(join(this.bin, 'pg_ctl'), ['-D', join(this.dir, 'data'), '-m', 'immediate', 'stop']);
    spawnSync(c, a, { stdio: 'ignore' });
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** psql's arguments for database `db`. */
  args(db = 'postgres'): string[] {
    return ['-X', '-q', '-h', this.dir, '-p', this.port, '-U', 'postgres', '-d', db, '-v', 'ON_ERROR_STOP=1'];
  }

  /** Runs `sql` (or the file `-f`); its unaligned, tuples-only output. */
  psql(sql: string, db = 'postgres'): string {
    return execFileSync('psql', [...this.args(db), '-A', '-t', '-F', '\t', '-c', sql], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  }

  /** Loads the script in `file` into `db`: psql's status and its output. */
  load(file: string, db = 'postgres'): { status: number | null; out: string } {
    const r = spawnSync('psql', [...this.args(db), '-f', file], { encoding: 'utf8' });
    return { status: r.status, out: r.stdout + r.stderr };
  }
}

describe.runIf(READY)('the ranges in PostgreSQL', () => {
  const running = serverForSuite({ HTTP_THREADS: '1' });
  const pg = new Cluster();
  let script: string;
  let catalog: Catalog;

  beforeAll(() => {
    pg.start();
    script = join(pg.dir, 'mac-ranges.sql');
    writeFileSync(script, execFileSync(process.execPath, [CLI, 'export', '--ranges', '--format', 'postgres'], { maxBuffer: 64 * 1024 * 1024 }));
    const handle = loadRegistry();
    catalog = new Catalog(SharedIndex.attach(handle.index), handle);
  }, 60_000);
  afterAll(() => pg.stop());

  it('is served as the CLI writes it, with ETag, 304 and a file name', async () => {
    const url = `${running().url}/api/registry/ranges?format=postgres`;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/sql; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="mac-ranges.sql"');
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(script))).toBe(true);
    expect((await fetch(url, { headers: { 'If-None-Match': res.headers.get('etag')! } })).status).toBe(304);
  });

  it('loads into a fresh database, and loads again while a reader queries: never empty, never an error', async () => {
    pg.psql('CREATE DATABASE fresh');
    const first = pg.load(script, 'fresh');
    expect(first.status, first.out).toBe(0);
    const count = flattenRanges(catalog).length;
    expect(Number(pg.psql('SELECT count(*) FROM mac_ranges', 'fresh'))).toBe(count);
    // A reader that queries in a loop while the script runs three more times.
    const reader = spawn('psql', [...pg.args('fresh'), '-A', '-t', '-f', '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    reader.stdout.on('data', (d: Buffer) => (out += d.toString()));
    reader.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const done = new Promise<number | null>((resolve) => reader.once('exit', resolve));
    let again = 0;
    // Each query takes at least 5 ms: the 200 written before each load span it.
    const query = "SELECT (SELECT count(*) FROM mac_ranges) || ' ' || coalesce((mac_vendor('00:03:93:ab:12:34'::macaddr)).name, '-') FROM pg_sleep(0.005);\n";
    for (let i = 0; i < 3; i++) {
      reader.stdin.write(query.repeat(200));
      const r = pg.load(script, 'fresh');
      expect(r.status, r.out).toBe(0);
      again++;
    }
    reader.stdin.end(query);
    expect(await done, err).toBe(0);
    const answers = out.trim().split('\n');
    expect(again).toBe(3);
    expect(answers.length).toBe(601);
    expect(new Set(answers)).toEqual(new Set([`${count} Apple, Inc.`]));
  }, 120_000);

  it('mac_vendor() over 100,000 realistic addresses answers as the batch does (macaddr and macaddr8)', async () => {
    const sightings = realisticAddresses(catalog, 100_000);
    const res = await fetch(`${running().url}/api/mac/batch?fields=vendor.prefix,vendor.registry,vendor.name`, { method: 'POST', headers: { 'Content-Type': 'text/plain', Accept: 'application/x-ndjson' }, body: sightings.join('\n') });
    const served = (await res.text()).trim().split('\n').map((l) => {
      const v = (JSON.parse(l) as { analysis: { vendor: { prefix: string; registry: string; name: string | null } | null } }).analysis.vendor;
      return v === null ? '' : `${v.prefix}\t${v.registry}\t${v.name ?? ''}`;
    });
    // 64-bit identifiers: macaddr8 and the API's EUI-64 analysis name the same block (compared
    // below), for 2,000 made from the sightings (a psql -c argument holds at most 128 KiB); FF-FE in
    // the middle is a MAC-48's. Asked now: after the seconds of synchronous psql below, fetch could
    // reuse a connection the service has meanwhile closed as idle (10 s).
    const wide = sightings
      .map((m) => parseMac(m))
      .filter((m): m is number => typeof m === 'number')
      .slice(0, 2_000)
      .map((m, i) => `${lowerHex12(m)}${((i * 7919) % 65536).toString(16).padStart(4, '0')}`)
      .filter((h) => h.slice(6, 10) !== 'fffe');
    const api = (await (await fetch(`${running().url}/api/mac/batch?fields=vendor.prefix,vendor.name`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(wide) })).json()) as Array<{ analysis: { vendor: { prefix: string; name: string | null } | null } }>;
    expect(pg.load(script).status).toBe(0);
    pg.psql('CREATE TABLE IF NOT EXISTS sightings (i integer PRIMARY KEY, mac_text text)');
    pg.psql('TRUNCATE sightings');
    const csv = join(pg.dir, 'sightings.tsv');
    writeFileSync(csv, sightings.map((m, i) => `${i}\t${m}`).join('\n') + '\n');
    chmodSync(csv, 0o644);
    execFileSync('psql', [...pg.args(), '-c', `\\copy sightings FROM '${csv}'`]);
    const started = performance.now();
    const joined = pg.psql("SELECT coalesce((v).prefix || E'\\t' || (v).registry || E'\\t' || coalesce((v).name, ''), '') FROM (SELECT i, mac_vendor(mac_text::macaddr) AS v FROM sightings) s ORDER BY i");
    const seconds = (performance.now() - started) / 1000;
    const rows = joined.split('\n').slice(0, sightings.length);
    const differ = sightings.filter((_, i) => rows[i] !== served[i]).map((m) => `${m}: ${rows[sightings.indexOf(m)]} / ${served[sightings.indexOf(m)]}`);
    expect(differ.slice(0, 5), `${differ.length} differ`).toEqual([]);
    expect(served.filter((s) => s !== '').length).toBeGreaterThan(50_000);
    process.stderr.write(`postgres: mac_vendor() over ${sightings.length} addresses in ${seconds.toFixed(2)} s (psql, one query)\n`);
    // The NetBox query of docs/DATA-ENGINES.md, as written there, on a dcim_macaddress of the same addresses.
    const doc = readFileSync('docs/DATA-ENGINES.md', 'utf8');
    const netbox = /```sql\n([\s\S]*?)```/.exec(doc.slice(doc.indexOf('## PostgreSQL (tested)')))![1].trim().replace(/;$/, '');
    pg.psql('CREATE TABLE dcim_macaddress AS SELECT i AS id, mac_text::macaddr AS mac_address FROM sightings');
    const names = pg.psql(`SELECT coalesce(registry, '') FROM (${netbox}) q`).split('\n').slice(0, sightings.length);
    expect(names.filter((n) => n !== '').length).toBe(served.filter((v) => v !== '').length);
    // macaddr8: a MAC-48 written as its EUI-64 (FF-FE inside) answers as the MAC; another 64-bit identifier by its first 48 bits.
    const eight = pg.psql("SELECT (mac_vendor(macaddr8 '00:03:93:ab:12:34')).name, (mac_vendor(macaddr8 '00:12:4b:00:01:02:03:04')).prefix, (mac_vendor(macaddr8 '02:00:00:ff:fe:00:00:01')).name IS NULL");
    expect(eight.trim()).toBe('Apple, Inc.\t00:12:4B\tt');
    const pgRows = pg.psql(`SELECT coalesce((v).prefix || E'\\t' || coalesce((v).name, ''), '') FROM (SELECT mac_vendor(m) AS v, n FROM unnest(ARRAY[${wide.map((h) => `'${h}'::macaddr8`).join(',')}]) WITH ORDINALITY AS t(m, n)) s ORDER BY n`).split('\n').slice(0, wide.length);
    expect(api.filter((a) => a.analysis.vendor !== null).length).toBeGreaterThan(1_000);
    expect(pgRows).toEqual(api.map((a) => (a.analysis.vendor === null ? '' : `${a.analysis.vendor.prefix}\t${a.analysis.vendor.name ?? ''}`)));
  }, 120_000);

  it('deploy/tools/refresh-mac-registry.sh --postgres loads the script when it changed, and keeps trying when a load fails', () => {
    const target = join(pg.dir, 'refreshed');
    const refresh = (db: string) =>
      spawnSync('sh', ['deploy/tools/refresh-mac-registry.sh', '--postgres'], { encoding: 'utf8', env: { ...process.env, MAC_SERVICE: running().url, MAC_REGISTRY_DIR: target, MAC_PG: `host=${pg.dir} port=${pg.port} user=postgres dbname=${db}` } });
    const missing = refresh('nowhere');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('mac-ranges.sql: psql could not load it');
    pg.psql('CREATE DATABASE refreshed');
    const first = refresh('refreshed');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/mac-ranges\.sql: updated\n$/);
    expect(Number(pg.psql('SELECT count(*) FROM mac_ranges', 'refreshed'))).toBe(flattenRanges(catalog).length);
    expect(refresh('refreshed').stdout).toMatch(/mac-ranges\.sql: unchanged\n$/);
  }, 60_000);

  it('loads hostile organisation names intact, and runs nothing else', () => {
    const hostile = ['\\.', 'Quote\'s "double"', 'Dollar $$ body $mac_vendor$', 'Tab\there', 'Line\nbreak', 'Back\\slash', "'); DROP TABLE x; --", 'Ends with \\', 'Line\n\\.\nafter'];
    const ieee = join(pg.dir, 'ieee');
    mkdirSync(ieee);
    const quoted = (s: string) => `"${s.replaceAll('"', '""')}"`;
    const head = 'Registry,Assignment,Organization Name,Organization Address\n';
    writeFileSync(join(ieee, 'oui.csv'), head + hostile.map((name, i) => `MA-L,0C00${(16 + i).toString(16).toUpperCase()},${quoted(name)},Somewhere 1 Paris FR\n`).join(''));
    writeFileSync(join(ieee, 'mam.csv'), `${head}MA-M,0C0010A,${quoted('Inside $$')},Somewhere\n`);
    writeFileSync(join(ieee, 'oui36.csv'), head);
    writeFileSync(join(ieee, 'iab.csv'), head);
    const registry = join(pg.dir, 'hostile.msgpack');
    execFileSync(process.execPath, ['dist/src/registry/build-data.js', '--ieee-dir', ieee, '--out', registry], { stdio: 'pipe' });
    const sql = join(pg.dir, 'hostile.sql');
    writeFileSync(sql, execFileSync(process.execPath, [CLI, 'export', '--ranges', '--format', 'postgres', '--registry', registry]));
    const expected = execFileSync(process.execPath, [CLI, 'export', '--ranges', '--format', 'ndjson', '--registry', registry], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { name: string | null }).name ?? '');
    pg.psql('CREATE DATABASE hostile');
    pg.psql('CREATE TABLE x (n integer)', 'hostile');
    const r = pg.load(sql, 'hostile');
    expect(r.status, r.out).toBe(0);
    // Each name as PostgreSQL holds it, escaped back into one line by a query of ours.
    const names = pg.psql("SELECT encode(convert_to(coalesce(name, ''), 'UTF8'), 'hex') FROM mac_ranges ORDER BY first", 'hostile').trim().split('\n').map((h) => Buffer.from(h, 'hex').toString('utf8'));
    expect(names).toEqual(expected);
    for (const name of [...hostile, 'Inside $$']) expect(names, JSON.stringify(name)).toContain(name);
    expect(pg.psql("SELECT count(*) FROM pg_tables WHERE tablename = 'x'", 'hostile').trim()).toBe('1');
    expect(pg.psql("SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE schemaname = 'public'", 'hostile').trim()).toBe('mac_ranges,x');
  }, 60_000);
});
