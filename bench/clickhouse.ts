/**
 * `npm run bench:clickhouse [-- --rounds R]`: ClickHouse (Debian's clickhouse-server) enriching
 * 1,000,000 flow keys of a Distributed table over two shards (bench/clickhouse-cluster.ts) from
 * the service (uWS where it loads): each round empties the cache dictionaries, then times the
 * same query cold (each shard POSTs the keys it lacks) and warm (every key cached), through the
 * `http` dictionary, the CLI's `executable` one, and the registry dictionary's longest-prefix
 * query. Reports rows/s per way, median of R rounds (3), against the targets (the `http`
 * dictionary: 200,000 rows/s cold, 2,000,000 warm). Results land in bench/results/clickhouse-<time>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { blockVendorSql, coldCaches, flowKeys, loadKeys, startCluster } from './clickhouse-cluster.js';
import { spawnService } from './service-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const COUNT = 1_000_000;
const TARGETS = { httpCold: 200_000, httpWarm: 2_000_000 };

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds);
const service = await spawnService({ argv: [process.execPath, join(ROOT, 'dist/src/server/main.js')], env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' } });
const cluster = await startCluster(`http://127.0.0.1:${service.port}`);
const runs: Array<{ round: number; way: string; rowsPerSecond: number }> = [];
try {
  await loadKeys(cluster, flowKeys(COUNT));
  // The whole table through `expression`, counted on the shards: the rows/s ClickHouse sees.
  const timed = async (expression: string): Promise<number> => {
    const started = performance.now();
    const [rows] = (await cluster.shards[0].query(`SELECT count(), countIf(${expression} != '') FROM flows_all`)).split('\t').map(Number);
    if (rows !== COUNT) throw new Error(`${rows} rows of ${COUNT}`);
    return Math.round(COUNT / ((performance.now() - started) / 1000));
  };
  for (let round = 1; round <= rounds; round++) {
    await coldCaches(cluster);
    for (const dictionary of ['mac_vendor_http', 'mac_vendor_cli']) {
      const way = dictionary === 'mac_vendor_http' ? 'http' : 'executable';
      runs.push({ round, way: `${way} cold`, rowsPerSecond: await timed(`dictGetString('${dictionary}', 'vendor', tuple(mac))`) });
      runs.push({ round, way: `${way} warm`, rowsPerSecond: await timed(`dictGetString('${dictionary}', 'vendor', tuple(mac))`) });
    }
    runs.push({ round, way: 'registry longest prefix', rowsPerSecond: await timed(blockVendorSql('mac')) });
  }
} finally {
  await cluster.stop();
  await service.stop();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ways = [...new Set(runs.map((r) => r.way))];
const summary = {
  count: COUNT,
  rounds,
  rowsPerSecond: Object.fromEntries(ways.map((w) => [w, median(runs.filter((r) => r.way === w).map((r) => r.rowsPerSecond))])),
  targets: TARGETS,
};
console.log(JSON.stringify(summary, null, 2));
const results = join(ROOT, 'bench', 'results');
mkdirSync(results, { recursive: true });
writeFileSync(join(results, `clickhouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify({ ...summary, runs }, null, 2));
const missed = summary.rowsPerSecond['http cold'] < TARGETS.httpCold || summary.rowsPerSecond['http warm'] < TARGETS.httpWarm;
if (missed) console.error('missed a target');
process.exitCode = missed ? 1 : 0;
