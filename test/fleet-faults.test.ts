/**
 * A fleet that a bad builder cannot break (contract v1.7). One stand-in builder misbehaves in
 * every way a builder can: hostile metadata (a version that would inject a header, a number, 1 MB
 * of text), a byte flipped with no digest, an error status, an HTML page, random bytes, a wrong
 * digest, a truncated body, no answer, a 2 GB Content-Length, a redirect loop, a gzip bomb. A
 * follower on each engine follows it, with GETs all along. For each fault: the version is kept,
 * the follower stays ready and answers every GET with 200, the failure is counted and logged
 * with its reason; then a good snapshot is taken within the interval + 3 s. Then the start
 * against a source that hangs, refuses, or leaves a follower with no file: alive at once (before
 * the shipped startupProbe gives up), ready when the source answers or the start deadline passes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reprDigest, SNAPSHOT_TYPE } from '../src/registry/snapshot-file.js';
import { probePort } from '../src/server/probe-port.js';
import { ENGINES, startExpectingFailure, startServer, type RunningServer } from './helpers/server.js';
import { flipped, relabelled, versionOf, withMeta } from './helpers/snapshots.js';

const SNAPSHOT = readFileSync('data/registry.msgpack');
const INTERVAL_MS = 5000;

type Serve = (req: IncomingMessage, res: ServerResponse, next: Buffer) => void;

// Sends `bytes` as a snapshot, with `digest` as its Repr-Digest (none when null).
function send(res: ServerResponse, bytes: Uint8Array, digest: string | null = reprDigest(bytes)): void {
  res.writeHead(200, { 'Content-Type': SNAPSHOT_TYPE, 'Content-Length': bytes.byteLength, ...(digest ? { 'Repr-Digest': digest } : {}) });
  res.end(bytes);
}

// A pseudo-random body (not a registry file), the same on every run.
const NOISE = Buffer.from(Array.from({ length: 100_000 }, (_, i) => (i * 2654435761) >>> 24));

/** Each fault: what the builder sends (`next` is the snapshot it should have sent), and the reason the follower logs. */
const FAULTS: ReadonlyArray<readonly [string, Serve, RegExp]> = [
  ['a version that would inject a header (its own valid digest)', (_q, res, next) => send(res, withMeta(next, (m) => (m.version = 'evil\r\nX-Injected: yes'))), /corrupt header: metadata member "version" must match pattern/],
  ['a version that is a number', (_q, res, next) => send(res, withMeta(next, (m) => (m.version = 42))), /metadata member "version" must be string/],
  ['a version of 1 MB', (_q, res, next) => send(res, withMeta(next, (m) => (m.version = 'v'.repeat(1 << 20)))), /metadata member "version" must match pattern/],
  ['a byte flipped in its records, no digest (the next version\'s label)', (_q, res, next) => send(res, flipped(next, -100), null), /its content hashes to [0-9a-f]{12}, not to the [0-9a-f]{12} its version claims/],
  ['an error status', (_q, res) => void res.writeHead(500).end('oops'), /HTTP 500/],
  ['an HTML page', (_q, res) => void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>Maintenance</html>'), /the answer is text\/html/],
  ['random bytes', (_q, res) => send(res, NOISE, null), /not a registry file|corrupt|truncated|format/],
  ['a wrong digest', (_q, res, next) => send(res, next, reprDigest(SNAPSHOT)), /SHA-256 is not the one its Repr-Digest says/],
  ['a truncated body', (_q, res, next) => {
    res.writeHead(200, { 'Content-Type': SNAPSHOT_TYPE, 'Content-Length': next.byteLength });
    res.write(next.subarray(0, 100_000));
    setTimeout(() => res.destroy(), 50);
  }, /did not arrive whole|bytes of the/],
  ['no answer', () => undefined, /no answer within 5000 ms/],
  ['a 2 GB Content-Length', (_q, res) => {
    res.writeHead(200, { 'Content-Type': SNAPSHOT_TYPE, 'Content-Length': 2 ** 31 });
    res.write(NOISE);
  }, /the snapshot is 2147483648 bytes, over the 67108864 taken/],
  ['a redirect loop', (req, res) => void res.writeHead(302, { Location: req.url }).end(), /redirect/],
  ['a gzip bomb (100 MB of zeros, sent gzipped)', (_q, res) => {
    const bomb = gzipSync(Buffer.alloc(100 * 1024 * 1024));
    res.writeHead(200, { 'Content-Type': SNAPSHOT_TYPE, 'Content-Encoding': 'gzip', 'Content-Length': bomb.byteLength });
    res.end(bomb);
  }, /over the 67108864 bytes taken/],
];

async function waitFor<T>(probe: () => Promise<T | null>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got !== null) return got;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const get = (url: string) => fetch(url).then(async (r) => ({ status: r.status, body: await r.text(), headers: r.headers }));
const versionAt = async (s: RunningServer) => (JSON.parse((await get(`${s.url}/api/registry`)).body) as { version: string }).version;
const failuresAt = async (s: RunningServer) => Number(/^mac_registry_sync_failures_total (\d+)$/m.exec((await get(`${s.url}/metrics`)).body)?.[1]);

describe('a follower on each engine, against a builder that fails in every way', () => {
  let source: Server;
  let serve: Serve | null = null; // null: the good snapshot
  let next = relabelled(SNAPSHOT, 'fault-start');
  const followers: Array<readonly [string, RunningServer]> = [];
  let running = true;
  const answers: Array<{ engine: string; status: number; version: string }> = [];
  let errors = 0;
  let loops: Promise<void>[] = [];

  beforeAll(async () => {
    source = createServer((req, res) => {
      if (serve !== null) return serve(req, res, next);
      if (req.headers['accept-encoding'] !== 'identity') return void res.writeHead(400).end('a follower asks for the identity encoding');
      send(res, next);
    });
    await new Promise<void>((r) => source.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(source.address() as AddressInfo).port}/api/registry/snapshot`;
    const dir = mkdtempSync(join(tmpdir(), 'mac-fleet-faults-'));
    for (const engine of ENGINES) {
      const file = join(dir, `${engine}.msgpack`);
      copyFileSync('data/registry.msgpack', file);
      followers.push([engine, await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '0', REGISTRY_FILE: file, REGISTRY_SOURCE: url, REGISTRY_SYNC_INTERVAL: '5s' })]);
    }
    for (const [engine, s] of followers) expect(await versionAt(s), engine).toBe(versionOf(next));
    loops = followers.map(async ([engine, s]) => {
      while (running) {
        try {
          const r = await fetch(`${s.url}/api/mac/00:03:93:ab:12:34?fields=vendor.name`);
          await r.arrayBuffer();
          answers.push({ engine, status: r.status, version: r.headers.get('x-data-version') ?? '' });
        } catch {
          errors++;
        }
      }
    });
  }, 60_000);

  afterAll(async () => {
    running = false;
    await Promise.all(loops);
    await Promise.all(followers.map(([, s]) => s.stop()));
    source?.closeAllConnections();
    source?.close();
  });

  it.each(FAULTS.map(([name, s, reason], i) => [name, s, reason, i] as const))('%s: the version is kept, ready, every GET 200, the failure counted and logged; then a good snapshot taken within the interval + 3 s', async (name, fault, reason, i) => {
    const held = versionOf(next);
    const before = await Promise.all(followers.map(([, s]) => failuresAt(s)));
    const logged = followers.map(([, s]) => s.logs.length);
    const getsBefore = answers.length;
    next = relabelled(SNAPSHOT, `fault-${i}`);
    serve = fault;
    await waitFor(async () => ((await Promise.all(followers.map(([, s], k) => failuresAt(s).then((n) => n > before[k])))).every(Boolean) ? true : null), INTERVAL_MS * 1.1 + 5000 + 2000, `${name}: a failed sync on every follower`);
    for (const [k, [engine, s]] of followers.entries()) {
      expect(await versionAt(s), engine).toBe(held);
      const ready = await get(`${s.url}/readyz`);
      expect(ready.status, engine).toBe(200);
      const failure = s.logs.slice(logged[k]).find((l) => l.msg === 'registry sync failed; the snapshot being served is kept');
      expect(String(failure?.reason), engine).toMatch(reason);
    }
    serve = null;
    const switched = Date.now();
    await waitFor(async () => ((await Promise.all(followers.map(([, s]) => versionAt(s)))).every((v) => v === versionOf(next)) ? true : null), INTERVAL_MS * 1.1 + 3000, `${name}: the good snapshot on every follower`);
    expect(Date.now() - switched).toBeLessThan(INTERVAL_MS * 1.1 + 3000);
    const during = answers.slice(getsBefore);
    expect(during.length).toBeGreaterThan(10);
    expect(during.filter((a) => a.status !== 200)).toEqual([]);
    expect(during.every((a) => a.version === held || a.version === versionOf(next))).toBe(true);
  }, 60_000);

  it('takes a good snapshot that its source sends gzipped anyway (a bucket or a CDN), bounded as sent and as decoded', async () => {
    next = relabelled(SNAPSHOT, 'gzipped');
    serve = (_q, res, bytes) => {
      const zipped = gzipSync(bytes);
      res.writeHead(200, { 'Content-Type': SNAPSHOT_TYPE, 'Content-Encoding': 'gzip', 'Content-Length': zipped.byteLength });
      res.end(zipped);
    };
    try {
      await waitFor(async () => ((await Promise.all(followers.map(([, s]) => versionAt(s)))).every((v) => v === versionOf(next)) ? true : null), INTERVAL_MS * 1.1 + 3000, 'the gzipped snapshot');
    } finally {
      serve = null;
    }
  }, 30_000);

  it('answered every GET with 200 and its version header as the document allows, with no connection error, all along', () => {
    expect(errors).toBe(0);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.every((a) => /^[A-Za-z0-9._+-]{1,64}$/.test(a.version))).toBe(true);
    for (const [engine] of followers) expect(answers.filter((a) => a.engine === engine).length).toBeGreaterThan(100);
  });
});

/** A service process started without waiting for it to serve (its port chosen first), with its JSON log lines. */
interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  readonly spawnedAt: number;
  readonly logs: Array<Record<string, unknown>>;
  stop(): Promise<void>;
}

async function spawnFollower(env: Record<string, string>): Promise<Started> {
  const port = await probePort();
  const child = spawn(process.execPath, ['dist/src/server/main.js'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', HTTP_THREADS: '1', POOL_THREADS: '0', POOL_WARM_UP: '0', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const spawnedAt = Date.now();
  const logs: Array<Record<string, unknown>> = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // not a log line
    }
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return { child, url: `http://127.0.0.1:${port}`, spawnedAt, logs, stop: () => (child.kill('SIGTERM'), exited) };
}

// Milliseconds from the spawn until `path` answers `status`.
async function msUntil(s: Started, path: string, status: number, within: number): Promise<number> {
  await waitFor(() => fetch(`${s.url}${path}`).then((r) => (r.status === status ? true : null), () => null), within, `${path} ${status}`);
  return Date.now() - s.spawnedAt;
}

// The shipped Deployment's startupProbe: how long a start may take before the kubelet restarts the pod.
function startupBudgetMs(): number {
  const docs = readFileSync('deploy/kubernetes/deployment.yaml', 'utf8').split(/^---$/m).map((d) => parse(d) as { kind?: string; spec?: { template: { spec: { containers: Array<{ startupProbe?: { periodSeconds: number; failureThreshold: number; httpGet: { path: string } } }> } } } });
  const probe = docs.find((d) => d?.kind === 'Deployment')!.spec!.template.spec.containers[0].startupProbe!;
  expect(probe.httpGet.path).toBe('/healthz');
  return probe.periodSeconds * probe.failureThreshold * 1000;
}

describe.each(ENGINES)('a follower\'s start against a source that does not answer (%s engine)', (engine) => {
  const START_TIMEOUT_MS = 3000;
  let hanging: TcpServer;
  let hangingUrl: string;
  let held: Set<import('node:net').Socket>;
  beforeAll(async () => {
    held = new Set();
    hanging = createTcpServer((socket) => void held.add(socket)); // accepts, reads, never answers
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/api/registry/snapshot`;
  });
  afterAll(() => {
    for (const s of held) s.destroy();
    hanging.close();
  });

  const withFile = () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mac-alive-')), 'registry.msgpack');
    copyFileSync('data/registry.msgpack', file);
    return file;
  };

  it.each([
    ['hangs (accepts, never answers)', () => hangingUrl],
    ['refuses the connection', () => 'http://127.0.0.1:9/api/registry/snapshot'],
  ])('when it %s: /healthz answers at once, /readyz is 503 with its reason and no analysis is served until REGISTRY_SYNC_START_TIMEOUT, then it serves its own file', async (_how, source) => {
    const s = await spawnFollower({ HTTP_ENGINE: engine, REGISTRY_FILE: withFile(), REGISTRY_SOURCE: source(), REGISTRY_SYNC_INTERVAL: '5s', REGISTRY_SYNC_START_TIMEOUT: `${START_TIMEOUT_MS / 1000}s` });
    try {
      const alive = await msUntil(s, '/healthz', 200, START_TIMEOUT_MS);
      expect(alive).toBeLessThan(Math.min(START_TIMEOUT_MS, startupBudgetMs()));
      const notReady = await fetch(`${s.url}/readyz`);
      expect(notReady.status).toBe(503);
      expect(((await notReady.json()) as { detail: string }).detail).toMatch(/waits for its source’s registry snapshot \(REGISTRY_SOURCE\) for at most 3 s/);
      const analysis = await fetch(`${s.url}/api/mac/00:03:93:ab:12:34`);
      expect([analysis.status, analysis.headers.get('retry-after')]).toEqual([503, '1']);
      expect((await fetch(`${s.url}/metrics`)).status).toBe(200);
      const ready = await msUntil(s, '/readyz', 200, START_TIMEOUT_MS + 5000);
      expect(ready).toBeGreaterThanOrEqual(START_TIMEOUT_MS);
      expect(ready).toBeLessThan(START_TIMEOUT_MS + 2000);
      process.stdout.write(`follower start (${engine}), source that ${_how}: alive at ${alive} ms, ready at ${ready} ms (REGISTRY_SYNC_START_TIMEOUT ${START_TIMEOUT_MS} ms)\n`);
      expect((await fetch(`${s.url}/api/mac/00:03:93:ab:12:34`)).status).toBe(200);
      expect(s.logs.some((l) => l.msg === 'registry source not reached within REGISTRY_SYNC_START_TIMEOUT: serving the snapshot this replica has')).toBe(true);
    } finally {
      await s.stop();
    }
  }, 30_000);

  it('with no file of its own, it stays alive and not ready past the deadline, says why, and is ready once the source answers', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mac-alive-')), 'registry.msgpack');
    let answering = false;
    const source = createServer((_req, res) => (answering ? send(res, SNAPSHOT) : undefined));
    await new Promise<void>((r) => source.listen(0, '127.0.0.1', r));
    const s = await spawnFollower({ HTTP_ENGINE: engine, REGISTRY_FILE: file, REGISTRY_SOURCE: `http://127.0.0.1:${(source.address() as AddressInfo).port}/s`, REGISTRY_SYNC_INTERVAL: '5s', REGISTRY_SYNC_START_TIMEOUT: '1s' });
    try {
      await msUntil(s, '/healthz', 200, 3000);
      await waitFor(async () => ((await fetch(`${s.url}/readyz`).then((r) => r.json() as Promise<{ detail?: string }>)).detail?.includes('no registry file to serve') ? true : null), 8000, 'the no-file reason');
      expect(s.child.exitCode).toBe(null);
      answering = true;
      await msUntil(s, '/readyz', 200, INTERVAL_MS + 3000);
      expect((await fetch(`${s.url}/api/mac/00:03:93:ab:12:34`)).status).toBe(200);
    } finally {
      await s.stop();
      source.closeAllConnections();
      source.close();
    }
  }, 30_000);
});

describe('a registry file with hostile metadata given as REGISTRY_FILE', () => {
  it('stops the start, naming the member, as a corrupt file does (exit 1)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mac-hostile-file-')), 'registry.msgpack');
    writeFileSync(file, withMeta(SNAPSHOT, (m) => (m.version = 'evil\r\nX-Injected: yes')));
    const r = await startExpectingFailure({ REGISTRY_FILE: file, POOL_THREADS: '0' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('corrupt header: metadata member \\"version\\" must match pattern');
  });
});
