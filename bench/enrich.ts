/**
 * `npm run bench:enrich`: 1,000,000 eve.json-shaped records (about 700 bytes, two keys each)
 * enriched by the service (NDJSON bodies of BENCH_ENRICH_BODY records, each after the NDJSON batch
 * of its addresses; the answers not gzipped) and by the CLI (one file, after the batch of the same
 * 2,000,000 addresses). It reports addresses per second, CPU per address (the service's, and the
 * client's), the ratio to the batch (the service's: the median pair's), and the service's RSS:
 * after each body, its peak and after idling. Results land in bench/results/enrich-<time>.json.
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

// Posts `body` (node:http: fetch's upload of a 56 MB body cost its client several times the
// service's CPU); the answer is read and counted, not kept.
async function post(port: number, path: string, body: Buffer, addresses: number, pid: number): Promise<Figures> {
  const cpu0 = cpuSeconds(pid);
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  const bytes = await new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'Content-Type': 'application/x-ndjson', 'Content-Length': body.length } }, (res) => {
      let got = 0;
      res.on('data', (d: Buffer) => (got += d.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(got) : reject(new Error(`${path}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
  const seconds = (performance.now() - t0) / 1000;
  const client = process.cpuUsage(client0);
  return { addresses, seconds, addressesPerSecond: Math.round(addresses / seconds), serviceCpuUsPerAddress: ((cpuSeconds(pid) - cpu0) * 1e6) / addresses, clientCpuUsPerAddress: (client.user + client.system) / addresses, answerMb: Math.round(bytes / 1e6) };
}

// The figures of several posts as one.
function total(posts: readonly Figures[]): Figures {
  const sum = (f: (p: Figures) => number) => posts.reduce((n, p) => n + f(p), 0);
  const addresses = sum((p) => p.addresses);
  const seconds = sum((p) => p.seconds);
  const perAddress = (f: (p: Figures) => number) => sum((p) => f(p) * p.addresses) / addresses;
  return { addresses, seconds, addressesPerSecond: Math.round(addresses / seconds), serviceCpuUsPerAddress: perAddress((p) => p.serviceCpuUsPerAddress!), clientCpuUsPerAddress: perAddress((p) => p.clientCpuUsPerAddress), answerMb: sum((p) => p.answerMb) };
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

/** What the service did with the same addresses in eve records and as an NDJSON batch, body by body in turn on one service. */
export interface ServiceEnrich {
  readonly batch: Figures;
  readonly enrich: Figures;
  /** The enrich's addresses per second / the batch's: the median of the pairs of bodies. */
  readonly ratio: number;
  readonly rssMb: { start: number; enrich: number[]; batch: number[]; peak: number; idle: number };
}

/** `count` eve records (newline-terminated) and their 2 × count addresses. */
export function eveInputs(count: number): { readonly records: string[]; readonly addresses: string[] } {
  const records = Array.from({ length: count }, (_, i) => `${eveRecord(i)}\n`);
  return { records, addresses: records.flatMap((_, i) => [eveAddress(i), eveAddress(i * 31 + 7)]) };
}

// The records in bodies of `perBody`, and their addresses as NDJSON batch bodies of as many addresses.
function bodiesOf(records: readonly string[], addresses: readonly string[], perBody: number): { readonly enrich: Buffer[]; readonly batch: Buffer[] } {
  const enrich: Buffer[] = [];
  for (let a = 0; a < records.length; a += perBody) enrich.push(Buffer.from(records.slice(a, a + perBody).join('')));
  const batch: Buffer[] = [];
  for (let a = 0; a < addresses.length; a += 2 * perBody) batch.push(Buffer.from(addresses.slice(a, a + 2 * perBody).map((m) => `"${m}"\n`).join('')));
  return { enrich, batch };
}

