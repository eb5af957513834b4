/**
 * `npm run bench:formats [-- --count N --rounds R]`: the bulk rate of every answer format of
 * src/batch/bulk-formats.ts, on one freshly started service (uWS engine where it loads, 2 HTTP
 * threads, its pool), once ready and after one batch of each format: R rounds, each posting the
 * same N-address NDJSON body once per format, plain and gzipped (Accept-Encoding: gzip, the
 * answer measured as it comes), in rotating order. Prints each one's median addresses/s and
 * answer size.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BULK_FORMATS, ITEM_STYLES } from '../src/batch/bulk-formats.js';
import { postBatch, startBulkService } from './batch.js';
import { addressInputs } from './inputs.js';
import { existsSync } from 'node:fs';
import { uwsBinaryName } from '../src/server/uws-native.js';

const ROOT = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({ options: { count: { type: 'string' }, rounds: { type: 'string' } } });
const count = Number(values.count ?? 1_000_000);
const rounds = Number(values.rounds ?? 3);

const body = addressInputs(count).map((a) => JSON.stringify(a)).join('\n');
const uws = existsSync(join(ROOT, 'node_modules/uWebSockets.js/binaries', uwsBinaryName()));
const service = await startBulkService(ROOT, uws ? 'uws' : 'node', process.execPath);
try {
  const url = `http://127.0.0.1:${service.port}`;
  const runs = ITEM_STYLES.flatMap((style) => [false, true].map((gzip) => ({ name: `${style}${gzip ? ' gzip' : ''}`, accept: BULK_FORMATS[style].accepts[0], gzip })));
  const rates = new Map(runs.map((run) => [run.name, [] as number[]]));
  const sizes = new Map<string, number>();
  for (const run of runs) sizes.set(run.name, (await postBatch(url, body, run.accept, '', undefined, run.gzip)).bytes);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < runs.length; i++) {
      const run = runs[(i + r) % runs.length];
      rates.get(run.name)!.push(count / (await postBatch(url, body, run.accept, '', undefined, run.gzip)).seconds);
    }
  }
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
  for (const [name, r] of rates) {
    process.stdout.write(`${name.padEnd(13)} ${Math.round(median(r) / 1000)}k addresses/s (rounds ${r.map((x) => Math.round(x / 1000)).join(', ')}k), answer ${(sizes.get(name)! / 1e6).toFixed(0)} MB\n`);
  }
} finally {
  await service.stop();
}
