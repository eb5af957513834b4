/**
 * Engine parity: the same battery of requests (every path and method, every address shape and
 * language, fields, batch and extract in every body type and Accept, the export formats with and
 * without gzip, conditional requests, and every error status) sent to the uWS engine and the
 * node:http engine, each on the same build and data. Status, content type, headers and body
 * must be equal byte for byte, but for what docs/SECURITY.md ("The two engines") lists:
 * - transport headers each engine writes its own way (Date, Connection, Keep-Alive,
 *   `uWebSockets: 20`, which this uWS build always adds);
 * - /metrics, whose counters are each process's own.
 * Every header of every answer must also be declared by the OpenAPI document.
 */
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { pack } from 'msgpackr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWebAssets } from '../src/web/assets.js';
import { undeclaredHeaders } from './helpers/openapi.js';
import { startServer, UWS_NATIVE, type RunningServer } from './helpers/server.js';
import { systemSuitesRequired } from './system/requirements.js';

/** One request of the battery. */
interface Probe {
  readonly method: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
}

/** What came back, as the client read it (chunked framing removed, nothing decompressed). */
interface Answer {
  readonly status: number;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Buffer;
}

/** Headers the engines write their own way (transport, not content). */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'uwebsockets', 'transfer-encoding']);

function send(port: number, probe: Probe, id: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = probe.body === undefined ? undefined : typeof probe.body === 'string' ? Buffer.from(probe.body) : Buffer.from(probe.body);
    const headers: Record<string, string> = { 'X-Request-Id': id, ...(probe.headers ?? {}) };
    if (body !== undefined && headers['Content-Length'] === undefined) headers['Content-Length'] = String(body.length);
    const req = request({ host: '127.0.0.1', port, method: probe.method, path: probe.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const pairs: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i].toLowerCase(), res.rawHeaders[i + 1]]);
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const MACS = ['00:03:93:ab:12:34', '0:3:93:ab:12:34', '00-03-93-AB-12-34', '00.03.93.ab.12.34', '0003.93ab.1234', '000393ab1234', '70:b3:d5:6c:01:02', '01:80:c2:00:00:0e', '02:42:ac:11:00:02', '00:50:56:01:02:03', 'ff:ff:ff:ff:ff:ff', '33:33:00:00:00:01', 'fe80::203:93ff:feab:1234', '02:03:93:ff:fe:ab:12:34', '0800-2b01-0203', '08002b:010203', '0x08002b010203', '%2000:03:93:ab:12:34%0A', '0x00124b0001020304', '00:12:4b:00:01:02:03:04', '001b.77ff.ff00.0001', '80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de', '00124b000102030', '00124b00-01020304', '00:03:93:ab:12', '00:03:93:ab:12:zz', '%E2%80%8B', 'a'.repeat(300)];
const FIELDS = ['', 'fields=vendor.name,vendor.registry', 'fields=address.canonical,hints', 'fields=address.kind,vendor.block', 'fields=nope'];
const LANGS = ['', 'lang=fr', 'lang=en'];

const query = (...parts: string[]) => {
  const q = parts.filter(Boolean).join('&');
  return q ? `?${q}` : '';
};

