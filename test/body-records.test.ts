/**
 * One answer for every record (contract v1.7, "Records"), as a property over generated bodies of
 * every body format (text, CSV, TSV, NDJSON, JSON, msgpack), plain and gzipped: the answer has one
 * item per record, in order, each `input` the record's key as an independent reader reads it
 * (Python's csv module for CSV; the formats' definitions, written out below, for the others), or
 * the body is refused with a 400 that names the line; never fewer items with a 200. Records hold
 * quotes, commas, tabs, CR, LF, CRLF, a byte order mark, NUL, invalid UTF-8, 64 KB cells and empty
 * records. Through both engines, the CLI and the library, on a fixed seed (bench/body-records.ts
 * runs thousands more).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeMany, recordKeys } from '../src/library/index.js';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';
import { agrees, bodySample, expectedAnswer, extractText, LINE_FORMATS, type Expected, type Sample } from '../bench/body-samples.js';

// Python's csv module is the independent reader of CSV (Debian's python3).
const READY = systemSuite('body-records');
const SEED = 4180;
const MAX_ITEMS = 40;
const PER_FORMAT = 24;
const samples: Sample[] = [
  ...fc.sample(bodySample(), { seed: SEED, numRuns: PER_FORMAT * 6 }),
  // Found by bench:records: a valid address with a CR inside the white space after it (its echo was written unescaped).
  { format: 'csv', body: new TextEncoder().encode('"0003.93ab.1234\r ",x\n') },
  { format: 'json', body: new TextEncoder().encode('["00:03:93:ab:12:34\\r\\n ", " \\t00:03:93:ab:12:34"]') },
];
let expected: Expected[];

beforeAll(() => {
  if (READY) expected = expectedAnswer(samples);
});

// The inputs of an NDJSON batch answer, or the line a 400 names.
function outcome(status: number, text: string): Expected {
  if (status === 400) return { refusedAtLine: Number(/line (\d+)/i.exec((JSON.parse(text) as { detail: string }).detail)?.[1]) };
  expect(status).toBe(200);
  return { keys: text.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { input: string }).input) };
}

describe.runIf(READY).each(ENGINES)('every body format on the %s engine', (engine) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '1', BATCH_MAX_ITEMS: String(MAX_ITEMS) });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`answers ${samples.length} bodies plain and gzipped: one item per record in order, or a 400 naming its line`, async () => {
    for (const [i, sample] of samples.entries()) {
      for (const gzip of [false, true]) {
        const res = await fetch(`${server.url}/api/mac/batch?input=${sample.format}&format=ndjson`, { method: 'POST', headers: gzip ? { 'Content-Encoding': 'gzip' } : {}, body: gzip ? gzipSync(sample.body) : Buffer.from(sample.body) });
        const got = outcome(res.status, await res.text());
        expect(agrees(got, expected[i]), `sample ${i} (${sample.format}${gzip ? ', gzipped' : ''}): ${JSON.stringify(got).slice(0, 300)} against ${JSON.stringify(expected[i]).slice(0, 300)}`).toBe(true);
      }
    }
  }, 120_000);

  it('extracts from arbitrary text (strings, binary, address-like runs, a 10 MB line): 200, at most BATCH_MAX_ITEMS items each found in the text, the thread alive', async () => {
    const texts = fc.sample(extractText(), { seed: SEED, numRuns: 60 });
    texts.push(Buffer.from(`${'00:00:00:00:00:'.repeat(700_000)}0`), Buffer.from(`${'0a-'.repeat(3_500_000)}`));
    for (const [i, text] of texts.entries()) {
      const res = await fetch(`${server.url}/api/mac/extract?format=json&fields=address.kind`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: Buffer.from(text) });
      expect(res.status, `text ${i}`).toBe(200);
      const answer = (await res.json()) as { count: number; truncated: boolean; items: Array<{ input: string }> };
      expect(answer.items.length).toBeLessThanOrEqual(MAX_ITEMS);
      expect(answer.count).toBe(answer.items.length);
      const decoded = new TextDecoder().decode(text);
      for (const item of answer.items) expect(decoded.includes(item.input), `text ${i}: ${item.input}`).toBe(true);
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 120_000);
});

describe.runIf(READY)('every line format through the CLI and the library', () => {
  const lineSamples = () => samples.map((s, i) => [s, i] as const).filter(([s]) => (LINE_FORMATS as readonly string[]).includes(s.format));

  it('the CLI reads each body from a file: one row per record in order, or exit 4 naming the line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mac-records-'));
    for (const [sample, i] of lineSamples().filter((_, k) => k % 8 === 0)) {
      const file = join(dir, `body-${i}`);
      writeFileSync(file, sample.body);
      const run = spawnSync(process.execPath, ['dist/src/cli/main.js', '--file', file, '--input', sample.format, '--format', 'ndjson'], { encoding: 'utf8', maxBuffer: 1 << 28 });
      const got = run.status === 4 ? { refusedAtLine: Number(/line (\d+)/i.exec(run.stderr)?.[1]) } : outcome(200, run.stdout);
      expect(agrees(got, expected[i]), `sample ${i} (${sample.format}): ${run.stderr} ${JSON.stringify(got).slice(0, 300)} against ${JSON.stringify(expected[i]).slice(0, 300)}`).toBe(true);
    }
  }, 120_000);

  it('the library reads each body in pieces (recordKeys) and analyzes the keys (analyzeMany): one item per record in order', async () => {
    for (const [sample, i] of lineSamples()) {
      const pieces = Array.from({ length: Math.ceil(sample.body.length / 7_000) }, (_, k) => sample.body.subarray(k * 7_000, (k + 1) * 7_000));
      let got: Expected;
      try {
        const keys: string[] = [];
        for await (const item of analyzeMany(recordKeys(pieces, { input: sample.format as (typeof LINE_FORMATS)[number] }), { fields: 'address.kind', threads: 0 })) keys.push(item.input);
        got = { keys };
      } catch (e) {
        got = { refusedAtLine: Number(/line (\d+)/i.exec((e as Error).message)?.[1]) };
      }
      expect(agrees(got, expected[i]), `sample ${i} (${sample.format}): ${JSON.stringify(got).slice(0, 300)} against ${JSON.stringify(expected[i]).slice(0, 300)}`).toBe(true);
    }
  }, 60_000);
});

it.runIf(READY)('the samples cover what the contract names: every format, refusals, CR, CRLF, quotes, a byte order mark, NUL, invalid UTF-8, 64 KB cells', () => {
  const text = samples.map((s) => Buffer.from(s.body).toString('latin1')).join('');
  for (const format of ['text', 'csv', 'tsv', 'ndjson', 'json', 'msgpack']) expect(samples.some((s) => s.format === format), format).toBe(true);
  expect(expected.some((e) => 'refusedAtLine' in e)).toBe(true);
  expect(expected.some((e) => 'refusedWithin' in e)).toBe(true);
  for (const needle of ['\r\n', '\r', '"', ',', '\t', '\u00ef\u00bb\u00bf', '\u0000', '\u00ff']) expect(text.includes(needle), JSON.stringify(needle)).toBe(true);
  expect(samples.filter((s) => s.body.length > 65_536).length, samples.map((s) => s.body.length).join(' ')).toBeGreaterThan(0);
});
