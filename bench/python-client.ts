/**
 * `npm run bench:python [-- --count N --rounds R]`: the Python client's stream (clients/python,
 * imported from the source tree, on Debian's httpx) against the standard library's, on one
 * service (uWS where it loads): N addresses (1,000,000) with their full analysis, in R rounds
 * (3), the three ways turn about (bench/python_client.py). Reports each way's median wall time
 * and Python CPU, and the clients' ratios to the standard library per round (the target: 1.2 at
 * most). Results land in bench/results/python-client-<time>.json.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { spawnService } from './service-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Run {
  readonly round: number;
  readonly way: string;
  readonly seconds: number;
  readonly cpu: number;
  readonly items: number;
}

const { values } = parseArgs({ options: { count: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '3' } } });
const count = Number(values.count);
const rounds = Number(values.rounds);
const service = await spawnService({ argv: [process.execPath, join(ROOT, 'dist/src/server/main.js')], env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' } });
const out = await new Promise<string>((resolve, reject) =>
  execFile('/usr/bin/python3', [join(ROOT, 'bench/python_client.py'), `http://127.0.0.1:${service.port}`, String(count), String(rounds)], { env: { ...process.env, PYTHONPATH: join(ROOT, 'clients/python/src') }, maxBuffer: 1 << 20 }, (err, stdout, stderr) =>
    err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
  ),
);
await service.stop();
const runs = out.trim().split('\n').map((l) => JSON.parse(l) as Run);
for (const run of runs) if (run.items !== count) throw new Error(`${run.way} gave ${run.items} items of ${count}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const of = (way: string) => runs.filter((r) => r.way === way);
const baseline = of('standard library');
const summary = {
  count,
  rounds,
  ways: Object.fromEntries(['standard library', 'Client', 'AsyncClient'].map((way) => [way, { seconds: median(of(way).map((r) => r.seconds)), cpu: median(of(way).map((r) => r.cpu)) }])),
  ratios: Object.fromEntries(['Client', 'AsyncClient'].map((way) => [way, of(way).map((r, i) => Number((r.seconds / baseline[i].seconds).toFixed(3)))])),
};
console.log(JSON.stringify(summary, null, 2));
const results = join(ROOT, 'bench', 'results');
mkdirSync(results, { recursive: true });
writeFileSync(join(results, `python-client-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify({ ...summary, runs }, null, 2));
