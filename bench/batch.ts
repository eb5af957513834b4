/**
 * Bulk benchmarks (issue 5): HTTP batch throughput with NDJSON in and out, server memory
 * during a 1,000,000-address batch, single-GET latency meanwhile, and the CLI on a
 * 1,000,000-line file. Compared with the in-process chunk renderer on one core.
 */
import autocannon, { type Result } from 'autocannon';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAnalyzer } from '../src/analysis/load-registry.js';
import { renderChunk } from '../src/batch/render-chunk.js';
import { addressInputs } from './inputs.js';
import { rssMb } from './proc.js';

/** The figures of one bulk run. */
export interface BatchFigures {
  readonly addresses: number;
  readonly httpAddressesPerSecond: number;
  /** The same batch answered as CSV (no GETs alongside), median of 3 rounds. */
  readonly httpCsvAddressesPerSecond: number;
  /** The same batch as NDJSON projected to PROJECTED_FIELDS (no GETs alongside). */
  readonly httpProjectedAddressesPerSecond: number;
  /** Each round's rate, CSV and projected (the figures above are their medians). */
  readonly httpCsvRounds: readonly number[];
  readonly httpProjectedRounds: readonly number[];
  readonly inProcessAddressesPerSecond: number;
  readonly httpToInProcessRatio: number;
  readonly maxRssMb: number;
  readonly getP99DuringBatchMs: number;
  readonly getMaxDuringBatchMs: number;
  readonly getErrorsDuringBatch: number;
  /** The CLI on the same addresses (NaN when not measured). */
  readonly cliSeconds: number;
  /** The CLI on an empty file: start-up and registry load, which do not scale with lines. */
  readonly cliStartupSeconds: number;
  readonly responseLines: number;
}

/** The projection the bulk bench measures: what most bulk callers want of an analysis. */
export const PROJECTED_FIELDS = 'address.canonical,vendor.name,vendor.registry,hints';

/** Posts an NDJSON batch and counts the streamed lines (answered as `accept`, with `query`); resolves with lines and seconds. */
function postBatch(url: string, body: string, accept = 'application/x-ndjson', query = ''): Promise<{ lines: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${url}/api/mac/batch${query}`, { method: 'POST', headers: { 'Content-Type': 'application/x-ndjson', Accept: accept } }, (res) => {
      let lines = 0;
      res.on('data', (d: Buffer) => {
        for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => resolve({ lines, seconds: (performance.now() - started) / 1000 }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs the bulk benchmarks against a started service (`url`, `pid`), `count` addresses. */
/** One batch of `count` addresses against the server at `url` (process `pid`); `withCli` also times the CLI on them. */
export async function benchBatch(url: string, pid: number, root: string, count: number, withCli = true): Promise<BatchFigures> {
  const inputs = addressInputs(count, 11);
  const body = `${inputs.map((i) => JSON.stringify(i)).join('\n')}\n`;

  // In-process reference: the same chunks rendered on this thread.
  const analyzer = loadAnalyzer();
  let t = performance.now();
  for (let at = 0; at < inputs.length; at += 2000) renderChunk(analyzer, inputs.slice(at, at + 2000), 'en', 'ndjson');
  const inProcess = inputs.length / ((performance.now() - t) / 1000);

  // Warm the pool, then the measured batch, with RSS sampling and GETs alongside.
  await postBatch(url, body.slice(0, body.indexOf('\n', 200_000) + 1));
  let maxRss = rssMb(pid);
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMb(pid))), 50);
  let stopGets = (): void => undefined;
  const gets = new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: 4,
        duration: 120,
        overallRate: 1000,
        ignoreCoordinatedOmission: true,
        requests: addressInputs(5000, 3).map((m) => ({ path: `/api/mac/${encodeURIComponent(m)}` })),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    stopGets = () => instance.stop();
  });
  await new Promise((r) => setTimeout(r, 300));
  const batch = await postBatch(url, body);
  stopGets();
  clearInterval(sampler);
  const g = await gets;
  // CSV and projected NDJSON: three rounds each, the median used (the first fills the workers'
  // column and fragment caches, so it is the slowest).
  const rounds = async (accept: string, query: string, lines: number) => {
    const rates: number[] = [];
    for (let r = 0; r < 3; r++) {
      const b = await postBatch(url, body, accept, query);
      if (b.lines !== lines) throw new Error(`${accept}${query} batch: ${b.lines} lines, ${lines} expected`);
      rates.push(inputs.length / b.seconds);
    }
    return { median: [...rates].sort((a, b) => a - b)[1], rates };
  };
  const csv = await rounds('text/csv', '', inputs.length + 1);
  const projected = await rounds('application/x-ndjson', `?fields=${PROJECTED_FIELDS}`, inputs.length);

  const figures = {
    addresses: inputs.length,
    httpAddressesPerSecond: inputs.length / batch.seconds,
    httpCsvAddressesPerSecond: csv.median,
    httpCsvRounds: csv.rates,
    httpProjectedAddressesPerSecond: projected.median,
    httpProjectedRounds: projected.rates,
    inProcessAddressesPerSecond: inProcess,
    httpToInProcessRatio: inputs.length / batch.seconds / inProcess,
    maxRssMb: maxRss,
    getP99DuringBatchMs: g.latency.p99,
    getMaxDuringBatchMs: g.latency.max,
    getErrorsDuringBatch: g.errors - g.timeouts + g['5xx'],
    responseLines: batch.lines,
  };
  if (!withCli) return { ...figures, cliSeconds: NaN, cliStartupSeconds: NaN };

  // The CLI on a file of the same addresses.
  const file = join(mkdtempSync(join(tmpdir(), 'mac-bench-')), 'inventory.txt');
  writeFileSync(file, `${inputs.join('\n')}\n`);
  const empty = join(mkdtempSync(join(tmpdir(), 'mac-bench-')), 'empty.txt');
  writeFileSync(empty, '');
  t = performance.now();
  spawnSync(process.execPath, [join(root, 'dist/src/cli/main.js'), '--file', empty], { stdio: 'ignore' });
  const cliStartupSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  const cli = spawnSync(process.execPath, [join(root, 'dist/src/cli/main.js'), '--file', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  const cliSeconds = (performance.now() - t) / 1000;
  if (cli.status !== 0 && cli.status !== 1) throw new Error(`CLI failed: ${cli.stderr.toString()}`);

  return { ...figures, cliSeconds, cliStartupSeconds };
}
