/**
 * `npm run soak [-- --seconds N] [--rate R] [--batch-every S] [--reload-every S] [--max-rss-mb M] [--max-growth-mb G]`:
 * a soak test for operators who load-test. It starts the real service (HTTP_ENGINE and the
 * other variables pass through) on a copy of the registry, then for N seconds runs at once:
 * - single GETs at a fixed rate, on realistic addresses (bench/inputs.ts);
 * - a large NDJSON batch every S seconds, every answer line counted;
 * - a registry reload every S seconds: the file is replaced (by rename) with another snapshot,
 *   built from Debian's ieee-data at start when it is installed, else SIGHUP re-reads it;
 * - a slow client that reads a batch answer in small pieces, and a client that goes away in the
 *   middle of a batch, each every batch period.
 * It samples RSS, open file descriptors and threads every second, lets the service go idle
 * (pool workers stop after 10 s), and exits 1 on any error (socket errors, 5xx, a batch
 * answer short of lines, a failed reload), on descriptors or threads that grew, or on an RSS at
 * the end above --max-rss-mb or more than --max-growth-mb above the start; 0 otherwise. The
 * report goes to stdout and bench/results/.
 */
import autocannon, { type Result } from 'autocannon';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultRegistryFile } from '../src/registry/paths.js';
import { addressInputs, requestPaths, rotatingRequests } from './inputs.js';
import { rssMb } from './proc.js';
import { spawnService, untilWarm, warmsUp, type ServiceProcess } from './service-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '2000' },
    'batch-every': { type: 'string', default: '10' },
    'batch-size': { type: 'string', default: '100000' },
    'reload-every': { type: 'string', default: '15' },
    'max-rss-mb': { type: 'string', default: '400' },
    // Measured, 60 s runs: -4 to +43 MB with the replaced snapshots collected; +78 to +190 before.
    'max-growth-mb': { type: 'string', default: '80' },
    'idle-seconds': { type: 'string', default: '12' },
  },
});
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const BATCH_EVERY = Number(args['batch-every']) * 1000;
const BATCH_SIZE = Number(args['batch-size']);
const RELOAD_EVERY = Number(args['reload-every']) * 1000;
const MAX_RSS_MB = Number(args['max-rss-mb']);
const MAX_GROWTH_MB = Number(args['max-growth-mb']);
const IDLE_SECONDS = Number(args['idle-seconds']);

/** What the process holds at one moment. */
interface Sample {
  readonly at: number;
  readonly rssMb: number;
  readonly fds: number;
  readonly threads: number;
}

function sample(pid: number, at: number): Sample {
  const threads = Number(/^Threads:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return { at, rssMb: rssMb(pid), fds: readdirSync(`/proc/${pid}/fd`).length, threads };
}

/** Starts the service on `registry`; resolves with its port and process once it is ready (its pool warm, unless POOL_WARM_UP is off). */
async function startService(registry: string): Promise<ServiceProcess> {
  const s = await spawnService({
    argv: [process.execPath, join(ROOT, 'dist/src/server/main.js')],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', REGISTRY_FILE: registry, LOG_LEVEL: 'info', MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072' },
  });
  if (warmsUp({})) await untilWarm(s);
  return s;
}

/**
 * Posts an NDJSON batch. `mode`: read it all, read it slowly (a pause of 20 ms after each piece), or go away
 * after the first piece. Resolves with the lines read and an error text, if any.
 */
function batch(port: number, body: string, mode: 'whole' | 'slow' | 'abort'): Promise<{ lines: number; error: string | null }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/mac/batch', method: 'POST', headers: { 'Content-Type': 'application/x-ndjson', Accept: 'application/x-ndjson' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        resolve({ lines: 0, error: `batch answered ${res.statusCode}` });
        return;
      }
      let lines = 0;
      res.on('data', (d: Buffer) => {
        for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) lines++;
        if (mode === 'abort') {
          req.destroy();
          resolve({ lines, error: null });
        } else if (mode === 'slow') {
          res.pause();
          setTimeout(() => res.resume(), 20);
        }
      });
      res.on('end', () => resolve({ lines, error: null }));
      res.on('error', (e) => resolve({ lines, error: mode === 'abort' ? null : String(e) }));
    });
    req.on('error', (e) => resolve({ lines: 0, error: mode === 'abort' ? null : String(e) }));
    req.end(body);
  });
}

