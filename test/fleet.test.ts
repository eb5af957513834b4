/**
 * A fleet on one registry (contract v1.6): a builder serves its snapshot
 * (GET /api/registry/snapshot), followers (REGISTRY_SOURCE) fetch it, check it and switch to it.
 * The follower's poll against a stand-in source that fails every way a source can (HTML, 5xx,
 * a tampered or truncated file, an unknown format, a redirect loop, silence), in process; then
 * real services: a follower that starts with no file, a follower whose source is down at start,
 * and a whole fleet behind HAProxy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reprDigest, SNAPSHOT_TYPE } from '../src/registry/snapshot-file.js';
import { RegistryFollower } from '../src/server/registry-follower.js';
import { createReloadStatsBuffer, ReloadStats } from '../src/server/reload-stats.js';
import { probePort } from '../src/server/probe-port.js';
import { startIeeeSite } from './helpers/ieee-site.js';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('fleet');
const SNAPSHOT = readFileSync('data/registry.msgpack');
const version = (s: RunningServer) => fetch(`${s.url}/api/registry`).then(async (r) => (await r.json()) as { version: string; sync?: Record<string, unknown> });

describe('the follower against a source that fails', () => {
  type Mode = 'ok' | 'html' | '500' | 'tampered' | 'truncated' | 'unknown' | 'loop' | 'silent' | 'oversized' | 'chunked';
  let mode: Mode = 'ok';
  let oversize = 0;
  let source: Server;
  let url: string;
  const requests: Array<string | undefined> = [];
  beforeAll(async () => {
    source = createServer((req, res) => {
      requests.push(req.headers['if-none-match']);
      const send = (bytes: Uint8Array, digest = reprDigest(bytes)) => {
        res.writeHead(200, { 'Content-Type': SNAPSHOT_TYPE, 'Content-Length': bytes.byteLength, ETag: '"v1"', 'Repr-Digest': digest });
        res.end(bytes);
      };
      if (mode === 'ok') {
        if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
        return send(SNAPSHOT);
      }
      if (mode === 'html') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>Maintenance</html>');
      if (mode === '500') return void res.writeHead(500).end('oops');
      if (mode === 'tampered') {
        const bad = Buffer.from(SNAPSHOT);
        bad[bad.length - 100] ^= 1;
        return send(bad, reprDigest(SNAPSHOT));
      }
      if (mode === 'truncated') {
        res.writeHead(200, { 'Content-Type': SNAPSHOT_TYPE, 'Content-Length': SNAPSHOT.byteLength });
        res.write(SNAPSHOT.subarray(0, 100_000));
        return void setTimeout(() => res.destroy(), 50);
      }
      // A header of a later format: {"format": 99}.
      if (mode === 'unknown') return send(Buffer.from('\xce\x00\x00\x00\x09\x81\xa6format\x63', 'latin1'));
      if (mode === 'loop') return void res.writeHead(302, { Location: req.url }).end();
      if (mode === 'oversized') return void res.writeHead(200, { 'Content-Type': SNAPSHOT_TYPE, 'Content-Length': oversize }).end();
      if (mode === 'chunked') {
        res.writeHead(200, { 'Content-Type': SNAPSHOT_TYPE });
        for (let at = 0; at < SNAPSHOT.byteLength; at += 1 << 20) res.write(SNAPSHOT.subarray(at, at + (1 << 20)));
        return void res.end();
      }
      // silent: headers never come
    });
    await new Promise<void>((r) => source.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(source.address() as AddressInfo).port}/snapshot`;
  });
  afterAll(() => {
    source.closeAllConnections();
    source.close();
  });

  const follower = (file: string, served: () => string | null = () => null) =>
    new RegistryFollower({ source: url, file, intervalMs: 5000, timeoutMs: 1000, maxBytes: 64 * 1024 * 1024, logger: pino({ level: 'silent' }), stats: new ReloadStats(createReloadStatsBuffer()), served, reload: async () => undefined });

  it('fetches the snapshot once, then asks with If-None-Match and downloads nothing when it is unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mac-follow-'));
    const file = join(dir, 'registry.msgpack');
    mode = 'ok';
    const f = follower(file);
    expect(await f.fetchOnce()).toBe('updated');
    expect(readFileSync(file).equals(SNAPSHOT)).toBe(true);
    const first = requests.length;
    expect(await f.fetchOnce()).toBe('unchanged');
    expect(requests.slice(first)).toEqual(['"v1"']);
  });

  it.each(['html', '500', 'tampered', 'truncated', 'unknown', 'loop', 'silent'] as const)('a source that answers %s fails the sync and leaves the file as it was', async (m) => {
    const dir = mkdtempSync(join(tmpdir(), 'mac-follow-'));
    const file = join(dir, 'registry.msgpack');
    copyFileSync('data/registry.msgpack', file);
    const before = statSync(file).mtimeMs;
    mode = m;
    const reasons = { html: /text\/html/, '500': /HTTP 500/, tampered: /SHA-256/, truncated: /whole|bytes of the/, unknown: /format 99, written by a later version/, loop: /redirect/, silent: /no answer within 1000 ms/ };
    await expect(follower(file).fetchOnce()).rejects.toThrow(reasons[m]);
    expect(statSync(file).mtimeMs).toBe(before);
    expect(readdirCount(dir)).toBe(1); // no temporary file left
  });

  it('takes a snapshot of SNAPSHOT_MAX_BYTES and refuses one byte more, as announced and as sent; by default 4 times the file held, at least 64 MiB', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mac-follow-'));
    mode = 'ok';
    const bounded = (file: string, maxBytes: number | null) => new RegistryFollower({ source: url, file, intervalMs: 5000, timeoutMs: 1000, maxBytes, logger: pino({ level: 'silent' }), stats: new ReloadStats(createReloadStatsBuffer()), served: () => null, reload: async () => undefined });
    await expect(bounded(join(dir, 'under.msgpack'), SNAPSHOT.byteLength - 1).fetchOnce()).rejects.toThrow(`the snapshot is ${SNAPSHOT.byteLength} bytes, over the ${SNAPSHOT.byteLength - 1} taken (SNAPSHOT_MAX_BYTES)`);
    expect(await bounded(join(dir, 'exact.msgpack'), SNAPSHOT.byteLength).fetchOnce()).toBe('updated');
    // The file held: 4 times its size when that is past 64 MiB.
    const big = join(dir, 'big.msgpack');
    writeFileSync(big, Buffer.alloc(20 * 1024 * 1024));
    mode = 'oversized';
    oversize = 80 * 1024 * 1024 + 1;
    await expect(bounded(big, null).fetchOnce()).rejects.toThrow(`the snapshot is ${oversize} bytes, over the ${80 * 1024 * 1024} taken`);
    await expect(bounded(join(dir, 'none.msgpack'), null).fetchOnce()).rejects.toThrow(`over the ${64 * 1024 * 1024} taken`);
    // As sent, with no Content-Length.
    mode = 'chunked';
    await expect(bounded(join(dir, 'chunked.msgpack'), SNAPSHOT.byteLength - 1).fetchOnce()).rejects.toThrow(`the snapshot is over the ${SNAPSHOT.byteLength - 1} bytes taken (SNAPSHOT_MAX_BYTES)`);
    expect(await bounded(join(dir, 'chunked.msgpack'), SNAPSHOT.byteLength).fetchOnce()).toBe('updated');
  });

  it('counts a failed sync, and a later one that succeeds clears the start timeout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mac-follow-'));
    copyFileSync('data/registry.msgpack', join(dir, 'r.msgpack')); // a file to serve once the start gives up
    const stats = new ReloadStats(createReloadStatsBuffer());
    mode = '500';
    const f = new RegistryFollower({ source: url, file: join(dir, 'r.msgpack'), intervalMs: 5000, timeoutMs: 1000, maxBytes: 1 << 26, logger: pino({ level: 'silent' }), stats, served: () => null, reload: async () => undefined });
    expect(await f.initial(300)).toBe('timed-out');
    expect(stats.syncStatus(url)).toMatchObject({ lastResult: 'failed', startTimedOut: true });
    expect(stats.syncStatus(url).failures).toBeGreaterThanOrEqual(1);
    mode = 'ok';
    expect(await f.syncOnce()).toBe(true);
    expect(stats.syncStatus(url)).toMatchObject({ lastResult: 'unchanged', startTimedOut: false });
    expect(stats.render()).toMatch(/^mac_registry_syncs_total\{result="unchanged"\} 1$/m);
  });
});

function readdirCount(dir: string): number {
  return existsSync(dir) ? readdirSync(dir).length : 0;
}

describe.runIf(READY).each(ENGINES)('a builder and its followers (%s engine)', (engine) => {
  let builder: RunningServer;
  let builderFile: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mac-fleet-'));
    builderFile = join(dir, 'registry.msgpack');
    copyFileSync('data/registry.msgpack', builderFile);
    builder = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '0', REGISTRY_FILE: builderFile });
  });
  afterAll(async () => {
    await builder?.stop();
  });

  it('serves its snapshot: the file, its ETag, a 304, HEAD, and a Repr-Digest of its bytes', async () => {
    const { version: v } = await version(builder);
    const got = await fetch(`${builder.url}/api/registry/snapshot`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe(SNAPSHOT_TYPE);
    expect(got.headers.get('etag')).toBe(`"${v}"`);
    const bytes = new Uint8Array(await got.arrayBuffer());
    expect(Buffer.from(bytes).equals(readFileSync(builderFile))).toBe(true);
    expect(got.headers.get('repr-digest')).toBe(reprDigest(bytes));
    expect(Number(got.headers.get('content-length'))).toBe(bytes.byteLength);
    expect((await fetch(`${builder.url}/api/registry/snapshot`, { headers: { 'If-None-Match': `"${v}"` } })).status).toBe(304);
    const head = await fetch(`${builder.url}/api/registry/snapshot`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));
  });

  it('a follower with no file starts on the builder\'s snapshot, and says so in /api/registry, /readyz and /metrics', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mac-follower-'));
    const follower = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '0', REGISTRY_FILE: join(dir, 'registry.msgpack'), REGISTRY_SOURCE: `${builder.url}/api/registry/snapshot`, REGISTRY_SYNC_INTERVAL: '5s' });
    try {
      const start = await version(follower);
      expect(start.version).toBe((await version(builder)).version);
      expect(start.sync).toMatchObject({ source: `${builder.url}/api/registry/snapshot`, lastResult: 'updated', startTimedOut: false });
      const ready = (await (await fetch(`${follower.url}/readyz`)).json()) as { sync: { lastResult: string } };
      expect(ready.sync.lastResult).toBe('updated');
      expect(readFileSync(join(dir, 'registry.msgpack')).equals(readFileSync(builderFile))).toBe(true);
      const metrics = await (await fetch(`${follower.url}/metrics`)).text();
      expect(metrics).toMatch(/^mac_registry_syncs_total\{result="updated"\} 1$/m);
      expect(metrics).toMatch(/^mac_registry_sync_failures_total 0$/m);
    } finally {
      await follower.stop();
    }
  });

  it('a builder whose volume is new starts from the fleet\'s snapshot (REGISTRY_SOURCE beside REGISTRY_UPDATE_INTERVAL), then follows no further: it runs the updater', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mac-seeded-'));
    const fleet = (await version(builder)).version;
    const seeded = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '0', REGISTRY_FILE: join(dir, 'registry.msgpack'), REGISTRY_SOURCE: `${builder.url}/api/registry/snapshot`, REGISTRY_UPDATE_INTERVAL: '1d' });
    try {
      expect((await version(seeded)).version).toBe(fleet);
      await waitFor(async () => (seeded.logs.some((l) => l.msg === 'registry updates scheduled') ? true : null), 5000);
      expect(seeded.logs.some((l) => l.msg === 'registry source followed')).toBe(false);
    } finally {
      await seeded.stop();
    }
  });

  it('a follower whose source is down at start serves its own file after REGISTRY_SYNC_START_TIMEOUT, says so, and converges once the source is back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mac-follower-'));
    copyFileSync('data/registry.msgpack', join(dir, 'registry.msgpack'));
    const down = createServer((_req, res) => void res.writeHead(503).end());
    await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
    const port = (down.address() as AddressInfo).port;
    const follower = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '0', REGISTRY_FILE: join(dir, 'registry.msgpack'), REGISTRY_SOURCE: `http://127.0.0.1:${port}/api/registry/snapshot`, REGISTRY_SYNC_INTERVAL: '5s', REGISTRY_SYNC_START_TIMEOUT: '1s' });
    try {
      const ready = await fetch(`${follower.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { sync: unknown }).sync).toMatchObject({ lastResult: 'failed', startTimedOut: true });
      expect(await (await fetch(`${follower.url}/metrics`)).text()).toMatch(/^mac_registry_sync_start_timed_out 1$/m);
      expect((await fetch(`${follower.url}/api/mac/00:03:93:ab:12:34`)).status).toBe(200);
      // The source comes back as the builder (same port).
      down.closeAllConnections();
      await new Promise((r) => down.close(r));
      const proxy = createServer((req, res) => void fetch(`${builder.url}${req.url}`, { headers: req.headers['if-none-match'] ? { 'If-None-Match': req.headers['if-none-match'] } : {} }).then(async (r) => {
        res.writeHead(r.status, Object.fromEntries(r.headers));
        res.end(Buffer.from(await r.arrayBuffer()));
      }));
      await new Promise<void>((r) => proxy.listen(port, '127.0.0.1', r));
      try {
        const target = (await version(builder)).version;
        await waitFor(async () => ((await version(follower)).version === target && (await version(follower)).sync?.startTimedOut === false ? true : null), 12_000);
      } finally {
        proxy.close();
      }
    } finally {
      await follower.stop();
    }
  }, 40_000);
});

async function waitFor<T>(probe: () => Promise<T | null>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got !== null) return got;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The whole fleet: a stand-in IEEE site that honours ETags, a builder updated from it, three
 * followers behind Debian's HAProxy (the shipped config, with the three as its servers), and GETs
 * through the balancer all along: a new snapshot, a follower restarted from the image's file,
 * and an update with nothing new.
 */
