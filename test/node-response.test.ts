/** The node engine's response (src/server/engines/node-exchange.ts) on a real node:http server: the header forms uWS takes. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeaderLines } from '../src/http/header-lines.js';
import { NodeResponse } from '../src/server/engines/node-exchange.js';

describe('NodeResponse header forms', () => {
  let server: Server;
  let url = '';
  const lines = new HeaderLines(['Cache-Control', 'no-store', 'Content-Language', 'fr']);
  beforeAll(async () => {
    server = createServer((req, res) => {
      const out = new NodeResponse(res, req).writeStatus('201 Created');
      if (req.url === '/bytes') out.writeHeader(lines.wireBefore('X-Request-Id'), 'abc\r\nETag: "x"');
      else if (req.url === '/block') out.writeHeader('X-Request-Id', 'abc\r\nETag: "x"');
      else out.writeHeaders([...lines.pairs, 'X-Request-Id', 'abc', 'ETag', '"x"']);
      out.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a name made of header lines and a value carrying lines come out as the same fields as flat pairs', async () => {
    const seen = [];
    for (const path of ['/pairs', '/bytes', '/block']) {
      const res = await fetch(url + path);
      expect([res.status, await res.text()]).toEqual([201, 'ok']);
      seen.push(['cache-control', 'content-language', 'x-request-id', 'etag'].map((h) => res.headers.get(h)));
    }
    expect(seen[0]).toEqual(['no-store', 'fr', 'abc', '"x"']);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual([null, null, 'abc', '"x"']);
  });
});
