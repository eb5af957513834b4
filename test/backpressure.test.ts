/**
 * Answers survive slow readers, in a network namespace whose TCP buffers are small (so that
 * most writes meet backpressure), on each engine (clients in test/helpers/slow-reader.ts):
 * - several 20,000-address NDJSON batches at once, every other one gzipped, read with random
 *   pauses: every answer well framed and whole. With 64 kB writes, uWS 20.30 sent a chunk's size line without its data
 *   whenever the socket was full at that moment (src/http/respond.ts, WRITE_SLICE): 10 of 24
 *   answers broke here;
 * - the registry export asked for again and again on one connection, each request pipelined
 *   as the answer before it nearly ends: with `end`, the same uWS flaw left a response open and
 *   uWS aborted the process. Now every answer that arrives is the file, byte for byte; uWS may
 *   close a connection that pipelines behind an open response, node:http never does.
 * Needs root and `ip` (test/system/packages.txt).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StrictChunkedDecoder } from './helpers/slow-reader.js';
import { ENGINES, startServer } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('backpressure');
const NS = `macbp${process.pid}`;
const READER = 'dist/test/helpers/slow-reader.js';

// Runs `argv` inside the namespace; resolves with its exit code and output.
function inNamespace(argv: readonly string[], timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('ip', ['netns', 'exec', NS, ...argv], { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// The real server on `engine`, one HTTP thread, inside the namespace.
const startInNamespace = (engine: string) => startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1' }, { argv: ['ip', 'netns', 'exec', NS, process.execPath, 'dist/src/server/main.js'] });

describe('the strict chunked decoder the slow client uses', () => {
  const decode = (text: string) => {
    const d = new StrictChunkedDecoder();
    return { broken: d.feed(Buffer.from(text, 'latin1')), complete: d.complete, body: d.body().toString('latin1') };
  };

  it('reads a well-framed body, fed whole or a byte at a time', () => {
    expect(decode('5\r\nhello\r\n1\r\n!\r\n0\r\n\r\n')).toEqual({ broken: null, complete: true, body: 'hello!' });
    const d = new StrictChunkedDecoder();
    for (const byte of Buffer.from('3\r\nabc\r\nA\r\n0123456789\r\n0\r\n\r\n')) expect(d.feed(Buffer.from([byte]))).toBeNull();
    expect([d.complete, d.body().toString()]).toEqual([true, 'abc0123456789']);
  });

  it('refuses what uWS 20.30 sent: a size line followed by the next size line instead of its data', () => {
    expect(decode('4\r\n3\r\nabc\r\n0\r\n\r\n').broken).toBe("no CRLF after a chunk's data, at body byte 4");
    expect(decode('5\r\nhello\r\nzz\r\n').broken).toBe('size line "zz" at body byte 5');
    expect(decode('0\r\n\r\nextra').broken).toBe('5 bytes after the last chunk');
  });
});

describe.runIf(READY)('streamed answers to clients that read slowly, with small TCP buffers', () => {
  beforeAll(() => {
    execFileSync('ip', ['netns', 'add', NS]);
    execFileSync('ip', ['-n', NS, 'link', 'set', 'lo', 'up']);
    // The namespace's own TCP buffer limits (net.ipv4.tcp_wmem and tcp_rmem are per namespace).
    execFileSync('ip', ['netns', 'exec', NS, 'sh', '-c', 'echo "4096 16384 65536" > /proc/sys/net/ipv4/tcp_wmem && echo "4096 32768 65536" > /proc/sys/net/ipv4/tcp_rmem']);
  });
  afterAll(() => {
    spawnSync('ip', ['netns', 'del', NS]);
  });

  for (const engine of ENGINES) {
    it(`${engine}: 12 answers of 20,000 addresses, every other one gzipped, four at a time, all whole and well framed`, async () => {
      const server = await startInNamespace(engine);
      try {
        const run = await inNamespace([process.execPath, READER, 'batch', String(server.port), '20000', '4', '3'], 150_000);
        expect(run.code, run.stderr).toBe(0);
        expect(JSON.parse(run.stdout)).toEqual({ streams: 12, failures: [] });
        expect(server.logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
        expect(server.stderr()).toBe('');
      } finally {
        await server.stop();
      }
    }, 180_000);

    it(`${engine}: the registry export pipelined 30 times behind itself, 4 connections: whole answers, the service alive`, async () => {
      const server = await startInNamespace(engine);
      try {
        const run = await inNamespace([process.execPath, READER, 'pipeline', String(server.port), '/api/registry/blocks?format=nmap', '30', '4'], 150_000);
        expect(run.code, run.stderr).toBe(0);
        const outcome = JSON.parse(run.stdout) as { whole: number; closed: number; wrong: string[]; alive: boolean };
        process.stderr.write(`backpressure (${engine}): ${JSON.stringify(outcome)}\n`);
        expect(outcome.wrong).toEqual([]);
        expect(outcome.alive).toBe(true);
        // uWS may close any of these connections at a request sent behind an open answer.
        if (engine !== 'uws') expect(outcome).toMatchObject({ whole: 120, closed: 0 });
        expect(server.logs.filter((l) => (l.level as number) >= 50)).toEqual([]);
      } finally {
        await server.stop();
      }
    }, 180_000);
  }
});
