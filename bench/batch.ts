/**
 * Bulk benchmarks, each rate set against a limit measured in the same run (issue 30), since
 * this machine's speed moves about 2x between hours:
 * - five back-to-back 1,000,000-address NDJSON batches on a fresh service once ready: their
 *   rates (the first against the third, over further fresh starts in a full run), the
 *   server's RSS through them (sampled every 50 ms) and after 30 s idle (a quick run: 200,000
 *   addresses, 5 s);
 * - the transport ceiling: bare uWS (bench/servers/stream-ceiling.ts) streaming the service's
 *   own NDJSON answer to the same body, read by the same client (curl | wc -l, BULK_CLIENT);
 * - CSV and projected NDJSON (3 rounds each), each round followed by one of the one-thread
 *   reference: the CLI rendering the same lines with `--threads 0`, its start-up (an empty
 *   file) taken off; each ratio the median of the three pairs;
 * - the CLI with its pool (`--threads N`) against `--threads 0`, in every format;
 * - single GETs at 1,000 req/s while a batch runs (their p99).
 */
import autocannon, { type Result } from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAnalyzer } from '../src/analysis/load-registry.js';
import { renderChunk } from '../src/batch/render-chunk.js';
import { probePort } from '../src/server/probe-port.js';
import { addressInputs } from './inputs.js';
import { rssMb } from './proc.js';
import { spawnService, untilWarm, warmsUp, type ServiceProcess } from './service-process.js';

/** The projection the bulk bench measures: what most bulk callers want of an analysis. */
export const PROJECTED_FIELDS = 'address.canonical,vendor.name,vendor.registry,hints';

/** The figures of one bulk run. */
export interface BatchFigures {
  readonly addresses: number;
  /** The five back-to-back NDJSON batches' rates (addresses/s), in order. */
  readonly ndjsonRounds: readonly number[];
  /**
   * The third batch's rate over the first's, on a freshly started (and ready) service: the
   * five batches above, then each further fresh start's first three batches.
   */
  readonly firstBatchSlowdowns: readonly number[];
  /** Their median. */
  readonly firstBatchSlowdown: number;
  /** Their median. */
  readonly httpAddressesPerSecond: number;
  /** The transport ceiling's rounds and median (addresses/s; NaN on the node engine's run). */
  readonly transportRounds: readonly number[];
  readonly transportAddressesPerSecond: number;
  readonly httpCsvRounds: readonly number[];
  readonly httpCsvAddressesPerSecond: number;
  readonly httpProjectedRounds: readonly number[];
  readonly httpProjectedAddressesPerSecond: number;
  /** The CLI on one thread, start-up taken off, one round after each HTTP round: CSV and projected NDJSON (addresses/s), and their medians. */
  readonly oneThreadCsvRounds: readonly number[];
  readonly oneThreadProjectedRounds: readonly number[];
  readonly oneThreadCsv: number;
  readonly oneThreadProjected: number;
  /** The medians of each HTTP round over the one-thread round after it (NaN without limits). */
  readonly csvVsOneThread: number;
  readonly projectedVsOneThread: number;
  /** The in-process renderer (this thread, NDJSON), for reference. */
  readonly inProcessAddressesPerSecond: number;
  /** RSS (MB): before the first batch, the peak during each batch, after each, and after the idle pause. */
  readonly rss: { readonly start: number; readonly peaks: readonly number[]; readonly after: readonly number[]; readonly idle: number };
  readonly maxRssMb: number;
  readonly getP99DuringBatchMs: number;
  readonly getMaxDuringBatchMs: number;
  readonly getErrorsDuringBatch: number;
  /** Lines the answers were short of, over every batch (0 when all were whole). */
  readonly missingLines: number;
  /** The CLI: seconds on an empty file (start-up), and seconds for the addresses by format and threads. */
  readonly cli: { readonly startupSeconds: number; readonly threads: number; readonly seconds: Record<string, number> } | null;
}

