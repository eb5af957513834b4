/**
 * `npm run bench:records [-- --bodies N --seed S --engine uws|node|auto]`: the property of
 * test/body-records.test.ts on many more bodies. N bodies of each format (text, CSV, TSV, NDJSON,
 * JSON, msgpack; 10,000 by default), each sent plain and gzipped to one service, must each get one
 * item per record in order, each `input` the key an independent reader reads (Python's csv module
 * for CSV), or a 400 naming the line. Prints, per format, the bodies, the records, the refusals, the
 * disagreements and the time; exits 1 on any disagreement (the first ones are printed whole).
 */
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { agrees, BODY_FORMATS, bodySample, expectedAnswer, type Expected, type Sample } from './body-samples.js';
import { spawnService } from './service-process.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const BODIES = Number(arg('--bodies') ?? 10_000);
const SEED = Number(arg('--seed') ?? Date.now() % 1_000_000);

// N samples of `format`, drawn from the shared generator (seeded).
function samplesOf(format: Sample['format']): Sample[] {
  const out: Sample[] = [];
  for (let run = 0; out.length < BODIES; run++) out.push(...fc.sample(bodySample(), { seed: SEED + run, numRuns: 4 * BODIES }).filter((s) => s.format === format));
  return out.slice(0, BODIES);
}

// The request, sent again once when a kept-alive connection the service closed while the reader
// worked (its idle close) fails it before an answer: the request itself is never the cause.
async function post(url: string, body: Uint8Array, gzip: boolean): Promise<Response> {
  const send = () => fetch(url, { method: 'POST', headers: gzip ? { 'Content-Encoding': 'gzip' } : {}, body: new Uint8Array(body) });
  return send().catch(send);
}

// The items' inputs of an NDJSON answer, or the line a 400 names.
async function answerOf(res: Response): Promise<Expected> {
  const text = await res.text();
  if (res.status === 400) return { refusedAtLine: Number(/line (\d+)/i.exec((JSON.parse(text) as { detail: string }).detail)?.[1]) };
  if (res.status !== 200) return { keys: [`HTTP ${res.status}: ${text.slice(0, 200)}`] };
  return { keys: text.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { input: string }).input) };
}

async function main(): Promise<number> {
  // The service's errors are printed: a thread that died would show here.
  const service = await spawnService({ argv: [process.execPath, join(ROOT, 'dist/src/server/main.js')], env: { ...process.env, PORT: '0', HOST: '127.0.0.1', HTTP_ENGINE: arg('--engine') ?? 'auto', LOG_LEVEL: 'info' }, stderr: 'inherit', onLog: (l) => void (Number(l.level) >= 50 && process.stderr.write(`${JSON.stringify(l)}\n`)) });
  const url = `http://127.0.0.1:${service.port}/api/mac/batch`;
  let failed = 0;
  try {
    process.stdout.write(`seed ${SEED}, ${BODIES} bodies per format, each plain and gzipped\n`);
    for (const format of BODY_FORMATS) {
      const samples = samplesOf(format);
      const expected = expectedAnswer(samples);
      const started = performance.now();
      let records = 0;
      let refusals = 0;
      let disagreements = 0;
      for (const [i, sample] of samples.entries()) {
        for (const gzip of [false, true]) {
          const got = await answerOf(await post(`${url}?input=${format}&format=ndjson`, gzip ? gzipSync(sample.body) : Buffer.from(sample.body), gzip));
          if ('keys' in got) records += got.keys.length;
          else refusals++;
          if (agrees(got, expected[i])) continue;
          if (++disagreements <= 3) process.stdout.write(`  ${format} body ${i}${gzip ? ' (gzipped)' : ''}: ${JSON.stringify(Buffer.from(sample.body).toString('latin1')).slice(0, 400)} got ${JSON.stringify(got).slice(0, 300)}, expected ${JSON.stringify(expected[i]).slice(0, 300)}\n`);
        }
      }
      failed += disagreements;
      process.stdout.write(`${format}: ${samples.length} bodies × 2, ${records} records answered, ${refusals} refused with a line, ${disagreements} disagreements, ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    }
  } finally {
    await service.stop();
  }
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
