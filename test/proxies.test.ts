/**
 * The proxy configs in deploy/ in front of the real service, with Debian's nginx and HAProxy
 * (installed by .ci/run): the service does not answer HTTP/1.0 itself, so what matters is
 * that both proxies speak HTTP/1.1 to it (health checks included), and that an HTTP/1.0
 * client gets an answer: nginx's, or HAProxy's 505.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probePort } from '../src/server/probe-port.js';
import { exchange } from './helpers/raw-http.js';
import { startServer, type RunningServer } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('proxies');

const NGINX = '/usr/sbin/nginx';
const HAPROXY = '/usr/sbin/haproxy';

// The shipped config with the service's, its admin and the proxy's test ports in place of 8080, 9090 and 80.
function configFor(file: string, servicePort: number, adminPort: number, proxyPort: number): string {
  const text = readFileSync(file, 'utf8').replaceAll('127.0.0.1:8080', `127.0.0.1:${servicePort}`).replaceAll('check port 9090', `check port ${adminPort}`);
  const listen = text.replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${proxyPort};`).replace(/^(\s*)bind :80$/m, `$1bind 127.0.0.1:${proxyPort}`);
  if (listen === text) throw new Error(`${file}: no "listen 80" or "bind :80" line to point at the test port`);
  return listen;
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Starts a proxy on a free port: `spawnOn(port)` writes its config and spawns it. The port is
 * free when probed, but another suite's outgoing connection may take it as its source port
 * before the proxy binds it; a proxy that exits is started again on a new port (three tries).
 * Resolves with the port once the proxy answers a GET through to the service.
 */
async function startProxy(name: string, spawnOn: (port: number) => ChildProcess, proxies: ChildProcess[]): Promise<number> {
  const failures: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await probePort();
    const child = spawnOn(port);
    proxies.push(child);
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    let exited: number | null | undefined;
    child.once('exit', (code) => (exited = code));
    for (let i = 0; i < 150 && exited === undefined; i++) {
      if (await fetch(`http://127.0.0.1:${port}/api/mac/000393ab1234`).then((r) => r.ok, () => false)) return port;
      await new Promise((r) => setTimeout(r, 100));
    }
    if (exited === undefined) throw new Error(`${name} on port ${port} did not answer within 15 s: ${stderr}`);
    failures.push(`port ${port}: exited ${exited}: ${stderr.trim()}`);
  }
  throw new Error(`${name} did not start:\n${failures.join('\n')}`);
}

const HTTP10 = 'GET /api/mac/00:03:93:ab:12:34 HTTP/1.0\r\nHost: mac-analysis\r\n\r\n';

describe.runIf(READY)('behind the shipped proxy configs', () => {
  let server: RunningServer;
  const proxies: ChildProcess[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'mac-proxies-'));
  let nginxPort: number;
  let haproxyPort: number;
  let adminPort: number;

  beforeAll(async () => {
    server = await startServer({ HTTP_THREADS: '1', ACCESS_LOG: 'true', ADMIN_PORT: '0' });
    adminPort = server.logs.find((l) => l.msg === 'listening')?.adminPort as number;
    // nginx logs to stderr until it has read its config, then to its error_log file.
    nginxPort = await startProxy(
      'nginx',
      (port) => {
        writeFileSync(join(dir, 'mac-analysis.conf'), configFor('deploy/nginx/mac-analysis.conf', server.port, adminPort, port));
        writeFileSync(
          join(dir, 'nginx.conf'),
          `pid ${dir}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  include ${dir}/mac-analysis.conf;\n}\n`,
        );
        return spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
      },
      proxies,
    );
    haproxyPort = await startProxy(
      'HAProxy',
      (port) => {
        writeFileSync(join(dir, 'haproxy.cfg'), configFor('deploy/haproxy/haproxy.cfg', server.port, adminPort, port));
        return spawn(HAPROXY, ['-f', join(dir, 'haproxy.cfg'), '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
      },
      proxies,
    );
  });

  afterAll(async () => {
    for (const p of proxies) p.kill('SIGTERM');
    await server?.stop();
  });

  it('the configs are valid for the proxies themselves', () => {
    expect(spawnSync(NGINX, ['-t', '-c', join(dir, 'nginx.conf')]).status).toBe(0);
    expect(spawnSync(HAPROXY, ['-c', '-f', join(dir, 'haproxy.cfg')]).status).toBe(0);
  });

  it('the service leaves an HTTP/1.0 request unanswered; nginx answers it, HAProxy says 505 at once', async () => {
    const direct = await exchange(server.port, [HTTP10], 300);
    expect(direct.statuses).toEqual([]);
    const nginx = await exchange(nginxPort, [HTTP10], 3000);
    expect(nginx.statuses).toEqual([200]);
    expect(nginx.text).toContain('"Apple, Inc."');
    const haproxy = await exchange(haproxyPort, [HTTP10], 3000);
    expect(haproxy.statuses).toEqual([505]);
    expect(haproxy.closed).toBe(true);
    expect(haproxy.text).toContain('"code":"http_version_not_supported"');
  });

  it('batches stream through both proxies', async () => {
    for (const port of [nginxPort, haproxyPort]) {
      const res = await fetch(`http://127.0.0.1:${port}/api/mac/batch`, { method: 'POST', headers: { 'Content-Type': 'text/plain', Accept: 'application/x-ndjson' }, body: '00:03:93:ab:12:34\nnope\n' });
      expect(res.status).toBe(200);
      const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l) as { input: string });
      expect(lines.map((l) => l.input)).toEqual(['00:03:93:ab:12:34', 'nope']);
    }
  });

  it('neither proxy forwards /metrics nor the registry snapshot; the service serves them on its admin port only', async () => {
    for (const port of [nginxPort, haproxyPort]) {
      for (const path of ['/metrics', '/api/registry/snapshot']) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ code: 'not_found', status: 404, instance: path });
      }
    }
    expect((await fetch(`http://127.0.0.1:${adminPort}/api/registry/snapshot`)).status).toBe(200);
    await waitFor(async () => server.logs.some((l) => l.url === '/api/registry/snapshot' && l.status === 200), 'the snapshot\'s access log line');
    expect(server.logs.filter((l) => l.url === '/api/registry/snapshot')).toHaveLength(1);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${adminPort}/metrics`)).status).toBe(200);
    // Only the direct request to the admin port reached the service's /metrics.
    await waitFor(async () => server.logs.some((l) => l.url === '/metrics' && l.status === 200), 'the access log line');
    expect(server.logs.filter((l) => l.url === '/metrics' && l.status !== 404)).toHaveLength(1);
  });

  it("HAProxy's HTTP/1.1 health check reaches /readyz on the admin port and is answered 200", async () => {
    await waitFor(async () => server.logs.some((l) => l.url === '/readyz' && l.status === 200), 'a health check in the access log');
  });
});
