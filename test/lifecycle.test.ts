import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { httpThreadYoungMb, loadConfig } from '../src/server/config.js';
import { probePort } from '../src/server/probe-port.js';
import { ENGINES, startExpectingFailure, startServer, UWS_NATIVE } from './helpers/server.js';
import { FAULT_STALL_INPUT } from '../src/batch/tasks.js';

describe.each(ENGINES)('%s engine', (engine) => {
  describe('the container health check (dist/src/server/healthcheck.js)', () => {
    const check = (env: Record<string, string>) => spawnSync(process.execPath, ['dist/src/server/healthcheck.js'], { env: { ...process.env, ...env } }).status;

    it('asks /healthz where HOST and PORT say, a wildcard host on loopback', async () => {
      const server = await startServer({ HTTP_ENGINE: engine, HOST: '0.0.0.0', HTTP_THREADS: '1' });
      try {
        expect(check({ HOST: '0.0.0.0', PORT: String(server.port) })).toBe(0);
        expect(check({ HOST: '127.0.0.1', PORT: String(server.port) })).toBe(0);
        expect(check({ HOST: '127.0.0.1', PORT: String(await probePort()) })).toBe(1);
      } finally {
        await server.stop();
      }
    });
  });

  describe('configuration', () => {
    it('has documented defaults', () => {
      expect(loadConfig({})).toMatchObject({ port: 8080, host: '0.0.0.0', logLevel: 'info', accessLog: false, shutdownDelayMs: 0, shutdownTimeoutMs: 10000 });
    });

    it.each([
      [{ PORT: 'abc' }, 'PORT must be a whole number'],
      [{ PORT: '65536' }, 'PORT must be from 0 to 65535'],
      [{ PORT: '-1' }, 'PORT must be a whole number'],
      [{ HTTP_THREADS: '0' }, 'HTTP_THREADS must be from 1 to 256'],
      [{ HTTP_THREAD_YOUNG_MB: '0' }, 'HTTP_THREAD_YOUNG_MB must be from 1 to 256'],
      [{ HTTP_THREAD_YOUNG_MB: '257' }, 'HTTP_THREAD_YOUNG_MB must be from 1 to 256'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
      [{ ACCESS_LOG: 'maybe' }, 'ACCESS_LOG must be true or false'],
      [{ HOST: 'bad host!' }, 'HOST must be'],
      [{ BATCH_MAX_BYTES: '1000', BODY_BUDGET_BYTES: '999' }, 'BODY_BUDGET_BYTES (999) must be at least BATCH_MAX_BYTES (1000)'],
      [{ BATCH_MAX_BYTES: String(4 * 1024 * 1024 + 1), BODY_BUDGET_BYTES: String(64 * 1024 * 1024), POOL_WORKER_HEAP_MB: '16' }, 'POOL_WORKER_HEAP_MB (16) must be at least 4 × the largest JSON or msgpack body in MiB (17'],
      [{ POOL_WORKER_HEAP_MB: '15' }, 'POOL_WORKER_HEAP_MB must be from 16'],
      [{ VENDOR_CACHE_MB: '1025' }, 'VENDOR_CACHE_MB must be from 0 to 1024'],
      [{ VENDOR_CACHE_MB: '2.5' }, 'VENDOR_CACHE_MB must be a whole number'],
      [{ BODY_TIMEOUT_MS: '0' }, 'BODY_TIMEOUT_MS must be from 1'],
      [{ RATE_LIMIT_RPS: '-3' }, 'RATE_LIMIT_RPS must be a whole number'],
      [{ TRUST_PROXY: 'sometimes' }, 'TRUST_PROXY must be true or false'],
      [{ TRUST_PROXY: '17' }, 'TRUST_PROXY must be from 0 to 16'],
      [{ REGISTRY_UPDATE_INTERVAL: '59' }, 'REGISTRY_UPDATE_INTERVAL must be from one minute to a year'],
      [{ REGISTRY_UPDATE_INTERVAL: 'daily' }, 'REGISTRY_UPDATE_INTERVAL must be a duration'],
      [{ REGISTRY_UPDATE_MAX_SHRINK: '1.5' }, 'REGISTRY_UPDATE_MAX_SHRINK must be a number from 0 to 1'],
      [{ REGISTRY_UPDATE_URL: 'ftp://mirror/ieee' }, 'REGISTRY_UPDATE_URL must be an http(s) URL'],
    ])('rejects %j', (env, message) => {
      expect(() => loadConfig(env)).toThrow(message);
    });

    it('accepts the boundaries', () => {
      expect(loadConfig({ PORT: '65535', HTTP_THREADS: '256', SHUTDOWN_TIMEOUT_MS: '0' })).toMatchObject({ port: 65535, httpThreads: 256, shutdownTimeoutMs: 0 });
      // Unset: each engine's own (node:http's requests allocate more, config.ts); set: that, on either.
      expect(loadConfig({}).httpThreadYoungMb).toBeNull();
      expect([httpThreadYoungMb(loadConfig({}), 'uws'), httpThreadYoungMb(loadConfig({}), 'node')]).toEqual([2, 8]);
      expect(loadConfig({ HTTP_THREAD_YOUNG_MB: '1' }).httpThreadYoungMb).toBe(1);
      expect(httpThreadYoungMb(loadConfig({ HTTP_THREAD_YOUNG_MB: '256' }), 'node')).toBe(256);
      expect(httpThreadYoungMb(loadConfig({ HTTP_THREAD_YOUNG_MB: '3' }), 'uws')).toBe(3);
      expect(loadConfig({ BATCH_MAX_BYTES: '1000', BODY_BUDGET_BYTES: '1000' })).toMatchObject({ batchMaxBytes: 1000, bodyBudgetBytes: 1000 });
      expect(loadConfig({ BATCH_MAX_BYTES: String(4 * 1024 * 1024), POOL_WORKER_HEAP_MB: '16' })).toMatchObject({ poolWorkerHeapMb: 16 });
      expect(loadConfig({ VENDOR_CACHE_MB: '0' }).vendorCacheMb).toBe(0);
      expect(loadConfig({ VENDOR_CACHE_MB: '1024' }).vendorCacheMb).toBe(1024);
    });

    it('reads a follower\'s source and its bounds: http, https or file URL; the interval 5 s to a day; the start timeout up to 10 min; SNAPSHOT_MAX_BYTES 1 MiB to 4 GiB, else derived', () => {
      expect(loadConfig({})).toMatchObject({ registrySource: null, registrySyncIntervalMs: 60_000, registrySyncStartTimeoutMs: 30_000 });
      expect(loadConfig({ REGISTRY_SOURCE: 'http://builder:8080/api/registry/snapshot', REGISTRY_SYNC_INTERVAL: '5s', REGISTRY_SYNC_START_TIMEOUT: '0' })).toMatchObject({ registrySource: 'http://builder:8080/api/registry/snapshot', registrySyncIntervalMs: 5000, registrySyncStartTimeoutMs: 0 });
      expect(loadConfig({ REGISTRY_SOURCE: 'file:///data/r.msgpack', REGISTRY_SYNC_INTERVAL: '1d', REGISTRY_SYNC_START_TIMEOUT: '10m' })).toMatchObject({ registrySyncIntervalMs: 86_400_000, registrySyncStartTimeoutMs: 600_000 });
      for (const bad of [{ REGISTRY_SOURCE: 'ftp://x/r' }, { REGISTRY_SOURCE: 'not a url' }, { REGISTRY_SYNC_INTERVAL: '4s' }, { REGISTRY_SYNC_INTERVAL: '2d' }, { REGISTRY_SYNC_START_TIMEOUT: '11m' }, { REGISTRY_SYNC_INTERVAL: 'soon' }]) {
        expect(() => loadConfig(bad), JSON.stringify(bad)).toThrow(/REGISTRY_S(OURCE|YNC_INTERVAL|YNC_START_TIMEOUT) must be/);
      }
      expect(loadConfig({}).snapshotMaxBytes).toBe(null);
      expect(loadConfig({ SNAPSHOT_MAX_BYTES: String(1024 * 1024) }).snapshotMaxBytes).toBe(1024 * 1024);
      expect(loadConfig({ SNAPSHOT_MAX_BYTES: String(2 ** 32) }).snapshotMaxBytes).toBe(2 ** 32);
      for (const bad of [String(1024 * 1024 - 1), String(2 ** 32 + 1), '64MB']) expect(() => loadConfig({ SNAPSHOT_MAX_BYTES: bad }), bad).toThrow(/SNAPSHOT_MAX_BYTES must be/);
      expect(() => loadConfig({ BODY_DRAIN_BYTES: '-1' })).toThrow(/BODY_DRAIN_BYTES/);
      expect(loadConfig({ BODY_DRAIN_BYTES: '0' }).bodyDrainBytes).toBe(0);
    });

    it('has documented defaults for the hostile-input limits', () => {
      expect(loadConfig({})).toMatchObject({
        batchMaxBytes: 64 * 1024 * 1024,
        bodyBudgetBytes: 256 * 1024 * 1024,
        bodyTimeoutMs: 60_000,
        bodyIdleTimeoutMs: 6_000,
        bodyDrainBytes: 64 * 1024 * 1024,
        poolWorkerHeapMb: 512,
        rateLimitRps: 0,
        trustProxy: 0,
      });
      expect(loadConfig({ RATE_LIMIT_RPS: '50' })).toMatchObject({ rateLimitRps: 50, rateLimitBurst: 50 });
      expect(loadConfig({ RATE_LIMIT_RPS: '50', RATE_LIMIT_BURST: '200' })).toMatchObject({ rateLimitBurst: 200 });
      expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
      expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
      expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(0);
      expect(loadConfig({})).toMatchObject({ registryUpdateIntervalMs: 0, registryUpdateUrl: 'https://standards-oui.ieee.org/', registryUpdateMaxShrink: 0.1 });
      expect(loadConfig({ REGISTRY_UPDATE_INTERVAL: '60' }).registryUpdateIntervalMs).toBe(60_000);
      expect(loadConfig({ REGISTRY_UPDATE_INTERVAL: '6h' }).registryUpdateIntervalMs).toBe(21_600_000);
      expect(loadConfig({ REGISTRY_UPDATE_INTERVAL: '1d', REGISTRY_UPDATE_MAX_SHRINK: '0' })).toMatchObject({ registryUpdateIntervalMs: 86_400_000, registryUpdateMaxShrink: 0 });
    });

    it('an invalid value stops the service at start with a clear message', async () => {
      const r = await startExpectingFailure({ PORT: 'eighty' });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('invalid configuration: PORT must be a whole number');
    });

    it('a missing registry file stops the service, naming the file', async () => {
      const r = await startExpectingFailure({ REGISTRY_FILE: '/nonexistent/registry.msgpack' });
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('/nonexistent/registry.msgpack: missing');
    });
  });

  describe('the HTTP engine', () => {
    const served = engine === 'auto' ? 'node' : engine;

    it('logs the engine, why, and the Node.js build at start', async () => {
      const s = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1' });
      try {
        const line = s.logs.find((l) => l.msg === 'HTTP engine');
        expect(line).toMatchObject({ engine: served, native: UWS_NATIVE, node: process.version, nodeExecPath: process.execPath, uws: `uws_${process.platform}_${process.arch}_${process.versions.modules}.node` });
        expect(String(line?.reason)).toMatch(engine === 'auto' ? /^auto: no binary for Node\.js/ : new RegExp(`^HTTP_ENGINE=${engine}$`));
        expect(s.logs.find((l) => l.msg === 'listening')).toMatchObject({ engine: served });
      } finally {
        await s.stop();
      }
    });

    it("never loads the fork's JavaScript fallback, even when its variable asks for it", async () => {
      const s = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', UWS_USE_FALLBACK: '1' });
      try {
        expect(s.logs.find((l) => l.msg === 'HTTP engine')).toMatchObject({ engine: served, native: UWS_NATIVE });
        expect((await fetch(`${s.url}/api/mac/000393ab1234`)).status).toBe(200);
      } finally {
        await s.stop();
      }
    });

    it.runIf(!UWS_NATIVE)('HTTP_ENGINE=uws where uWS cannot run stops the start, saying why', async () => {
      const r = await startExpectingFailure({ HTTP_ENGINE: 'uws' });
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(`HTTP_ENGINE=uws, but uWebSockets.js cannot run on this Node.js: no binary for Node.js ${process.version}`);
    });
  });

  describe('graceful shutdown', () => {
    it('on SIGTERM: readiness fails, liveness holds, then the process exits 0', async () => {
      const s = await startServer({ HTTP_ENGINE: engine, SHUTDOWN_DELAY_MS: '3000' });
      expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
      const exited = s.stop('SIGTERM');
      // The signal reaches the main thread, then each HTTP thread: within a few hundred ms
      // alone, later beside another suite on 2 cores. Readiness must fail well within the delay.
      let ready = await fetch(`${s.url}/readyz`);
      for (let i = 0; ready.status === 200 && i < 30; i++) {
        await new Promise((r) => setTimeout(r, 50));
        ready = await fetch(`${s.url}/readyz`);
      }
      expect(ready.status).toBe(503);
      expect((await ready.json()).code).toBe('unavailable');
      expect(ready.headers.get('retry-after')).toBe('5');
      expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${s.url}/api/mac/000393ab1234`)).status).toBe(200);
      expect(await exited).toBe(0);
      expect(s.logs.map((l) => l.msg)).toContain('stopped');
      await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
    });

    it('SIGINT works the same way', async () => {
      const s = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1' });
      expect(await s.stop('SIGINT')).toBe(0);
    });
  });

  describe('logs', () => {
    it('the opt-in access log records each request with its id', async () => {
      const s = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', ACCESS_LOG: 'true' });
      try {
        await fetch(`${s.url}/api/mac/zz`, { headers: { 'X-Request-Id': 'trace-42' } });
        await new Promise((r) => setTimeout(r, 100));
        expect(s.logs.find((l) => l.msg === 'request' && l.reqId === 'trace-42')).toMatchObject({ method: 'get', url: '/api/mac/zz', status: 422 });
      } finally {
        await s.stop();
      }
    });

    it('without ACCESS_LOG, requests are not logged', async () => {
      const s = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1' });
      try {
        await fetch(`${s.url}/api/mac/000393ab1234`);
        await new Promise((r) => setTimeout(r, 100));
        expect(s.logs.filter((l) => l.msg === 'request')).toEqual([]);
        expect(s.logs.find((l) => l.msg === 'listening')).toMatchObject({ dataVersion: expect.stringMatching(/^oui-data/), records: expect.any(Number) });
      } finally {
        await s.stop();
      }
    });
  });

  describe('port', () => {
    it('a port already in use is refused with a clear message', async () => {
      const s = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1' });
      try {
        const r = await startExpectingFailure({ PORT: String(s.port) });
        expect(r.code).toBe(1);
        expect(r.stdout).toContain(`cannot listen on 127.0.0.1:${s.port}`);
        expect(r.stdout).toContain('EADDRINUSE');
      } finally {
        await s.stop();
      }
    });
  });

  describe('HTTP thread crashes', () => {
    it('a crashed HTTP thread is logged and replaced, and the service keeps answering', async () => {
      const s = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '2', FAULT_INJECTION: 'true' });
      try {
        for (let crash = 1; crash <= 3; crash++) {
          await fetch(`${s.url}/__fault/crash-thread`, { method: 'POST', signal: AbortSignal.timeout(1000) }).catch(() => undefined);
          // With two threads the other one answers meanwhile; with one (node:http before Node
          // 22.12 shares no port), its replacement does, after a back-off.
          for (let i = 0; i < 40 && s.logs.filter((l) => l.msg === 'replacement HTTP thread listening').length < crash; i++) await new Promise((r) => setTimeout(r, 100));
          const r = await fetch(`${s.url}/api/mac/000393ab1234`);
          expect(r.status).toBe(200);
          expect((await r.json()).vendor.name).toBe('Apple, Inc.');
        }
        await new Promise((r) => setTimeout(r, 500));
        expect(s.logs.filter((l) => l.msg === 'uncaught exception in HTTP thread')).toHaveLength(3);
        expect(s.logs.filter((l) => l.msg === 'HTTP thread exited; starting a replacement')).toHaveLength(3);
        expect(s.logs.filter((l) => l.msg === 'replacement HTTP thread listening')).toHaveLength(3);
        const metrics = await (await fetch(`${s.url}/metrics`)).text();
        expect(metrics).toMatch(/mac_http_requests_total\{route="analysis",status="2xx"\} [3-9]/);
      } finally {
        expect(await s.stop()).toBe(0);
      }
    });

    it('a thread that dies in the middle of a batch leaves the pool whole: its task finishes unread, the next batch runs', async () => {
      const s = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '1', FAULT_INJECTION: 'true' });
      const lines = (n: number, tag: number) => Array.from({ length: n }, (_, i) => `02:${tag}0:00:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:01`);
      try {
        // The batch's second chunk holds the only pool worker for 3 s (a stalling input) when the thread dies.
        const inputs = lines(20_000, 1);
        inputs[2000 + 5] = FAULT_STALL_INPUT;
        const big = await fetch(`${s.url}/api/mac/batch`, { method: 'POST', headers: { 'content-type': 'text/plain', accept: 'application/x-ndjson' }, body: `${inputs.join('\n')}\n` });
        expect(big.status).toBe(200);
        const reader = big.body!.getReader();
        await reader.read();
        const drained = (async () => {
          while (!(await reader.read()).done);
        })().catch(() => undefined);
        await fetch(`${s.url}/__fault/crash-thread`, { method: 'POST', signal: AbortSignal.timeout(1000) }).catch(() => undefined);
        await drained;
        for (let i = 0; i < 50 && !s.logs.some((l) => l.msg === 'replacement HTTP thread listening'); i++) await new Promise((r) => setTimeout(r, 100));
        expect(s.logs.find((l) => l.msg === 'pool tasks of an ended HTTP thread dropped or left to finish')).toMatchObject({ slot: 0, running: 1 });
        // Over 128 KiB: on the pool, whose one worker takes it once the stalled task has ended.
        const next = await fetch(`${s.url}/api/mac/batch`, { method: 'POST', headers: { 'content-type': 'text/plain', accept: 'application/x-ndjson' }, body: `${lines(20_000, 2).join('\n')}\n`, signal: AbortSignal.timeout(10_000) });
        expect(next.status).toBe(200);
        expect((await next.text()).trim().split('\n')).toHaveLength(20_000);
      } finally {
        await s.stop();
      }
    });

    it('without FAULT_INJECTION the crash endpoint does not exist', async () => {
      const s = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1' });
      try {
        expect((await fetch(`${s.url}/__fault/crash-thread`, { method: 'POST' })).status).toBe(404);
      } finally {
        await s.stop();
      }
    });
  });
});
