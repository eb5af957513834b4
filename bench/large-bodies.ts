/**
 * `npm run bench:bodies`: the hostile-input figures of issue 10, on the real service with its
 * default limits (two HTTP threads). For each large body (extracts of 1, 10 and 60 MB with
 * every address on one line, of adversarial text with none, 600,000 addresses one per line, a 64 MiB JSON batch, a burst of
 * concurrent 64 MiB batches) it reports the answer, the server's peak RSS, single-GET latency
 * percentiles meanwhile (four keep-alive clients in a loop), and the RSS once the service has
 * idled afterwards. Results land in bench/results/large-bodies-<time>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rssMb } from './proc.js';
import { spawnService } from './service-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const IDLE_WAIT_MS = Number(process.env.BENCH_IDLE_WAIT_MS ?? 15_000);

const hex = (n: number) => n.toString(16).padStart(2, '0');
/** A distinct locally administered address for each i. */
const mac = (i: number) => `02:${hex((i >>> 24) & 255)}:${hex((i >>> 16) & 255)}:${hex((i >>> 8) & 255)}:${hex(i & 255)}:01`;

function oneLine(bytes: number): Buffer {
  const n = Math.floor(bytes / 18);
  return Buffer.from(Array.from({ length: n }, (_, i) => mac(i)).join(' '));
}

interface Case {
  readonly name: string;
  readonly path: string;
  readonly type: string;
  readonly body: () => Buffer;
  readonly concurrent?: number;
}

const MiB = 1024 * 1024;
const CASES: readonly Case[] = [
  { name: 'extract, 1 MB on one line', path: '/api/mac/extract', type: 'text/plain', body: () => oneLine(1_000_000) },
  { name: 'extract, 10 MB on one line', path: '/api/mac/extract', type: 'text/plain', body: () => oneLine(10_000_000) },
  { name: 'extract, 60 MB on one line', path: '/api/mac/extract', type: 'text/plain', body: () => oneLine(60_000_000) },
  // Adversarial text: runs an address-finder could take for addresses, with none whole, on one
  // line; the time per MB says whether extract stays linear.
  ...[1, 10, 60].map((mb): Case => ({ name: `extract, ${mb} MB of colon pairs on one line`, path: '/api/mac/extract', type: 'text/plain', body: () => Buffer.from('00:'.repeat((mb * 1e6) / 3)) })),
  ...[10, 60].map((mb): Case => ({ name: `extract, ${mb} MB of near misses`, path: '/api/mac/extract', type: 'text/plain', body: () => Buffer.from('0003.93ab.12 00-03-93-ab-12 fe80::203:93ff: MAC=00:03: 0x00124b00 '.repeat((mb * 1e6) / 65)) })),
  { name: 'extract, 600k lines (one address each)', path: '/api/mac/extract', type: 'text/plain', body: () => Buffer.from(Array.from({ length: 600_000 }, (_, i) => mac(i)).join('\n')) },
  {
    name: 'batch, 64 MiB JSON (1M addresses, padded)',
    path: '/api/mac/batch',
    type: 'application/json',
    // 1,000,000 valid addresses, each padded with spaces to 67 bytes: 64 MiB of JSON.
    body: () => Buffer.from(`[${Array.from({ length: 1_000_000 }, (_, i) => `"${mac(i)}"`.padEnd(66, ' ')).join(',')}]`.padEnd(64 * MiB - 1, ' ')),
  },
  {
    name: 'burst: 6 concurrent 64 MiB NDJSON batches',
    path: '/api/mac/batch',
    type: 'application/x-ndjson',
    concurrent: 6,
    body: () => Buffer.from(Array.from({ length: 1_000_000 }, (_, i) => `"${mac(i)}"`.padEnd(66, ' ')).join('\n').padEnd(64 * MiB - 1, ' ')),
  },
];

function post(port: number, path: string, type: string, body: Buffer): Promise<{ status: number; bytes: number; seconds: number; complete: boolean }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'Content-Type': type, 'Content-Length': body.length } }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, seconds: (performance.now() - started) / 1000, complete: res.complete }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, bytes, seconds: (performance.now() - started) / 1000, complete: false }));
    });
    req.on('error', () => resolve({ status: 0, bytes: 0, seconds: (performance.now() - started) / 1000, complete: false }));
    req.end(body);
  });
}

// Four keep-alive clients asking for one address after another until `stop` resolves.
async function getLoop(port: number, stop: Promise<unknown>): Promise<{ latencies: number[]; errors: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const latencies: number[] = [];
  let errors = 0;
  let done = false;
  void stop.then(() => (done = true));
  const client = async (c: number) => {
    for (let i = 0; !done; i++) {
      const started = performance.now();
      const ok = await new Promise<boolean>((resolve) => {
        const req = request({ host: '127.0.0.1', port, path: `/api/mac/00:03:93:${hex(c)}:${hex(i & 255)}:01`, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200));
        });
        req.on('error', () => resolve(false));
        req.end();
      });
      if (ok) latencies.push(performance.now() - started);
      else errors++;
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  await Promise.all([0, 1, 2, 3].map(client));
  agent.destroy();
  return { latencies, errors };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const round = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  const service = await spawnService({
    argv: [process.execPath, join(ROOT, 'dist/src/server/main.js')],
    // As `npm start` and the image run it: large buffers mmapped, so freed memory goes back.
    env: { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env, PORT: '0', HOST: '127.0.0.1', HTTP_THREADS: '2', LOG_LEVEL: 'info' },
    onLog: (entry) => {
      if (((entry.level as number | undefined) ?? 0) >= 40) process.stderr.write(`${JSON.stringify(entry)}\n`);
    },
  });
  const { child, port } = service;
  const pid = child.pid!;
  const idleRss = rssMb(pid);
  const results = [];
  for (const c of CASES) {
    const body = c.body();
    let peak = rssMb(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    const posts = Promise.all(Array.from({ length: c.concurrent ?? 1 }, () => post(port, c.path, c.type, body)));
    const gets = getLoop(port, posts);
    const answers = await posts;
    const { latencies, errors } = await gets;
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, IDLE_WAIT_MS));
    const sorted = latencies.sort((a, b) => a - b);
    const alive = await post(port, '/api/mac/batch', 'text/plain', Buffer.from('00:03:93:ab:12:34'));
    const row = {
      case: c.name,
      bodyMB: round(body.length / 1e6),
      answers: answers.map((a) => ({ status: a.status, MB: round(a.bytes / 1e6), s: round(a.seconds), complete: a.complete })),
      peakRssMb: Math.round(peak),
      rssAfterIdleMb: Math.round(rssMb(pid)),
      getRequests: sorted.length,
      getErrors: errors,
      getP50Ms: round(percentile(sorted, 50)),
      getP99Ms: round(percentile(sorted, 99)),
      getMaxMs: round(sorted.at(-1) ?? NaN),
      aliveAfter: alive.status === 200,
    };
    results.push(row);
    process.stdout.write(`${JSON.stringify(row)}\n`);
  }
  child.kill('SIGTERM');
  const out = join(ROOT, 'bench', 'results', `large-bodies-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ idleRssMb: Math.round(idleRss), results }, null, 2)}\n`);
  process.stdout.write(`idle RSS at start ${Math.round(idleRss)} MB; written to ${out}\n`);
}

await main();