describe.runIf(READY).each(ENGINES)('a builder, three followers and HAProxy (%s engine)', (engine) => {
  const INTERVAL_MS = 5000;
  let site: Awaited<ReturnType<typeof startIeeeSite>>;
  let extra = '';
  let dir: string;
  let builder: RunningServer;
  const followers: RunningServer[] = [];
  let haproxy: ChildProcess;
  let balancer: string;
  // The builder's snapshot as the followers ask for it, through a proxy that counts what it sent.
  let source: Server;
  const sent = { statuses: [] as number[], bytes: 0 };
  const update = () =>
    new Promise<number | null>((resolve) => spawn(process.execPath, ['dist/src/cli/main.js', 'update', '--base-url', site.base, '--registry-file', join(dir, 'builder.msgpack'), '--max-shrink', '0.5'], { stdio: 'ignore' }).on('exit', resolve));
  const startFollower = (i: number, port = '0') =>
    startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '0', PORT: port, SHUTDOWN_DELAY_MS: '2000', REGISTRY_FILE: join(dir, `follower-${i}.msgpack`), REGISTRY_SOURCE: `http://127.0.0.1:${(source.address() as AddressInfo).port}/api/registry/snapshot`, REGISTRY_SYNC_INTERVAL: '5s' });

  beforeAll(async () => {
    // The site serves the machine's IEEE files, with one more MA-L row once `extra` is set.
    site = await startIeeeSite((file, req, res, text) => {
      if (file !== 'oui.csv' || extra === '') return false;
      if (req.headers['if-none-match'] === '"with-extra"') {
        res.writeHead(304, { ETag: '"with-extra"' }).end();
        return true;
      }
      site.sent.bytes += Buffer.byteLength(text + extra);
      res.writeHead(200, { 'Content-Type': 'text/csv', 'Last-Modified': 'Fri, 14 Nov 2025 08:00:00 GMT', ETag: '"with-extra"' }).end(text + extra);
      return true;
    });
    dir = mkdtempSync(join(tmpdir(), 'mac-haproxy-fleet-'));
    copyFileSync('data/registry.msgpack', join(dir, 'builder.msgpack'));
    expect(await update()).toBe(0); // the builder's first snapshot of the site's files
    builder = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '0', REGISTRY_FILE: join(dir, 'builder.msgpack') });
    source = createServer((req, res) => void fetch(`${builder.url}${req.url}`, { headers: req.headers['if-none-match'] ? { 'If-None-Match': req.headers['if-none-match'] } : {} }).then(async (r) => {
      const body = Buffer.from(await r.arrayBuffer());
      sent.statuses.push(r.status);
      sent.bytes += body.byteLength;
      res.writeHead(r.status, Object.fromEntries(r.headers));
      res.end(body);
    }));
    await new Promise<void>((r) => source.listen(0, '127.0.0.1', r));
    for (let i = 0; i < 3; i++) {
      copyFileSync('data/registry.msgpack', join(dir, `follower-${i}.msgpack`)); // the image's file
      followers.push(await startFollower(i));
    }
    const port = await probePort();
    const shipped = readFileSync('deploy/haproxy/haproxy.cfg', 'utf8');
    const servers = followers.map((f, i) => `    server follower${i} 127.0.0.1:${f.port} check inter 500ms`).join('\n');
    const config = shipped.replace(/^\s*bind :80$/m, `    bind 127.0.0.1:${port}`).replace(/^\s*server service1 .*$/m, servers);
    writeFileSync(join(dir, 'haproxy.cfg'), config);
    haproxy = spawn('/usr/sbin/haproxy', ['-f', join(dir, 'haproxy.cfg'), '-db'], { stdio: 'ignore' });
    balancer = `http://127.0.0.1:${port}`;
    await waitFor(async () => ((await fetch(`${balancer}/api/mac/000393ab1234`).then((r) => r.status, () => 0)) === 200 ? true : null), 10_000);
  }, 120_000);
  afterAll(async () => {
    haproxy?.kill();
    await Promise.all([builder, ...followers].map((s) => s?.stop()));
    source?.closeAllConnections();
    source?.close();
    await site?.close();
  });

  // GETs through the balancer until stopped: each answer's status and X-Data-Version, and connection errors.
  function steadyGets(): { readonly versions: readonly string[]; stop: () => Promise<{ statuses: number[]; versions: string[]; errors: number }> } {
    let running = true;
    const statuses: number[] = [];
    const versions: string[] = [];
    let errors = 0;
    const loop = (async () => {
      while (running) {
        try {
          const r = await fetch(`${balancer}/api/mac/00:03:93:ab:12:34`);
          await r.arrayBuffer();
          statuses.push(r.status);
          versions.push(r.headers.get('x-data-version') ?? '');
        } catch {
          errors++;
        }
      }
    })();
    return {
      versions,
      stop: async () => {
        running = false;
        await loop;
        return { statuses, versions, errors };
      },
    };
  }
  const versionOf = async (s: RunningServer) => ((await (await fetch(`${s.url}/api/registry`)).json()) as { version: string }).version;

  it('every follower starts on the builder\'s snapshot, not the image\'s', async () => {
    const v = await versionOf(builder);
    expect(await Promise.all(followers.map(versionOf))).toEqual([v, v, v]);
  });

  it('a new snapshot reaches every follower within the interval + 3 s of the builder\'s reload; then one version through the balancer; no failed request', async () => {
    const gets = steadyGets();
    const old = await versionOf(builder);
    extra = 'MA-L,FCFFA0,Brand New Inc,"1 Test Street, Testville US 00001"\n';
    expect(await update()).toBe(0);
    const target = await waitFor(async () => {
      const v = await versionOf(builder);
      return v !== old ? v : null;
    }, 5000);
    const reloaded = Date.now();
    await waitFor(async () => ((await Promise.all(followers.map(versionOf))).every((v) => v === target) ? true : null), INTERVAL_MS * 1.1 + 3000);
    const took = Date.now() - reloaded;
    // Some GETs through the balancer after the switch, before they stop.
    await waitFor(async () => (gets.versions.filter((v) => v === target).length >= 20 ? true : null), 5000);
    const during = await gets.stop();
    expect(took).toBeLessThan(INTERVAL_MS * 1.1 + 3000);
    expect(during.errors).toBe(0);
    expect(during.statuses.filter((s) => s !== 200)).toEqual([]);
    // After the switch: one version through the balancer.
    const after = await Promise.all(Array.from({ length: 30 }, () => fetch(`${balancer}/api/mac/00:03:93:ab:12:34`).then((r) => r.headers.get('x-data-version'))));
    expect(new Set(after)).toEqual(new Set([target]));
    // The answers for the new block come from the new snapshot.
    const brandNew = (await (await fetch(`${balancer}/api/mac/fc:ff:a0:00:00:01?fields=vendor.name`)).json()) as { vendor: { name: string } | null };
    expect(brandNew.vendor?.name).toBe('Brand New Inc');
  }, 60_000);

  it('a follower restarted from the image\'s file is ready only on the fleet\'s version, with no failed request through the balancer', async () => {
    const gets = steadyGets();
    const fleet = await versionOf(builder);
    const port = String(followers[0].port);
    await followers[0].stop();
    copyFileSync('data/registry.msgpack', join(dir, 'follower-0.msgpack'));
    followers[0] = await startFollower(0, port);
    const ready = (await (await fetch(`${followers[0].url}/readyz`)).json()) as { status: string; dataVersion: string };
    expect(ready).toMatchObject({ status: 'ready', dataVersion: fleet });
    // HAProxy's checks see it up again: it answers GETs through the balancer.
    const served = async () => Number(/^mac_http_requests_total\{route="analysis",status="2xx"\} (\d+)$/m.exec(await (await fetch(`${followers[0].url}/metrics`)).text())?.[1] ?? 0);
    await waitFor(async () => ((await served()) >= 5 ? true : null), 10_000);
    const during = await gets.stop();
    expect(during.errors).toBe(0);
    expect(during.statuses.filter((s) => s !== 200)).toEqual([]);
    expect(new Set(during.versions)).toEqual(new Set([fleet]));
  }, 60_000);

  it('an update with nothing new downloads under 10 KB, builds nothing, and the followers download nothing', async () => {
    const [bytes, answers] = [site.sent.bytes, site.sent.statuses.length];
    const version = await versionOf(builder);
    expect(await update()).toBe(0);
    expect(site.sent.bytes - bytes).toBeLessThan(10_000);
    expect(site.sent.statuses.slice(answers).every((s) => s === 304)).toBe(true);
    // Every follower asks again meanwhile (at least three asks), and gets a 304: no byte of a snapshot is sent.
    const [asked, sentBytes] = [sent.statuses.length, sent.bytes];
    await waitFor(async () => (sent.statuses.length - asked >= followers.length ? true : null), INTERVAL_MS * 2.2);
    expect(await versionOf(builder)).toBe(version);
    expect(sent.statuses.slice(asked).every((s) => s === 304)).toBe(true);
    expect(sent.bytes - sentBytes).toBe(0);
  }, 60_000);
});
