/**
 * Bulk benchmarks, each rate set against a limit measured in the same run (issue 30), since
 * this machine's speed moves about 2x between hours:
 * - five back-to-back 1,000,000-address NDJSON batches on a fresh service once ready: their
 *   rates (the first against the third, over further fresh starts in a full run), the
 *   server's RSS through them (sampled every 50 ms) and after 30 s idle (a quick run: 200,000
 *   addresses, 5 s);
 * - the transport ceiling: bare uWS (bench/servers/stream-ceiling.ts) streaming the service's
 *   own NDJSON answer to the same body, read by the same client (curl into /dev/null, BULK_CLIENT),
 *   one round after each of three warm NDJSON batches (the ratio the median of the pairs),
 *   and, from the CPU each pair used, the most two cores allow that ratio;
 * - the first CSV and the first projected batch (they fill the workers' per-block caches),
 *   reported; then CSV and projected NDJSON (3 rounds each), each round followed by one of the one-thread
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
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { renderChunk } from '../src/batch/render-chunk.js';
import { probePort } from '../src/server/probe-port.js';
import { addressInputs } from './inputs.js';
import { cpuSeconds, endedChildrenCpuSeconds, rssMb } from './proc.js';
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
  /** Warm NDJSON batches, each followed by a round of the transport ceiling (none on the node engine's run). */
  readonly warmNdjsonRounds: readonly number[];
  /** The transport ceiling's first round (not counted), its rounds after each warm batch and their median (addresses/s; NaN on the node engine's run). */
  readonly transportFirst: number;
  readonly transportRounds: readonly number[];
  readonly transportAddressesPerSecond: number;
  /** The median of each warm NDJSON batch's rate over the ceiling round after it (NaN without limits). */
  readonly ndjsonVsTransport: number;
  /**
   * What two cores allow that ratio at most, pair by pair: the ceiling's wall time over half
   * the CPU the service's batch and its client used (were both cores busy all through it), and
   * the median (NaN without limits).
   */
  readonly ndjsonTwoCoreBounds: readonly number[];
  readonly ndjsonTwoCoreBound: number;
  /** CPU µs per address in those pairs (medians): the service and its client, the ceiling and its client. */
  readonly ndjsonCpuUs: { readonly service: number; readonly serviceClient: number; readonly ceiling: number; readonly ceilingClient: number } | null;
  /** Warm CSV and projected batches: three rounds each, after the first of each kind. */
  readonly httpCsvRounds: readonly number[];
  readonly httpCsvAddressesPerSecond: number;
  readonly httpProjectedRounds: readonly number[];
  /** The first CSV and projected batches since start (they fill the workers' per-block caches), before the rounds above. */
  readonly firstCsvAddressesPerSecond: number;
  readonly firstProjectedAddressesPerSecond: number;
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
  /** Lines the saved answers were short of (0 when all were whole). */
  readonly missingLines: number;
  /** Timed answers whose size differed from the saved answer of their kind (0 when all were whole). */
  readonly mismatchedAnswers: number;
  /** The CLI: seconds on an empty file (start-up), and seconds for the addresses by format and threads. */
  readonly cli: { readonly startupSeconds: number; readonly threads: number; readonly seconds: Record<string, number> } | null;
}

/** One posted batch: its answer's size, its lines where they were counted, and its time. */
export interface Posted {
  readonly bytes: number;
  /** null where the client only counted bytes (curl into /dev/null). */
  readonly lines: number | null;
  readonly seconds: number;
}

// The client every bulk rate is read with, the service's and the transport ceiling's alike:
// curl writing the answer to /dev/null and reporting its size (curl is among the packages the
// tests install, test/system/packages.txt), as the one-thread reference writes its output to
// /dev/null. The answer's lines are counted once per kind of answer, on one saved answer outside
// the clock, and every timed answer must have that answer's size to the byte (the answers are
// deterministic); curl itself fails on an answer cut short (a chunked stream without its end).
// Counting lines in a pipe, or reading the answer in this process, would take a large share of
// the two cores from the service. The bench's own node:http reader is used where there is no
// curl, or with BENCH_NO_CURL=1, and the report says so.
const CURL = process.env.BENCH_NO_CURL ? null : (['/usr/bin/curl', '/usr/local/bin/curl'].find((p) => existsSync(p)) ?? null);