const percentile = (xs: readonly number[], p: number) => (xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]);

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'mac-soak-'));
  const registry = join(dir, 'registry.msgpack');
  copyFileSync(defaultRegistryFile(), registry);
  // A second snapshot to alternate with, so each reload really switches (an unchanged file is not reloaded).
  const snapshots = [defaultRegistryFile()];
  if (existsSync('/usr/share/ieee-data/oui.csv')) {
    const other = join(dir, 'ieee-data.msgpack');
    const built = spawnSync(process.execPath, [join(ROOT, 'dist/src/registry/build-data.js'), '--ieee-dir', '/usr/share/ieee-data', '--out', other], { stdio: 'ignore' });
    if (built.status === 0) snapshots.push(other);
  }
  const service = await startService(registry);
  const pid = service.child.pid!;
  const started = Date.now();
  const samples: Sample[] = [];
  process.stdout.write(`snapshots alternated on reload: ${snapshots.length === 2 ? 'the built-in one and one from ieee-data' : 'one (SIGHUP re-reads it)'}\n`);
  const errors: string[] = [];
  const sampler = setInterval(() => samples.push(sample(pid, (Date.now() - started) / 1000)), 1000);
  samples.push(sample(pid, 0));
  process.stdout.write(`soak: ${SECONDS} s, GETs at ${RATE}/s, a ${BATCH_SIZE}-address batch every ${BATCH_EVERY / 1000} s (and a slow and an aborted one), a reload every ${RELOAD_EVERY / 1000} s; pid ${pid}\n`);

  const inputs = addressInputs(BATCH_SIZE, 7);
  const body = `${inputs.map((i) => JSON.stringify(i)).join('\n')}\n`;
  const stopAt = started + SECONDS * 1000;
  const gets = new Promise<Result>((resolve, reject) =>
    autocannon(
      { url: `http://127.0.0.1:${service.port}`, connections: 8, duration: SECONDS, overallRate: RATE, ignoreCoordinatedOmission: true, requests: rotatingRequests(requestPaths(50_000, 3)) },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
  // Batches, every period: a whole one, a slow reader and an early leaver, alongside each other.
  const batches = { whole: 0, slow: 0, aborted: 0 };
  const slowCount = Math.max(1, Math.floor(BATCH_SIZE / 10));
  const slowBody = `${inputs.slice(0, slowCount).map((i) => JSON.stringify(i)).join('\n')}\n`;
  const trio = async () => {
    const [whole, slow, abort] = await Promise.all([batch(service.port, body, 'whole'), batch(service.port, slowBody, 'slow'), batch(service.port, body, 'abort')]);
    batches.whole++;
    batches.slow++;
    batches.aborted++;
    if (whole.error || whole.lines !== BATCH_SIZE) errors.push(`batch: ${whole.error ?? `${whole.lines} lines of ${BATCH_SIZE}`}`);
    if (slow.error || slow.lines !== slowCount) errors.push(`slow batch: ${slow.error ?? `${slow.lines} lines of ${slowCount}`}`);
    if (abort.error) errors.push(`aborted batch: ${abort.error}`);
  };
  const trios: Promise<void>[] = [trio()];
  const batchTimer = setInterval(() => {
    if (Date.now() + BATCH_EVERY / 2 < stopAt) trios.push(trio());
  }, BATCH_EVERY);
  let reloads = 0;
  const reloader = setInterval(() => {
    if (Date.now() + 1000 >= stopAt) return;
    reloads++;
    if (snapshots.length === 1) {
      service.child.kill('SIGHUP');
      return;
    }
    const tmp = join(dir, '.next.msgpack');
    copyFileSync(snapshots[reloads % 2], tmp);
    renameSync(tmp, registry);
  }, RELOAD_EVERY);
  const g = await gets;
  clearInterval(reloader);
  clearInterval(batchTimer);
  await Promise.all(trios);
  const loadEnd = samples.length;
  process.stdout.write(`load done; ${IDLE_SECONDS} s idle…\n`);
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  clearInterval(sampler);
  const end = sample(pid, (Date.now() - started) / 1000);
  samples.push(end);
  const exited = new Promise<number | null>((r) => service.child.once('exit', r));
  service.child.kill('SIGTERM');
  const code = await exited;

  const failedReloads = service.logs.filter((l) => l.msg === 'registry reload failed; the snapshot being served is kept').length;
  const doneReloads = service.logs.filter((l) => l.msg === 'registry reloaded' || l.msg === 'registry unchanged').length;
  if (doneReloads < reloads) errors.push(`${reloads} reloads asked, ${doneReloads} done`);
  const getErrors = g.errors - g.timeouts + g['5xx'];
  if (getErrors > 0) errors.push(`${getErrors} GET errors (${g.errors} socket errors, ${g['5xx']} 5xx)`);
  if (failedReloads > 0) errors.push(`${failedReloads} failed reloads`);
  if (code !== 0) errors.push(`the service exited ${code} on SIGTERM`);
  const first = samples[0];
  const during = samples.slice(0, loadEnd);
  const peak = Math.max(...samples.map((s) => s.rssMb));
  // Growth: after the idle period, descriptors and threads are back where they started (a
  // little slack for the event loop's own, and the pool's, which stop after 10 s idle).
  if (end.fds > first.fds + 2) errors.push(`open descriptors grew: ${first.fds} at start, ${end.fds} at the end`);
  if (end.threads > first.threads + 2) errors.push(`threads grew: ${first.threads} at start, ${end.threads} at the end`);
  if (end.rssMb > MAX_RSS_MB) errors.push(`RSS at the end ${end.rssMb.toFixed(0)} MB, over the bound of ${MAX_RSS_MB} MB`);
  if (end.rssMb - first.rssMb > MAX_GROWTH_MB) errors.push(`RSS at the end ${(end.rssMb - first.rssMb).toFixed(0)} MB above the start, over the bound of ${MAX_GROWTH_MB} MB`);

  const report = {
    date: new Date().toISOString(),
    seconds: SECONDS,
    engine: service.logs.find((l) => l.msg === 'HTTP engine')?.engine,
    gets: { requests: g.requests.total, rps: g.requests.average, p50: g.latency.p50, p99: g.latency.p99, max: g.latency.max, errors: getErrors, timeouts: g.timeouts, non2xx: g.non2xx, status4xx: g['4xx'] },
    batches,
    reloads: { sent: reloads, done: doneReloads, failed: failedReloads },
    rssMb: { start: first.rssMb, peak, end: end.rssMb, bound: MAX_RSS_MB, growthBound: MAX_GROWTH_MB },
    fds: { start: first.fds, max: Math.max(...during.map((s) => s.fds)), end: end.fds },
    threads: { start: first.threads, max: Math.max(...during.map((s) => s.threads)), end: end.threads },
    errors,
  };
  const resultsDir = join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'latest-soak.json'), `${JSON.stringify({ ...report, samples }, null, 2)}\n`);
  process.stdout.write(
    `engine ${report.engine}; GETs: ${report.gets.requests} at ${report.gets.rps.toFixed(0)}/s, p50 ${report.gets.p50} ms, p99 ${report.gets.p99} ms (max ${report.gets.max}), errors ${getErrors}\n` +
      `batches: ${batches.whole} whole, ${batches.slow} slow, ${batches.aborted} aborted; reloads: ${reloads} sent, ${doneReloads} done, ${failedReloads} failed\n` +
      `RSS: ${first.rssMb.toFixed(0)} MB at start, ${peak.toFixed(0)} MB peak, ${end.rssMb.toFixed(0)} MB at the end (bounds ${MAX_RSS_MB}, start + ${MAX_GROWTH_MB}); ` +
      `descriptors ${first.fds} → max ${report.fds.max} → ${end.fds}; threads ${first.threads} → max ${report.threads.max} → ${end.threads}\n` +
      `p99 of the RSS samples during load: ${percentile(during.map((s) => s.rssMb), 99).toFixed(0)} MB\n` +
      (errors.length > 0 ? `FAILED:\n- ${errors.join('\n- ')}\n` : 'passed\n'),
  );
  return errors.length > 0 ? 1 : 0;
}

process.exitCode = await main();
