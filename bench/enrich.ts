/**
 * `npm run bench:enrich`: 1,000,000 eve.json-shaped records (about 600 bytes, two keys each)
 * enriched by the service (NDJSON bodies of BENCH_ENRICH_BODY records, one after another, the
 * answer gzipped off) and by the CLI (one file), against the NDJSON batch of the same 2,000,000
 * addresses in the same run, on the same service and CLI. It reports addresses per second, CPU
 * per address (the service's, and the client's), and the service's RSS: after each body, its peak
 * and after idling. Results land in bench/results/enrich-<time>.json.
 */
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eveAddress, eveRecord } from './inputs.js';
import { cpuSeconds, endedChildrenCpuSeconds, rssMb } from './proc.js';
import { spawnService, untilWarm } from './service-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const RECORDS = Number(process.env.BENCH_ENRICH_RECORDS ?? 1_000_000);
// Records a body: 56 MB of eve records, under BATCH_MAX_BYTES (64 MiB).
const PER_BODY = Number(process.env.BENCH_ENRICH_BODY ?? 80_000);
const IDLE_WAIT_MS = Number(process.env.BENCH_IDLE_WAIT_MS ?? 15_000);

interface Figures {
  readonly addresses: number;
  readonly seconds: number;
  readonly addressesPerSecond: number;
  readonly serviceCpuUsPerAddress?: number;
  readonly clientCpuUsPerAddress: number;
  readonly answerMb: number;
}

// Posts `bodies` one after another (node:http: fetch's upload of a 56 MB body cost its client
// several times the service's CPU); the answers are read and counted, not kept.
async function postAll(port: number, path: string, bodies: readonly Buffer[], addresses: number, pid: number, rss: number[]): Promise<Figures> {
  const cpu0 = cpuSeconds(pid);
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  let bytes = 0;
  for (const body of bodies) {
    bytes += await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'Content-Type': 'application/x-ndjson', 'Content-Length': body.length } }, (res) => {
        let got = 0;
        res.on('data', (d: Buffer) => (got += d.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(got) : reject(new Error(`${path}: ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
    rss.push(Math.round(rssMb(pid)));
  }
  const seconds = (performance.now() - t0) / 1000;
  const client = process.cpuUsage(client0);
  return { addresses, seconds, addressesPerSecond: Math.round(addresses / seconds), serviceCpuUsPerAddress: ((cpuSeconds(pid) - cpu0) * 1e6) / addresses, clientCpuUsPerAddress: (client.user + client.system) / addresses, answerMb: Math.round(bytes / 1e6) };
}

// The CLI over `file` (its output dropped), timed with its own CPU.
function cli(args: readonly string[], addresses: number): Figures {
  const cpu0 = endedChildrenCpuSeconds();
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/src/cli/main.js'), ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) throw new Error(`mac-analyze ${args.join(' ')}: ${r.stderr}`);
  const seconds = (performance.now() - t0) / 1000;
  return { addresses, seconds, addressesPerSecond: Math.round(addresses / seconds), clientCpuUsPerAddress: ((endedChildrenCpuSeconds() - cpu0) * 1e6) / addresses, answerMb: 0 };
}

async function main(): Promise<void> {
  const records = Array.from({ length: RECORDS }, (_, i) => `${eveRecord(i)}\n`);
  const addresses = records.flatMap((_, i) => [eveAddress(i), eveAddress(i * 31 + 7)]);
  const enrichBodies: Buffer[] = [];
  for (let a = 0; a < RECORDS; a += PER_BODY) enrichBodies.push(Buffer.from(records.slice(a, a + PER_BODY).join('')));
  const batchBodies: Buffer[] = [];
  for (let a = 0; a < addresses.length; a += 2 * PER_BODY) batchBodies.push(Buffer.from(addresses.slice(a, a + 2 * PER_BODY).map((m) => `"${m}"\n`).join('')));
  const work = mkdtempSync(join(tmpdir(), 'mac-enrich-bench-'));
  const eveFile = join(work, 'eve.json');
  const batchFile = join(work, 'addresses.ndjson');
  writeFileSync(eveFile, Buffer.concat(enrichBodies));
  writeFileSync(batchFile, Buffer.concat(batchBodies));
  const meanBytes = Math.round(enrichBodies.reduce((n, b) => n + b.length, 0) / RECORDS);
  console.log(`${RECORDS} eve records of ${meanBytes} bytes on average, ${addresses.length} addresses`);

  const service = await spawnService({ argv: [process.execPath, join(ROOT, 'dist/src/server/main.js')], env: { ...process.env, PORT: '0' } });
  const pid = service.child.pid!;
  process.on('exit', () => service.child.kill());
  await untilWarm(service);
  const rss = { start: Math.round(rssMb(pid)), enrich: [] as number[], batch: [] as number[], peak: 0, idle: 0 };
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const enrichPath = '/api/mac/enrich?key=ether.src_mac&key=ether.dest_mac';
  // One warm-up body of each, then the measured runs, each kind in turn.
  await postAll(service.port, enrichPath, enrichBodies.slice(0, 1), 0, pid, []);
  await postAll(service.port, '/api/mac/batch', batchBodies.slice(0, 1), 0, pid, []);
  const serviceBatch = await postAll(service.port, '/api/mac/batch', batchBodies, addresses.length, pid, rss.batch);
  const serviceEnrich = await postAll(service.port, enrichPath, enrichBodies, addresses.length, pid, rss.enrich);
  clearInterval(sampler);
  rss.peak = Math.round(peak);
  await new Promise((r) => setTimeout(r, IDLE_WAIT_MS));
  rss.idle = Math.round(rssMb(pid));
  await service.stop();

  const cliBatch = cli(['--file', batchFile, '--input', 'ndjson', '--threads', '2'], addresses.length);
  const cliEnrich = cli(['enrich', '--file', eveFile, '--key', 'ether.src_mac', '--key', 'ether.dest_mac', '--threads', '2'], addresses.length);
  rmSync(work, { recursive: true, force: true });

  const result = {
    records: RECORDS,
    recordBytes: meanBytes,
    service: { batch: serviceBatch, enrich: serviceEnrich, ratio: serviceEnrich.addressesPerSecond / serviceBatch.addressesPerSecond },
    cli: { batch: cliBatch, enrich: cliEnrich, ratio: cliEnrich.addressesPerSecond / cliBatch.addressesPerSecond },
    rssMb: rss,
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, `bench/results/enrich-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

await main();