/**
 * The eve records of `inputs` enriched at two keys by a fresh service, in bodies of `perBody`, against
 * the NDJSON batch of their addresses on the same service, body by body in turn (one warm-up
 * body of each first), then its RSS after idling `idleMs`. The quick bench (run.ts) gates the ratio.
 */
export async function enrichVsBatch(inputs: ReturnType<typeof eveInputs>, perBody = PER_BODY, idleMs = IDLE_WAIT_MS): Promise<ServiceEnrich> {
  const bodies = bodiesOf(inputs.records, inputs.addresses, perBody);
  const service = await spawnService({ argv: [process.execPath, join(ROOT, 'dist/src/server/main.js')], env: { ...process.env, PORT: '0' } });
  try {
    const pid = service.child.pid!;
    await untilWarm(service);
    const rss = { start: Math.round(rssMb(pid)), enrich: [] as number[], batch: [] as number[], peak: 0, idle: 0 };
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const enrichPath = '/api/mac/enrich?key=ether.src_mac&key=ether.dest_mac';
    await post(service.port, enrichPath, bodies.enrich[0], 0, pid);
    await post(service.port, '/api/mac/batch', bodies.batch[0], 0, pid);
    // Pairs of bodies of the same addresses, a batch then its records: the machine's speed moves
    // between minutes, a pair's two posts share one.
    const batch: Figures[] = [];
    const enrich: Figures[] = [];
    for (let k = 0; k < bodies.enrich.length; k++) {
      const addresses = 2 * Math.min(perBody, inputs.records.length - k * perBody);
      batch.push(await post(service.port, '/api/mac/batch', bodies.batch[k], addresses, pid));
      rss.batch.push(Math.round(rssMb(pid)));
      enrich.push(await post(service.port, enrichPath, bodies.enrich[k], addresses, pid));
      rss.enrich.push(Math.round(rssMb(pid)));
    }
    clearInterval(sampler);
    rss.peak = Math.round(peak);
    await new Promise((r) => setTimeout(r, idleMs));
    rss.idle = Math.round(rssMb(pid));
    const ratios = enrich.map((e, k) => e.addressesPerSecond / batch[k].addressesPerSecond).sort((x, y) => x - y);
    return { batch: total(batch), enrich: total(enrich), ratio: ratios[Math.floor(ratios.length / 2)], rssMb: rss };
  } finally {
    await service.stop();
  }
}

async function main(): Promise<void> {
  const inputs = eveInputs(RECORDS);
  const service = await enrichVsBatch(inputs);
  const { records, addresses } = inputs;
  const bodies = bodiesOf(records, addresses, PER_BODY);
  const work = mkdtempSync(join(tmpdir(), 'mac-enrich-bench-'));
  const eveFile = join(work, 'eve.json');
  const batchFile = join(work, 'addresses.ndjson');
  writeFileSync(eveFile, Buffer.concat(bodies.enrich));
  writeFileSync(batchFile, Buffer.concat(bodies.batch));
  const meanBytes = Math.round(records.reduce((n, r) => n + Buffer.byteLength(r), 0) / RECORDS);
  console.log(`${RECORDS} eve records of ${meanBytes} bytes on average, ${addresses.length} addresses`);
  const cliBatch = cli(['--file', batchFile, '--input', 'ndjson', '--threads', '2'], addresses.length);
  const cliEnrich = cli(['enrich', '--file', eveFile, '--key', 'ether.src_mac', '--key', 'ether.dest_mac', '--threads', '2'], addresses.length);
  rmSync(work, { recursive: true, force: true });

  const result = {
    records: RECORDS,
    recordBytes: meanBytes,
    service: { batch: service.batch, enrich: service.enrich, ratio: service.ratio },
    cli: { batch: cliBatch, enrich: cliEnrich, ratio: cliEnrich.addressesPerSecond / cliBatch.addressesPerSecond },
    rssMb: service.rssMb,
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, `bench/results/enrich-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

// Run as `npm run bench:enrich`, not when the quick bench imports it.
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
