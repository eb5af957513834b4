/**
 * This build against another checkout, measured alternately (the machine's speed moves between
 * minutes, so each round measures both, in turn first): the server CPU per GET and per address of
 * a batch, from /proc, uWS engine, 2 HTTP threads and 2 pool workers, each build on its own
 * registry file. A round, on each build: GETs of 50,000 distinct mixed paths at a fixed rate (CPU
 * per request), then BATCHES batches of the mixed addresses each as NDJSON, CSV and projected
 * NDJSON (CPU per address, user and system time of the whole process), after one of each to warm up; and the projected batch's rate against the
 * one-thread CLI on the same addresses (start-up taken off). Reports each round's after/before
 * ratios and their medians, with the absolute figures beside them.
 *
 *   node dist/bench/before-after.js OTHER [rounds=5] [addresses=120000]
 * OTHER is a built checkout, or a commit: it is then checked out into .cache/before-COMMIT
 * (a git worktree), installed (`npm ci`, no install scripts) and built, once.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { PROJECTED_FIELDS, postBatch, startBulkService } from './batch.js';
import { addressInputs, requestPaths } from './inputs.js';
import { cpuSeconds } from './proc.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const [other, roundsText = '5', countText = '120000'] = process.argv.slice(2);
if (!other) {
  process.stderr.write('usage: node dist/bench/before-after.js OTHER_CHECKOUT [rounds] [addresses]\n');
  process.exit(2);
}
// A commit is checked out, installed and built beside the project, once.
function checkout(what: string): string {
  if (existsSync(join(what, 'package.json'))) return resolve(what);
  const commit = execFileSync('git', ['rev-parse', '--short', what], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = join(ROOT, '.cache', `before-${commit}`);
  if (!existsSync(join(dir, 'dist/src/server/main.js'))) {
    if (!existsSync(dir)) execFileSync('git', ['worktree', 'add', '--detach', dir, commit], { cwd: ROOT, stdio: 'inherit' });
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'inherit' });
  }
  return dir;
}
const BEFORE = checkout(other);
const COUNT = Number(countText);
const GET_RATE = 8000;
const GET_SECONDS = 4;
// Batches of each kind measured together: one is a few hundred ms, near the 10 ms tick of /proc's CPU times.
const BATCHES = 4;
const inputs = addressInputs(COUNT, 11);
const body = `${inputs.map((a) => JSON.stringify(a)).join('\n')}\n`;
const paths = requestPaths(50_000, 7);
const work = mkdtempSync(join(tmpdir(), 'before-after-'));
const file = join(work, 'inputs.txt');
writeFileSync(file, `${inputs.join('\n')}\n`);
writeFileSync(join(work, 'empty.txt'), '');

/** What one round measured on one build. */
interface Figures {
  readonly getUs: number;
  readonly ndjsonUs: number;
  readonly csvUs: number;
  readonly projectedUs: number;
  /** Projected batch rate over the one-thread CLI's rate on the same addresses and fields. */
  readonly projectedVsCli: number;
}

// Seconds the CLI of `root` takes on `args` (the median of three runs).
function cliSeconds(root: string, args: readonly string[]): number {
  const times = [0, 1, 2].map(() => {
    const t = performance.now();
    const r = spawnSync(process.execPath, [join(root, 'dist/src/cli/main.js'), ...args], { stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, REGISTRY_FILE: join(root, 'data/registry.msgpack') } });
    if (r.status !== 0 && r.status !== 1) throw new Error(`${root}: the CLI exited ${r.status}`);
    return (performance.now() - t) / 1000;
  });
  return times.sort((a, b) => a - b)[1];
}

async function measure(root: string): Promise<Figures> {
  const s = await startBulkService(root, 'uws', process.execPath, { REGISTRY_FILE: join(root, 'data/registry.msgpack'), POOL_THREADS: '2' });
  const pid = s.child.pid!;
  const url = `http://127.0.0.1:${s.port}`;
  try {
    const cpuOf = async (work: () => Promise<unknown>) => {
      const cpu0 = cpuSeconds(pid);
      const t = performance.now();
      await work();
      return { cpu: cpuSeconds(pid) - cpu0, seconds: (performance.now() - t) / 1000 };
    };
    const batch = (accept: string, query: string, times = 1) =>
      cpuOf(async () => {
        for (let i = 0; i < times; i++) await postBatch(url, body, accept, query);
      });
    await batch('application/x-ndjson', '');
    await batch('text/csv', '');
    await batch('application/x-ndjson', `?fields=${PROJECTED_FIELDS}`);
    let requests = 0;
    const get = await cpuOf(() => autocannon({ url, connections: 8, duration: GET_SECONDS, overallRate: GET_RATE, ignoreCoordinatedOmission: true, requests: paths.map((path) => ({ path })) }).then((r) => (requests = r.requests.total)));
    const ndjson = await batch('application/x-ndjson', '', BATCHES);
    const csv = await batch('text/csv', '', BATCHES);
    const projected = await batch('application/x-ndjson', `?fields=${PROJECTED_FIELDS}`, BATCHES);
    const startup = cliSeconds(root, ['--file', join(work, 'empty.txt')]);
    const cli = cliSeconds(root, ['--file', file, '--threads', '0', '--fields', PROJECTED_FIELDS]) - startup;
    const us = (cpu: number, n: number) => (cpu * 1e6) / n;
    return { getUs: us(get.cpu, requests), ndjsonUs: us(ndjson.cpu, BATCHES * COUNT), csvUs: us(csv.cpu, BATCHES * COUNT), projectedUs: us(projected.cpu, BATCHES * COUNT), projectedVsCli: cli / (projected.seconds / BATCHES) };
  } finally {
    await s.stop();
  }
}

const KEYS = ['getUs', 'ndjsonUs', 'csvUs', 'projectedUs'] as const;
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const ratios: Record<(typeof KEYS)[number], number[]> = { getUs: [], ndjsonUs: [], csvUs: [], projectedUs: [] };
const vsCli: number[] = [];
for (let round = 1; round <= Number(roundsText); round++) {
  const order = round % 2 === 1 ? [['before', BEFORE], ['after', ROOT]] : [['after', ROOT], ['before', BEFORE]];
  const figures: Record<string, Figures> = {};
  for (const [name, root] of order) figures[name] = await measure(root);
  const line = KEYS.map((k) => {
    const r = figures.after[k] / figures.before[k];
    ratios[k].push(r);
    return `${k.replace('Us', '')} ${r.toFixed(2)} (${figures.after[k].toFixed(2)} against ${figures.before[k].toFixed(2)} µs)`;
  });
  vsCli.push(figures.after.projectedVsCli);
  process.stdout.write(`round ${round}: ${line.join(', ')}; projected against the one-thread CLI ${figures.after.projectedVsCli.toFixed(2)} (before ${figures.before.projectedVsCli.toFixed(2)})\n`);
}
const range = (xs: readonly number[]) => `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;
process.stdout.write(`median after/before: ${KEYS.map((k) => `${k.replace('Us', '')} ${range(ratios[k])}`).join(', ')}; projected against the one-thread CLI ${range(vsCli)}\n`);
