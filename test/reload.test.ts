/**
 * Reloading the registry while serving: `mac-analyze update` replaces the running service's
 * registry file during a steady GET load and a streaming batch. No request fails, every
 * answer is wholly one snapshot's, the batch in flight finishes on the snapshot it started
 * with, and a snapshot that fails to load is refused while the old one keeps serving.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, renameSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analyzer } from '../src/analysis/analyzer.js';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { withBundledIeee } from '../src/registry/bundled-ieee.js';
import { readOuiData } from '../src/registry/source-oui-data.js';
import { rssMb } from '../bench/proc.js';
import { assertConforms } from './helpers/openapi.js';
import { startIeeeSite, type IeeeSite } from './helpers/ieee-site.js';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('reload');

describe.runIf(READY).each(ENGINES)('%s engine', (engine) => {
  function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['dist/src/cli/main.js', ...args]);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
  }

  interface Answer {
    readonly status: number;
    readonly version: string;
    readonly vendor: string | null;
    readonly mac: string;
  }

  let site: IeeeSite;
  let server: RunningServer;
  let file: string;
  let before: Analyzer;
  let after: Analyzer;
  /** Addresses whose vendor name differs between the two snapshots. */
  let differing: string[];
  const nameIn = (a: Analyzer, mac: string) => {
    const r = a.analyze(mac, 'en');
    return r.ok ? (r.analysis.vendor?.name ?? null) : 'invalid';
  };

  beforeAll(async () => {
    site = await startIeeeSite();
    const dir = mkdtempSync(join(tmpdir(), 'mac-reload-'));
    file = join(dir, 'registry.msgpack');
    copyFileSync('data/registry.msgpack', file);
    // What the update will install, built beforehand in a scratch copy (same files, same version).
    const scratch = join(dir, 'expected.msgpack');
    copyFileSync(file, scratch);
    const built = await cli(['update', '--base-url', site.base, '--registry-file', scratch, '--max-shrink', '0.5']);
    expect(built.code).toBe(0);
    before = loadAnalyzer(file);
    after = loadAnalyzer(scratch);
    differing = [];
    for (const e of withBundledIeee(readOuiData()).entries) {
      const mac = e.prefix.padEnd(12, '5');
      if (e.registry !== 'CID' && differing.length < 200 && nameIn(before, mac) !== nameIn(after, mac)) differing.push(mac);
    }
    expect(differing.length).toBe(200);
    server = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '2', POOL_THREADS: '1', REGISTRY_FILE: file });
  });

  afterAll(async () => {
    await server?.stop();
    await site?.close();
  });

  // Four keep-alive clients, each one request every 10 ms, until `stop` resolves.
  async function steadyLoad(stop: Promise<unknown>): Promise<{ answers: Answer[]; errors: string[] }> {
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const answers: Answer[] = [];
    const errors: string[] = [];
    let done = false;
    void stop.then(() => (done = true));
    const client = async (c: number) => {
      for (let i = c; !done; i += 4) {
        const mac = differing[i % differing.length];
        await new Promise<void>((resolve) => {
          const req = request({ host: '127.0.0.1', port: server.port, path: `/api/mac/${mac}`, agent }, (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => {
              const vendor = res.statusCode === 200 ? ((JSON.parse(body) as { vendor: { name: string | null } | null }).vendor?.name ?? null) : null;
              answers.push({ status: res.statusCode ?? 0, version: String(res.headers['x-data-version']), vendor, mac });
              resolve();
            });
          });
          req.on('error', (e) => {
            errors.push(e.message);
            resolve();
          });
          req.end();
        });
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await Promise.all([0, 1, 2, 3].map(client));
    agent.destroy();
    return { answers, errors };
  }

  describe('reloading the registry while serving', () => {
    it('loses no request and mixes no snapshots, during a GET load and a streaming batch', async () => {
      const oldVersion = before.meta.version;
      const newVersion = after.meta.version;
      // A batch that starts now, on the old snapshot, and is read slowly past the switch.
      const batchInputs = Array.from({ length: 20_000 }, (_, i) => differing[i % differing.length]);
      let batchVersion = '';
      let resumeBatch: () => void = () => undefined;
      const batchLines = new Promise<string[]>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: server.port, path: '/api/mac/batch', method: 'POST', headers: { 'Content-Type': 'text/plain', Accept: 'application/x-ndjson' }, agent: false }, (res) => {
          batchVersion = String(res.headers['x-data-version']);
          // Decoded as a stream: a vendor name's multi-byte character may straddle two chunks.
          res.setEncoding('utf8');
          let text = '';
          res.once('data', () => {
            res.pause();
            resumeBatch = () => res.resume();
          });
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve(text.trim().split('\n')));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(batchInputs.join('\n'));
      });
      let switched: () => void = () => undefined;
      const stop = new Promise<void>((r) => (switched = r)).then(() => new Promise((r) => setTimeout(r, 1000)));
      const load = steadyLoad(stop);
      await new Promise((r) => setTimeout(r, 800));

      const update = await cli(['update', '--base-url', site.base, '--registry-file', file, '--max-shrink', '0.5']);
      expect(update.code).toBe(0);
      const replacedAt = Date.now();
      for (;;) {
        const res = await fetch(`${server.url}/readyz`);
        if ((await res.json()).dataVersion === newVersion) break;
        expect(Date.now() - replacedAt).toBeLessThan(5000);
        await new Promise((r) => setTimeout(r, 20));
      }
      const pickedUpMs = Date.now() - replacedAt;
      switched();
      resumeBatch();
      const { answers, errors } = await load;
      const lines = await batchLines;

      expect(errors).toEqual([]);
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      const versions = new Set(answers.map((a) => a.version));
      expect(versions).toEqual(new Set([oldVersion, newVersion]));
      // Every answer is wholly the snapshot its header names.
      for (const a of answers) expect(a.vendor, `${a.mac} on ${a.version}`).toBe(nameIn(a.version === oldVersion ? before : after, a.mac));
      // The batch finished on the snapshot it started with.
      expect(batchVersion).toBe(oldVersion);
      expect(lines).toHaveLength(batchInputs.length);
      lines.forEach((line, i) => {
        const item = JSON.parse(line) as { analysis: { vendor: { name: string | null } | null } };
        expect(item.analysis.vendor?.name ?? null).toBe(nameIn(before, batchInputs[i]));
      });
      process.stdout.write(`reload: picked up ${pickedUpMs} ms after the file was replaced; ${answers.length} GETs meanwhile, 0 failed\n`);

      // What the service says about it.
      const registry = await fetch(`${server.url}/api/registry`);
      const text = await registry.text();
      assertConforms('GET', '/api/registry', registry, text);
      const meta = JSON.parse(text) as { version: string; previous: { version: string; diff: { registries: Record<string, { removed: number }> } } };
      expect(meta.version).toBe(newVersion);
      expect(meta.previous.version).toBe(oldVersion);
      expect(meta.previous.diff.registries['MA-L'].removed).toBeGreaterThan(0);
      // The blocks' first-seen dates came through the update and the reload unmoved.
      for (const [mac, date] of [['00:03:93:ab:12:34', '2000-11-09'], ['b8:27:eb:00:00:01', '2012-02-11'], ['00:50:c2:00:01:23', '2008-07-30']]) {
        const answer = (await (await fetch(`${server.url}/api/mac/${mac}?fields=vendor.block.firstSeen`)).json()) as { vendor: { block: { firstSeen: { date: string } } } };
        expect(answer.vendor.block.firstSeen.date, mac).toBe(date);
      }
      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      expect(metrics).toMatch(/^mac_registry_reloads_total 1$/m);
      expect(metrics).toMatch(/^mac_registry_reload_failures_total 0$/m);
      expect(metrics).toContain(`mac_registry_info{version="${newVersion}"`);
    });

    it('a snapshot that fails to load is refused, and the one being served stays', async () => {
      // The vendor answers and the export follow the snapshot: rebuilt on reload (checked below).
      const registryView = async () => {
        const blocks = await fetch(`${server.url}/api/registry/blocks?format=nmap`);
        await blocks.arrayBuffer();
        const around = (await (await fetch(`${server.url}/api/vendors?prefix=${differing[0]}`)).json()) as { blocks: Array<{ mostSpecific?: true; vendor: { name: string } | null }> };
        return { etag: blocks.headers.get('etag'), version: blocks.headers.get('x-data-version'), vendor: around.blocks.find((b) => b.mostSpecific)?.vendor?.name ?? null };
      };
      const served = await registryView();
      expect(served.version).toBe(after.meta.version);
      expect(served.vendor).toBe(nameIn(after, differing[0]));
      writeFileSync(`${file}.tmp`, 'not a registry');
      renameSync(`${file}.tmp`, file);
      for (let i = 0; (await reloadFailures(server)) < 1; i++) {
        expect(i).toBeLessThan(100);
        await new Promise((r) => setTimeout(r, 50));
      }
      const r = await fetch(`${server.url}/api/mac/${differing[0]}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('x-data-version')).toBe(after.meta.version);
      expect(server.logs.some((l) => l.msg === 'registry reload failed; the snapshot being served is kept')).toBe(true);
      // A good file again: picked up.
      copyFileSync('data/registry.msgpack', `${file}.tmp`);
      renameSync(`${file}.tmp`, file);
      await waitForVersion(server, before.meta.version);
      // Each HTTP thread swaps on its own: ask until the one answering has.
      let reloaded = await registryView();
      for (let i = 0; i < 40 && reloaded.version !== before.meta.version; i++) {
        await new Promise((r) => setTimeout(r, 50));
        reloaded = await registryView();
      }
      expect(reloaded.version).toBe(before.meta.version);
      expect(reloaded.etag).not.toBe(served.etag);
      expect(reloaded.vendor).toBe(nameIn(before, differing[0]));
    });

    it('a file replaced as the service starts, before its watch begins, is read then', async () => {
      // The watch begins after the threads listen; the file is replaced as soon as they do, three
      // times: whether the replacement comes before the watch or after it, the new file is served.
      for (let round = 0; round < 3; round++) {
        const own = join(mkdtempSync(join(tmpdir(), 'mac-reload-start-')), 'registry.msgpack');
        copyFileSync('data/registry.msgpack', own);
        copyFileSync(join(dirname(file), 'expected.msgpack'), `${own}.tmp`);
        const other = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '0', REGISTRY_FILE: own });
        try {
          renameSync(`${own}.tmp`, own);
          await waitForVersion(other, after.meta.version);
        } finally {
          await other.stop();
        }
      }
    });

    it('SIGHUP reloads a file the watch cannot see (replaced behind a symbolic link)', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mac-sighup-'));
      const real = join(dir, 'real.msgpack');
      const link = join(mkdtempSync(join(tmpdir(), 'mac-sighup-link-')), 'registry.msgpack');
      copyFileSync('data/registry.msgpack', real);
      symlinkSync(real, link);
      const other = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '0', REGISTRY_FILE: link });
      try {
        // Replaced once the watch has begun: a file replaced before is read as it begins.
        for (let i = 0; !other.logs.some((l) => l.msg === 'registry file watched'); i++) {
          expect(i).toBeLessThan(200);
          await new Promise((r) => setTimeout(r, 25));
        }
        copyFileSync(join(dirname(file), 'expected.msgpack'), `${real}.tmp`);
        renameSync(`${real}.tmp`, real);
        await new Promise((r) => setTimeout(r, 400));
        expect(((await (await fetch(`${other.url}/readyz`)).json()) as { dataVersion: string }).dataVersion).toBe(before.meta.version);
        other.child.kill('SIGHUP');
        await waitForVersion(other, after.meta.version);
        expect(other.logs.some((l) => l.reason === 'SIGHUP' && l.msg === 'registry reloaded')).toBe(true);
      } finally {
        await other.stop();
      }
    });
  });

  describe("a replaced snapshot's memory", () => {
    // The index (12-14 MB of shared memory) and the decoded records of a replaced snapshot are
    // freed once every thread that held it has collected it (src/server/collect-garbage.ts).
    it('is collected by the main thread and each HTTP thread once they let go, and RSS does not climb with reloads', async () => {
      const RELOADS = 6;
      const own = join(mkdtempSync(join(tmpdir(), 'mac-reload-memory-')), 'registry.msgpack');
      copyFileSync('data/registry.msgpack', own);
      const files = ['data/registry.msgpack', join(dirname(file), 'expected.msgpack')];
      const versions = [before.meta.version, after.meta.version];
      // A warm pool on each snapshot (its workers hold the snapshot too, until the pool stops),
      // and glibc's threshold as `npm start` and the image set it.
      const s = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '2', POOL_THREADS: '1', POOL_WARM_UP: '1', REGISTRY_FILE: own, MALLOC_MMAP_THRESHOLD_: '131072' });
      try {
        const threads = Number(s.logs.find((l) => l.msg === 'listening')?.threads);
        const collected = () => s.logs.filter((l) => l.msg === 'replaced snapshot collected');
        const warm = () => s.logs.filter((l) => l.msg === 'pool warm').length;
        for (let i = 0; warm() < threads; i++) {
          expect(i).toBeLessThan(600);
          await new Promise((r) => setTimeout(r, 50));
        }
        const rssAtStart = rssMb(s.child.pid!);
        for (let reload = 1; reload <= RELOADS; reload++) {
          copyFileSync(files[reload % 2], `${own}.tmp`);
          renameSync(`${own}.tmp`, own);
          await waitForVersion(s, versions[reload % 2]);
          // Each HTTP thread, then the main thread once its pool has stopped.
          for (let i = 0; collected().length < reload * (threads + 1); i++) {
            expect(i, `collections after reload ${reload}`).toBeLessThan(400);
            await new Promise((r) => setTimeout(r, 50));
          }
        }
        const byThread = new Map<string, number>();
        for (const l of collected()) byThread.set(String(l.thread), (byThread.get(String(l.thread)) ?? 0) + 1);
        expect(Object.fromEntries(byThread)).toEqual(Object.fromEntries([...Array.from({ length: threads }, (_, i) => String(i)), 'main'].map((t) => [t, RELOADS])));
        // The last pool's workers end and the allocator returns what they held within a second or
        // two (measured: +20 to +35 MB then); without the collections RSS stays 110 MB and more
        // above the start for minutes, until V8 collects on its own.
        const settled = Date.now();
        let growth = rssMb(s.child.pid!) - rssAtStart;
        while (growth >= 60 && Date.now() - settled < 10_000) {
          await new Promise((r) => setTimeout(r, 250));
          growth = rssMb(s.child.pid!) - rssAtStart;
        }
        process.stdout.write(`reload memory (${engine}): RSS ${rssAtStart.toFixed(0)} MB after start, ${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB ${Date.now() - settled} ms after the ${RELOADS}th reload's collections\n`);
        expect(growth).toBeLessThan(60);
      } finally {
        await s.stop();
      }
    });
  });

  describe('the in-process updater (REGISTRY_UPDATE_INTERVAL)', () => {
    // A service on a registry file a day old, updating hourly from the local site.
    const withStaleFile = (extra: Record<string, string> = {}) => {
      const own = join(mkdtempSync(join(tmpdir(), 'mac-interval-')), 'registry.msgpack');
      copyFileSync('data/registry.msgpack', own);
      const dayAgo = new Date(Date.now() - 86_400_000);
      utimesSync(own, dayAgo, dayAgo);
      return startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '0', REGISTRY_FILE: own, REGISTRY_UPDATE_INTERVAL: '1h', REGISTRY_UPDATE_URL: site.base, ...extra });
    };

    it('updates a file older than the interval soon after start, then serves what it installed', async () => {
      const s = await withStaleFile({ REGISTRY_UPDATE_MAX_SHRINK: '0.5' });
      try {
        await waitForVersion(s, after.meta.version);
        expect(s.logs.some((l) => l.msg === 'registry update downloaded')).toBe(true);
        expect(s.logs.some((l) => l.reason === 'update' || l.reason === 'file replaced')).toBe(true);
      } finally {
        await s.stop();
      }
    });

    it('a refused update is logged, and the snapshot being served stays', async () => {
      // Without a larger shrink allowance, Debian's 2022 files are fewer blocks than the default build.
      const s = await withStaleFile();
      try {
        for (let i = 0; !s.logs.some((l) => l.msg === 'registry update refused; the snapshot being served is kept'); i++) {
          expect(i).toBeLessThan(200);
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(s.logs.find((l) => l.msg === 'registry update refused; the snapshot being served is kept')?.reason).toMatch(/would shrink/);
        expect(((await (await fetch(`${s.url}/readyz`)).json()) as { dataVersion: string }).dataVersion).toBe(before.meta.version);
      } finally {
        await s.stop();
      }
    });
  });

  async function reloadFailures(s: RunningServer): Promise<number> {
    return Number(/^mac_registry_reload_failures_total (\d+)$/m.exec(await (await fetch(`${s.url}/metrics`)).text())?.[1]);
  }

  // Up to 20 s: an update downloads and builds a registry (about 2 s alone here, 5 s and more
  // beside another suite on 2 cores); how soon a reload is picked up is bounded above.
  async function waitForVersion(s: RunningServer, version: string): Promise<void> {
    for (let i = 0; ; i++) {
      const ready = (await (await fetch(`${s.url}/readyz`)).json()) as { dataVersion: string };
      if (ready.dataVersion === version) return;
      // On a timeout, what the service last said of reloads, pools and snapshots: why it did not switch.
      if (i >= 400) expect.fail(`waiting for ${version}; the service's last lines: ${JSON.stringify(s.logs.slice(-12).map((l) => [l.thread, l.msg, l.dataVersion ?? l.reason ?? l.err]))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
});
