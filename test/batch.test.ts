import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { pack, unpack } from 'msgpackr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analysis } from '../src/analysis/types.js';
import { DEFAULT_COLUMNS } from '../src/batch/csv-rows.js';
import { expectedRow, parseCsv } from './helpers/csv.js';
import { assertConforms, assertItems } from './helpers/openapi.js';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';
import { FAULT_INPUT, FAULT_STALL_INPUT } from '../src/batch/tasks.js';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { SLOT_BYTES } from '../src/batch/output-slots.js';
import { renderChunk } from '../src/batch/render-chunk.js';

/** The whole chunked answers in `wire`, one after another, with their statuses (a cut-off last one left out). */
function chunkedAnswers(wire: Buffer): Array<{ status: number; body: Buffer }> {
  const answers: Array<{ status: number; body: Buffer }> = [];
  let at = 0;
  for (;;) {
    const headEnd = wire.indexOf('\r\n\r\n', at);
    if (headEnd < 0) return answers;
    const head = wire.subarray(at, headEnd).toString('latin1');
    expect(head).toMatch(/\r\ntransfer-encoding: chunked/i);
    const parts: Buffer[] = [];
    let p = headEnd + 4;
    for (;;) {
      const lineEnd = wire.indexOf('\r\n', p);
      if (lineEnd < 0) return answers;
      const size = parseInt(wire.subarray(p, lineEnd).toString('latin1'), 16);
      if (lineEnd + 2 + size + 2 > wire.length) return answers;
      parts.push(wire.subarray(lineEnd + 2, lineEnd + 2 + size));
      p = lineEnd + 2 + size + 2;
      if (size === 0) break;
    }
    answers.push({ status: Number(head.slice(9, 12)), body: Buffer.concat(parts) });
    at = p;
  }
}

