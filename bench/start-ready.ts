/**
 * `npm run bench:start [-- --starts N --count N --npm-start --against DIR]`: what a restart
 * costs a user. Each fresh start is timed from spawn to the first analysis answered and to
 * `/readyz` 200, then its first three NDJSON batches of `--count` addresses are timed (the
 * third's rate over the first's says what the first batch pays for a cold pool).
 *
 * `--npm-start` starts it as a user does, `npm start` with nothing changed (the build's check
 * included); otherwise `node dist/src/server/main.js`. `--against DIR` alternates starts with
 * the checkout in DIR (built), so that both builds are measured in the same hour.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { addressInputs } from './inputs.js';
import { postBatch } from './batch.js';
import { probePort } from '../src/server/probe-port.js';

const ROOT = resolve(import.meta.dirname, '../..');
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const STARTS = Number(arg('--starts') ?? 3);
const COUNT = Number(arg('--count') ?? 1_000_000);
const NPM_START = process.argv.includes('--npm-start');
const AGAINST = arg('--against');

/** One fresh start's figures, in milliseconds from spawn, and its first three batch rates. */
interface StartFigures {
  readonly firstAnswerMs: number;
  readonly readyMs: number;
  readonly batchRates: number[];
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  for (const t0 = Date.now(); !(await check().catch(() => false)); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
  }
}

const status = async (url: string): Promise<number> => {
  const res = await fetch(url);
  await res.body?.cancel();
  return res.status;
};

async function oneStart(root: string, body: string): Promise<StartFigures> {
  const port = await probePort();
  const argv = NPM_START ? ['npm', 'start'] : [process.execPath, 'dist/src/server/main.js'];
  const started = performance.now();
  const child = spawn(argv[0], argv.slice(1), { cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const base = `http://127.0.0.1:${port}`;
  try {
    await until(async () => (await status(`${base}/api/mac/00:03:93:ab:12:34`)) === 200, 120_000);
    const firstAnswerMs = performance.now() - started;
    await until(async () => (await status(`${base}/readyz`)) === 200, 120_000);
    const readyMs = performance.now() - started;
    const batchRates: number[] = [];
    for (let b = 0; b < 3; b++) batchRates.push(COUNT / (await postBatch(base, body)).seconds);
    return { firstAnswerMs, readyMs, batchRates };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const body = addressInputs(COUNT).map((a) => JSON.stringify(a)).join('\n');
const roots = AGAINST ? [ROOT, resolve(AGAINST)] : [ROOT];
const figures = new Map<string, StartFigures[]>(roots.map((r) => [r, []]));
for (let i = 0; i < STARTS; i++) {
  // Alternating order each round, so that neither build always goes first in a slow minute.
  for (const root of i % 2 ? [...roots].reverse() : roots) figures.get(root)!.push(await oneStart(root, body));
}
const k = (n: number) => `${Math.round(n / 1000)}k`;
for (const [root, runs] of figures) {
  console.log(`${root} (${NPM_START ? 'npm start' : 'node dist/src/server/main.js'}), ${COUNT} addresses a batch:`);
  for (const r of runs) {
    console.log(`  first answer ${Math.round(r.firstAnswerMs)} ms, ready ${Math.round(r.readyMs)} ms (+${Math.round(r.readyMs - r.firstAnswerMs)}), batches ${r.batchRates.map(k).join(', ')}/s, first/third time ${(r.batchRates[2] / r.batchRates[0]).toFixed(2)}`);
  }
}
