/**
 * This build against another checkout, both served at once and measured in turn (the machine's
 * speed moves between minutes, so each figure is a ratio of two measurements taken seconds
 * apart): the server CPU per GET and per address of a batch, from /proc, uWS engine, 2 HTTP
 * threads and 2 pool workers each, each build on its own registry file. After WARM_BATCHES of
 * each kind on each server, rounds measure on each, in turn first: BATCHES batches of the mixed
 * addresses as NDJSON, as CSV and as projected NDJSON (CPU per address, user and system time of
 * the whole process), and a CSV inventory read with input=csv (the same addresses, NDJSON answers); then GETs of 50,000 distinct mixed paths at a fixed rate (CPU per
 * request); then the projected batch's rate against the one-thread CLI on the same addresses
 * (start-up taken off). Reports each round's after/before ratios and their medians, with the
 * absolute figures beside them, and each build's first batch after start and after a pause.
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
import { csvField } from '../src/csv/csv.js';

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
// Batches of each kind before the measured ones. A build that renders nothing ahead at start has
// V8 compile the bulk path during its first batches, and fills its workers' vendor caches there
// (each worker takes about half of a batch's chunks): the measured batches are the steady state
// once both are done. The first batch's own cost is reported beside it.
const WARM_BATCHES = 3;
const inputs = addressInputs(COUNT, 11);
const body = `${inputs.map((a) => JSON.stringify(a)).join('\n')}\n`;
// The same addresses as an inventory's CSV: the address first (quoted where it must be), then a cell of its own.
const csvBody = `${inputs.map((a, i) => `${csvField(a)},row ${i}`).join('\r\n')}\r\n`;
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
  readonly csvBodyUs: number;
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

type Service = Awaited<ReturnType<typeof startBulkService>>;
const start = (root: string) => startBulkService(root, 'uws', process.execPath, { REGISTRY_FILE: join(root, 'data/registry.msgpack'), POOL_THREADS: '2' });

// CPU seconds the server `s` used while `work` ran, and the seconds it took.
async function cpuOf(s: Service, work: () => Promise<unknown>): Promise<{ cpu: number; seconds: number }> {
  const cpu0 = cpuSeconds(s.child.pid!);
  const t = performance.now();
  await work();
  return { cpu: cpuSeconds(s.child.pid!) - cpu0, seconds: (performance.now() - t) / 1000 };
}

const url = (s: Service) => `http://127.0.0.1:${s.port}`;
const batches = (s: Service, accept: string, query: string, times: number, text = body) =>
  cpuOf(s, async () => {
    for (let i = 0; i < times; i++) await postBatch(url(s), text, accept, query);
  });
// Each kind of batch: its figure, the answer's type, the query, and the body (NDJSON, or the CSV inventory read with input=csv).
const KINDS = [['ndjsonUs', 'application/x-ndjson', '', body], ['csvUs', 'text/csv', '', body], ['csvBodyUs', 'application/x-ndjson', '?input=csv', csvBody], ['projectedUs', 'application/x-ndjson', `?fields=${PROJECTED_FIELDS}`, body]] as const;

const us = (cpu: number, n: number) => (cpu * 1e6) / n;

// CPU per GET on `s`, at a fixed rate.
async function getUs(s: Service): Promise<number> {
  let requests = 0;
  const get = await cpuOf(s, () => autocannon({ url: url(s), connections: 8, duration: GET_SECONDS, overallRate: GET_RATE, ignoreCoordinatedOmission: true, requests: paths.map((path) => ({ path })) }).then((r) => (requests = r.requests.total)));
  return us(get.cpu, requests);
}

// The one-thread CLI's seconds for the projected batch (its start-up taken off).
function cliProjectedSeconds(root: string): number {
  return cliSeconds(root, ['--file', file, '--threads', '0', '--fields', PROJECTED_FIELDS]) - cliSeconds(root, ['--file', join(work, 'empty.txt')]);
}

const KEYS = ['getUs', 'ndjsonUs', 'csvUs', 'csvBodyUs', 'projectedUs'] as const;
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const ratios: Record<(typeof KEYS)[number], number[]> = { getUs: [], ndjsonUs: [], csvUs: [], csvBodyUs: [], projectedUs: [] };
const vsCli: number[] = [];
const builds = [['before', BEFORE], ['after', ROOT]] as const;
const services: Record<string, Service> = {};
const first: Record<string, number> = {};
try {
  for (const [name, root] of builds) services[name] = await start(root);
  // Warm-up, in turn: the first NDJSON batch after start is reported, not compared.
  for (const [name] of builds) first[name] = ((await batches(services[name], 'application/x-ndjson', '', 1)).cpu * 1e6) / COUNT;
  for (const [key, accept, query, text] of KINDS) for (const [name] of builds) await batches(services[name], accept, query, WARM_BATCHES - (key === 'ndjsonUs' ? 1 : 0), text);
  process.stdout.write(`first NDJSON batch after start: ${first.after.toFixed(2)} against ${first.before.toFixed(2)} µs an address (not compared: a build may render ahead at start)\n`);
  // Each figure is taken on both builds one after the other, the first one turn about. The
  // batches come in rounds of their own: a worker lets its vendor cache go after 20 s without a
  // task, and a client's burst of batches has shorter pauses. The GETs (HTTP threads only) and
  // the CLI (a process of its own) are measured in their own rounds.
  const rounds = Number(roundsText);
  const orderOf = (round: number) => (round % 2 === 1 ? builds : [...builds].reverse());
  const none = (): Figures => ({ getUs: 0, ndjsonUs: 0, csvUs: 0, csvBodyUs: 0, projectedUs: 0, projectedVsCli: 0 });
  const figures = Array.from({ length: rounds }, () => ({ before: none(), after: none() }) as Record<string, Record<keyof Figures, number>>);
  const projectedSeconds = figures.map(() => ({}) as Record<string, number>);
  for (let r = 0; r < rounds; r++) {
    for (const [key, accept, query, text] of KINDS) {
      for (const [name] of orderOf(r + 1)) {
        const m = await batches(services[name], accept, query, BATCHES, text);
        figures[r][name][key] = us(m.cpu, BATCHES * COUNT);
        if (key === 'projectedUs') projectedSeconds[r][name] = m.seconds / BATCHES;
      }
    }
  }
  // After a pause longer than a burst's: the workers' vendor caches are gone.
  await new Promise((resolve) => setTimeout(resolve, 25_000));
  for (const [name] of builds) first[name] = ((await batches(services[name], 'application/x-ndjson', '', 1)).cpu * 1e6) / COUNT;
  process.stdout.write(`NDJSON batch after 25 s idle: ${first.after.toFixed(2)} against ${first.before.toFixed(2)} µs an address\n`);
  for (let r = 0; r < rounds; r++) for (const [name] of orderOf(r + 1)) figures[r][name].getUs = await getUs(services[name]);
  for (let r = 0; r < rounds; r++) for (const [name, root] of orderOf(r + 1)) figures[r][name].projectedVsCli = cliProjectedSeconds(root) / projectedSeconds[r][name];
  for (let r = 0; r < rounds; r++) {
    const f = figures[r];
    const line = KEYS.map((k) => {
      const ratio = f.after[k] / f.before[k];
      ratios[k].push(ratio);
      return `${k.replace('Us', '')} ${ratio.toFixed(2)} (${f.after[k].toFixed(2)} against ${f.before[k].toFixed(2)} µs)`;
    });
    vsCli.push(f.after.projectedVsCli);
    process.stdout.write(`round ${r + 1}: ${line.join(', ')}; projected against the one-thread CLI ${f.after.projectedVsCli.toFixed(2)} (before ${f.before.projectedVsCli.toFixed(2)})\n`);
  }
} finally {
  for (const s of Object.values(services)) await s.stop();
}
const range = (xs: readonly number[]) => `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;
process.stdout.write(`median after/before: ${KEYS.map((k) => `${k.replace('Us', '')} ${range(ratios[k])}`).join(', ')}; projected against the one-thread CLI ${range(vsCli)}\n`);
