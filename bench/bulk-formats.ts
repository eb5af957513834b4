/**
 * `npm run bench:formats [-- --count N --rounds R]`: the bulk rate of every answer format of
 * src/batch/bulk-formats.ts, on one freshly started service (uWS engine where it loads, 2 HTTP
 * threads, its pool), once ready and after one batch of each format: R rounds, each posting the
 * same N-address NDJSON body once per format, formats in rotating order. Prints each format's
 * median addresses/s and answer size.
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
  const rates = new Map(ITEM_STYLES.map((s) => [s, [] as number[]]));
  const sizes = new Map<string, number>();
  for (const style of ITEM_STYLES) sizes.set(style, (await postBatch(url, body, BULK_FORMATS[style].accepts[0])).bytes);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < ITEM_STYLES.length; i++) {
      const style = ITEM_STYLES[(i + r) % ITEM_STYLES.length];
      rates.get(style)!.push(count / (await postBatch(url, body, BULK_FORMATS[style].accepts[0])).seconds);
    }
  }
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
  for (const [style, r] of rates) {
    process.stdout.write(`${style.padEnd(8)} ${Math.round(median(r) / 1000)}k addresses/s (rounds ${r.map((x) => Math.round(x / 1000)).join(', ')}k), answer ${(sizes.get(style)! / 1e6).toFixed(0)} MB\n`);
  }
} finally {
  await service.stop();
}
