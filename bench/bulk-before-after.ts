/**
 * The bulk rate of this build and another, measured alternately (the machine's speed moves
 * between minutes, so each round measures both): a 1,000,000-address batch on each, one server
 * at a time, uWS engine, 2 HTTP threads, each build on its own registry file (their formats may
 * differ), the client and rounds of bench/batch.ts (without its limits).
 * `node dist/bench/bulk-before-after.js /path/to/other/checkout [rounds] [addresses]` (the other
 * checkout built: its dist/src/server/main.js).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchBatch, startBulkService } from './batch.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const [other, roundsText = '2', countText = '1000000'] = process.argv.slice(2);
if (!other) {
  process.stderr.write('usage: node dist/bench/bulk-before-after.js OTHER_CHECKOUT [rounds] [addresses]\n');
  process.exit(2);
}
const builds: ReadonlyArray<readonly [string, string]> = [['before', resolve(other)], ['after', ROOT]];
for (let round = 1; round <= Number(roundsText); round++) {
  for (const [name, root] of builds) {
    const start = () => startBulkService(root, 'uws', process.execPath, { REGISTRY_FILE: `${root}/data/registry.msgpack` });
    const f = await benchBatch(root, start, Number(countText), false, 0);
    const k = (n: number) => `${Math.round(n / 1000)}k/s`;
    process.stdout.write(`round ${round} ${name}: NDJSON ${f.ndjsonRounds.map(k).join(', ')}, CSV ${f.httpCsvRounds.map(k).join(', ')}, projected ${f.httpProjectedRounds.map(k).join(', ')}, peak RSS ${Math.round(f.maxRssMb)} MB\n`);
  }
}
