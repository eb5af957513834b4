import { connect } from 'node:net';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertConforms } from './helpers/openapi.js';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';
import { exchange } from './helpers/raw-http.js';

describe.each(ENGINES)('%s engine', (engine) => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({ HTTP_ENGINE: engine });
  });
  afterAll(async () => {
    await server?.stop();
  });

  interface Got {
    res: Response;
    body: string;
    json: () => Record<string, any>;
  }

  /** Real HTTP request; every response is checked against the OpenAPI document. */
  async function call(path: string, init: RequestInit = {}): Promise<Got> {
    const method = init.method ?? 'GET';
    const res = await fetch(server.url + path, init);
    const body = await res.text();
    const pathOnly = path.split('?')[0];
    assertConforms(method, pathOnly, res, body);
    expect(res.headers.get('content-language')).toMatch(/^(en|fr)$/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    return { res, body, json: () => JSON.parse(body) };
  }

  describe('analysis paths', () => {
    it('both paths give identical bodies', async () => {
      for (const mac of ['00:03:93:ab:12:34', '70b3.d56c.0102', 'ff-ff-ff-ff-ff-ff', '02:00:00:00:00:01', '01:80:C2:00:00:0E']) {
        for (const lang of ['en', 'fr']) {
          const a = await call(`/api/public/mac/${mac}?lang=${lang}`);
          const b = await call(`/api/mac/${mac}?lang=${lang}`);
          expect(a.res.status).toBe(200);
          expect(b.body).toBe(a.body);
          expect(a.res.headers.get('etag')).toBe(b.res.headers.get('etag'));
        }
      }
    });

    it('answers the contract example with the contract headers', async () => {
      const { res, json } = await call('/api/mac/00:03:93:AB:12:34');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-data-version')).toMatch(/^oui-data-/);
      expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-000393ab1234-en"$/);
      const a = json();
      expect(a.address.canonical).toBe('00:03:93:AB:12:34');
      expect(a.vendor.name).toBe('Apple, Inc.');
      expect(a.special).toBeNull();
    });

    it('CORS is on the public path only', async () => {
      const pub = await call('/api/public/mac/000393ab1234');
      expect(pub.res.headers.get('access-control-allow-origin')).toBe('*');
      expect(pub.res.headers.get('access-control-expose-headers')).toContain('ETag');
      const priv = await call('/api/mac/000393ab1234');
      expect(priv.res.headers.get('access-control-allow-origin')).toBeNull();
      const pubError = await call('/api/public/mac/zz');
      expect(pubError.res.headers.get('access-control-allow-origin')).toBe('*');
      const privError = await call('/api/mac/zz');
      expect(privError.res.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('answers a CORS preflight on the public path', async () => {
      const { res, body } = await call('/api/public/mac/000393ab1234', {
        method: 'OPTIONS',
        headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'if-none-match, x-evil' },
      });
      expect(res.status).toBe(204);
      expect(body).toBe('');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
      // A fixed list: what the request asked for is never copied into the answer.
      expect(res.headers.get('access-control-allow-headers')).toBe('If-None-Match, X-Request-Id');
      expect(res.headers.get('access-control-max-age')).toBe('86400');
    });

    it('HEAD answers the GET headers without a body', async () => {
      const get = await call('/api/mac/000393ab1234');
      const head = await call('/api/mac/000393ab1234', { method: 'HEAD' });
      expect(head.res.status).toBe(200);
      expect(head.body).toBe('');
      expect(head.res.headers.get('content-length')).toBe(String(Buffer.byteLength(get.body)));
      expect(head.res.headers.get('etag')).toBe(get.res.headers.get('etag'));
      const headError = await call('/api/mac/zz', { method: 'HEAD' });
      expect(headError.res.status).toBe(422);
      expect(headError.body).toBe('');
    });

    it('answers 304 to a matching If-None-Match, and 200 otherwise', async () => {
      const first = await call('/api/public/mac/000393ab1234?lang=fr');
      const etag = first.res.headers.get('etag')!;
      const again = await call('/api/public/mac/00-03-93-AB-12-34?lang=fr', { headers: { 'If-None-Match': etag } });
      expect(again.res.status).toBe(304);
      expect(again.body).toBe('');
      expect(again.res.headers.get('etag')).toBe(etag);
      const list = await call('/api/public/mac/000393ab1234?lang=fr', { headers: { 'If-None-Match': `"other", W/${etag}` } });
      expect(list.res.status).toBe(304);
      const otherLang = await call('/api/public/mac/000393ab1234?lang=en', { headers: { 'If-None-Match': etag } });
      expect(otherLang.res.status).toBe(200);
    });

    it('a 304 and a 204 carry no Content-Length, and the connection serves the next request (RFC 9110 §8.6)', async () => {
      const etag = (await call('/api/mac/000393ab1234')).res.headers.get('etag')!;
      const r = await exchange(server.port, [
        `GET /api/mac/000393ab1234 HTTP/1.1\r\nHost: x\r\nIf-None-Match: ${etag}\r\n\r\n`,
        'OPTIONS /api/public/mac/000393ab1234 HTTP/1.1\r\nHost: x\r\nOrigin: https://example.org\r\nAccess-Control-Request-Method: GET\r\n\r\n',
        'GET /api/mac/000393ab1234 HTTP/1.1\r\nHost: x\r\n\r\n',
      ], 500, 50);
      expect(r.statuses).toEqual([304, 204, 200]);
      expect(r.closed).toBe(false);
      const heads = r.text.split(/\r\n\r\n/).slice(0, 2);
      for (const head of heads) expect(head).not.toMatch(/\r\n(content-length|transfer-encoding):/i);
      expect(r.text).toMatch(/\r\nContent-Length: \d+\r\n/i);
    });

    it.each([
      ['fr', 'fr'], ['FR', 'fr'], ['fr-CA', 'fr'], ['en', 'en'], ['de', 'en'], ['', 'en'], ['%C3%A9', 'en'],
    ])('lang=%s answers in %s', async (lang, expected) => {
      const { res, json } = await call(`/api/mac/ff:ff:ff:ff:ff:ff?lang=${lang}`);
      expect(res.headers.get('content-language')).toBe(expected);
      expect(json().special.title).toBe(expected === 'fr' ? 'Adresse de diffusion' : 'Broadcast address');
      expect(json().special.id).toBe('broadcast');
    });

    it('decodes percent-encoded input once', async () => {
      const { res, json } = await call('/api/mac/00%3A03%3A93%3Aab%3A12%3A34');
      expect(res.status).toBe(200);
      expect(json().address.canonical).toBe('00:03:93:AB:12:34');
      const twice = await call('/api/mac/00%253A03%253A93%253Aab%253A12%253A34');
      expect(twice.res.status).toBe(422);
      expect(twice.json().detail).toContain('"%"');
    });

    it('X-Request-Id is echoed when sane, generated otherwise', async () => {
      const echoed = await call('/api/mac/000393ab1234', { headers: { 'X-Request-Id': 'abc-123.def' } });
      expect(echoed.res.headers.get('x-request-id')).toBe('abc-123.def');
      const replaced = await call('/api/mac/000393ab1234', { headers: { 'X-Request-Id': 'bad id <script>' } });
      expect(replaced.res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
      const a = await call('/api/mac/000393ab1234');
      const b = await call('/api/mac/000393ab1234');
      expect(a.res.headers.get('x-request-id')).not.toBe(b.res.headers.get('x-request-id'));
    });
  });

  describe('errors (RFC 9457, localised, stable codes)', () => {
    // 12 KB: under node:http's 16 KB head limit (over it, that engine answers 431).
    it('a 12 KB path is echoed at most 256 characters at a time, marked as cut', async () => {
      const long = `/x${'a'.repeat(12_000)}`;
      const notFound = await call(long);
      expect(notFound.res.status).toBe(404);
      expect(notFound.body.length).toBeLessThan(1000);
      const body = notFound.json();
      expect(body.instance).toBe(`${long.slice(0, 256)}…`);
      expect(body.detail).toBe(`There is no resource at ${long.slice(0, 256)}….`);
      const mac = await call(`/api/mac/${'0'.repeat(12_000)}?lang=fr`);
      expect(mac.res.status).toBe(422);
      expect(mac.body.length).toBeLessThan(1000);
      expect(mac.json().instance).toMatch(/^\/api\/mac\/0{247}…$/);
      // At the boundary: 256 characters are echoed whole.
      const exact = `/y${'b'.repeat(254)}`;
      expect((await call(exact)).json().instance).toBe(exact);
    });

    it.each(['/api/mac', '/api/mac/', '/api/mac/%20', '/api/public/mac', '/api/public/mac/', '/api/public/mac/%20%09'])(
      '%s is 400 missing_mac',
      async (path) => {
        const { res, json } = await call(path);
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
        expect(json()).toMatchObject({ status: 400, code: 'missing_mac', title: 'Missing MAC address', type: 'urn:mac-analysis:problem:missing_mac' });
      },
    );

    it.each([
      ['zz', 'The character "z" at position 1'],
      ['00:03:93:ab:12', '5 groups'],
      ['00:03-93:ab:12:34', 'Separators are mixed'],
      ['000393ab12', 'this one has 10'],
      ['00:03:93:aa:bb:ab:12:34:56', '9 groups separated by ":"; expected 6 groups'],
      ['00124b000102030', 'a 64-bit identifier (EUI-64) 16 (after 0x, if any); this one has 15'],
      ['2001:db8::1', 'likely a privacy (temporary) or random address'],
      ['00:03:93:ab:12:345', 'Group 6 has 3 digits'],
    ])('%s is 422 invalid_mac with a precise detail', async (mac, detail) => {
      const { res, json } = await call(`/api/mac/${mac}`);
      expect(res.status).toBe(422);
      expect(json()).toMatchObject({ status: 422, code: 'invalid_mac', title: 'Invalid MAC address', instance: `/api/mac/${mac}` });
      expect(json().detail).toContain(detail);
    });

    it('errors are localised but codes are not', async () => {
      const { res, json } = await call('/api/mac/00:03:93:ab:12?lang=fr');
      expect(res.headers.get('content-language')).toBe('fr');
      expect(json()).toMatchObject({ code: 'invalid_mac', title: 'Adresse MAC invalide' });
      expect(json().detail).toContain('5 groupes');
    });

    it('an input of 10 kB is rejected as too long, and the service keeps answering', async () => {
      const { res, json } = await call(`/api/mac/${'a'.repeat(10_000)}`);
      expect(res.status).toBe(422);
      expect(json().detail).toContain('10000 characters');
      expect((await call('/api/mac/000393ab1234')).res.status).toBe(200);
    });

    it.each(['/nope', '/api', '/api/mac/00:03:93:ab:12:34/extra', '/api/macs/000393ab1234'])('%s is 404 not_found', async (path) => {
      const { res, json } = await call(path);
      expect(res.status).toBe(404);
      expect(json().code).toBe('not_found');
    });

    it.each([
      ['POST', '/api/mac/000393ab1234', 'GET, HEAD'],
      ['DELETE', '/api/public/mac/000393ab1234', 'GET, HEAD, OPTIONS'],
      ['PUT', '/api/mac', 'GET, HEAD'],
      ['OPTIONS', '/api/mac/000393ab1234', 'GET, HEAD'],
      ['POST', '/healthz', 'GET, HEAD'],
    ])('%s %s is 405 with Allow: %s', async (method, path, allow) => {
      const { res, json } = await call(path, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(json().code).toBe('method_not_allowed');
    });
  });

  describe('operational endpoints', () => {
    it('/healthz and /readyz', async () => {
      expect((await call('/healthz')).json()).toEqual({ status: 'ok' });
      const ready = await call('/readyz');
      expect(ready.res.status).toBe(200);
      expect(ready.json().dataVersion).toMatch(/^oui-data-/);
    });

    it('/api/registry gives the snapshot metadata', async () => {
      const { json, res } = await call('/api/registry');
      expect(json()).toMatchObject({ source: 'oui-data', counts: { 'MA-L': expect.any(Number) } });
      expect(res.headers.get('x-data-version')).toBe(json().version);
    });

    it('/api/openapi.json is the document in the repo', async () => {
      const { json } = await call('/api/openapi.json');
      expect(json().openapi).toBe('3.1.0');
      expect(Object.keys(json().paths)).toContain('/api/public/mac/{mac}');
    });

    it('/metrics counts requests in Prometheus text', async () => {
      const { body, res } = await call('/metrics');
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(body).toMatch(/mac_http_requests_total\{route="analysis",status="2xx"\} [1-9]\d*/);
      expect(body).toMatch(/process_resident_memory_bytes \d+/);
    });

    it('/metrics has request duration histograms per route family, consistent with the counters', async () => {
      for (let i = 0; i < 5; i++) await call('/api/mac/00:03:93:ab:12:34');
      const { body } = await call('/metrics');
      const value = (re: RegExp) => Number(re.exec(body)?.[1]);
      const buckets = [...body.matchAll(/^mac_http_request_duration_seconds_bucket\{route="analysis",le="([^"]+)"\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])] as const);
      expect(buckets.map(([le]) => le)).toEqual(['0.00001', '0.000025', '0.00005', '0.0001', '0.00025', '0.0005', '0.001', '0.0025', '0.01', '0.1', '1', '10', '+Inf']);
      // Cumulative, ending at the count, which matches the analysis requests counted.
      for (let i = 1; i < buckets.length; i++) expect(buckets[i][1]).toBeGreaterThanOrEqual(buckets[i - 1][1]);
      const count = value(/^mac_http_request_duration_seconds_count\{route="analysis"\} (\d+)$/m);
      expect(buckets.at(-1)?.[1]).toBe(count);
      const counted = [...body.matchAll(/^mac_http_requests_total\{route="analysis",status="\dxx"\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
      expect(count).toBe(counted);
      expect(count).toBeGreaterThanOrEqual(5);
      expect(value(/^mac_http_request_duration_seconds_sum\{route="analysis"\} ([\d.e-]+)$/m)).toBeGreaterThan(0);
      // Pool and event-loop gauges, one event-loop series per HTTP thread.
      expect(body).toMatch(/^mac_pool_queued_tasks \d+$/m);
      expect(body).toMatch(/^mac_pool_busy_workers \d+$/m);
      expect(body).toMatch(/^mac_body_bytes_reserved 0$/m); // no body in flight
      expect(body).toMatch(/^mac_body_budget_bytes \d+$/m);
      expect(body).toMatch(/^mac_event_loop_delay_seconds\{thread="0",quantile="0.99"\} [\d.e-]+$/m);
      expect(body).toMatch(/^mac_batch_items_total \d+$/m);
    });

    it('logs which engine serves', () => {
      const line = server.logs.find((l) => l.msg === 'HTTP engine');
      expect(line).toMatchObject({ engine: engine === 'auto' ? 'node' : engine, uws: `uws_${process.platform}_${process.arch}_${process.versions.modules}.node` });
    });
  });

  describe('robustness', () => {
    it('clients that disconnect early do not disturb the service', async () => {
      const { port } = server;
      const sockets: Promise<void>[] = [];
      for (let i = 0; i < 100; i++) {
        sockets.push(
          new Promise((resolve) => {
            const s = connect(port, '127.0.0.1', () => {
              // Half a request, a full one, or a full one then gone before reading the answer.
              const full = `GET /api/mac/00:03:93:ab:12:${(i % 100).toString().padStart(2, '0')} HTTP/1.1\r\nHost: x\r\n\r\n`;
              s.write(i % 3 === 0 ? full.slice(0, 20) : full);
              s.destroy();
              resolve();
            });
            s.on('error', () => resolve());
          }),
        );
      }
      await Promise.all(sockets);
      const aborted = new Promise<void>((resolve) => {
        const req = httpRequest(`${server.url}/api/mac/000393ab1234`, () => undefined);
        req.on('error', () => resolve());
        req.on('socket', (s) => s.on('connect', () => req.destroy()));
        req.end();
      });
      await aborted;
      const { res, json } = await call('/api/mac/00:03:93:ab:12:34');
      expect(res.status).toBe(200);
      expect(json().vendor.name).toBe('Apple, Inc.');
    });

    it('concurrent requests each get their own answer', async () => {
      const macs = Array.from({ length: 300 }, (_, i) => (0x000393000000 + i * 7919).toString(16).padStart(12, '0'));
      const results = await Promise.all(macs.map((m) => fetch(`${server.url}/api/mac/${m}`).then((r) => r.json())));
      results.forEach((r, i) => expect(r.address.hexadecimal).toBe(macs[i].toUpperCase()));
    });
  });
});
