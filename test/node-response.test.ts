/** The node engine's response (src/server/engines/node-exchange.ts) on a real node:http server: a head written in one call. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeaderLines } from '../src/http/header-lines.js';
import { NodeResponse } from '../src/server/engines/node-exchange.js';

describe('NodeResponse#writeHead', () => {
  let server: Server;
  let url = '';
  const lines = new HeaderLines(['Cache-Control', 'no-store', 'Content-Language', 'fr']);
  beforeAll(async () => {
    server = createServer((req, res) => {
      const out = new NodeResponse(res, req);
      if (req.url === '/lead') out.writeHead('201 Created', ['X-Request-Id', 'abc', 'ETag', '"x"'], lines);
      else out.writeHead('404 Not Found', ['X-Request-Id', 'abc']);
      out.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('writes the status, the constant lines, then the headers', async () => {
    const lead = await fetch(`${url}/lead`);
    expect([lead.status, lead.statusText, await lead.text()]).toEqual([201, 'Created', 'ok']);
    expect(['cache-control', 'content-language', 'x-request-id', 'etag'].map((h) => lead.headers.get(h))).toEqual(['no-store', 'fr', 'abc', '"x"']);
    const plain = await fetch(`${url}/plain`);
    expect([plain.status, plain.statusText, plain.headers.get('cache-control'), plain.headers.get('x-request-id')]).toEqual([404, 'Not Found', null, 'abc']);
  });
});