describe.each(ENGINES)('%s engine', (engine) => {
  const INPUTS = ['00:03:93:ab:12:34', 'zz', '70b3.d56c.0102', '', 'ff-ff-ff-ff-ff-ff', '02:00:00:00:00:01'];
  const CHUNK = 2000; // src/batch/chunk-items.ts CHUNK_ITEMS: larger batches go to the pool

  interface Item {
    input: string;
    analysis?: { address: { canonical: string }; vendor: { name: string | null } | null };
    error?: { code: string; detail: string };
  }

  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '1', BATCH_MAX_ITEMS: '100000', BATCH_MAX_BYTES: String(8 * 1024 * 1024), FAULT_INJECTION: 'true' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function post(path: string, body: BodyInit, contentType: string, accept?: string) {
    const res = await fetch(server.url + path, { method: 'POST', body, headers: { 'Content-Type': contentType, ...(accept ? { Accept: accept } : {}) } });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = Buffer.from(bytes).toString('utf8');
    assertConforms('POST', path.split('?')[0], res, contentType === 'never' ? '' : (res.headers.get('content-type') ?? '').includes('msgpack') ? '' : text);
    return { res, bytes, text };
  }

  function itemsOf(r: { res: Response; bytes: Uint8Array; text: string }): Item[] {
    const type = r.res.headers.get('content-type') ?? '';
    const items = (type.includes('ndjson')
      ? r.text.trim().split('\n').map((l) => JSON.parse(l))
      : type.includes('msgpack')
        ? unpack(r.bytes)
        : JSON.parse(r.text)) as Item[];
    assertItems('BatchItem', items);
    return items;
  }

  describe('batch bodies and answers', () => {
    const bodies: Array<[string, BodyInit, string]> = [
      ['JSON array', JSON.stringify(INPUTS), 'application/json'],
      ['JSON object', JSON.stringify({ macs: INPUTS }), 'application/json; charset=utf-8'],
      ['NDJSON', INPUTS.map((i) => JSON.stringify(i)).join('\n'), 'application/x-ndjson'],
      ['msgpack', new Uint8Array(pack(INPUTS)), 'application/msgpack'],
    ];
    for (const [name, body, type] of bodies) {
      for (const accept of ['application/json', 'application/x-ndjson', 'application/msgpack']) {
        it(`${name} in, ${accept} out: one result per input, in order, with per-item errors`, async () => {
          const r = await post('/api/mac/batch', body, type, accept);
          expect(r.res.status).toBe(200);
          expect(r.res.headers.get('content-type')).toContain(accept);
          expect(r.res.headers.get('vary')).toBe('Accept, Accept-Encoding');
          const items = itemsOf(r);
          expect(items.map((i) => i.input)).toEqual(INPUTS);
          expect(items[0].analysis?.vendor?.name).toBe('Apple, Inc.');
          expect(items[1].error?.code).toBe('invalid_mac');
          expect(items[3].error?.code).toBe('missing_mac');
          expect(items[4].analysis?.address.canonical).toBe('FF:FF:FF:FF:FF:FF');
        });
      }
    }

    it('text/plain takes one address per line and skips blank lines', async () => {
      const r = await post('/api/mac/batch?lang=fr', '00:03:93:ab:12:34\r\n\n  70b3.d56c.0102  \nnope\n', 'text/plain');
      const items = itemsOf(r);
      expect(items.map((i) => i.input)).toEqual(['00:03:93:ab:12:34', '70b3.d56c.0102', 'nope']);
      expect(items[2].error?.detail).toContain('Le caractère');
      expect(r.res.headers.get('content-language')).toBe('fr');
    });

    it('Accept: text/csv answers a header row and one row per input, on the pool too', async () => {
      const r = await post('/api/mac/batch?lang=fr', JSON.stringify(INPUTS), 'application/json', 'text/csv');
      expect(r.res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      const rows = r.text.split('\n');
      expect(rows[0]).toBe('input,canonical,ig,ul,vendor,short_name,registry,prefix,country,special,hints,error,detail');
      expect(rows[1]).toBe('00:03:93:ab:12:34,00:03:93:AB:12:34,individual,universal,"Apple, Inc.",Apple,MA-L,00:03:93,US,,,,');
      expect(rows[2]).toMatch(/^zz,,,,,,,,,,,invalid_mac,"?Le caractère/);
      expect(rows[5]).toBe('ff-ff-ff-ff-ff-ff,FF:FF:FF:FF:FF:FF,group,local,,,,,,broadcast,,,');
      expect(rows).toHaveLength(INPUTS.length + 2); // and a final newline
      // Several chunks on the pool: CSV chunks hold up to 8,000 rows (src/batch/chunk-items.ts).
      const many = Array.from({ length: 8000 * 2 + 5 }, (_, i) => (0x000393000000 + i).toString(16).padStart(12, '0'));
      const big = await post('/api/mac/batch', many.join('\n'), 'text/plain', 'text/csv');
      const bigRows = big.text.trim().split('\n');
      expect(bigRows).toHaveLength(many.length + 1);
      expect(bigRows.slice(1).map((row) => row.split(',')[0])).toEqual(many);
    });

    it('an empty batch is an empty answer', async () => {
      expect(itemsOf(await post('/api/mac/batch', '[]', 'application/json'))).toEqual([]);
    });

    it('the public path adds CORS and answers a preflight', async () => {
      const r = await post('/api/public/mac/batch', '["00:03:93:ab:12:34"]', 'application/json');
      expect(r.res.headers.get('access-control-allow-origin')).toBe('*');
      const pre = await fetch(`${server.url}/api/public/mac/batch`, { method: 'OPTIONS', headers: { Origin: 'https://x.example', 'Access-Control-Request-Method': 'POST' } });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    });

    it('large batches run on the pool and keep input order', async () => {
      const inputs = Array.from({ length: CHUNK * 5 + 17 }, (_, i) => (0x000393000000 + i).toString(16).padStart(12, '0'));
      const r = await post('/api/mac/batch', inputs.join('\n'), 'text/plain', 'application/x-ndjson');
      const items = itemsOf(r);
      expect(items).toHaveLength(inputs.length);
      items.forEach((it, i) => expect(it.input).toBe(inputs[i]));
      const json = itemsOf(await post('/api/mac/batch', JSON.stringify(inputs), 'application/json'));
      expect(json.map((i) => i.input)).toEqual(inputs);
    });
  });

  describe('batch errors', () => {
    it.each([
      ['[1', 'application/json', 'not valid JSON'],
      ['{"macs":[1]}', 'application/json', '/macs/0'],
      ['{"addresses":[]}', 'application/json', 'array of strings'],
      ['"a"\n12\n', 'application/x-ndjson', 'Line 2'],
      ['"a"\n{\n', 'application/x-ndjson', 'Line 2 is not valid JSON'],
    ])('%j (%s) is 400 invalid_body saying where', async (body, type, where) => {
      const r = await post('/api/mac/batch', body, type);
      expect(r.res.status).toBe(400);
      expect(JSON.parse(r.text)).toMatchObject({ code: 'invalid_body' });
      expect(JSON.parse(r.text).detail).toContain(where);
    });

    it('an unsupported body type is 415', async () => {
      const r = await post('/api/mac/batch', 'x', 'image/png');
      expect(r.res.status).toBe(415);
      expect(JSON.parse(r.text).code).toBe('unsupported_media_type');
    });

    it('a worker that throws fails that batch cleanly; the next one succeeds', async () => {
      const inputs = Array.from({ length: CHUNK * 3 }, (_, i) => (0x000393000000 + i).toString(16).padStart(12, '0'));
      const failingFirst = [...inputs];
      failingFirst[5] = FAULT_INPUT;
      const r1 = await post('/api/mac/batch', failingFirst.join('\n'), 'text/plain');
      expect(r1.res.status).toBe(500);
      expect(JSON.parse(r1.text).code).toBe('internal');
      const failingLater = [...inputs];
      failingLater[CHUNK * 2 + 5] = FAULT_INPUT;
      const cut = await fetch(`${server.url}/api/mac/batch`, { method: 'POST', body: failingLater.join('\n'), headers: { 'Content-Type': 'text/plain' } });
      expect(cut.status).toBe(200);
      await expect(cut.text()).rejects.toThrow(); // the stream is cut short, never completed
      const ok = itemsOf(await post('/api/mac/batch', inputs.join('\n'), 'text/plain'));
      expect(ok).toHaveLength(inputs.length);
    });
  });

  describe('batch limits (BATCH_MAX_ITEMS=3, BATCH_MAX_BYTES=64)', () => {
    let small: RunningServer;
    beforeAll(async () => {
      small = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', BATCH_MAX_ITEMS: '3', BATCH_MAX_BYTES: '64' });
    });
    afterAll(async () => {
      await small?.stop();
    });
    const send = (body: string) => fetch(`${small.url}/api/mac/batch`, { method: 'POST', body, headers: { 'Content-Type': 'text/plain' } });

    it('items: at the limit is answered, one over is 413', async () => {
      expect((await send('a\nb\nc')).status).toBe(200);
      const over = await send('a\nb\nc\nd');
      expect(over.status).toBe(413);
      expect((await over.json()).detail).toContain('4 addresses');
    });

    it('bytes: at the limit is answered, one over is 413', async () => {
      const line = '00:03:93:ab:12:34\n'; // 18 bytes
      const exact = `${line}${line}${line}${'x'.repeat(64 - 3 * line.length)}`;
      expect(Buffer.byteLength(exact)).toBe(64);
      expect((await send(exact.replace(/x+$/, (x) => ' '.repeat(x.length)))).status).toBe(200);
      const over = await send(`${exact} `);
      expect(over.status).toBe(413);
      expect((await over.json()).code).toBe('payload_too_large');
    });

    it('bytes: a chunked body (no Content-Length) over the limit is cut at 413', async () => {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${small.url}/api/mac/batch`, { method: 'POST', headers: { 'Content-Type': 'text/plain', 'Transfer-Encoding': 'chunked' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        for (let i = 0; i < 10; i++) req.write('00:03:93:ab:12:34\n');
        req.end();
      });
      expect(status).toBe(413);
      expect((await fetch(`${small.url}/api/mac/000393ab1234`)).status).toBe(200);
    });
  });

  describe('streaming', () => {
    const big = Array.from({ length: 30_000 }, (_, i) => (0x70b3d5000000 + i * 977).toString(16).padStart(12, '0')).join('\n');
    const rawBatch = (accept: string) =>
      `POST /api/mac/batch HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nAccept: ${accept}\r\nContent-Length: ${Buffer.byteLength(big)}\r\n\r\n${big}`;

    it('a slow reader gets everything, and single GETs keep flowing meanwhile', async () => {
      const body = await new Promise<string>((resolve, reject) => {
        const req = httpRequest(
          `${server.url}/api/mac/batch`,
          { method: 'POST', headers: { 'Content-Type': 'text/plain', Accept: 'application/x-ndjson' } },
          (res) => {
            const parts: Buffer[] = [];
            res.once('data', (d: Buffer) => {
              parts.push(d);
              res.pause(); // take one piece, then stall while the server has the rest to send
              setTimeout(async () => {
                const get = await fetch(`${server.url}/api/mac/000393ab1234`);
                expect(get.status).toBe(200);
                res.on('data', (more: Buffer) => parts.push(more));
                res.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
                res.resume();
              }, 800);
            });
          },
        );
        req.on('error', reject);
        req.end(big);
      });
      const lines = body.trim().split('\n');
      expect(lines).toHaveLength(30_000);
      expect(JSON.parse(lines[29_999]).input).toBe((0x70b3d5000000 + 29_999 * 977).toString(16).padStart(12, '0'));
    });

    // uWS closes a connection that sends a request while a body is read or an answer is open.
    it.runIf(engine !== 'uws')('batches pipelined on one connection are answered in turn, each whole', async () => {
      // The second and third wait their turn behind the first (node:http queues their
      // responses): their first chunk is held, and the rest follows once each has the connection.
      const wire = await new Promise<Buffer>((resolve) => {
        const parts: Buffer[] = [];
        const socket = connect(server.port, '127.0.0.1', () => socket.write(rawBatch('application/x-ndjson') + rawBatch('text/csv') + rawBatch('application/x-ndjson')));
        // Read until nothing has come for 1.5 s (node:http keeps the connection open).
        const idle = setTimeout(() => socket.destroy(), 1500);
        socket.on('data', (d: Buffer) => {
          parts.push(d);
          idle.refresh();
        });
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearTimeout(idle);
          resolve(Buffer.concat(parts));
        });
      });
      const answers = chunkedAnswers(wire);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const last = (0x70b3d5000000 + 29_999 * 977).toString(16).padStart(12, '0');
      answers.forEach((a, i) => {
        const lines = a.body.toString('utf8').trim().split('\n');
        if (i === 1) {
          expect(lines).toHaveLength(30_001); // the header row, then a row per input
          expect(lines[30_000].startsWith(`${last},`)).toBe(true);
        } else {
          expect(lines).toHaveLength(30_000);
          expect(JSON.parse(lines[29_999]).input).toBe(last);
        }
      });
    });

    it('a client that aborts mid-stream stops its batch; the next batch is whole', async () => {
      await new Promise<void>((resolve) => {
        const socket = connect(server.port, '127.0.0.1', () => socket.write(rawBatch('application/json')));
        socket.once('data', () => {
          socket.destroy();
          resolve();
        });
      });
      const r = await post('/api/mac/batch', big, 'text/plain', 'application/x-ndjson');
      expect(r.text.trim().split('\n')).toHaveLength(30_000);
      const unexpected = server.logs.filter((l) => (l.level as number) >= 50 && !JSON.stringify(l.err ?? '').includes('fault injection'));
      expect(unexpected).toEqual([]);
    });
  });

  describe('output slots (src/batch/output-slots.ts)', () => {
    // The bytes of each chunk pass through a slot of shared memory that the HTTP thread lends
    // again once they are written, or once the task of a stopped stream has settled: answers
    // must come out byte for byte as rendered in process, however streams interleave or stop.
    const expected = (inputs: readonly string[]) => {
      const analyzer = loadAnalyzer();
      const parts: Uint8Array[] = [];
      for (let at = 0; at < inputs.length; at += CHUNK) parts.push(renderChunk(analyzer, inputs.slice(at, at + CHUNK), 'en', 'ndjson').bytes);
      return Buffer.concat(parts).toString('utf8');
    };
    const addresses = (base: number, count: number) => Array.from({ length: count }, (_, i) => (base + i * 4099).toString(16).padStart(12, '0'));

    it('concurrent batches, and batches cut short by their client, never show another batch\'s bytes', async () => {
      const a = addresses(0x000393000000, CHUNK * 7 + 3);
      const b = addresses(0x70b3d5000000, CHUNK * 6 + 11);
      const body = addresses(0x001122000000, CHUNK * 10).join('\n');
      const gone = (accept: string) =>
        new Promise<void>((resolve) => {
          const raw = `POST /api/mac/batch HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nAccept: ${accept}\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
          const socket = connect(server.port, '127.0.0.1', () => socket.write(raw));
          socket.once('data', () => {
            socket.destroy();
            resolve();
          });
        });
      const [ra, rb] = await Promise.all([
        post('/api/mac/batch', a.join('\n'), 'text/plain', 'application/x-ndjson'),
        post('/api/mac/batch', b.join('\n'), 'text/plain', 'application/x-ndjson'),
        gone('application/x-ndjson'),
        gone('text/csv'),
      ]);
      expect(ra.text).toBe(expected(a));
      expect(rb.text).toBe(expected(b));
      // Slots given back by the stopped streams serve the next batch intact.
      const again = await post('/api/mac/batch', b.join('\n'), 'text/plain', 'application/x-ndjson');
      expect(again.text).toBe(expected(b));
    });

    it('a chunk larger than a slot is answered whole, in a buffer of its own', async () => {
      // 2,000 inputs of 600 control characters: each echoed as \u0001 escapes, 7 MB a chunk.
      const long = '\u0001'.repeat(600);
      const inputs = [...Array.from({ length: CHUNK + 1 }, () => long), '00:03:93:ab:12:34'];
      expect(CHUNK * 600 * 6).toBeGreaterThan(SLOT_BYTES);
      const r = await post('/api/mac/batch', inputs.map((i) => JSON.stringify(i)).join('\n'), 'application/x-ndjson', 'application/x-ndjson');
      expect(r.text).toBe(expected(inputs));
    });
  });

  describe('body memory reused from batch to batch (src/http/body-buffers.ts)', () => {
    // Bodies over 1 MiB are read into the memory the thread's previous body was read into: each
    // answer must hold its own inputs only, whether the body before was larger (its bytes are
    // still there past the new body's end) or its client left while chunks were rendering.
    const addresses = (base: number, count: number) => Array.from({ length: count }, (_, i) => (base + i * 4099).toString(16).padStart(12, '0'));
    const canonical = (hex: string) => hex.toUpperCase().match(/../g)!.join(':');
    const expectOwn = async (inputs: readonly string[]) => {
      const r = await post('/api/mac/batch?fields=address.canonical', inputs.join('\n'), 'text/plain', 'application/x-ndjson');
      expect(r.res.status).toBe(200);
      const lines = r.text.trim().split('\n');
      expect(lines.length).toBe(inputs.length);
      const wrong = lines.findIndex((l, i) => {
        const item = JSON.parse(l) as { input: string; analysis: { address: { canonical: string } } };
        return item.input !== inputs[i] || item.analysis.address.canonical !== canonical(inputs[i]);
      });
      expect(wrong).toBe(-1);
    };

    it('a smaller body after a larger one, and a body after a client that left mid-stream, answer their own inputs only', async () => {
      const large = addresses(0x000393000000, 90_000); // 1.17 MB
      const smaller = addresses(0x70b3d5000000, 82_000); // 1.07 MB, over the 1 MiB from which memory is reused
      expect(smaller.join('\n').length).toBeGreaterThan(1024 * 1024);
      await expectOwn(large);
      await expectOwn(smaller);
      const body = addresses(0x001122000000, 90_000).join('\n');
      await new Promise<void>((resolve) => {
        const raw = `POST /api/mac/batch HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nAccept: application/x-ndjson\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
        const socket = connect(server.port, '127.0.0.1', () => socket.write(raw));
        socket.once('data', () => {
          socket.destroy();
          resolve();
        });
      });
      await expectOwn(large.slice(0, 85_000).reverse());
    });

    // A body's shared memory is held by the HTTP thread that read it, the main thread that relayed
    // its tasks, and the workers; each must collect for it to go (src/server/collect-garbage.ts).
    it('is collected after a burst: by the main thread once the pool is idle 5 s, by the HTTP thread once it lets its spare go 10 s after the last batch', async () => {
      const collected = (thread: string) => server.logs.filter((l) => l.msg === 'batch memory collected' && String(l.thread) === thread);
      const before = { main: collected('main').length, http: collected('0').length };
      const sent = Date.now();
      await expectOwn(addresses(0x000393000000, 90_000));
      for (let i = 0; collected('main').length === before.main || collected('0').length === before.http; i++) {
        expect(i, 'both collections within 15 s').toBeLessThan(300);
        await new Promise((r) => setTimeout(r, 50));
      }
      const [main, http] = [collected('main').at(-1)!, collected('0').at(-1)!];
      expect(typeof main.ms).toBe('number');
      expect(typeof http.ms).toBe('number');
      // Not while the batch ran: its last task's end starts the main thread's 5 s, the body given
      // back as its answer ends the HTTP thread's 10 s (both after the request was sent; the
      // client's own end comes later, once it has read and checked every line).
      expect(Number(main.time)).toBeGreaterThanOrEqual(sent + 5_000);
      expect(Number(http.time)).toBeGreaterThanOrEqual(sent + 10_000);
    }, 30_000);
  });

  describe('extraction endpoint', () => {
    const arp = `? (192.168.1.1) at 0:3:93:ab:12:34 on en0 ifscope [ethernet]
Vlan    Mac Address       Type        Ports
  10    70b3.d56c.0102    DYNAMIC     Gi1/0/24
  192.168.1.1           00-03-93-ab-12-34     dynamic`;

    it('returns each distinct address with its line and analysis', async () => {
      const r = await post('/api/mac/extract?lang=fr', arp, 'text/plain; charset=utf-8');
      expect(r.res.status).toBe(200);
      const body = JSON.parse(r.text);
      expect(body.count).toBe(2);
      expect(body.truncated).toBe(false);
      expect(body.items.map((i: { input: string; line: number }) => [i.input, i.line])).toEqual([['0:3:93:ab:12:34', 1], ['70b3.d56c.0102', 3]]);
      expect(body.items[1].analysis.vendor.registry).toBe('MA-S');
      expect(body.items[0].analysis.vendor.country.name).toBe('États-Unis');
    });

    it('answers CSV when asked: the batch columns with line and context, row for row what the JSON says', async () => {
      // Large enough for the pool (over 128 KiB, over 2,000 addresses); contexts with commas and quotes.
      const lines = Array.from({ length: 3000 }, (_, i) => `port ${i}, "uplink" at 00:03:93:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:07 seen, ok`);
      for (const text of [arp, lines.join('\n')]) {
        const json = JSON.parse((await post('/api/mac/extract?lang=fr', text, 'text/plain')).text) as { count: number; truncated: boolean; items: Array<{ input: string; line: number; context: string; analysis: Analysis }> };
        const csv = await post('/api/public/mac/extract?lang=fr', text, 'text/plain', 'text/csv');
        expect(csv.res.status).toBe(200);
        expect(csv.res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
        expect([csv.res.headers.get('x-extract-count'), csv.res.headers.get('x-extract-truncated')]).toEqual([String(json.count), 'false']);
        expect(csv.res.headers.get('access-control-expose-headers')).toContain('X-Extract-Count');
        const [header, ...rows] = parseCsv(csv.text);
        expect(header).toEqual(['input', 'line', 'context', ...DEFAULT_COLUMNS]);
        expect(rows).toEqual(json.items.map((item) => { const [input, ...rest] = expectedRow(item); return [input, String(item.line), item.context, ...rest]; }));
      }
    });

    it('the public path has CORS; other body types are 415', async () => {
      const r = await post('/api/public/mac/extract', arp, 'text/plain');
      expect(r.res.headers.get('access-control-allow-origin')).toBe('*');
      expect((await post('/api/mac/extract', '{}', 'application/json')).res.status).toBe(415);
    });
  });

  describe('runtime warnings', () => {
    it('bodies of every type (JSON, NDJSON, msgpack, text, extract) raise no Node.js deprecation warning', async () => {
      const macs = Array.from({ length: 5000 }, (_, i) => `00:03:93:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`);
      for (const [body, type] of [
        [JSON.stringify(macs), 'application/json'],
        [macs.map((m) => JSON.stringify(m)).join('\n'), 'application/x-ndjson'],
        [macs.join('\n'), 'text/plain'],
        [new Uint8Array(pack(macs)), 'application/msgpack'],
      ] as const) {
        expect((await post('/api/mac/batch', body, type)).res.status).toBe(200);
      }
      expect((await post('/api/mac/extract', macs.join(' '), 'text/plain')).res.status).toBe(200);
      expect(server.stderr()).not.toMatch(/DeprecationWarning|DEP0\d+/);
    });
  });

  describe('pool admission (POOL_THREADS=1, POOL_MAX_QUEUE=1)', () => {
    let tight: RunningServer;
    beforeAll(async () => {
      tight = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '1', POOL_MAX_QUEUE: '1', FAULT_INJECTION: 'true' });
    });
    afterAll(async () => {
      await tight?.stop();
    });

    it('a batch that finds the queue full is 503 with Retry-After; an admitted one is never cut', async () => {
      const addresses = Array.from({ length: CHUNK * 40 }, (_, i) => (0x000393000000 + i).toString(16).padStart(12, '0'));
      const send = (lines: readonly string[]) => fetch(`${tight.url}/api/mac/batch`, { method: 'POST', body: lines.join('\n'), headers: { 'Content-Type': 'text/plain', Accept: 'application/x-ndjson' } });
      // The queue the admission reads, as /metrics shows it (each HTTP thread samples it every second).
      const queued = async () => Number(/^mac_pool_queued_tasks (\d+)$/m.exec(await (await fetch(`${tight.url}/metrics`)).text())?.[1]);
      const until = async (ok: (n: number) => boolean) => {
        for (const end = Date.now() + 10_000; !ok(await queued()); await new Promise((r) => setTimeout(r, 50))) {
          if (Date.now() > end) throw new Error('the pool queue gauge never read as expected');
        }
      };
      // The pool's worker starts with the first large body (POOL_WARM_UP is off in the tests):
      // a first batch starts it, and its answer is read whole, so that nothing of it is left.
      const warm = await send(addresses);
      expect(warm.status).toBe(200);
      expect((await warm.text()).trim().split('\n')).toHaveLength(CHUNK * 40);
      await until((n) => n === 0);
      // The stalling batch holds the one worker for 3 s on each of its first two chunks (fault
      // injection), its next chunks queued behind them. The others are sent once the gauge shows
      // that queue, whatever the machine's speed. (Sent after a fixed 250 ms, one of them was
      // sometimes admitted in CI: the stalling batch was still being prepared.)
      const stalling = [...addresses];
      stalling[5] = FAULT_STALL_INPUT;
      stalling[CHUNK + 5] = FAULT_STALL_INPUT;
      const first = send(stalling);
      await until((n) => n >= 1);
      const answers = await Promise.all([send(addresses), send(addresses), send(addresses)]);
      const refused = answers.filter((r) => r.status === 503);
      expect(refused).toHaveLength(3);
      expect(refused[0].headers.get('retry-after')).toBe('1');
      expect((await refused[0].json()).code).toBe('unavailable');
      const admitted = [await first, ...answers.filter((r) => r.status === 200)];
      for (const r of admitted) expect((await r.text()).trim().split('\n')).toHaveLength(CHUNK * 40);
    }, 60_000);
  });
});
