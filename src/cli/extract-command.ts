/**
 * `mac-analyze extract [--file F] [--format json|csv|tsv] [--header present|absent] [--fields NAMES] [--lang L] [--registry FILE]`:
 * the addresses found in a text (`arp -a`, `ip neigh`, switch MAC tables, DHCP leases, logs;
 * stdin without --file), each analysed once with the line it first appears on, as
 * POST /api/mac/extract answers. Exit 0 when it found addresses, 1 when none, 2 on bad
 * arguments, 3 when the registry file is missing or corrupt, 4 when the input is unreadable.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Analyzer } from '../analysis/analyzer.js';
import { ADDRESS_KINDS, noKinds } from '../batch/address-kinds.js';
import { parseBulkFields } from '../batch/bulk-fields.js';
import { EXTRACT_FORMATS, type ExtractStyle } from '../batch/bulk-formats.js';
import { CHUNK_ITEMS } from '../batch/chunk-items.js';
import { extractMacs, ITEM_FIELDS } from '../extract/extract.js';
import { renderExtractChunk } from '../batch/render-chunk.js';
import { resolveLang } from '../i18n/lang.js';
import { EXIT, headerOption, kindsText, openRegistry, write } from './output.js';

const USAGE = `usage: mac-analyze extract [--file FILE] [--format json|csv|tsv] [--header present|absent] [--fields NAMES] [--lang en|fr] [--registry FILE]
       (without --file, reads the text from stdin)
`;

// The whole of stdin.
async function readStdin(): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of process.stdin as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts);
}

/** Runs `mac-analyze extract` with its own arguments; returns the exit code. */
export async function extractCommand(args: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: { file: { type: 'string' }, format: { type: 'string' }, header: { type: 'string' }, fields: { type: 'string' }, lang: { type: 'string' }, registry: { type: 'string' } } });
  } catch (e) {
    process.stderr.write(`mac-analyze: ${(e as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  const { values } = parsed;
  const style = (values.format ?? 'json') as ExtractStyle;
  const header = headerOption(values.header);
  if (!Object.hasOwn(EXTRACT_FORMATS, style) || header === null) {
    process.stderr.write(`mac-analyze: --format must be json, csv or tsv, --header present or absent\n${USAGE}`);
    return EXIT.usage;
  }
  const format = EXTRACT_FORMATS[style];
  const fields = parseBulkFields(values.fields, format.dialect !== null);
  if (!fields.ok) {
    process.stderr.write(`mac-analyze: --fields: not accepted: ${fields.unknown.join(', ')}; accepted: ${fields.accepted.join(', ')}\n`);
    return EXIT.usage;
  }
  const handle = openRegistry(values.registry);
  if (handle === null) return EXIT.registry;
  const analyzer = new Analyzer(handle);
  let text: Buffer;
  try {
    text = values.file === undefined ? await readStdin() : readFileSync(values.file);
  } catch (e) {
    process.stderr.write(`mac-analyze: cannot read ${values.file ?? 'stdin'}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
    return EXIT.input;
  }
  const lang = resolveLang(values.lang);
  const found = extractMacs(text);
  const kinds = noKinds();
  await write(format.head({ count: found.count, truncated: found.truncated, fields: fields.key, header }));
  for (let a = 0; a < found.count; a += CHUNK_ITEMS) {
    const items = found.items.subarray(a * ITEM_FIELDS, Math.min(found.count, a + CHUNK_ITEMS) * ITEM_FIELDS);
    const chunk = renderExtractChunk(analyzer, text, items, lang, a > 0, style, fields.key);
    for (const k of ADDRESS_KINDS) kinds[k] += chunk.kinds[k];
    await write(chunk.bytes);
  }
  // A file ends with a newline: CSV and TSV rows end in one, the JSON object's tail does not.
  if (format.tail) await write(`${format.tail}\n`);
  process.stderr.write(`found ${found.count} (${kindsText(kinds)})\n`);
  return found.count > 0 ? EXIT.ok : EXIT.nothingFound;
}
