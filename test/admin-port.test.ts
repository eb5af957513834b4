/**
 * ADMIN_PORT: the operational endpoints (/metrics, /api/registry, /healthz, /readyz) on a
 * listener of their own, off the public port, on each engine; the OpenAPI document and the
 * API stay on PORT. The container health check follows ADMIN_PORT.
 */
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.js';
import { probePort } from '../src/server/probe-port.js';
import { ENGINES, startExpectingFailure, startServer, type RunningServer } from './helpers/server.js';

const OPS = ['/metrics', '/api/registry', '/api/registry/snapshot', '/healthz', '/readyz'] as const;

describe.each(ENGINES)('%s engine', (engine) => {
  let server: RunningServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ HTTP_ENGINE: engine, ADMIN_PORT: '0' });
    const port = server.logs.find((l) => l.msg === 'listening')?.adminPort;
    expect(typeof port).toBe('number');
    expect(port).not.toBe(server.port);
    admin = `http://127.0.0.1:${port as number}`;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(OPS)('%s answers on the admin port only', async (path) => {
    expect((await fetch(`${admin}${path}`)).status).toBe(200);
    const main = await fetch(`${server.url}${path}?lang=fr`);
    expect(main.status).toBe(404);
    expect(await main.json()).toMatchObject({ code: 'not_found', instance: path });
  });

  it('the API and its OpenAPI document stay on the main port, and are not on the admin port', async () => {
    expect((await fetch(`${server.url}/api/mac/000393ab1234`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/openapi.json`)).status).toBe(200);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    for (const path of ['/api/mac/000393ab1234', '/api/openapi.json', '/']) expect((await fetch(`${admin}${path}`)).status, path).toBe(404);
    expect((await fetch(`${admin}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('the metrics on the admin port count the requests of the main port', async () => {
    const body = await (await fetch(`${admin}/metrics`)).text();
    expect(Number(/^mac_http_requests_total\{route="analysis",status="2xx"\} (\d+)$/m.exec(body)?.[1])).toBeGreaterThanOrEqual(1);
  });

  it('the health check command asks the admin port', async () => {
    const port = new URL(admin).port;
    const check = (env: Record<string, string>) =>
      new Promise<number>((resolve) => execFile(process.execPath, ['dist/src/server/healthcheck.js'], { env: { ...process.env, HOST: '127.0.0.1', PORT: String(server.port), ...env } }, (err) => resolve(err ? 1 : 0)));
    expect(await check({ ADMIN_PORT: port })).toBe(0);
    expect(await check({ ADMIN_PORT: '' })).toBe(1); // /healthz is not on PORT
  });
});

describe('ADMIN_PORT configuration', () => {
  it('is unset by default (operational endpoints on PORT), and must differ from PORT', () => {
    expect(loadConfig({}).adminPort).toBeNull();
    expect(loadConfig({ ADMIN_PORT: '9090' }).adminPort).toBe(9090);
    expect(() => loadConfig({ PORT: '8080', ADMIN_PORT: '8080' })).toThrow(/ADMIN_PORT must differ from PORT/);
    expect(() => loadConfig({ ADMIN_PORT: '65536' })).toThrow(/ADMIN_PORT must be from 0 to 65535/);
    expect(() => loadConfig({ ADMIN_PORT: 'admin' })).toThrow(/ADMIN_PORT must be a whole number/);
  });

  it('a taken admin port stops the start, naming it', async () => {
    const taken = await probePort();
    const holder = (await import('node:net')).createServer().listen(taken, '127.0.0.1');
    try {
      const r = await startExpectingFailure({ ADMIN_PORT: String(taken) });
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(`cannot listen on 127.0.0.1:${taken} (ADMIN_PORT)`);
    } finally {
      holder.close();
    }
  });
});
