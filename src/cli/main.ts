#!/usr/bin/env node
/**
 * mac-analyze: the analysis from the command line.
 *   mac-analyze 00:11:22:33:44:55 [--lang fr]   prints the analysis as JSON
 *   mac-analyze [--lang fr] < list.txt           prints one NDJSON result per input line
 * Exit codes: 0 all inputs analysed; 1 at least one input invalid; 2 usage error;
 * 3 registry file missing or corrupt.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { Analyzer } from '../analysis/analyzer.js';
import { loadAnalyzer } from '../analysis/load-registry.js';
import { renderChunk } from '../batch/render-chunk.js';
import { resolveLang, type Lang } from '../i18n/lang.js';
import { RegistryFileError } from '../registry/entry.js';

/** Exit codes of the CLI. */
export const EXIT = { ok: 0, invalidInput: 1, usage: 2, registry: 3 } as const;

const USAGE = 'usage: mac-analyze [--lang en|fr] [--registry FILE] [MAC]\n       (without MAC, reads one address per line from stdin and prints NDJSON)\n';

async function analyseStream(analyzer: Analyzer, lang: Lang): Promise<number> {
  let code: number = EXIT.ok;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const raw of lines) {
    const line = raw.trim();
    if (line === '') continue;
    const chunk = renderChunk(analyzer, [line], lang, 'ndjson');
    if (chunk.invalid > 0) code = EXIT.invalidInput;
    if (!process.stdout.write(chunk.bytes)) await new Promise((r) => process.stdout.once('drain', r));
  }
  return code;
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      options: { lang: { type: 'string' }, registry: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (e) {
    process.stderr.write(`mac-analyze: ${(e as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return EXIT.ok;
  }
  if (positionals.length > 1) {
    process.stderr.write(`mac-analyze: one address at a time (or none, to read stdin)\n${USAGE}`);
    return EXIT.usage;
  }
  let analyzer: Analyzer;
  try {
    analyzer = loadAnalyzer(values.registry);
  } catch (e) {
    if (e instanceof RegistryFileError) {
      process.stderr.write(`mac-analyze: ${e.message}\n`);
      return EXIT.registry;
    }
    throw e;
  }
  const lang = resolveLang(values.lang);
  if (positionals.length === 0 || positionals[0] === '-') return analyseStream(analyzer, lang);
  const result = analyzer.analyze(positionals[0], lang);
  if (!result.ok) {
    process.stderr.write(`mac-analyze: ${result.code}: ${result.detail}\n`);
    return EXIT.invalidInput;
  }
  process.stdout.write(`${JSON.stringify(result.analysis, null, 2)}\n`);
  return EXIT.ok;
}

process.exitCode = await main();
