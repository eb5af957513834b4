/**
 * No header value with CR, LF or NUL reaches the wire, on either engine (contract v1.7): the
 * values are made safe where the engines write them (header-lines.ts, headerValue), whatever
 * reached them. A property over every string, then each engine's app, in this process, answering
 * a route whose header values and constant lines try to inject a header or end the head.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeaderLines, headerValue } from '../src/http/header-lines.js';
import type { EngineApp } from '../src/server/engines/engine-app.js';
import { NodeApp } from '../src/server/engines/node-app.js';
import { uwsApp } from '../src/server/engines/uws-app.js';
import { probePort } from '../src/server/probe-port.js';
import { loadUwsNative } from '../src/server/uws-native.js';
import { exchange } from './helpers/raw-http.js';

describe('headerValue', () => {
  it('leaves no CR, LF or NUL in any string, and leaves a string without them as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '\r', '\n', '\0', 'é', ':', 'X') }), (s) => {
        const v = headerValue(s);
        expect(v).not.toMatch(/[\r\n\0]/);
        expect(v.length).toBe(s.length);
        if (!/[\r\n\0]/.test(s)) expect(v).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });
});

const HOSTILE = 'evil\r\nX-Injected: yes';
const engines: Array<[string, () => EngineApp]> = [['node', () => new NodeApp()]];
const uws = loadUwsNative().uws;
if (uws !== null) engines.push(['uws', () => uwsApp(uws)]);

describe.each(engines)('the %s engine writes no CR, LF or NUL in a head', (_name, make) => {
  let app: EngineApp;
  let port: number;
  beforeAll(async () => {
    app = make();
    const lead = new HeaderLines(['X-Data-Version', HOSTILE, 'Cache-Control', 'no-store']);
    app.get('/h', (res) => {
      res.writeHead('200 OK', ['ETag', `"${HOSTILE}\0"`, 'X-Request-Id', 'a\rb\nc'], lead);
      res.end('ok');
    });
    port = await probePort();
    expect(await app.listen('127.0.0.1', port, false)).toBe(true);
  });
  afterAll(() => app.closeAll());

  it('answers with every header on its own line and no injected one, then serves the next request', async () => {
    const got = await exchange(port, ['GET /h HTTP/1.1\r\nHost: x\r\n\r\nGET /h HTTP/1.1\r\nHost: x\r\n\r\n']);
    expect(got.statuses).toEqual([200, 200]);
    const head = got.text.slice(0, got.text.indexOf('\r\n\r\n'));
    expect(head).not.toMatch(/^X-Injected/im);
    expect(head).toMatch(/^X-Data-Version: evil  X-Injected: yes$/m);
    expect(head).toMatch(/^ETag: "evil  X-Injected: yes "$/m);
    expect(head).toMatch(/^X-Request-Id: a b c$/m);
    expect(head.split('\r\n').every((line, i) => i === 0 || /^[A-Za-z-]+: /.test(line))).toBe(true);
  });
});
