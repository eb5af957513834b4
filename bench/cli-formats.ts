/**
 * `npm run bench:cli [-- --lines N --rounds R]`: the CLI's output formats on the same file
 * of N addresses (the benchmark mix: 80% registered, special, unassigned, local, 4% invalid),
 * run in interleaved rounds (ndjson, csv, json, ndjson, csv, json…) so that both see the
 * same machine. Reports each format's median wall time and peak RSS, and csv/ndjson's
 * ratio per round (the issue's target: within 20%). Results land in
 * bench/results/cli-formats-<time>.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { addressInputs } from './inputs.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FORMATS = ['ndjson', 'csv', 'json'] as const;

interface Run {
  readonly seconds: number;
  readonly maxRssMb: number;
}

// Runs the CLI on `file`, its output to /dev/null; the peak RSS is the kernel's high-water
// mark (VmHWM), read every 20 ms while it runs.
function runCli(file: string, format: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(ROOT, 'dist/src/cli/main.js'), '--format', format, '--file', file], { stdio: ['ignore', 'ignore', 'ignore'] });
    let peak = 0;
    const sample = setInterval(() => {
      try {
        peak = Math.max(peak, Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
      } catch {
        /* exited */
      }
    }, 20);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(sample);
      // 1: some inputs were not addresses (the mix has 4%); anything else is a failure.
      if (code !== 0 && code !== 1) reject(new Error(`mac-analyze --format ${format} exited with ${code}`));
      resolve({ seconds: (performance.now() - started) / 1000, maxRssMb: Math.round(peak) });
    });
  });
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { lines: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '5' } } });
  const lines = Number(values.lines);
  const rounds = Number(values.rounds);
  const dir = mkdtempSync(join(tmpdir(), 'cli-formats-'));
  const file = join(dir, 'input.txt');
  writeFileSync(file, `${addressInputs(lines).join('\n')}\n`);
  const runs: Record<string, Run[]> = { ndjson: [], csv: [], json: [] };
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const format of FORMATS) runs[format].push(await runCli(file, format));
    ratios.push(runs.csv[r].seconds / runs.ndjson[r].seconds);
    process.stdout.write(`round ${r + 1}: ${FORMATS.map((f) => `${f} ${runs[f][r].seconds.toFixed(2)} s ${runs[f][r].maxRssMb} MB`).join(', ')}; csv/ndjson ${ratios[r].toFixed(2)}\n`);
  }
  const summary = {
    lines,
    rounds,
    medianSeconds: Object.fromEntries(FORMATS.map((f) => [f, Number(median(runs[f].map((x) => x.seconds)).toFixed(2))])),
    medianPeakRssMb: Object.fromEntries(FORMATS.map((f) => [f, median(runs[f].map((x) => x.maxRssMb))])),
    csvOverNdjson: { median: Number(median(ratios).toFixed(2)), min: Number(Math.min(...ratios).toFixed(2)), max: Number(Math.max(...ratios).toFixed(2)) },
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  const results = join(ROOT, 'bench', 'results');
  mkdirSync(results, { recursive: true });
  writeFileSync(join(results, `cli-formats-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify({ ...summary, runs }, null, 2));
}

await main();
