/**
 * `mac-analyze update [--base-url URL] [--registry-file FILE] [--max-shrink S] [--timeout-ms N]
 * [--retries N]`: downloads the IEEE registries and atomically replaces the registry file
 * (a running service picks it up). Prints what changed; exit 0 when installed or unchanged,
 * 5 when refused (the file is left as it was), 2 on bad arguments.
 */
import { parseArgs } from 'node:util';
import { describeDiff } from '../registry/diff.js';
import { defaultUpdateOptions, runUpdate, UpdateRefused, type UpdateOptions } from '../registry/update.js';

const USAGE = `usage: mac-analyze update [--base-url URL] [--registry-file FILE] [--max-shrink 0-1] [--timeout-ms N] [--retries N]
`;

/** Runs `mac-analyze update` with its own arguments; returns the exit code. */
export async function updateCommand(args: readonly string[]): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args: [...args],
      options: { 'base-url': { type: 'string' }, 'registry-file': { type: 'string' }, 'max-shrink': { type: 'string' }, 'timeout-ms': { type: 'string' }, retries: { type: 'string' } },
      strict: true,
    }).values;
  } catch (e) {
    process.stderr.write(`mac-analyze update: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const d = defaultUpdateOptions(log);
  const number = (raw: string | undefined, fallback: number) => (raw === undefined ? fallback : Number(raw));
  const options: UpdateOptions = {
    ...d,
    baseUrl: values['base-url'] ?? d.baseUrl,
    registryFile: values['registry-file'] ?? d.registryFile,
    maxShrink: number(values['max-shrink'], d.maxShrink),
    timeoutMs: number(values['timeout-ms'], d.timeoutMs),
    retries: number(values.retries, d.retries),
  };
  if (!(options.maxShrink >= 0 && options.maxShrink <= 1) || !Number.isInteger(options.timeoutMs) || options.timeoutMs < 1 || !Number.isInteger(options.retries) || options.retries < 0) {
    process.stderr.write(`mac-analyze update: bad arguments\n${USAGE}`);
    return 2;
  }
  try {
    const report = await runUpdate(options);
    process.stdout.write(`${report.previous === report.version ? 'unchanged' : 'installed'} ${report.version} in ${options.registryFile}${report.previous && report.previous !== report.version ? ` (was ${report.previous})` : ''}\n`);
    const c = report.counts;
    process.stdout.write(`MA-L ${c['MA-L']}, MA-M ${c['MA-M']}, MA-S ${c['MA-S']}, IAB ${c.IAB}, CID ${c.CID}\n`);
    if (report.diff) {
      for (const line of describeDiff(report.diff)) process.stdout.write(`${line}\n`);
      for (const line of report.diff.examples) process.stdout.write(`  ${line}\n`);
    }
    return 0;
  } catch (e) {
    if (e instanceof UpdateRefused) {
      process.stderr.write(`mac-analyze update: refused: ${e.message}\nThe registry file was not changed.\n`);
      return 5;
    }
    throw e;
  }
}
