/**
 * `mac-analyze enrich --key K [--key K2] [--input ndjson|csv|tsv] [--fields NAMES] [--file F] [--threads N] [--lang L] [--registry FILE]`:
 * records (stdin without --file) written back byte for byte with the analysis of the address at
 * each key, as POST /api/mac/enrich answers. It streams an endless input (`tail -F eve.json |
 * mac-analyze enrich --key ether.src_mac`) in bounded memory and writes each record within
 * IDLE_FLUSH_MS of its arrival when the input pauses. Exit 0 once the input ends, 2 on bad
 * arguments or a header without a key's column, 3 when the registry file is missing or corrupt, 4
 * when the input is unreadable.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { parseBulkFields } from '../batch/bulk-fields.js';
import { ENRICH_CHUNK_BYTES, PASS_REASONS, RecordsIn, refusedKeys, UnknownKeys, type RecordDialect } from '../batch/enrich-plan.js';
import type { FieldsKey } from '../batch/csv-rows.js';
import { resolveLang, type Lang } from '../i18n/lang.js';
import { OrderedChunks } from './ordered-chunks.js';
import { defaultThreads, EXIT, openInput, openRegistry, write } from './output.js';

const USAGE = `usage: mac-analyze enrich --key KEY [--key KEY…] [--input ndjson|csv|tsv] [--fields NAMES] [--file FILE] [--threads N] [--lang en|fr] [--registry FILE]
       (without --file, reads the records from stdin; KEY: a member path or JSON Pointer in NDJSON, a header column in CSV and TSV)
`;

/** How long the input may pause before the records it brought are written. */
export const IDLE_FLUSH_MS = 100;

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

/** What an enrich run reads: its records' dialect, keys, fields, threads, language and registry; or null when the arguments are not usable. */
function enrichRun(args: readonly string[]): { readonly dialect: RecordDialect; readonly keys: string[]; readonly fields: FieldsKey; readonly threads: number; readonly file: string | undefined; readonly lang: Lang; readonly registry: string | undefined } | null {
  let values;
  try {
    const options = { key: { type: 'string', multiple: true }, input: { type: 'string' }, fields: { type: 'string' }, file: { type: 'string' }, threads: { type: 'string' }, lang: { type: 'string' }, registry: { type: 'string' } } as const;
    values = parseArgs({ args: [...args], options }).values;
  } catch (e) {
    process.stderr.write(`mac-analyze: ${(e as Error).message}\n${USAGE}`);
    return null;
  }
  const dialect = (values.input ?? 'ndjson') as RecordDialect;
  const keys = [...new Set(values.key ?? [])];
  const threads = values.threads === undefined ? defaultThreads(values.file, 0) : Number(values.threads);
  const fields = parseBulkFields(values.fields, dialect !== 'ndjson');
  if (!['ndjson', 'csv', 'tsv'].includes(dialect) || refusedKeys(keys).length > 0 || !Number.isInteger(threads) || threads < 0 || threads > 64 || !fields.ok) {
    process.stderr.write(`mac-analyze: bad arguments${fields.ok ? '' : ` (--fields: not accepted: ${fields.unknown.join(', ')})`}\n${USAGE}`);
    return null;
  }
  return { dialect, keys, fields: fields.key, threads, file: values.file, lang: resolveLang(values.lang), registry: values.registry };
}

/** Runs `mac-analyze enrich` with its own arguments; returns the exit code. */
export async function enrichCommand(args: readonly string[]): Promise<number> {
  const run = enrichRun(args);
  if (run === null) return EXIT.usage;
  const handle = openRegistry(run.registry);
  if (handle === null) return EXIT.registry;
  const opened = openInput(run.file);
  if (opened === null) return EXIT.input;
  const started = performance.now();
  const records = new RecordsIn(run.dialect, run.keys, run.fields, ENRICH_CHUNK_BYTES);
  const chunks = new OrderedChunks(handle, run.threads);
  let head = true;
  // The answer's header first (once the records' header has come), then the chunks, in order.
  const submit = async (cut: Uint8Array[]) => {
    if (head && records.head !== null) await write(records.head);
    head &&= records.head === null;
    for (const chunk of cut) await chunks.submit((into) => ({ kind: 'enrich', records: chunk, plan: records.plan!, lang: run.lang, into }));
  };
  try {
    for await (const data of withPauses(opened.input, IDLE_FLUSH_MS)) {
      // A pause: what the input has brought is written now.
      if (data === null) await submit(records.flush()).then(() => chunks.drain());
      else await submit(records.push(data));
    }
    await submit(records.end());
    await chunks.drain();
  } catch (e) {
    if (!(e instanceof UnknownKeys)) throw e;
    process.stderr.write(`mac-analyze: the header has no column ${e.keys.map((k) => JSON.stringify(k)).join(', ')}\n`);
    return EXIT.usage;
  } finally {
    await chunks.close();
  }
  const { analysed, invalid, passed } = chunks.totals;
  process.stderr.write(`analysed ${analysed}, invalid ${invalid}, passed ${PASS_REASONS.map((r, i) => `${r} ${passed[i]}`).join(', ')}, in ${((performance.now() - started) / 1000).toFixed(2)} s\n`);
  return EXIT.ok;
}
