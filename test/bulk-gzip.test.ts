/**
 * Gzip both ways on the bulk routes, the real server on both engines, over raw node:http so
 * that nothing decodes for us. A gzipped answer (BULK_GZIP_LEVEL) must decode to the plain
 * answer byte for byte, decode as it arrives (each chunk flushed), and a client that leaves
 * mid-answer must not hurt the next one. A gzip body must read as the same body sent as it is,
 * within BATCH_MAX_BYTES once decompressed; any other content coding is refused.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { pack } from 'msgpackr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_ITEMS } from '../src/batch/chunk-items.js';
import { FAULT_STALL_INPUT } from '../src/batch/tasks.js';
import { loadConfig } from '../src/server/config.js';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  /** The body as received, in the pieces it arrived in. */
  readonly pieces: readonly Buffer[];
  readonly bytes: Buffer;
}

// POSTs `body` and collects the answer as it comes.
function post(port: number, path: string, body: string | Buffer, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'Content-Type': 'text/plain', ...headers } }, (res) => {
      const pieces: Buffer[] = [];
      res.on('data', (b: Buffer) => pieces.push(b));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, pieces, bytes: Buffer.concat(pieces) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

// `n` distinct addresses across a few vendors, one per line.
function addresses(n: number): string {
  const ouis = ['00:03:93', 'b8:27:eb', '00:50:56', '70:b3:d5', '02:42:ac', '01:80:c2'];
  return Array.from({ length: n }, (_, i) => `${ouis[i % ouis.length]}:${((i >> 16) & 255).toString(16).padStart(2, '0')}:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`).join('\n');
}

const SMALL = `${addresses(20)}\nnope\n\n0x00124b0001020304`;
const LARGE = addresses(30_000); // 15 chunks: rendered on the pool, several in flight
const PASTE = `? (192.168.1.1) at 00:03:93:ab:12:34 [ether] on eth0\n? (192.168.1.9) at b8:27:eb:01:02:03 [ether] on eth0\n`;

describe('BULK_GZIP_LEVEL', () => {
  it('is a level from 0 (never) to 9, 1 unless set', () => {
    expect(loadConfig({}).bulkGzipLevel).toBe(1);
    expect(loadConfig({ BULK_GZIP_LEVEL: '0' }).bulkGzipLevel).toBe(0);
    expect(loadConfig({ BULK_GZIP_LEVEL: '9' }).bulkGzipLevel).toBe(9);
    expect(() => loadConfig({ BULK_GZIP_LEVEL: '10' })).toThrow(/BULK_GZIP_LEVEL must be from 0 to 9/);
    expect(() => loadConfig({ BULK_GZIP_LEVEL: 'fast' })).toThrow(/BULK_GZIP_LEVEL must be a whole number/);
  });
});

describe.each(ENGINES)('gzipped bulk answers (%s engine)', (engine) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '2', FAULT_INJECTION: 'true' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const cases: Array<[string, string, string]> = [
    ['/api/mac/batch', 'application/x-ndjson', SMALL],
    ['/api/mac/batch', 'application/json', SMALL],
    ['/api/mac/batch?lang=fr', 'text/csv', SMALL],
    ['/api/mac/batch', 'application/msgpack', SMALL],
    ['/api/public/mac/batch?fields=address.canonical,vendor.name', 'application/x-ndjson', LARGE],
    ['/api/mac/batch', 'text/csv', LARGE],
    ['/api/mac/extract', 'application/x-ndjson', PASTE],
    ['/api/public/mac/extract', 'text/csv', PASTE],
  ];
  // The gzipped answers /metrics has counted.
  const gzippedCount = async () => Number(/^mac_batch_gzipped_total (\d+)$/m.exec(await (await fetch(`${server.url}/metrics`)).text())?.[1]);

  it.each(cases)('%s as %s decodes to the plain answer, byte for byte', async (path, accept, body) => {
    const counted = await gzippedCount();
    const plain = await post(server.port, path, body, { Accept: accept });
    const zipped = await post(server.port, path, body, { Accept: accept, 'Accept-Encoding': 'gzip, deflate, br' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe(plain.headers['content-type']);
    for (const a of [plain, zipped]) expect(a.headers.vary).toBe('Accept, Accept-Encoding');
    expect(gunzipSync(zipped.bytes).equals(plain.bytes)).toBe(true);
    if (body === LARGE) expect(zipped.bytes.byteLength * 4).toBeLessThan(plain.bytes.byteLength);
    expect(await gzippedCount()).toBe(counted + 1);
  });

  it('decodes as it arrives: while a chunk stalls, every line before it is readable', async () => {
    // The fourth chunk (2,000 full analyses each) holds its pool worker for 3 s.
    const inputs = addresses(12_000).split('\n');
    inputs[3 * CHUNK_ITEMS + 5] = FAULT_STALL_INPUT;
    const gunzip = createGunzip();
    let lines = 0;
    gunzip.on('data', (b: Buffer) => {
      for (const byte of b) if (byte === 0x0a) lines++;
    });
    let allBefore = 0; // when the lines before the stalled chunk were all decoded
    const ended = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/api/mac/batch', method: 'POST', headers: { 'Content-Type': 'text/plain', Accept: 'application/x-ndjson', 'Accept-Encoding': 'gzip' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('gzip');
        res.on('data', (b: Buffer) => gunzip.write(b, () => {
          if (allBefore === 0 && lines >= 3 * CHUNK_ITEMS) allBefore = performance.now();
        }));
        res.on('end', () => resolve(performance.now()));
        res.on('error', reject);
      });
      req.end(inputs.join('\n'));
    });
    // Without a flush after each chunk, its last bytes would wait in zlib until the stall ended.
    expect(allBefore).toBeGreaterThan(0);
    expect(ended - allBefore).toBeGreaterThan(1500);
    await new Promise((resolve) => gunzip.end(resolve));
    expect(lines).toBe(12_000);
  });

  it.each([['gzip;q=0'], ['identity'], ['br, deflate'], ['*;q=0']])('Accept-Encoding %s gets the plain answer', async (acceptEncoding) => {
    const a = await post(server.port, '/api/mac/batch', SMALL, { Accept: 'application/x-ndjson', 'Accept-Encoding': acceptEncoding });
    expect(a.headers['content-encoding']).toBeUndefined();
    expect(a.bytes.toString('utf8').trim().split('\n')).toHaveLength(22);
  });

  it.each([['*'], ['x-gzip'], ['GZIP;q=0.5, identity']])('Accept-Encoding %s gets gzip', async (acceptEncoding) => {
    const a = await post(server.port, '/api/mac/batch', SMALL, { Accept: 'application/x-ndjson', 'Accept-Encoding': acceptEncoding });
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(a.bytes).toString('utf8').trim().split('\n')).toHaveLength(22);
  });

  it('errors before the answer starts are plain problem details', async () => {
    const a = await post(server.port, '/api/mac/batch', '', { Accept: 'application/x-ndjson', 'Accept-Encoding': 'gzip', 'Content-Type': 'image/png' });
    expect(a.status).toBe(415);
    expect(a.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(a.bytes.toString('utf8'))).toMatchObject({ code: 'unsupported_media_type' });
  });

  it.each([['br'], ['deflate'], ['x-custom'], ['gzip, gzip']])('a body with Content-Encoding %s is refused (415), never misread', async (coding) => {
    for (const [path, lang] of [['/api/mac/batch', 'en'], ['/api/public/mac/extract?lang=fr', 'fr']] as const) {
      const a = await post(server.port, path, SMALL, { Accept: 'application/x-ndjson', 'Content-Encoding': coding });
      expect(a.status).toBe(415);
      expect(a.headers['accept-encoding']).toBe('gzip');
      const problem = JSON.parse(a.bytes.toString('utf8')) as { code: string; detail: string };
      expect(problem.code).toBe('unsupported_media_type');
      expect(problem.detail).toContain(coding);
      expect(problem.detail).toContain(lang === 'fr' ? 'envoyez-le en gzip' : 'send it gzipped');
    }
    const identity = await post(server.port, '/api/mac/batch', SMALL, { Accept: 'application/x-ndjson', 'Content-Encoding': 'Identity' });
    expect(identity.status).toBe(200);
  });

  const inputs = SMALL.split('\n').filter((l) => l !== '');
  const bodies: Array<[string, string, Buffer]> = [
    ['text/plain', '/api/mac/batch', Buffer.from(SMALL)],
    ['application/x-ndjson', '/api/mac/batch', Buffer.from(inputs.map((i) => JSON.stringify(i)).join('\n'))],
    ['application/json', '/api/mac/batch', Buffer.from(JSON.stringify({ macs: inputs }))],
    ['application/msgpack', '/api/mac/batch', Buffer.from(pack(inputs))],
    ['text/plain', '/api/mac/batch?lang=fr', Buffer.from(LARGE)],
    ['text/plain', '/api/public/mac/extract', Buffer.from(PASTE)],
  ];
  it.each(bodies)('a gzip body (%s, %s) is read as the same body sent as it is', async (type, path, body) => {
    for (const coding of ['gzip', 'X-Gzip']) {
      const plain = await post(server.port, path, body, { 'Content-Type': type, Accept: 'text/csv' });
      const zipped = await post(server.port, path, gzipSync(body), { 'Content-Type': type, Accept: 'text/csv', 'Content-Encoding': coding });
      expect(plain.status).toBe(200);
      expect(zipped.status).toBe(200);
      expect(zipped.bytes.equals(plain.bytes)).toBe(true);
    }
  });

  it.each([
    ['not gzip at all', Buffer.from(SMALL), 'incorrect header check'],
    ['cut short', gzipSync(Buffer.from(LARGE)).subarray(0, 200), 'unexpected end of file'],
  ])('a gzip body that does not decompress (%s) is 400, localised', async (_what, body, reason) => {
    for (const lang of ['en', 'fr'] as const) {
      const a = await post(server.port, `/api/mac/batch?lang=${lang}`, body, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' });
      expect(a.status).toBe(400);
      const problem = JSON.parse(a.bytes.toString('utf8')) as { code: string; detail: string };
      expect(problem.code).toBe('invalid_body');
      expect(problem.detail).toContain(reason);
      expect(problem.detail).toContain(lang === 'fr' ? 'ne se décompresse pas' : 'does not decompress');
    }
  });

  it('clients that leave mid-answer do not hurt the next one', async () => {
    const leave = () =>
      new Promise<void>((resolve) => {
        const req = request({ host: '127.0.0.1', port: server.port, path: '/api/mac/batch', method: 'POST', headers: { 'Content-Type': 'text/plain', Accept: 'application/x-ndjson', 'Accept-Encoding': 'gzip' } }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', () => resolve());
        req.end(LARGE);
      });
    await Promise.all([leave(), leave(), leave()]);
    const plain = await post(server.port, '/api/mac/batch', LARGE, { Accept: 'text/csv' });
    const zipped = await post(server.port, '/api/mac/batch', LARGE, { Accept: 'text/csv', 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(zipped.bytes).equals(plain.bytes)).toBe(true);
    expect(server.logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});

describe.each(ENGINES)('gzip bodies at BATCH_MAX_BYTES, prepared on the HTTP thread (%s engine)', (engine) => {
  it('a body that inflates to the limit is read; one byte more is 413, localised', async () => {
    const s = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '0', BATCH_MAX_BYTES: '65536' });
    try {
      const line = '00:03:93:ab:12:34\n'; // 18 bytes
      const atLimit = line.repeat(3640) + '\n'.repeat(16); // 65,536 bytes, blank lines skipped
      expect(atLimit.length).toBe(65536);
      const ok = await post(s.port, '/api/mac/batch', gzipSync(atLimit), { Accept: 'text/csv', 'Content-Encoding': 'gzip' });
      expect(ok.status).toBe(200);
      expect(ok.bytes.toString('utf8').trim().split('\n')).toHaveLength(3641);
      for (const lang of ['en', 'fr'] as const) {
        const over = await post(s.port, `/api/mac/batch?lang=${lang}`, gzipSync(`${atLimit}\n`), { Accept: 'text/csv', 'Content-Encoding': 'gzip' });
        expect(over.status).toBe(413);
        const problem = JSON.parse(over.bytes.toString('utf8')) as { code: string; detail: string };
        expect(problem.code).toBe('payload_too_large');
        expect(problem.detail).toBe(lang === 'fr' ? 'Une fois décompressé, le corps dépasse 65536 octets.' : 'Once decompressed, the body exceeds 65536 bytes.');
      }
      // A bomb: 64 MiB of zeros in 65,250 bytes of gzip, stopped at the limit.
      const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
      expect(bomb.length).toBeLessThanOrEqual(65536);
      expect((await post(s.port, '/api/mac/batch', bomb, { 'Content-Encoding': 'gzip' })).status).toBe(413);
      expect((await post(s.port, '/api/mac/batch', SMALL, { Accept: 'application/x-ndjson' })).status).toBe(200);
    } finally {
      await s.stop();
    }
  });
});

describe.each(ENGINES)('BULK_GZIP_LEVEL at its bounds (%s engine)', (engine) => {
  it('0 never gzips and varies on Accept only; 9 gzips to the same answer', async () => {
    const off = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', BULK_GZIP_LEVEL: '0' });
    const nine = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', BULK_GZIP_LEVEL: '9' });
    try {
      const headers = { Accept: 'application/x-ndjson', 'Accept-Encoding': 'gzip' };
      const plain = await post(off.port, '/api/mac/batch', SMALL, headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept');
      const zipped = await post(nine.port, '/api/mac/batch', SMALL, headers);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.bytes).equals(plain.bytes)).toBe(true);
    } finally {
      await Promise.all([off.stop(), nine.stop()]);
    }
  });
});
