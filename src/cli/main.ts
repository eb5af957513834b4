#!/usr/bin/env node
/**
 * mac-analyze: the analysis from the command line.
 *   mac-analyze 00:11:22:33:44:55 [--lang fr]          the analysis, as pretty JSON
 *   mac-analyze [--file inventory.txt] [--format F]    one result per input line (stdin
 *                                                      without --file); F = ndjson | json | csv | tsv
 *   --input text|tsv|csv|ndjson, --header absent       how the input is read (text: one address a line;
 *                                                      tsv, csv: the first cell of each record); no header row
 *   --fields a,b.c                                     only these members (CSV, TSV: columns in order), as the API's `fields`
 * Bulk input runs on the same worker pool as the HTTP batch endpoint (--threads N, 0 to
 * render on the main thread). A summary goes to stderr at the end, and a progress bar
 * while it runs when stderr is a terminal and the input a file.
 *   mac-analyze extract [--file log.txt] [--format F]  the addresses found in a text (extract-command.ts)
 *   mac-analyze enrich --key ether.src_mac [--input F] records with their addresses' analyses added (enrich-command.ts)
 *   mac-analyze update [--base-url URL] …              refresh the registry file (update-command.ts)
 *   mac-analyze vendors QUERY | --prefix P             vendor search, blocks around a prefix
 *   mac-analyze changes --since D [--until D]          the blocks first seen in a range of days
 *   mac-analyze export --format nmap|arp-scan|manuf|…  the registry as a file (registry-commands.ts)
 *   mac-analyze mcp                                    an MCP server on stdio (mcp/server.ts)
 *   mac-analyze serve [--port N] [--host H]            the HTTP service (serve-command.ts)
 * Exit codes: 0 every input answered (a refusal is an answer); 1 one input invalid (a MAC
 * argument, or bulk with --strict); 2 usage error; 3 registry file missing or corrupt;
 * 4 input file unreadable; 5 update refused.
 */
import { parseArgs } from 'node:util';
import { Analyzer, type AnalyzerHandle } from '../analysis/analyzer.js';
import { BodyError } from '../batch/body-error.js';
import { SERVICE } from '../http/served-snapshot.js';
import { t } from '../i18n/messages.js';
import { RecordChunker, type LineFormat } from '../batch/lines.js';
import { defaultThreads, EXIT, headerOption, kindsText, openInput, openRegistry, write } from './output.js';
import { OrderedChunks } from './ordered-chunks.js';
import { fileMeta } from '../registry/artifact.js';
import { defaultRegistryFile } from '../registry/paths.js';
import { parseBulkFields } from '../batch/bulk-fields.js';
import type { FieldsKey } from '../batch/render-chunk.js';
import { BULK_FORMATS, ITEM_STYLES, type ItemStyle } from '../batch/bulk-formats.js';
import { projectionFromKey } from '../analysis/projection.js';
import { resolveLang, type Lang } from '../i18n/lang.js';


const USAGE = `usage: mac-analyze --version [--registry FILE]
       mac-analyze [--lang en|fr] [--registry FILE] [--fields NAMES] MAC
       mac-analyze [--lang en|fr] [--registry FILE] [--file FILE] [--input text|tsv|csv|ndjson] [--format ndjson|json|csv|tsv]
                   [--header present|absent] [--fields NAMES] [--threads N] [--strict]
       (without MAC or --file, reads one address per line from stdin)
       mac-analyze enrich --key KEY [--key KEY…] [--input ndjson|csv|tsv] [--fields NAMES] [--file FILE] [--threads N] [--lang en|fr] [--registry FILE]
       mac-analyze extract [--file FILE] [--format json|csv|tsv] [--header present|absent] [--fields NAMES] [--lang en|fr] [--registry FILE]
       mac-analyze update [--base-url URL] [--registry-file FILE] [--max-shrink 0-1] [--timeout-ms N] [--retries N]
       mac-analyze vendors QUERY | --prefix P [--format table|json|csv] [--sort address|firstSeen] [--limit N]
       mac-analyze changes --since YYYY-MM-DD [--until YYYY-MM-DD] [--format table|json|ndjson|csv]
       mac-analyze export --format csv|ndjson|json|manuf|nmap|arp-scan|parquet [--ranges] > FILE
       mac-analyze mcp [--registry FILE] [--lang en|fr]   (an MCP server on stdin and stdout)
       mac-analyze serve [--port N] [--host ADDRESS]     (the HTTP service; settings from the environment)
`;

