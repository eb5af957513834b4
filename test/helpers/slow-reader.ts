/**
 * Clients that read slowly, run as a script (test/backpressure.test.ts runs them inside a
 * network namespace with small TCP buffers). Each prints one JSON line.
 *
 *   node dist/test/helpers/slow-reader.js batch PORT ADDRESSES CONNECTIONS ROUNDS
 *
 * posts one NDJSON batch on several connections at once, every other one asking for gzip,
 * pauses its reads at random, decodes each chunked answer strictly (RFC 9112 §7.1: size line,
 * data, CRLF, last chunk, end of trailers), gunzips the gzipped ones, and checks every line
 * against its input: `{"streams": n, "failures": ["…"]}`.
 *
 *   node dist/test/helpers/slow-reader.js pipeline PORT PATH REQUESTS ROUNDS
 *
 * asks for PATH (a large file, such as the registry export) once, then on each of ROUNDS
 * connections REQUESTS times, pipelined: each next request goes out when the answer before it
 * is nearly all in (within 60 or 120 kB, by round), and reading pauses 30 ms after each. It
 * prints `{"whole": answers equal to the first, "closed": connections closed before their
 * last answer, "wrong": ["…"], "alive": the service still answers}`.
 */
import { connect, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { addressInputs, prng } from '../../bench/inputs.js';

/** Decodes one chunked body as bytes arrive; says what is wrong at the first byte that breaks the framing. */
export class StrictChunkedDecoder {
  private state: 'size' | 'data' | 'crlf' | 'trailer' | 'done' = 'size';
  private pending: Buffer = Buffer.alloc(0);
  private need = 0;
  private got = 0;
  private readonly parts: Buffer[] = [];

  /** Feeds bytes; returns null while all is well, or what broke the framing. */
  feed(bytes: Buffer): string | null {
    let buf = this.pending.length > 0 ? Buffer.concat([this.pending, bytes]) : bytes;
    for (;;) {
      if (this.state === 'done') return buf.length > 0 ? `${buf.length} bytes after the last chunk` : null;
      if (this.state === 'size') {
        const end = buf.indexOf('\r\n');
        if (end < 0) {
          this.pending = buf;
          return buf.length > 16 ? `a size line longer than 16 bytes at body byte ${this.got}` : null;
        }
        const line = buf.subarray(0, end).toString('latin1');
        if (!/^[0-9a-fA-F]{1,8}$/.test(line)) return `size line ${JSON.stringify(line.slice(0, 24))} at body byte ${this.got}`;
        this.need = parseInt(line, 16);
        buf = buf.subarray(end + 2);
        this.state = this.need === 0 ? 'trailer' : 'data';
      } else if (this.state === 'data') {
        const n = Math.min(this.need, buf.length);
        if (n > 0) this.parts.push(Buffer.from(buf.subarray(0, n)));
        this.need -= n;
        this.got += n;
        buf = buf.subarray(n);
        if (this.need > 0) {
          this.pending = Buffer.alloc(0);
          return null;
        }
        this.state = 'crlf';
      } else {
        if (buf.length < 2) {
          this.pending = buf;
          return null;
        }
        if (buf[0] !== 13 || buf[1] !== 10) return this.state === 'crlf' ? `no CRLF after a chunk's data, at body byte ${this.got}` : 'trailers after the last chunk';
        buf = buf.subarray(2);
        this.state = this.state === 'crlf' ? 'size' : 'done';
      }
    }
  }

  /** True once the last chunk and the empty trailer section have come. */
  get complete(): boolean {
    return this.state === 'done';
  }

  /** The body decoded so far. */
  body(): Buffer {
    return Buffer.concat(this.parts);
  }
}

// The lines of `body` must be the analyses of `inputs`, in order.
function checkLines(body: Buffer, inputs: readonly string[]): string | null {
  const lines = body.toString('utf8').split('\n');
  if (lines.pop() !== '') return 'the answer does not end with a newline';
  if (lines.length !== inputs.length) return `${lines.length} lines for ${inputs.length} inputs`;
  for (let i = 0; i < lines.length; i++) {
    let input: unknown;
    try {
      input = (JSON.parse(lines[i]) as { input?: unknown }).input;
    } catch {
      return `line ${i + 1} is not JSON`;
    }
    if (input !== inputs[i]) return `line ${i + 1} answers ${JSON.stringify(input)}, not ${JSON.stringify(inputs[i])}`;
  }
  return null;
}

// The answers on one connection, each with a Content-Length: `onBody` gets each body; null while
// all is well, else what broke. Resolves with how many came whole, and why it stopped early.
function readAnswers(socket: Socket, count: number, onBody: (body: Buffer) => string | null): Promise<{ whole: number; stopped: string | null }> {
  return new Promise((resolve) => {
    let buf: Buffer = Buffer.alloc(0);
    let need = -1;
    let whole = 0;
    let settled = false;
    const settle = (stopped: string | null) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ whole, stopped });
    };
    socket.on('data', (bytes: Buffer) => {
      buf = buf.length > 0 ? Buffer.concat([buf, bytes]) : bytes;
      for (;;) {
        if (need < 0) {
          const end = buf.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buf.subarray(0, end).toString('latin1');
          const length = /\r\ncontent-length: (\d+)/i.exec(head);
          if (!head.startsWith('HTTP/1.1 200 ') || length === null) return settle(`answer ${whole + 1}: ${JSON.stringify(head.split('\r\n')[0])} without a Content-Length`);
          need = Number(length[1]);
          buf = buf.subarray(end + 4);
        }
        if (buf.length < need) return;
        const wrong = onBody(buf.subarray(0, need));
        if (wrong !== null) return settle(`answer ${whole + 1}: ${wrong}`);
        buf = buf.subarray(need);
        need = -1;
        if (++whole === count) return settle(null);
      }
    });
    socket.on('error', () => settle('closed'));
    socket.on('close', () => settle('closed'));
  });
}

