/**
 * `npm run bench:get-mix`: why the uWS engine's CPU per GET reads higher against the
 * same-bytes ceiling with realistic requests than with one address. The ceiling and the
 * service (uWS engine, one HTTP thread) run pinned to CPU 0, the load (autocannon, 16
 * connections, 15,000 req/s) on CPU 1, as in run.ts. The service is asked, in turn, for request
 * sets that add one kind of variety at a time, each set's rounds alternating with the
 * ceiling's, and the CPU per GET of each set is set against the ceiling's in the same round:
 *  1. the ceiling's own address (/api/mac/00:03:93:AB:12:34?lang=en), every time;
 *  2. 20,000 distinct addresses from registry blocks, canonical, /api/mac, English;
 *  3. the same in every input shape (dashed, Cisco, bare hex);
 *  4. and on both paths (half public, with CORS headers) in both languages;
 *  5. and 1% invalid (the issue's run: 20,000 distinct, 1% invalid, both paths and languages);
 *  6. run.ts's mix (6% special, 5% unassigned, 5% locally administered, 4% invalid).
 * Also the bytes each set's answers take (headers and body), since the kernel's share of a
 * GET grows with them. Results land in bench/results/get-mix-*.json.
 */
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { probePort } from '../src/server/probe-port.js';
import { MIX, requestPaths } from './inputs.js';
import { cpuSeconds } from './proc.js';
import { spawnService, type ServiceProcess } from './service-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RATE = 15_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REGISTRY_ONLY = { registry: 1, special: 0, unassigned: 0, local: 0, invalid: 0 };

const SETS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['1. one address', ['/api/mac/00:03:93:AB:12:34?lang=en']],
  ['2. 20,000 registry addresses, canonical, /api/mac, en', requestPaths(20_000, 42, { mix: REGISTRY_ONLY, shapes: ['canonical'], bothPaths: false, bothLangs: false })],
  ['3. + every input shape', requestPaths(20_000, 42, { mix: REGISTRY_ONLY, bothPaths: false, bothLangs: false })],
  ['4. + both paths and languages', requestPaths(20_000, 42, { mix: REGISTRY_ONLY })],
  ['5. + 1% invalid', requestPaths(20_000, 42, { mix: { ...REGISTRY_ONLY, registry: 0.99, invalid: 0.01 } })],
  ['6. run.ts mix', requestPaths(50_000, 42, { mix: MIX })],
];

const PIN = availableParallelism() >= 2 && spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' }).status === 0;

async function start(script: string, env: Record<string, string>): Promise<ServiceProcess> {
  const port = await probePort();
  const argv = PIN ? ['taskset', '-c', '0', process.execPath, resolve(ROOT, script)] : [process.execPath, resolve(ROOT, script)];
  return spawnService({ argv, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', HTTP_THREADS: '1', ...env } });
}

interface Round {
  readonly cpuUs: number;
  readonly bytesPerAnswer: number;
  readonly errors: number;
}

async function round(s: ServiceProcess, paths: readonly string[], seconds: number): Promise<Round> {
  const cpu0 = cpuSeconds(s.child.pid!);
  const r = await autocannon({ url: `http://127.0.0.1:${s.port}`, connections: 16, duration: seconds, overallRate: RATE, ignoreCoordinatedOmission: true, requests: paths.map((path) => ({ path })) });
  const cpu = cpuSeconds(s.child.pid!) - cpu0;
  return { cpuUs: (cpu * 1e6) / r.requests.total, bytesPerAnswer: r.throughput.total / r.requests.total, errors: r.errors + r['5xx'] };
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main(): Promise<void> {
  const body = readFileSync(join(ROOT, 'bench', 'sample-body.json'), 'utf8').trim();
  const ceiling = await start('dist/bench/servers/ceiling.js', { BODY: body });
  const service = await start('dist/src/server/main.js', { HTTP_ENGINE: 'uws' });
  const results: Array<{ set: string; paths: number; ratios: number[]; serviceUs: number[]; ceilingUs: number[]; bytesPerAnswer: number; errors: number }> = [];
  try {
    await round(ceiling, SETS[0][1], 3);
    for (const [, paths] of SETS) await round(service, paths, 2);
    for (const [name, paths] of SETS) {
      const ratios: number[] = [];
      const serviceUs: number[] = [];
      const ceilingUs: number[] = [];
      let bytes = 0;
      let errors = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const c = await round(ceiling, SETS[0][1], SECONDS);
        const s = await round(service, paths, SECONDS);
        ceilingUs.push(c.cpuUs);
        serviceUs.push(s.cpuUs);
        ratios.push(s.cpuUs / c.cpuUs);
        bytes = s.bytesPerAnswer;
        errors += s.errors;
      }
      results.push({ set: name, paths: paths.length, ratios, serviceUs, ceilingUs, bytesPerAnswer: bytes, errors });
      process.stdout.write(
        `${name.padEnd(56)} ${median(ratios).toFixed(3)} × the ceiling (rounds ${ratios.map((r) => r.toFixed(3)).join(', ')}); ` +
          `service ${median(serviceUs).toFixed(2)} µs, ceiling ${median(ceilingUs).toFixed(2)} µs per GET; ${bytes.toFixed(0)} bytes per answer${errors > 0 ? `; ${errors} errors` : ''}\n`,
      );
    }
  } finally {
    await service.stop();
    await ceiling.stop();
  }
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `get-mix-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), pinned: PIN, rate: RATE, seconds: SECONDS, rounds: ROUNDS, results }, null, 2));
  process.stdout.write(`results: ${file}\n`);
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
}

await main();
