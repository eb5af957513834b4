/**
 * `mac-analyze enrich --key K [--key K2] [--input ndjson|csv|tsv] [--fields NAMES] [--file F] [--threads N] [--lang L] [--registry FILE]`:
 * records (stdin without --file) written back byte for byte with the analysis of the address at
 * each key, as POST /api/mac/enrich answers. It streams an endless input (`tail -F eve.json |
 * mac-analyze enrich --key ether.src_mac`) in bounded memory and writes each record within
 * IDLE_FLUSH_MS of its arrival when the input pauses. Exit 0 once the input ends, 2 on bad
 * arguments or a header without a key's column, 3 when the registry file is missing or corrupt, 4
 * when the input is unreadable.
 */
import { createReadStream, openSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { Analyzer } from '../analysis/analyzer.js';
import { parseBulkFields } from '../batch/bulk-fields.js';
import { keyPath, PASS_REASONS, RecordsIn, UnknownKeys, type RecordDialect } from '../batch/enrich-plan.js';
import { enrichChunk } from '../batch/enrich.js';
import { toolPoolHeapMb } from '../batch/memory-plan.js';
import { startBatchPool, VENDOR_CACHE_MB } from '../batch/pool.js';
import type { RenderedChunk } from '../batch/render-chunk.js';
import { resolveLang } from '../i18n/lang.js';
import { defaultThreads, EXIT, openRegistry, write } from './output.js';

const USAGE = `usage: mac-analyze enrich --key KEY [--key KEY…] [--input ndjson|csv|tsv] [--fields NAMES] [--file FILE] [--threads N] [--lang en|fr] [--registry FILE]
       (without --file, reads the records from stdin; KEY: a member path or JSON Pointer in NDJSON, a header column in CSV and TSV)
`;

/** How long the input may pause before the records it brought are written. */
export const IDLE_FLUSH_MS = 100;

// Bytes of records a chunk, cut at record ends (as the service's chunks).
const CHUNK_BYTES = 64 * 1024;

// The pieces of `input`, and null each time it has paused for `ms` (the pending read goes on).
async function* withPauses(input: AsyncIterable<Buffer>, ms: number): AsyncGenerator<Buffer | null> {
  const reads = input[Symbol.asyncIterator]();
  let next = reads.next();
  for (;;) {
    const got = await Promise.race([next, sleep(ms, null, { ref: false })]);
    if (got === null) yield null;
    else if (got.done) return;
    else {
      yield got.value;
      next = reads.next();
    }
  }
}

/** Runs `mac-analyze enrich` with its own arguments; returns the exit code. */
export async function enrichCommand(args: readonly string[]): Promise<number> {
  let parsed;
  try {
    const options = { key: { type: 'string', multiple: true }, input: { type: 'string' }, fields: { type: 'string' }, file: { type: 'string' }, threads: { type: 'string' }, lang: { type: 'string' }, registry: { type: 'string' } } as const;
    parsed = parseArgs({ args: [...args], options });
  } catch (e) {
    process.stderr.write(`mac-analyze: ${(e as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  const { values } = parsed;
  const dialect = (values.input ?? 'ndjson') as RecordDialect;
  const keys = [...new Set(values.key ?? [])];
  const threads = values.threads === undefined ? defaultThreads(values.file, 0) : Number(values.threads);
  const fields = parseBulkFields(values.fields, dialect !== 'ndjson');
  if (!['ndjson', 'csv', 'tsv'].includes(dialect) || keys.length === 0 || keys.some((k) => keyPath(k) === null) || !Number.isInteger(threads) || threads < 0 || threads > 64 || !fields.ok) {
    process.stderr.write(`mac-analyze: bad arguments${fields.ok ? '' : ` (--fields: not accepted: ${fields.unknown.join(', ')})`}\n${USAGE}`);
    return EXIT.usage;
  }
  const handle = openRegistry(values.registry);
  if (handle === null) return EXIT.registry;
  let input: AsyncIterable<Buffer>;
  try {
    input = values.file ? createReadStream('', { fd: openSync(values.file, 'r') }) : process.stdin;
  } catch (e) {
    process.stderr.write(`mac-analyze: cannot read ${values.file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
    return EXIT.input;
  }
  const lang = resolveLang(values.lang);
  const records = new RecordsIn(dialect, keys, fields.key, CHUNK_BYTES);
  const pool = threads > 0 ? startBatchPool(handle, { threads, faultInjection: false, heapMb: toolPoolHeapMb(threads), keepWarm: false, vendorCacheMb: VENDOR_CACHE_MB }) : null;
  const analyzer = pool ? null : new Analyzer(handle, VENDOR_CACHE_MB * 1024 * 1024);
  const inFlight: Array<Promise<RenderedChunk>> = [];
  const totals = { analysed: 0, invalid: 0, passed: PASS_REASONS.map(() => 0) };
  let headWritten = false;
  // Chunks go to the pool (or are enriched here) and are written in order, a few per worker ahead.
  const submit = async (chunks: Uint8Array[], drain: boolean) => {
    if (!headWritten && records.head !== null) {
      headWritten = true;
      await write(records.head);
    }
    for (const chunk of chunks) inFlight.push(pool ? pool.run({ kind: 'enrich', records: chunk, plan: records.plan!, lang, into: null }) : Promise.resolve(enrichChunk(analyzer!, chunk, records.plan!, lang)));
    while (inFlight.length > (drain ? 0 : Math.max(2, 2 * threads))) {
      const done = await inFlight.shift()!;
      totals.analysed += done.analysed;
      totals.invalid += done.invalid;
      done.passed!.forEach((n, i) => (totals.passed[i] += n));
      await write(done.bytes);
    }
  };
  const started = performance.now();
  try {
    for await (const data of withPauses(input, IDLE_FLUSH_MS)) await (data === null ? submit(records.flush(), true) : submit(records.push(data), false));
    await submit(records.end(), true);
  } catch (e) {
    if (!(e instanceof UnknownKeys)) throw e;
    process.stderr.write(`mac-analyze: the header has no column ${e.keys.map((k) => JSON.stringify(k)).join(', ')}\n`);
    return EXIT.usage;
  } finally {
    await Promise.allSettled(inFlight);
    await pool?.close();
  }
  const passed = PASS_REASONS.map((r, i) => `${r} ${totals.passed[i]}`).join(', ');
  process.stderr.write(`analysed ${totals.analysed}, invalid ${totals.invalid}, passed ${passed}, in ${((performance.now() - started) / 1000).toFixed(2)} s\n`);
  return EXIT.ok;
}