// A GET of `path` on a connection of its own: its body, or null.
async function getOnce(port: number, path: string): Promise<Buffer | null> {
  const socket = connect(port, '127.0.0.1');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  let body: Buffer | null = null;
  await readAnswers(socket, 1, (b) => {
    body = Buffer.from(b);
    return null;
  });
  return body;
}

// `requests` pipelined GETs of `path` on one connection, each sent when the answer before it is
// within `tail` bytes of its end.
function pipelined(port: number, path: string, reference: Buffer, requests: number, tail: number): Promise<{ whole: number; stopped: string | null }> {
  const socket = connect(port, '127.0.0.1');
  const ask = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
  let sent = 1;
  let received = 0;
  socket.write(ask);
  socket.on('data', (bytes: Buffer) => {
    received += bytes.length;
    // An answer is its body and a head of about 400 bytes.
    if (sent < requests && received > sent * (reference.length + 400) - tail) {
      sent++;
      socket.write(ask);
      socket.pause();
      setTimeout(() => socket.resume(), 30);
    }
  });
  return readAnswers(socket, requests, (body) => (body.equals(reference) ? null : `${body.length} bytes that are not the file (${reference.length})`));
}

// One batch on a fresh connection, read with random pauses, gzipped or not; null when its answer is whole.
function oneStream(port: number, body: string, inputs: readonly string[], random: () => number, gzip: boolean): Promise<string | null> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const decoder = new StrictChunkedDecoder();
    let head: Buffer = Buffer.alloc(0);
    let headDone = false;
    let settled = false;
    const pauses = setInterval(() => {
      if (random() < 0.3) {
        socket.pause();
        setTimeout(() => socket.resume(), Math.floor(random() * 30));
      }
    }, 5);
    const settle = (outcome: string | null) => {
      if (settled) return;
      settled = true;
      clearInterval(pauses);
      socket.destroy();
      resolve(outcome);
    };
    socket.on('data', (bytes: Buffer) => {
      let rest = bytes;
      if (!headDone) {
        head = Buffer.concat([head, bytes]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        const text = head.subarray(0, end).toString('latin1');
        if (!text.startsWith('HTTP/1.1 200 ')) return settle(`status line ${JSON.stringify(text.split('\r\n')[0])}`);
        if (!/\r\ntransfer-encoding: chunked(\r\n|$)/i.test(text)) return settle('the answer is not chunked');
        if (/\r\ncontent-encoding: gzip(\r\n|$)/i.test(text) !== gzip) return settle(gzip ? 'the answer is not gzipped' : 'the answer is gzipped');
        headDone = true;
        rest = head.subarray(end + 4);
      }
      const broken = decoder.feed(rest);
      if (broken !== null) return settle(broken);
      if (!decoder.complete) return;
      let answer: Buffer;
      try {
        answer = gzip ? gunzipSync(decoder.body()) : decoder.body();
      } catch (e) {
        return settle(`the gzipped answer does not decompress: ${(e as Error).message}`);
      }
      settle(checkLines(answer, inputs));
    });
    socket.on('error', (e) => settle(`socket error ${e.message}`));
    socket.on('close', () => settle('the connection closed before the answer ended'));
    socket.write(`POST /api/mac/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-ndjson\r\nAccept: application/x-ndjson\r\n${gzip ? 'Accept-Encoding: gzip\r\n' : ''}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
    socket.write(body);
  });
}

async function pipelineMain(port: number, path: string, requests: number, rounds: number): Promise<void> {
  const reference = await getOnce(port, path);
  if (reference === null) throw new Error(`GET ${path} failed`);
  let whole = 0;
  let closed = 0;
  const wrong: string[] = [];
  for (let r = 0; r < rounds; r++) {
    const outcome = await pipelined(port, path, reference, requests, r % 2 === 0 ? 60_000 : 120_000);
    whole += outcome.whole;
    if (outcome.stopped === 'closed') closed++;
    else if (outcome.stopped !== null) wrong.push(outcome.stopped);
  }
  const alive = (await getOnce(port, '/healthz')) !== null;
  process.stdout.write(`${JSON.stringify({ whole, closed, wrong, alive })}\n`);
}

async function batchMain(port: number, addresses: number, connections: number, rounds: number): Promise<void> {
  const inputs = addressInputs(addresses, 7);
  const body = `${inputs.map((i) => JSON.stringify(i)).join('\n')}\n`;
  const random = prng(11);
  const failures: string[] = [];
  let streams = 0;
  for (let r = 0; r < rounds; r++) {
    const outcomes = await Promise.all(Array.from({ length: connections }, (_, i) => oneStream(port, body, inputs, random, i % 2 === 1)));
    streams += outcomes.length;
    for (const o of outcomes) if (o !== null) failures.push(o);
  }
  process.stdout.write(`${JSON.stringify({ streams, failures })}\n`);
}

if (process.argv[1]?.endsWith('slow-reader.js')) {
  const [mode, port, what, count, rounds] = process.argv.slice(2);
  if (mode === 'batch') await batchMain(Number(port), Number(what), Number(count), Number(rounds));
  else if (mode === 'pipeline') await pipelineMain(Number(port), what, Number(count), Number(rounds));
  else throw new Error(`slow-reader: unknown mode ${mode}`);
}