/** The battery: every route family, by the same rules on both engines. */
function battery(etag: string, assets: readonly string[]): Probe[] {
  const out: Probe[] = [];
  for (const prefix of ['/api/mac', '/api/public/mac']) {
    for (const mac of MACS) for (const lang of LANGS) out.push({ method: 'GET', path: `${prefix}/${mac}${query(lang)}` });
    for (const fields of FIELDS) out.push({ method: 'GET', path: `${prefix}/00:03:93:ab:12:34${query(fields, 'lang=fr')}` });
    for (const method of ['HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH', 'POST']) out.push({ method, path: `${prefix}/00:03:93:ab:12:34` });
    for (const path of [prefix, `${prefix}/`]) for (const method of ['GET', 'HEAD', 'OPTIONS', 'DELETE']) out.push({ method, path });
    out.push({ method: 'GET', path: `${prefix}/00:03:93:ab:12:34`, headers: { 'If-None-Match': etag } });
    out.push({ method: 'GET', path: `${prefix}/00:03:93:ab:12:34`, headers: { 'If-None-Match': `W/${etag}, "other"` } });
    out.push({ method: 'HEAD', path: `${prefix}/00:03:93:ab:12:34`, headers: { 'If-None-Match': '*' } });
    out.push({ method: 'GET', path: `${prefix}/00:03:93:ab:12:34`, headers: { 'If-None-Match': '"stale"' } });
  }
  const inputs = ['00:03:93:ab:12:34', '70-b3-d5-6c-01-02', 'not a mac', '01:80:c2:00:00:0e', '', '02:42:ac:11:00:02'];
  const bodies: ReadonlyArray<readonly [string, string | Uint8Array]> = [
    ['text/plain', inputs.join('\n')],
    ['application/json', JSON.stringify(inputs)],
    ['application/x-ndjson', inputs.map((i) => JSON.stringify(i)).join('\n')],
    ['application/msgpack', new Uint8Array(pack(inputs))],
  ];
  const accepts = ['', 'application/json', 'application/x-ndjson', 'text/csv', 'application/msgpack', '*/*', 'text/csv;q=0.5, application/x-ndjson', 'application/x-ndjson;q=0, text/csv', 'image/png'];
  for (const prefix of ['/api/mac', '/api/public/mac']) {
    for (const [type, body] of bodies) for (const accept of accepts) out.push({ method: 'POST', path: `${prefix}/batch`, headers: { 'Content-Type': type, ...(accept ? { Accept: accept } : {}) }, body });
    for (const fields of FIELDS.slice(1)) for (const accept of ['application/json', 'text/csv']) out.push({ method: 'POST', path: `${prefix}/batch${query(fields, 'lang=fr')}`, headers: { 'Content-Type': 'text/plain', Accept: accept }, body: inputs.join('\n') });
    out.push({ method: 'POST', path: `${prefix}/batch`, headers: { 'Content-Type': 'image/png' }, body: 'x' });
    for (const accept of ['application/x-ndjson', 'text/csv']) out.push({ method: 'POST', path: `${prefix}/batch`, headers: { 'Content-Type': 'text/plain', Accept: accept, 'Accept-Encoding': 'gzip, br' }, body: inputs.join('\n') });
    out.push({ method: 'POST', path: `${prefix}/batch?lang=fr`, headers: { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' }, body: inputs.join('\n') });
    out.push({ method: 'POST', path: `${prefix}/batch`, headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', Accept: 'text/csv' }, body: new Uint8Array(gzipSync(JSON.stringify(inputs))) });
    out.push({ method: 'POST', path: `${prefix}/batch`, headers: { 'Content-Type': 'application/json' }, body: '{"not":"an array"' });
    out.push({ method: 'POST', path: `${prefix}/batch?lang=fr`, headers: { 'Content-Type': 'application/json' }, body: '[1,2' });
    const text = 'gw 00:03:93:ab:12:34 eth0\nnas 70:b3:d5:6c:01:02 [ether]\nprinter 0050.5601.0203\n';
    for (const accept of ['', 'application/json', 'text/csv', 'application/x-ndjson']) out.push({ method: 'POST', path: `${prefix}/extract`, headers: { 'Content-Type': 'text/plain', ...(accept ? { Accept: accept } : {}) }, body: text });
    out.push({ method: 'POST', path: `${prefix}/extract?fields=vendor.name`, headers: { 'Content-Type': 'text/plain', Accept: 'text/csv' }, body: text });
    out.push({ method: 'POST', path: `${prefix}/extract`, headers: { 'Content-Type': 'application/json' }, body: '[]' });
    out.push({ method: 'POST', path: `${prefix}/extract`, headers: { 'Content-Type': 'text/plain', 'Accept-Encoding': 'gzip' }, body: text });
    out.push({ method: 'POST', path: `${prefix}/extract`, headers: { 'Content-Type': 'text/plain', 'Content-Encoding': 'br' }, body: text });
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'PUT']) for (const path of [`${prefix}/batch`, `${prefix}/extract`]) out.push({ method, path });
  }
  for (const path of ['/api/vendors', '/api/public/vendors']) {
    for (const q of ['q=apple', 'q=raspberry&limit=2', 'q=raspberry&limit=2&offset=1&lang=fr', 'q=raspberry&sort=firstSeen', 'q=apple&sort=age', 'prefix=00:1B:C5', 'prefix=00:1B:C5&sort=firstSeen&limit=3', 'prefix=2C-CF-67', 'prefix=0x00124b0001020304', 'prefix=00:02:c9:03:00:0a:bc', 'q=a', 'q=apple&limit=0', 'prefix=zz', '', 'q=x&prefix=00:03:93']) out.push({ method: 'GET', path: `${path}${query(q)}` });
    for (const method of ['HEAD', 'OPTIONS', 'POST', 'DELETE']) out.push({ method, path: `${path}?q=apple` });
  }
  for (const path of ['/api/registry/changes', '/api/public/registry/changes']) {
    for (const q of ['since=2025-01-01', 'since=2024-01-01&until=2024-03-31&limit=5&offset=3&lang=fr', 'since=2025-06-21&format=csv&limit=3', 'since=2025-06-21&format=ndjson&limit=3', 'since=2025-02-30', 'since=2025-06-01&until=2025-05-01', '', 'since=2025-01-01&limit=1001', 'since=2025-01-01&format=xml']) out.push({ method: 'GET', path: `${path}${query(q)}` });
    for (const accept of ['text/csv', 'application/x-ndjson', 'application/json;q=0.5, text/csv']) out.push({ method: 'GET', path: `${path}?since=2025-06-21&limit=2`, headers: { Accept: accept } });
    for (const method of ['HEAD', 'OPTIONS', 'POST']) out.push({ method, path: `${path}?since=2025-06-21` });
  }
  for (const format of ['parquet', 'csv', 'ndjson', 'xlsx']) for (const encoding of ['', 'gzip']) out.push({ method: 'GET', path: `/api/registry/ranges?format=${format}`, headers: encoding ? { 'Accept-Encoding': encoding } : {} });
  for (const accept of ['application/vnd.apache.parquet', 'text/csv', 'application/x-ndjson', '*/*']) out.push({ method: 'HEAD', path: '/api/registry/ranges', headers: { Accept: accept } });
  for (const method of ['HEAD', 'POST', 'OPTIONS']) out.push({ method, path: '/api/registry/ranges' });
  for (const format of ['csv', 'ndjson', 'json', 'manuf', 'nmap', 'arp-scan', 'parquet', 'xml']) {
    for (const encoding of ['', 'gzip', 'gzip;q=0', '*', 'identity, gzip;q=0.5', 'br']) out.push({ method: 'GET', path: `/api/registry/blocks?format=${format}`, headers: encoding ? { 'Accept-Encoding': encoding } : {} });
  }
  for (const accept of ['text/csv', 'application/x-ndjson', 'application/json', 'application/json;q=0.1, text/csv;q=0.2', '*/*']) out.push({ method: 'HEAD', path: '/api/registry/blocks', headers: { Accept: accept } });
  for (const method of ['HEAD', 'POST', 'OPTIONS']) out.push({ method, path: '/api/registry/blocks?format=nmap' });
  for (const path of assets) {
    for (const encoding of ['', 'gzip', 'gzip;q=0, br']) out.push({ method: 'GET', path, headers: encoding ? { 'Accept-Encoding': encoding } : {} });
    out.push({ method: 'HEAD', path, headers: { 'Accept-Encoding': 'gzip' } });
    out.push({ method: 'DELETE', path });
  }
  for (const path of ['/healthz', '/readyz', '/api/registry', '/api/openapi.json', '/metrics']) for (const method of ['GET', 'HEAD', 'POST']) out.push({ method, path: `${path}${query('lang=fr')}` });
  for (const path of ['/nope', '/api', '/api/registry/nope', `/${'x'.repeat(400)}`, '/api/mac/00:03:93:ab:12:34/extra', '/api/mac//', '/api/mac/x/', '//api/mac/x', '/api/public/mac//x', '/assets/nope.js']) for (const method of ['GET', 'HEAD', 'POST']) out.push({ method, path });
  // A declared length over BATCH_MAX_BYTES + BODY_DRAIN_BYTES: 413 before anything is read, closed.
  out.push({ method: 'POST', path: '/api/mac/batch?lang=fr', headers: { 'Content-Type': 'text/plain', 'Content-Length': String(129 * 1024 * 1024) }, body: '' });
  // Framing the guard refuses on both engines (the connection closes after the 400).
  out.push({ method: 'GET', path: '/api/mac/000393ab1234', headers: { 'Content-Length': '5' }, body: 'hello' });
  return out;
}

// The battery needs both engines: uWS loads on Node.js 20 only. Elsewhere it says so and skips;
// under REQUIRE_SYSTEM_SUITES on Node.js 20, where it must run, a uWS that does not load fails.
if (!UWS_NATIVE) {
  const why = `no uWS binary loads on Node.js ${process.version} (it has one for Node.js 20 only): the parity battery needs both engines`;
  process.stderr.write(`engine-parity.test.ts: skipped, ${why}\n`);
  if (systemSuitesRequired() && process.versions.node.startsWith('20.')) it('runs on Node.js 20 (REQUIRE_SYSTEM_SUITES)', () => expect.fail(why));
}

describe.runIf(UWS_NATIVE)('the two engines answer alike', () => {
  let uws: RunningServer;
  let node: RunningServer;
  let probes: Probe[];
  // Each probe's answers, uWS's then node's: the battery is sent once, the tests read it.
  const answers: Array<readonly [Answer, Answer]> = [];

  beforeAll(async () => {
    const env = { HTTP_THREADS: '1', POOL_THREADS: '1' };
    [uws, node] = await Promise.all([startServer({ ...env, HTTP_ENGINE: 'uws' }), startServer({ ...env, HTTP_ENGINE: 'node' })]);
    const first = await send(uws.port, { method: 'GET', path: '/api/mac/00:03:93:ab:12:34' }, 'etag');
    const etag = first.headers.find(([k]) => k === 'etag')![1];
    probes = battery(etag, [...loadWebAssets().keys()]);
    for (const [i, p] of probes.entries()) {
      const id = `parity-${i}`;
      answers.push(await Promise.all([send(uws.port, p, id), send(node.port, p, id)]));
    }
  }, 300_000);
  afterAll(async () => {
    await Promise.all([uws?.stop(), node?.stop()]);
  });

  it('has at least 300 requests, covering every status the contract lists', async () => {
    process.stdout.write(`engine parity: ${probes.length} requests\n`);
    expect(probes.length).toBeGreaterThanOrEqual(300);
    const statuses = new Set(answers.map(([a]) => a.status));
    expect([...statuses]).toEqual(expect.arrayContaining([200, 204, 304, 400, 404, 405, 413, 415, 422]));
  });

  it('gives the same status, headers and body bytes on both engines, and declares every header', async () => {
    const differences: string[] = [];
    const undeclared = new Set<string>();
    for (const [i, p] of probes.entries()) {
      const [a, b] = answers[i];
      const what = `${p.method} ${p.path.slice(0, 80)} ${JSON.stringify(p.headers ?? {})}`;
      // /metrics counts each process's own requests: its length is its own too.
      const own = (k: string) => TRANSPORT.has(k) || (p.path.startsWith('/metrics') && k === 'content-length');
      const keep = (h: Answer) => h.headers.filter(([k]) => !own(k)).map(([k, v]) => `${k}: ${v}`).sort();
      if (a.status !== b.status) differences.push(`${what}: status ${a.status} / ${b.status}`);
      const [ha, hb] = [keep(a), keep(b)];
      if (JSON.stringify(ha) !== JSON.stringify(hb)) differences.push(`${what}: headers\n  uws:  ${ha.filter((h) => !hb.includes(h)).join(' | ')}\n  node: ${hb.filter((h) => !ha.includes(h)).join(' | ')}`);
      if (!p.path.startsWith('/metrics') && !a.body.equals(b.body)) differences.push(`${what}: body ${a.body.length} / ${b.body.length} bytes`);
      for (const name of undeclaredHeaders(p.method, p.path.split('?')[0], a.status, a.headers.map(([k]) => k).filter((k) => !TRANSPORT.has(k)))) undeclared.add(`${p.method} ${p.path.split('?')[0].slice(0, 60)} ${a.status}: ${name}`);
    }
    expect(differences).toEqual([]);
    expect([...undeclared].sort()).toEqual([]);
  });
});
