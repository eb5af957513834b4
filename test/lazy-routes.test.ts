/**
 * The registry routes load their modules on a thread's first registry request (route-kit.ts,
 * readLoaded). On a fresh service with one HTTP thread, requests that arrive while they load
 * wait for them on a copy of the request: they must be answered exactly as the same requests
 * are once the modules are there (query, language, request id, CORS, HEAD, a refusal), and a
 * client that leaves meanwhile must not hurt the thread. On each engine.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';

interface Asked {
  readonly method: 'GET' | 'HEAD';
  readonly path: string;
  readonly headers?: Record<string, string>;
}

const ASKED: readonly Asked[] = [
  { method: 'GET', path: '/api/vendors?q=apple&limit=2&lang=fr', headers: { 'X-Request-Id': 'lazy-1' } },
  { method: 'HEAD', path: '/api/vendors?q=apple&limit=2&lang=fr', headers: { 'X-Request-Id': 'lazy-2' } },
  { method: 'GET', path: '/api/public/vendors?prefix=00%3A03%3A93&limit=1', headers: { Origin: 'https://example.org', 'Accept-Language': 'fr' } },
  { method: 'GET', path: '/api/registry/changes?since=2024-01-01&limit=3' },
  { method: 'GET', path: '/api/vendors?q=apple&limit=0&lang=fr' },
  { method: 'GET', path: '/api/registry/ranges?format=csv', headers: { 'Accept-Encoding': 'gzip' } },
];

// What must not differ between an answer given while the modules loaded and one given after.
async function answer(url: string, a: Asked) {
  const res = await fetch(`${url}${a.path}`, { method: a.method, headers: a.headers });
  const body = Buffer.from(await res.arrayBuffer());
  const h = (name: string) => res.headers.get(name);
  return {
    status: res.status,
    body: body.toString('base64'),
    type: h('content-type'),
    length: h('content-length'),
    language: h('content-language'),
    cors: h('access-control-allow-origin'),
    etag: h('etag'),
    version: h('x-data-version'),
    encoding: h('content-encoding'),
    requestId: a.headers?.['X-Request-Id'] ? h('x-request-id') : null,
  };
}

describe.each(ENGINES)('%s engine', (engine) => {
  let server: RunningServer | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  it('requests that arrive while the registry modules load are answered as the same requests afterwards', async () => {
    server = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1' });
    const url = server.url;
    const first = await Promise.all(ASKED.map((a) => answer(url, a)));
    const later = await Promise.all(ASKED.map((a) => answer(url, a)));
    expect(first).toEqual(later);
    expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200, 400, 200]);
    expect(first[0].requestId).toBe('lazy-1');
    expect(first[1].body).toBe(''); // HEAD: no body, the GET's length
    expect(first[1].length).toBe(String(Buffer.from(first[0].body, 'base64').length));
    expect(first[2].cors).toBe('*');
    expect(JSON.parse(Buffer.from(first[4].body, 'base64').toString())).toMatchObject({ code: 'invalid_query' });
    expect(first[4].language).toBe('fr');
    expect(server.logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });

  it('a client that leaves while the registry modules load does not hurt the thread', async () => {
    server = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1' });
    const { port } = server;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('GET /api/vendors?q=apple HTTP/1.1\r\nHost: x\r\n\r\n');
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });
    const after = await fetch(`${server.url}/api/vendors?q=apple&limit=1`);
    expect(after.status).toBe(200);
    expect((await after.json()) as unknown).toMatchObject({ query: 'apple' });
    expect((await fetch(`${server.url}/api/mac/000393ab1234`)).status).toBe(200);
    expect(server.logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});
