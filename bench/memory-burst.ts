/**
 * `npm run bench:memory`: the service in a memory cgroup (`docker run -m`), hit by a burst of the
 * largest batches while single GETs go on. For each limit and engine it reports the derived
 * settings the service logged, every batch's outcome (whole, 503, cut short), the GETs answered,
 * the cgroup's peak beside its limit, and any OOM kill. Needs root. Results land in
 * bench/results/memory-burst-<time>.json.
 *
 *   npm run bench:memory -- [--limits 256,384,512] [--clients 8] [--engines uws,node]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inCgroup, makeMemoryCgroup, whyNoMemoryCgroup } from './memory-cgroup.js';
import { spawnService, type ServiceProcess } from './service-process.js';

// The project's root, from bench/ (a test imports this file) or dist/bench/ (npm run bench:memory).
const ROOT = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../..' : '../', import.meta.url));
const MiB = 1024 * 1024;

/** What one batch of the burst got. */
export interface BatchOutcome {
  readonly status: number;
  /** The answer arrived whole (its last byte, and the JSON array closed). */
  readonly whole: boolean;
  readonly retryAfter: string | null;
  readonly bytes: number;
}

/** What a burst did to the service. */
export interface BurstOutcome {
  readonly batches: readonly BatchOutcome[];
  readonly gets: { readonly sent: number; readonly answered: number };
  readonly seconds: number;
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

/**
 * `count` lines of text, each an address padded with spaces to `lineBytes` (the burst:
 * 1,000,000 addresses in 63 MB, the largest body allowed). Addresses are distinct, under real
 * MA-L prefixes (Apple, Cisco, Intel, Dell…) so they are looked up and answered with a vendor.
 */
export function burstBody(count = 1_000_000, lineBytes = 63): Buffer {
  const prefixes = ['00:03:93', '00:1b:63', '00:50:56', '3c:22:fb', 'f8:ff:c2', '00:1a:a0', '00:25:90', 'b8:27:eb'];
  const body = Buffer.alloc(count * lineBytes, 32);
  for (let i = 0; i < count; i++) {
    const at = i * lineBytes;
    body.write(`${prefixes[i & 7]}:${hex((i >>> 16) & 255)}:${hex((i >>> 8) & 255)}:${hex(i & 255)}`, at, 'latin1');
    body[at + lineBytes - 1] = 10;
  }
  return body;
}

// POSTs `body` as text and reads the whole JSON answer (counting, not keeping, its bytes).
function postBatch(port: number, body: Buffer): Promise<BatchOutcome> {
  return new Promise((resolve) => {
    let status = 0;
    let bytes = 0;
    let retryAfter: string | null = null;
    let last = 0;
    const done = (whole: boolean) => resolve({ status, whole, retryAfter, bytes });
    const req = request({ host: '127.0.0.1', port, path: '/api/mac/batch', method: 'POST', agent: false, headers: { 'Content-Type': 'text/plain', 'Content-Length': body.length, Accept: 'application/json' } }, (res) => {
      status = res.statusCode ?? 0;
      retryAfter = (res.headers['retry-after'] as string | undefined) ?? null;
      res.on('data', (d: Buffer) => {
        bytes += d.length;
        last = d[d.length - 1];
      });
      res.on('end', () => done(res.complete && (status !== 200 || last === 93))); // ]
      res.on('error', () => done(false));
      res.on('aborted', () => done(false));
    });
    req.on('error', () => done(false));
    req.end(body);
  });
}

// One GET after another (`gapMs` apart, each given `timeoutMs`) until `count` were sent.
async function getLoop(port: number, count: number, gapMs: number, timeoutMs = 10_000): Promise<{ sent: number; answered: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let answered = 0;
  for (let i = 0; i < count; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: `/api/mac/00:03:93:${hex(i & 255)}:12:34`, agent, timeout: timeoutMs }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
        res.on('error', () => resolve(false));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(false));
      req.end();
    });
    if (ok) answered++;
    await new Promise((r) => setTimeout(r, gapMs));
  }
  agent.destroy();
  return { sent: count, answered };
}

/** Sends `clients` copies of `body` at once to the service on `port` while `gets` single GETs go on. */
export async function runBurst(port: number, body: Buffer, clients = 8, gets = 400): Promise<BurstOutcome> {
  const started = performance.now();
  const getting = getLoop(port, gets, 20);
  const batches = await Promise.all(Array.from({ length: clients }, () => postBatch(port, body)));
  return { batches, gets: await getting, seconds: (performance.now() - started) / 1000 };
}

/** Starts the service as `npm start` does, inside a fresh cgroup limited to `limitMb` (null: none). */
export async function serviceInCgroup(name: string, limitMb: number | null, env: Record<string, string>) {
  const cgroup = makeMemoryCgroup(name, limitMb === null ? null : limitMb * MiB);
  const service = await spawnService({
    argv: inCgroup(cgroup.procs, [process.execPath, join(ROOT, 'dist/src/server/main.js')]),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', MALLOC_MMAP_THRESHOLD_: '131072', ...env },
    stderr: 'pipe',
  }).catch(async (e: unknown) => {
    await cgroup.remove();
    throw e;
  });
  return { cgroup, service };
}

/** Whether the service process is still there (not killed). */
export function alive(s: ServiceProcess): boolean {
  return s.child.exitCode === null && s.child.signalCode === null;
}

async function main(): Promise<void> {
  const why = whyNoMemoryCgroup();
  if (why) throw new Error(`bench:memory ${why}`);
  const arg = (name: string, fallback: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const limits = arg('limits', '256,384,512').split(',').map((l) => (l === 'none' ? null : Number(l)));
  const engines = arg('engines', 'uws,node').split(',');
  const clients = Number(arg('clients', '8'));
  const body = burstBody();
  const results: unknown[] = [];
  for (const engine of engines) {
    for (const limitMb of limits) {
      const { cgroup, service } = await serviceInCgroup(`mac-bench-memory-${process.pid}-${engine}-${limitMb}`, limitMb, { HTTP_ENGINE: engine });
      const derived = service.logs.find((l) => String(l.msg).startsWith('memory limit')) ?? null;
      await new Promise((r) => setTimeout(r, 2000)); // the pool warm
      const outcome = await runBurst(service.port, body, clients);
      const killed = cgroup.oomKills();
      const up = alive(service);
      const peakMb = cgroup.peak() / MiB;
      if (up) await service.stop();
      await cgroup.remove();
      const count = (p: (b: BatchOutcome) => boolean) => outcome.batches.filter(p).length;
      const row = {
        engine,
        limitMb,
        derived,
        whole: count((b) => b.status === 200 && b.whole),
        refused503: count((b) => b.status === 503 && b.retryAfter !== null),
        refused413: count((b) => b.status === 413),
        cut: count((b) => !(b.status === 200 && b.whole) && b.status !== 503 && b.status !== 413),
        getsAnswered: outcome.gets.answered,
        getsSent: outcome.gets.sent,
        peakMb: Math.round(peakMb),
        oomKills: killed,
        up,
        seconds: Math.round(outcome.seconds * 10) / 10,
        statuses: outcome.batches.map((b) => `${b.status}${b.whole ? "" : "!"}`).join(" "),
      };
      results.push(row);
      process.stdout.write(`${JSON.stringify(row)}\n`);
    }
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, `bench/results/memory-burst-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), `${JSON.stringify(results, null, 2)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