/** Which client the bulk rates are read with. */
export const BULK_CLIENT = CURL ? 'curl > /dev/null (sizes checked against a saved answer whose lines were counted)' : 'node:http (no curl here)';

/**
 * Posts the NDJSON `body` to `path` and measures the answer; `save` writes the answer to that file
 * and counts its lines; `gzip` asks for it gzipped (measured as it comes, not decoded).
 */
export function postBatch(url: string, body: string, accept = 'application/x-ndjson', query = '', save?: string, gzip = false): Promise<Posted> {
  const headers = { 'Content-Type': 'application/x-ndjson', Accept: accept, ...(gzip ? { 'Accept-Encoding': 'gzip' } : {}) };
  return CURL ? curlBatch(CURL, `${url}/api/mac/batch${query}`, body, headers, save) : nodeBatch(url, body, headers, query, save);
}

// curl posts the body from its standard input; its answer goes to /dev/null, or to `save`
// (its lines counted once the clock has stopped).
function curlBatch(curl: string, url: string, body: string, headers: Readonly<Record<string, string>>, save?: string): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const args = ['-sS', '--fail', '-X', 'POST', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), '--data-binary', '@-', '-o', save ?? '/dev/null', '-w', '%{size_download}', url];
    const child = spawn(curl, args, { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`curl ${url}: exit ${code}`));
      const lines = save ? Number(spawnSync('wc', ['-l', save], { encoding: 'utf8' }).stdout.trim().split(/\s+/)[0]) : null;
      resolve({ bytes: Number(out.trim()), lines, seconds });
    });
    child.stdin!.end(body);
  });
}

// The bench's own reader (where there is no curl).
function nodeBatch(url: string, body: string, headers: Readonly<Record<string, string>>, query: string, save?: string): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${url}/api/mac/batch${query}`, { method: 'POST', headers }, (res) => {
      let lines = 0;
      let bytes = 0;
      const file = save ? createWriteStream(save) : null;
      res.on('data', (d: Buffer) => {
        file?.write(d);
        bytes += d.byteLength;
        for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => {
        const seconds = (performance.now() - started) / 1000;
        if (file) file.end(() => resolve({ bytes, lines, seconds }));
        else resolve({ bytes, lines, seconds });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The kinds of bulk answer the bench times. */
type AnswerKind = 'ndjson' | 'csv' | 'projected';

// How each kind is asked for, and how many lines its answer to n addresses has (CSV: a header line).
const ANSWER_ASK: Readonly<Record<AnswerKind, { readonly accept: string; readonly query: string }>> = {
  ndjson: { accept: 'application/x-ndjson', query: '' },
  csv: { accept: 'text/csv', query: '' },
  projected: { accept: 'application/x-ndjson', query: `?fields=${PROJECTED_FIELDS}` },
};
const ANSWER_LINES: Readonly<Record<AnswerKind, (n: number) => number>> = { ndjson: (n) => n, csv: (n) => n + 1, projected: (n) => n };

// `p`, its failure prefixed with what it was (which server, which batch): a broken answer must
// say where it came from.
function named<T>(what: string, p: Promise<T>): Promise<T> {
  return p.catch((e: unknown) => {
    throw new Error(`${what}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
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

/** An answer posted, with the CPU seconds its server and its client used meanwhile. */
interface PostedWithCpu {
  readonly posted: Posted;
  readonly serverCpu: number;
  readonly clientCpu: number;
}

// Posts with `post` and reads the CPU the server `pid` used meanwhile, and the client's: curl,
// a child of this process once it has ended (or this process itself, when it is the client).
async function withCpu(pid: number, post: () => Promise<Posted>): Promise<PostedWithCpu> {
  const client = () => {
    const own = process.cpuUsage();
    return endedChildrenCpuSeconds() + (own.user + own.system) / 1e6;
  };
  const server0 = cpuSeconds(pid);
  const client0 = client();
  const posted = await post();
  return { posted, serverCpu: cpuSeconds(pid) - server0, clientCpu: client() - client0 };
}