// Bytes of input per chunk, cut at a line end: about 1,800 addresses, whose analyses (about
// 1 KB each) fit an output slot (output-slots.ts).
const CHUNK_BYTES = 32 * 1024;
// The formats whose head does not need the item count: the CLI writes as it reads.
const FORMATS = ITEM_STYLES.filter((s) => BULK_FORMATS[s].streams);
// The inputs read as they come, a chunk of whole records at a time (a JSON or msgpack document is not).
const INPUTS: readonly LineFormat[] = ['text', 'tsv', 'csv', 'ndjson'];

/** How a run reads and writes: many addresses (one a line), or one given as an argument, which takes its language and fields. */
interface Run {
  readonly file: string | undefined;
  readonly lang: Lang;
  readonly input: LineFormat;
  readonly style: ItemStyle;
  /** A CSV or TSV answer's header row. */
  readonly header: boolean;
  readonly threads: number;
  readonly fields: FieldsKey;
  /** Exit 1 when an input is not an address. */
  readonly strict: boolean;
}

// A one-line progress bar on stderr, redrawn at most ten times a second.
function progressBar(total: number): { update(done: number): void; clear(): void } {
  let last = 0;
  return {
    update(done) {
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      const share = total > 0 ? Math.min(1, done / total) : 0;
      const width = 30;
      const filled = Math.round(share * width);
      process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(share * 100).toFixed(0)}%`);
    },
    clear() {
      process.stderr.write('\r\x1b[K');
    },
  };
}

async function analyseBulk(handle: AnalyzerHandle, run: Run): Promise<number> {
  const { file, lang, style, fields } = run;
  const started = performance.now();
  const opened = openInput(file);
  if (opened === null) return EXIT.input;
  const progress = opened.size !== null && process.stderr.isTTY ? progressBar(opened.size) : null;
  const chunks = new OrderedChunks(handle, run.threads);
  let submitted = 0;
  // Chunks are whole lines of the input, as bytes: the worker that renders one decodes it.
  const submit = (lines: Uint8Array | null) => lines && chunks.submit((into) => ({ kind: 'render', source: { lines, format: run.input }, lang, style, leadingComma: submitted++ > 0, fields, into }));
  try {
    const format = BULK_FORMATS[style];
    await write(format.head({ count: 0, truncated: false, fields, header: run.header }));
    // Reads bring 64 KiB: they are cut into chunks of at most CHUNK_BYTES at record ends (a
    // record longer than that makes a chunk of its own), each a copy that moves to a worker.
    const chunker = new RecordChunker(run.input, CHUNK_BYTES);
    for await (const data of opened.input) {
      for (const lines of chunker.push(data)) await submit(lines);
      progress?.update(opened.bytesRead());
    }
    await submit(chunker.end());
    await chunks.drain();
    // A file ends with a newline: NDJSON lines, CSV and TSV rows end in one, a JSON array's tail does not.
    if (format.tail) await write(`${format.tail}\n`);
  } catch (e) {
    if (e instanceof BodyError) {
      process.stderr.write(`mac-analyze: ${file ?? 'stdin'}: ${t(lang, e.key, e.params)}\n`);
      return EXIT.input;
    }
    throw e; // a missing or unreadable file was reported as it was opened, above
  } finally {
    progress?.clear();
    await chunks.close();
  }
  const { analysed, invalid, kinds } = chunks.totals;
  process.stderr.write(`analysed ${analysed} (${kindsText(kinds)}), invalid ${invalid}, in ${((performance.now() - started) / 1000).toFixed(2)} s\n`);
  return invalid > 0 && run.strict ? EXIT.invalidInput : EXIT.ok;
}

// The subcommands, each loaded when it runs.
const COMMANDS: Readonly<Record<string, (args: string[]) => Promise<number>>> = {
  update: async (args) => (await import('./update-command.js')).updateCommand(args),
  vendors: async (args) => (await import('./registry-commands.js')).vendorsCommand(args),
  changes: async (args) => (await import('./registry-commands.js')).changesCommand(args),
  export: async (args) => (await import('./registry-commands.js')).exportCommand(args),
  enrich: async (args) => (await import('./enrich-command.js')).enrichCommand(args),
  extract: async (args) => (await import('./extract-command.js')).extractCommand(args),
  mcp: async (args) => (await import('../mcp/server.js')).mcpCommand(args),
  serve: async (args) => (await import('./serve-command.js')).serveCommand(args),
};

const OPTIONS = {
  lang: { type: 'string' },
  registry: { type: 'string' },
  file: { type: 'string' },
  format: { type: 'string' },
  input: { type: 'string' },
  header: { type: 'string' },
  strict: { type: 'boolean' },
  threads: { type: 'string' },
  fields: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

type Options = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

async function main(): Promise<number> {
  const name = process.argv[2] ?? '';
  if (Object.hasOwn(COMMANDS, name)) return COMMANDS[name](process.argv.slice(3));
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: OPTIONS, allowPositionals: true });
  } catch (e) {
    process.stderr.write(`mac-analyze: ${(e as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return EXIT.ok;
  }
  if (values.version) {
    process.stdout.write(`mac-analyze ${SERVICE.version} (API contract ${SERVICE.contract}; registry ${fileMeta(values.registry ?? defaultRegistryFile())?.version ?? 'none: missing or unreadable'})\n`);
    return EXIT.ok;
  }
  const run = runOf(values, positionals);
  if (typeof run === 'number') return run;
  const handle = openRegistry(values.registry);
  if (handle === null) return EXIT.registry;
  return positionals.length === 0 || positionals[0] === '-' ? analyseBulk(handle, run) : analyseOne(handle, positionals[0], run);
}

// The run the options ask for, or the usage exit code after saying what is wrong with them.
function runOf(values: Options, positionals: readonly string[]): Run | number {
  const format = (values.format ?? 'ndjson') as ItemStyle;
  const input = (values.input ?? 'text') as LineFormat;
  const header = headerOption(values.header);
  const threads = values.threads === undefined ? defaultThreads(values.file) : Number(values.threads);
  if (positionals.length > 1 || (positionals.length === 1 && values.file) || !FORMATS.includes(format) || !INPUTS.includes(input) || header === null || !Number.isInteger(threads) || threads < 0 || threads > 64) {
    process.stderr.write(`mac-analyze: bad arguments\n${USAGE}`);
    return EXIT.usage;
  }
  const fields = parseBulkFields(values.fields, BULK_FORMATS[format].dialect !== null && positionals.length === 0);
  if (!fields.ok) {
    process.stderr.write(`mac-analyze: --fields: not accepted: ${fields.unknown.join(', ')}; accepted: ${fields.accepted.join(', ')}\n`);
    return EXIT.usage;
  }
  return { file: values.file, lang: resolveLang(values.lang), input, style: format, header, threads, fields: fields.key, strict: values.strict === true };
}

// One address's analysis as pretty JSON.
function analyseOne(handle: AnalyzerHandle, mac: string, run: Run): number {
  const result = new Analyzer(handle).analyze(mac, run.lang, run.fields === null ? null : projectionFromKey(run.fields));
  if (!result.ok) {
    process.stderr.write(`mac-analyze: ${result.code}: ${result.detail}\n`);
    return EXIT.invalidInput;
  }
  process.stdout.write(`${JSON.stringify(result.analysis, null, 2)}\n`);
  return EXIT.ok;
}

// A reader that goes away (`mac-analyze --file big.txt | head`) ends the run quietly, as for cat.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(EXIT.ok);
});

process.exitCode = await main();
