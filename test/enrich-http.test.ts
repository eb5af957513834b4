/**
 * POST /api/mac/enrich on both engines, over real HTTP: records in, the same records out with
 * their analyses (inline and on the pool, gzip both ways), 400 invalid_key before the body is
 * read past its header, the keys let pass counted in /metrics; and `mac-analyze enrich` writing a
 * record soon after it arrives when its input pauses.
 */
import { execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { parseCsv } from '../src/csv/csv.js';
import fc from 'fast-check';
import { enrichChunk } from '../src/batch/enrich.js';
import { enrichedHeader, headerEnd, planOf, type RecordDialect } from '../src/batch/enrich-plan.js';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';

const analyzer = loadAnalyzer();

// The whole answer to `body` made in process, in one chunk.
function inProcess(body: Buffer, dialect: RecordDialect, keys: string[]): Buffer {
  const end = dialect === 'ndjson' ? 0 : headerEnd(body, dialect);
  const header = body.subarray(0, end < 0 ? body.length : end);
  const planned = planOf(dialect, keys, null, dialect === 'ndjson' ? null : header);
  if ('unknown' in planned) throw new Error('no column');
  return Buffer.concat([enrichedHeader(header, planned.plan), enrichChunk(analyzer, body.subarray(header.length), planned.plan, 'en').bytes]);
}
const APPLE = '00:03:93:ab:12:34';
const vendorOf = (mac: string) => {
  const r = analyzer.analyze(mac, 'en', null);
  return r.ok ? { vendor: r.analysis.vendor === null ? null : { name: r.analysis.vendor.name } } : null;
};

// An eve.json flow event as Suricata writes it (64-bit flow_id, nested ether block).
const eve = (i: number) => `{"timestamp":"2026-11-29T02:11:09.${String(i).padStart(6, '0')}+0000","flow_id":${18446744073709551615n - BigInt(i)},"in_iface":"eth0","event_type":"flow","src_ip":"10.0.0.${i % 250}","src_port":${1024 + (i % 60000)},"dest_ip":"10.0.1.1","dest_port":443,"proto":"TCP","ether":{"src_mac":"${i % 3 === 0 ? APPLE : '3c:22:fb:00:11:22'}","dest_mac":"${i % 5 === 0 ? 'zz' : '02:00:00:00:00:01'}"},"flow":{"pkts_toserver":12,"bytes_toserver":1234,"state":"closed","alerted":false}}`;

describe.each(ENGINES)('%s engine', (engine) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (query: string, body: Uint8Array<ArrayBuffer> | string, type: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/mac/enrich?${query}`, { method: 'POST', body, headers: { 'Content-Type': type, ...headers } });

  it('answers eve.json events with each key analysed, inline and on the pool, every byte kept', async () => {
    for (const n of [3, 3000]) {
      const body = Array.from({ length: n }, (_, i) => `${eve(i)}\n`).join('');
      const res = await post('key=ether.src_mac&key=ether.dest_mac&fields=vendor.name', body, 'application/x-ndjson');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/x-ndjson');
      const lines = (await res.text()).split('\n');
      expect(lines.length).toBe(n + 1);
      for (const [i, line] of lines.slice(0, n).entries()) {
        const src = i % 3 === 0 ? APPLE : '3c:22:fb:00:11:22';
        const dest = i % 5 === 0 ? 'zz' : '02:00:00:00:00:01';
        const destAnalysis = i % 5 === 0 ? { error: { code: 'invalid_mac', detail: expect.any(String) } } : vendorOf(dest);
        const parsed = JSON.parse(line);
        const inserted = (name: string) => `,"${name}_analysis":${JSON.stringify(parsed.ether[`${name}_analysis`])}`;
        expect(line.replace(inserted('src_mac'), '').replace(inserted('dest_mac'), '')).toBe(eve(i));
        expect(line).toContain(`"flow_id":${18446744073709551615n - BigInt(i)},`);
        expect(parsed.ether.src_mac_analysis).toEqual(vendorOf(src));
        expect(parsed.ether.dest_mac_analysis).toEqual(destAnalysis);
        expect(Object.keys(parsed.ether)).toEqual(['src_mac', 'src_mac_analysis', 'dest_mac', 'dest_mac_analysis']);
      }
    }
  });

  it('answers a gzip CSV inventory gzipped, the header with the keys\' columns', async () => {
    const csv = 'name,mac\r\nif1,00:03:93:ab:12:34\r\nif2,"zz"\r\n';
    const res = await post('key=mac&fields=vendor,error&lang=fr', new Uint8Array(gzipSync(csv)), 'text/csv', { 'Content-Encoding': 'gzip', 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    const text = await res.text(); // fetch decodes the gzip answer
    expect(text).toBe('name,mac,mac_vendor,mac_error\r\nif1,00:03:93:ab:12:34,"Apple, Inc.",\r\nif2,"zz",,invalid_mac\r\n');
    expect(gunzipSync(gzipSync(text)).toString()).toBe(text);
  });

  it('refuses a missing key, a bad path and a column the header lacks (400 invalid_key), and a text body (415)', async () => {
    for (const [query, body, type] of [['', '{}\n', 'application/x-ndjson'], ['key=a..b', '{}\n', 'application/x-ndjson'], ['key=mac', 'name,addr\nx,y\n', 'text/csv'], ['key=mac', 'name\tmac2\n', 'text/tab-separated-values']]) {
      const res = await post(query, body, type);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('invalid_key');
    }
    expect((await post('key=mac', 'x', 'text/plain')).status).toBe(415);
  });

  it('answers 400 invalid_key once the header has come, before the rest of the body', async () => {
    const socket = connect(server.port, '127.0.0.1');
    const answer = new Promise<string>((resolve) => {
      let got = '';
      socket.on('data', (d) => {
        got += d.toString();
        if (got.includes('\r\n\r\n')) resolve(got);
      });
    });
    socket.write(`POST /api/mac/enrich?key=mac HTTP/1.1\r\nHost: x\r\nContent-Type: text/csv\r\nContent-Length: 10000000\r\n\r\nname,addr\nx,y\n`);
    const head = await answer;
    socket.destroy();
    expect(head.startsWith('HTTP/1.1 400')).toBe(true);
  });

  it('counts the keys let pass in /metrics', async () => {
    const before = await (await fetch(`${server.url}/metrics`)).text();
    const count = (text: string, reason: string) => Number(new RegExp(`mac_enrich_passed_total\\{reason="${reason}"\\} (\\d+)`).exec(text)![1]);
    const body = 'nope\n{"a":1}\n{"m":5}\n{"m":"00:03:93:ab:12:34"}\n';
    expect(await (await post('key=m', body, 'application/x-ndjson')).text()).toContain('"m_analysis":');
    const after = await (await fetch(`${server.url}/metrics`)).text();
    expect(['no_key', 'not_string', 'not_object'].map((r) => count(after, r) - count(before, r))).toEqual([1, 1, 1]);
  });

  // Any body (JSON-ish and CSV-ish pieces, quotes, CR, LF, bytes that are not UTF-8): the answer
  // is 200 and byte for byte what the records give in process, whatever the chunks.
  it('answers every body as the records give it in process (property)', async () => {
    const piece = fc.constantFrom('{"m":"00:03:93:ab:12:34"}', '{"a":{"m":"zz"},"m":5}', '{"m":"3c-22-fb-00-11-22","n":[1,{"m":"x"}]}', '{"m":"\\u0030', ',', '"', '""', 'mac', '00:03:93:ab:12:34', '\n', '\r\n', '\r', ' ', '\t', '\\', '\u00e9', '\xff');
    const bodies = fc.tuple(fc.constantFrom('ndjson', 'csv', 'tsv'), fc.array(piece, { maxLength: 40 }));
    for (const [dialect, pieces] of fc.sample(bodies, { seed: 72, numRuns: 60 })) {
      const head = dialect === 'ndjson' ? '' : dialect === 'csv' ? 'mac,x\n' : 'mac\tx\n';
      const body = Buffer.concat([Buffer.from(head), ...pieces.map((p) => Buffer.from(p, p === '\xff' ? 'latin1' : 'utf8'))]);
      const res = await post(`key=${dialect === 'ndjson' ? 'm' : 'mac'}&input=${dialect}`, new Uint8Array(body), 'application/octet-stream');
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(inProcess(body, dialect as RecordDialect, [dialect === 'ndjson' ? 'm' : 'mac']))).toBe(true);
    }
  });

  it('answers the public twin with CORS', async () => {
    const res = await fetch(`${server.url}/api/public/mac/enrich?key=m&input=ndjson`, { method: 'POST', body: '{"m":"00:03:93:ab:12:34"}\n', headers: { Origin: 'https://example.org' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(JSON.parse(await res.text()).m_analysis.address.canonical).toBe(APPLE.toUpperCase());
  });
});

describe('mac-analyze enrich', () => {
  it('prints what CLI.md shows', () => {
    const md = readFileSync('docs/CLI.md', 'utf8');
    const [, command, shown] = /\n(printf .*\| mac-analyze enrich .*)\n# (.*)\n/.exec(md)!;
    expect(execSync(command.replace('mac-analyze', `${process.execPath} dist/src/cli/main.js`), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()).toBe(shown);
  });

  it('writes a record within about IDLE_FLUSH_MS of its arrival when the input pauses, and the rest at the end', async () => {
    const cli = spawn(process.execPath, ['dist/src/cli/main.js', 'enrich', '--key', 'ether.src_mac', '--fields', 'vendor.name'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    const lineCount = () => out.split('\n').length - 1;
    cli.stdout.on('data', (d) => (out += d));
    const waitFor = async (n: number) => {
      const started = Date.now();
      while (lineCount() < n) await new Promise((r) => setTimeout(r, 5));
      return Date.now() - started;
    };
    cli.stdin.write(`${eve(0)}\n`);
    const first = await waitFor(1); // the process starting and loading the registry counts here
    cli.stdin.write(`${eve(1)}\n`);
    const second = await waitFor(2);
    expect(second).toBeLessThan(400);
    cli.stdin.end(`${eve(2)}`);
    const code = await new Promise((r) => cli.on('close', r));
    expect(code).toBe(0);
    expect(first).toBeGreaterThan(0);
    const lines = out.split('\n');
    expect(lines.length).toBe(3); // the last record had no line end, and gets none
    expect(JSON.parse(lines[2]).ether.src_mac_analysis).toEqual(vendorOf('3c:22:fb:00:11:22'));
    expect(parseCsv('a\n')).toEqual([['a']]);
  });
});

describe('limits', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HTTP_THREADS: '1', POOL_THREADS: '1', ENRICH_MAX_KEYS: '2', BATCH_MAX_ITEMS: '3' });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const post = (query: string, body: string) => fetch(`${server.url}/api/mac/enrich?${query}`, { method: 'POST', body, headers: { 'Content-Type': 'application/x-ndjson' } });

  it('takes ENRICH_MAX_KEYS keys and refuses one more (400 invalid_key naming it)', async () => {
    expect((await post('key=a&key=b', '{"a":"00:03:93:ab:12:34"}\n')).status).toBe(200);
    const res = await post('key=a&key=b&key=c', '{}\n');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_key', detail: expect.stringContaining('"c"') });
  });

  it('takes BATCH_MAX_ITEMS records and refuses one more (413)', async () => {
    expect((await post('key=a', '{}\n{}\n{}\n')).status).toBe(200);
    expect((await post('key=a', '{}\n{}\n{}\n{}\n')).status).toBe(413);
  });
});