interface Posted {
  readonly lines: number;
  readonly seconds: number;
}

// The client every bulk rate is read with, the service's and the transport ceiling's alike: curl
// piped into `wc -l` (curl is among the packages the tests install, test/system/packages.txt),
// as a bulk caller would fetch an answer. The bench's own node:http reader, which counted lines
// with a Buffer.indexOf call per line, cost 0.3-1 µs per address on the same two cores as the
// service; curl | wc takes a fraction of it. Without curl (or with BENCH_NO_CURL=1), that reader
// is used, and the report says so.
const CURL = process.env.BENCH_NO_CURL ? null : (['/usr/bin/curl', '/usr/local/bin/curl'].find((p) => existsSync(p)) ?? null);

/** Which client the bulk rates are read with. */
export const BULK_CLIENT = CURL ? 'curl | wc -l' : 'node:http (no curl here)';

/** Posts the NDJSON `body` to `path` and counts the answer's lines; `save` also writes the answer to that file. */
export function postBatch(url: string, body: string, accept = 'application/x-ndjson', query = '', save?: string): Promise<Posted> {
  return CURL ? curlBatch(CURL, `${url}/api/mac/batch${query}`, body, accept, save) : nodeBatch(url, body, accept, query, save);
}

// curl posts the body from its standard input; its answer goes to `wc -l`, or to `save` (counted
// once the clock has stopped).
function curlBatch(curl: string, url: string, body: string, accept: string, save?: string): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const args = ['-sS', '--fail', '-X', 'POST', '-H', 'Content-Type: application/x-ndjson', '-H', `Accept: ${accept}`, '--data-binary', '@-', '-o', save ?? '-', url];
    const child = save
      ? spawn(curl, args, { stdio: ['pipe', 'ignore', 'inherit'] })
      : spawn('bash', ['-c', `set -o pipefail; "$0" "$@" | wc -l`, curl, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`curl ${url}: exit ${code}`));
      const lines = save ? Number(spawnSync('wc', ['-l', save], { encoding: 'utf8' }).stdout.trim().split(/\s+/)[0]) : Number(out.trim());
      resolve({ lines, seconds });
    });
    child.stdin!.end(body);
  });
}

// The bench's own reader (where there is no curl).
function nodeBatch(url: string, body: string, accept: string, query: string, save?: string): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${url}/api/mac/batch${query}`, { method: 'POST', headers: { 'Content-Type': 'application/x-ndjson', Accept: accept } }, (res) => {
      let lines = 0;
      const file = save ? createWriteStream(save) : null;
      res.on('data', (d: Buffer) => {
        file?.write(d);
        for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => {
        const seconds = (performance.now() - started) / 1000;
        if (file) file.end(() => resolve({ lines, seconds }));
        else resolve({ lines, seconds });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the service for bulk: 2 HTTP threads on `engine`, glibc's mmap threshold as `npm start` sets it; waits for its pool to be warm (as a client waits for /readyz) unless POOL_WARM_UP turns that off. */
export async function startBulkService(root: string, engine: 'uws' | 'node', exec = process.execPath, env: Record<string, string> = {}): Promise<ServiceProcess> {
  const s = await spawnService({
    argv: [exec, join(root, 'dist/src/server/main.js')],
    env: { ...process.env, PORT: String(await probePort()), HOST: '127.0.0.1', LOG_LEVEL: 'info', HTTP_THREADS: '2', HTTP_ENGINE: engine, MALLOC_MMAP_THRESHOLD_: '131072', ...env },
  });
  if (warmsUp(env)) await untilWarm(s);
  return s;
}

/** The transport ceiling: the saved answer streamed by bare uWS to the same client, `rounds` times; addresses/s each. */
async function transportCeiling(root: string, body: string, answer: string, count: number, rounds: number): Promise<number[]> {
  const s = await spawnService({ argv: [process.execPath, join(root, 'dist/bench/servers/stream-ceiling.js')], env: { ...process.env, PORT: String(await probePort()), ANSWER_FILE: answer } });
  try {
    const rates: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const p = await postBatch(`http://127.0.0.1:${s.port}`, body);
      if (p.lines !== count) throw new Error(`transport ceiling: ${p.lines} lines, ${count} expected`);
      rates.push(count / p.seconds);
    }
    return rates;
  } finally {
    await s.stop();
  }
}