/** The transport ceiling: bare uWS streaming the saved answer (`bytes` long) to the same client; `round` gives its answer with the CPU used. */
async function startTransportCeiling(root: string, body: string, answer: string, bytes: number, count: number): Promise<{ round(what: string): Promise<PostedWithCpu>; stop(): Promise<unknown> }> {
  const s = await spawnService({ argv: [process.execPath, join(root, 'dist/bench/servers/stream-ceiling.js')], env: { ...process.env, PORT: String(await probePort()), ANSWER_FILE: answer } });
  return {
    round: async (what) => {
      const measured = await withCpu(s.child.pid!, () => named(`transport ceiling (bare uWS), ${what}`, postBatch(`http://127.0.0.1:${s.port}`, body)));
      const p = measured.posted;
      if (p.bytes !== bytes || (p.lines !== null && p.lines !== count)) throw new Error(`transport ceiling: ${p.bytes} bytes and ${p.lines ?? 'uncounted'} lines, ${bytes} and ${count} expected`);
      return measured;
    },
    stop: () => s.stop(),
  };
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
  // Every timed answer's size by kind, checked at the end against the saved answer of its kind.
  const sizes: Record<AnswerKind, number[]> = { ndjson: [], csv: [], projected: [] };
  const references: Partial<Record<AnswerKind, number>> = {};
  const timed = (kind: AnswerKind, p: Posted) => {
    sizes[kind].push(p.bytes);
    if (p.lines !== null) missingLines += Math.max(0, ANSWER_LINES[kind](count) - p.lines);
    return p;
  };
  // One answer of `kind` saved to `file` outside the clock, its lines counted: the size every timed answer of its kind must have.
  const saveReference = async (url: string, kind: AnswerKind, file: string) => {
    const p = await named(`service, the saved ${kind} answer`, postBatch(url, body, ANSWER_ASK[kind].accept, ANSWER_ASK[kind].query, file));
    missingLines += Math.max(0, ANSWER_LINES[kind](count) - (p.lines ?? 0));
    references[kind] = p.bytes;
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
    let firstCsv = NaN;
    let firstProjected = NaN;
    const warmNdjson: number[] = [];
    const transportRounds: number[] = [];
    let transportFirst = NaN;
    // Per pair: the service's batch and the ceiling's round, with the CPU each used.
    const pairs: Array<{ service: PostedWithCpu; ceiling: PostedWithCpu }> = [];
    try {
      // Five NDJSON batches back to back, from a cold start: rates and memory.
      for (let b = 0; b < 5; b++) {
        let peak = rssMb(pid);
        const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
        const p = timed('ndjson', await named(`service, NDJSON batch ${b + 1} of 5 from a cold start`, postBatch(url, body)));
        clearInterval(sampler);
        ndjsonRounds.push(count / p.seconds);
        rss.peaks.push(Math.max(peak, rssMb(pid)));
        rss.after.push(rssMb(pid));
      }
      await sleep(idleSeconds * 1000);
      rss.idle = rssMb(pid);
      // The answer for the transport ceiling and the NDJSON answers' reference (saved: not timed).
      await saveReference(url, 'ndjson', answer);
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
      timed('ndjson', await named('service, the NDJSON batch with GETs alongside', postBatch(url, body)));
      stopGets();
      getResult = await gets;
      // The transport ceiling (started now, beside the idle service) against warm NDJSON
      // batches, in pairs: a round of each, three times, after one round of the ceiling's own
      // (reported, not counted: a cold ceiling reads far below its next rounds). Pairs, because
      // a ceiling measured minutes apart from the service moved the ratio with the hour.
      if (withLimits) {
        const ceiling = await startTransportCeiling(root, body, answer, references.ndjson!, count);
        try {
          transportFirst = count / (await ceiling.round('its first round')).posted.seconds;
          for (let r = 0; r < 3; r++) {
            const served = await withCpu(pid, () => named(`service, warm NDJSON batch ${r + 1} of 3 (paired with the transport ceiling)`, postBatch(url, body)));
            warmNdjson.push(count / timed('ndjson', served.posted).seconds);
            const streamed = await ceiling.round(`round ${r + 1} of 3`);
            transportRounds.push(count / streamed.posted.seconds);
            pairs.push({ service: served, ceiling: streamed });
          }
        } finally {
          await ceiling.stop();
        }
      }
      // The first CSV and the first projected batch since start, reported apart: they fill the
      // per-block caches of every pool worker (csv-rows.ts, plan.ts), which start
      // empty.
      firstCsv = count / timed('csv', await named('service, the first CSV batch', postBatch(url, body, ANSWER_ASK.csv.accept))).seconds;
      firstProjected = count / timed('projected', await named('service, the first projected batch', postBatch(url, body, ANSWER_ASK.projected.accept, ANSWER_ASK.projected.query))).seconds;
      // Then three rounds each of warm batches, each followed by the one-thread reference (the
      // service idle meanwhile): a ratio of two rates minutes apart moved with the hour.
      for (let r = 0; r < 3; r++) {
        csv.push(count / timed('csv', await named(`service, CSV batch ${r + 1} of 3`, postBatch(url, body, ANSWER_ASK.csv.accept))).seconds);
        if (withLimits) oneThreadCsvRounds.push(oneThread(['--format', 'csv']));
        projected.push(count / timed('projected', await named(`service, projected batch ${r + 1} of 3`, postBatch(url, body, ANSWER_ASK.projected.accept, ANSWER_ASK.projected.query))).seconds);
        if (withLimits) oneThreadProjectedRounds.push(oneThread(['--fields', PROJECTED_FIELDS]));
      }
      // Their references.
      for (const kind of ['csv', 'projected'] as const) {
        const file = join(dir, `answer.${kind}`);
        await saveReference(url, kind, file);
        rmSync(file);
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
        for (let b = 0; b < 3; b++) rates.push(count / timed('ndjson', await named(`service, fresh start ${trial + 1}, NDJSON batch ${b + 1} of 3`, postBatch(`http://127.0.0.1:${fresh.port}`, body))).seconds);
        firstBatchSlowdowns.push(rates[2] / rates[0]);
      } finally {
        await fresh.stop();
      }
    }

    let cli: BatchFigures['cli'] = null;
    if (withLimits) {
      const seconds: Record<string, number> = {};
      const threads = String(availableParallelism());
      for (const format of ['ndjson', 'json', 'csv']) {
        for (const n of ['0', threads]) seconds[`${format} --threads ${n}`] = median(runs.map(() => cliSeconds(root, file, ['--format', format, '--threads', n])));
      }
      cli = { startupSeconds: startup, threads: Number(threads), seconds };
    }

    // Two cores can run the service's batch no faster than half the CPU it and its client used:
    // the ceiling's wall time over that is the most the ratio can read.
    const bounds = pairs.map((p) => (2 * p.ceiling.posted.seconds) / (p.service.serverCpu + p.service.clientCpu));
    const perAddressUs = (cpu: (pair: (typeof pairs)[number]) => number) => (median(pairs.map(cpu)) / count) * 1e6;
    return {
      addresses: count,
      ndjsonRounds,
      firstBatchSlowdowns,
      firstBatchSlowdown: median(firstBatchSlowdowns),
      httpAddressesPerSecond: median(ndjsonRounds),
      warmNdjsonRounds: warmNdjson,
      transportFirst,
      transportRounds,
      transportAddressesPerSecond: transportRounds.length > 0 ? median(transportRounds) : NaN,
      ndjsonVsTransport: transportRounds.length > 0 ? median(warmNdjson.map((r, i) => r / transportRounds[i])) : NaN,
      ndjsonTwoCoreBounds: bounds,
      ndjsonTwoCoreBound: bounds.length > 0 ? median(bounds) : NaN,
      ndjsonCpuUs: pairs.length === 0 ? null : {
        service: perAddressUs((p) => p.service.serverCpu),
        serviceClient: perAddressUs((p) => p.service.clientCpu),
        ceiling: perAddressUs((p) => p.ceiling.serverCpu),
        ceilingClient: perAddressUs((p) => p.ceiling.clientCpu),
      },
      httpCsvRounds: csv,
      httpCsvAddressesPerSecond: median(csv),
      httpProjectedRounds: projected,
      firstCsvAddressesPerSecond: firstCsv,
      firstProjectedAddressesPerSecond: firstProjected,
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
      mismatchedAnswers: (Object.keys(sizes) as AnswerKind[]).reduce((n, kind) => n + sizes[kind].filter((b) => b !== references[kind]).length, 0),
      cli,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