/** Seconds the CLI takes on `file` with `args` (its output thrown away). */
function cliSeconds(root: string, file: string, args: readonly string[]): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, [join(root, 'dist/src/cli/main.js'), ...args, '--file', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (run.status !== 0 && run.status !== 1) throw new Error(`mac-analyze ${args.join(' ')} failed: ${run.stderr.toString()}`);
  return (performance.now() - started) / 1000;
}

/**
 * Runs the bulk benchmarks on a fresh service (`start` starts it), `count` addresses;
 * `withLimits` also measures the transport ceiling, the one-thread reference and the CLI (each
 * CLI figure the median of `cliRounds` runs).
 */
export async function benchBatch(root: string, start: () => Promise<ServiceProcess>, count: number, withLimits = true, idleSeconds = 30, cliRounds = 3, firstBatchTrials = 1): Promise<BatchFigures> {
  const inputs = addressInputs(count, 11);
  const body = `${inputs.map((i) => JSON.stringify(i)).join('\n')}\n`;
  const dir = mkdtempSync(join(tmpdir(), 'mac-bench-'));
  const answer = join(dir, 'answer.ndjson');
  let missingLines = 0;
  const counted = (p: Posted, expected: number) => {
    missingLines += Math.max(0, expected - p.lines);
    return p;
  };
  try {
    // In-process reference: the same chunks rendered on this thread.
    const analyzer = loadAnalyzer();
    const t = performance.now();
    for (let at = 0; at < inputs.length; at += 2000) renderChunk(analyzer, inputs.slice(at, at + 2000), 'en', 'ndjson');
    const inProcess = inputs.length / ((performance.now() - t) / 1000);

    // The one-thread reference's input, and its start-up (an empty file), measured before the service starts.
    const file = join(dir, 'inventory.txt');
    writeFileSync(file, `${inputs.join('\n')}\n`);
    const empty = join(dir, 'empty.txt');
    writeFileSync(empty, '');
    const runs = Array.from({ length: cliRounds }, (_, i) => i);
    const startup = withLimits ? median(runs.map(() => cliSeconds(root, empty, []))) : NaN;
    const oneThread = (args: readonly string[]) => count / (cliSeconds(root, file, [...args, '--threads', '0']) - startup);
    const oneThreadCsvRounds: number[] = [];
    const oneThreadProjectedRounds: number[] = [];

    const service = await start();
    const url = `http://127.0.0.1:${service.port}`;
    const pid = service.child.pid!;
    let ndjsonRounds: number[] = [];
    const rss = { start: rssMb(pid), peaks: [] as number[], after: [] as number[], idle: NaN };
    let getResult: Result;
    const csv: number[] = [];
    const projected: number[] = [];
    try {
      // Five NDJSON batches back to back, from a cold start: rates and memory.
      for (let b = 0; b < 5; b++) {
        let peak = rssMb(pid);
        const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
        const p = counted(await postBatch(url, body), count);
        clearInterval(sampler);
        ndjsonRounds.push(count / p.seconds);
        rss.peaks.push(Math.max(peak, rssMb(pid)));
        rss.after.push(rssMb(pid));
      }
      await sleep(idleSeconds * 1000);
      rss.idle = rssMb(pid);
      // The answer for the transport ceiling (the client writes it to a file: this round is not timed).
      counted(await postBatch(url, body, 'application/x-ndjson', '', answer), count);
      // GETs at 1,000 req/s while a batch runs.
      let stopGets = (): void => undefined;
      const gets = new Promise<Result>((resolve, reject) => {
        const instance = autocannon(
          { url, connections: 4, duration: 120, overallRate: 1000, ignoreCoordinatedOmission: true, requests: addressInputs(5000, 3).map((m) => ({ path: `/api/mac/${encodeURIComponent(m)}` })) },
          (err, result) => (err ? reject(err) : resolve(result)),
        );
        stopGets = () => instance.stop();
      });
      await sleep(300);
      counted(await postBatch(url, body), count);
      stopGets();
      getResult = await gets;
      // CSV and projected NDJSON, three rounds each, each followed by the one-thread reference
      // (the service idle meanwhile): a ratio of two rates minutes apart moved with the hour.
      for (let r = 0; r < 3; r++) {
        csv.push(count / counted(await postBatch(url, body, 'text/csv'), count + 1).seconds);
        if (withLimits) oneThreadCsvRounds.push(oneThread(['--format', 'csv']));
        projected.push(count / counted(await postBatch(url, body, 'application/x-ndjson', `?fields=${PROJECTED_FIELDS}`), count).seconds);
        if (withLimits) oneThreadProjectedRounds.push(oneThread(['--fields', PROJECTED_FIELDS]));
      }
    } finally {
      await service.stop();
    }
    ndjsonRounds = ndjsonRounds.map((r) => Math.round(r));

    // Further fresh starts: a single first-against-third pair moves by about 10% from one start
    // to the next on this machine, the size of the bound itself.
    const firstBatchSlowdowns = [ndjsonRounds[2] / ndjsonRounds[0]];
    for (let trial = 1; trial < firstBatchTrials; trial++) {
      const fresh = await start();
      try {
        const rates: number[] = [];
        for (let b = 0; b < 3; b++) rates.push(count / counted(await postBatch(`http://127.0.0.1:${fresh.port}`, body), count).seconds);
        firstBatchSlowdowns.push(rates[2] / rates[0]);
      } finally {
        await fresh.stop();
      }
    }

    let transportRounds: number[] = [];
    let cli: BatchFigures['cli'] = null;
    if (withLimits) {
      transportRounds = await transportCeiling(root, body, answer, count, 3);
      const seconds: Record<string, number> = {};
      const threads = String(availableParallelism());
      for (const format of ['ndjson', 'json', 'csv']) {
        for (const n of ['0', threads]) seconds[`${format} --threads ${n}`] = median(runs.map(() => cliSeconds(root, file, ['--format', format, '--threads', n])));
      }
      cli = { startupSeconds: startup, threads: Number(threads), seconds };
    }

    return {
      addresses: count,
      ndjsonRounds,
      firstBatchSlowdowns,
      firstBatchSlowdown: median(firstBatchSlowdowns),
      httpAddressesPerSecond: median(ndjsonRounds),
      transportRounds,
      transportAddressesPerSecond: transportRounds.length > 0 ? median(transportRounds) : NaN,
      httpCsvRounds: csv,
      httpCsvAddressesPerSecond: median(csv),
      httpProjectedRounds: projected,
      httpProjectedAddressesPerSecond: median(projected),
      oneThreadCsvRounds,
      oneThreadProjectedRounds,
      oneThreadCsv: withLimits ? median(oneThreadCsvRounds) : NaN,
      oneThreadProjected: withLimits ? median(oneThreadProjectedRounds) : NaN,
      csvVsOneThread: withLimits ? median(csv.map((r, i) => r / oneThreadCsvRounds[i])) : NaN,
      projectedVsOneThread: withLimits ? median(projected.map((r, i) => r / oneThreadProjectedRounds[i])) : NaN,
      inProcessAddressesPerSecond: inProcess,
      rss,
      maxRssMb: Math.max(...rss.peaks),
      getP99DuringBatchMs: getResult.latency.p99,
      getMaxDuringBatchMs: getResult.latency.max,
      getErrorsDuringBatch: getResult.errors - getResult.timeouts + getResult['5xx'],
      missingLines,
      cli,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
