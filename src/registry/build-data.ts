/**
 * `npm run build:data [-- --ieee-dir DIR] [--oui-data FILE] [--out FILE] [--force]`: compiles
 * the IEEE registries into data/registry.msgpack. The default build (oui-data with the bundled
 * IEEE files) is skipped when the file is newer than everything it is made from
 * (build-inputs.ts), and a build that gives the same bytes leaves the file untouched: a running
 * service watching it sees nothing. Another source, or --force, always builds. Exit 0 on
 * success, 1 on a missing or corrupt source (the message names the file) or an unsound
 * special-address catalogue, 2 on bad arguments.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import type { RegistryArtifact, RegistryMeta } from './artifact.js';
import { buildStamp, registryBuildInputs, staleBecause } from './build-inputs.js';
import { defaultRegistryFile, projectRoot } from './paths.js';

type BuildArgs = { readonly out?: string; readonly 'ieee-dir'?: string; readonly 'oui-data'?: string; readonly force?: boolean };

async function main(): Promise<number> {
  let args: BuildArgs;
  try {
    args = parseArgs({
      options: { 'ieee-dir': { type: 'string' }, 'oui-data': { type: 'string' }, out: { type: 'string' }, force: { type: 'boolean' } },
      strict: true,
    }).values;
  } catch (e) {
    process.stderr.write(`build:data: ${(e as Error).message}\nusage: build:data [--ieee-dir DIR | --oui-data FILE] [--out FILE] [--force]\n`);
    return 2;
  }
  const out = args.out ?? defaultRegistryFile();
  const defaultBuild = !args['ieee-dir'] && !args['oui-data'];
  // The stamp belongs to the default file only; another --out is compared with itself.
  const stamp = defaultBuild && args.out === undefined ? buildStamp(projectRoot()) : undefined;
  if (!args.force && defaultBuild && upToDate(out, stamp)) return 0;
  return build(args, out, stamp);
}

// Whether the default build's file is newer than everything it is made from; says which.
function upToDate(out: string, stamp: string | undefined): boolean {
  const reason = staleBecause(out, registryBuildInputs(projectRoot()), stamp);
  if (reason === null) {
    process.stdout.write(`registry up to date: ${out} (--force rebuilds it)\n`);
    return true;
  }
  process.stdout.write(`building the registry: ${reason === out ? `${out} is missing` : `${reason} is newer than it`}\n`);
  return false;
}

// Compiles the registry from the sources `args` name into `out`: the exit code.
async function build(args: BuildArgs, out: string, stamp: string | undefined): Promise<number> {
  // The compiler and its sources load only for a build: `npm start` checks far more often than it builds.
  const [{ installArtifact, readArtifact }, { compileRegistry, datasetDating }, { RegistryFileError }, { withBundledIeee }, { readIeeeCsvDir }, { readOuiData }, { CATALOGUE }, { catalogueProblems }] = await Promise.all([
    import('./artifact.js'),
    import('./compile.js'),
    import('./entry.js'),
    import('./bundled-ieee.js'),
    import('./source-ieee-csv.js'),
    import('./source-oui-data.js'),
    import('../special/catalogue.js'),
    import('../special/validate.js'),
  ]);
  const problems = catalogueProblems(CATALOGUE);
  if (problems.length > 0) {
    process.stderr.write(`build:data: the special-address catalogue has ${problems.length} problem(s):\n${problems.join('\n')}\n`);
    return 1;
  }
  try {
    // The default: oui-data (MA-L, MA-M, MA-S) with the bundled IEEE IAB and CID files.
    const data = args['ieee-dir'] ? readIeeeCsvDir(args['ieee-dir']) : withBundledIeee(readOuiData(args['oui-data']));
    // The file being replaced keeps its blocks' dates (an update's among them), when it is
    // readable; one of an earlier format is rebuilt from the sources and the shipped dates.
    let previous: RegistryArtifact | null = null;
    try {
      previous = existsSync(out) ? readArtifact(out) : null;
    } catch (e) {
      if (!(e instanceof RegistryFileError)) throw e;
      process.stdout.write(`rebuilding without the dates of the file it replaces: ${e.message.replace(/; rebuild it.*$/, '')}\n`);
    }
    const artifact = compileRegistry(data, new Date(), datasetDating(previous));
    mkdirSync(dirname(out), { recursive: true });
    const written = installArtifact(out, artifact);
    if (stamp) writeFileSync(stamp, `${out}\n`);
    process.stdout.write(`${summary(artifact.meta, CATALOGUE.length)}${written ? 'written to' : 'unchanged, not rewritten:'} ${out}\n`);
    return 0;
  } catch (e) {
    if (e instanceof RegistryFileError) {
      process.stderr.write(`build:data: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

// What a build made: its counts, countries, dates and special addresses, a line each.
function summary(m: RegistryMeta, specials: number): string {
  const c = m.countries;
  return (
    `registry ${m.version}: MA-L ${m.counts['MA-L']}, MA-M ${m.counts['MA-M']}, MA-S ${m.counts['MA-S']}, ` +
    `IAB ${m.counts.IAB}, CID ${m.counts.CID}; ${m.records} distinct records\n` +
    `countries mapped: ${c.mapped}/${c.total} (${(c.share * 100).toFixed(2)}%; by name ${c.byName}, ` +
    `by code ${c.byCode}, by address hint ${c.byHint})\nfirst-seen dates: ${m.dates.dated} blocks dated (${m.dates.sources.map((s) => s.blocks).join(' from the dataset, ')} from snapshots), ${m.dates.undated} undated\nspecial addresses: ${specials} catalogue entries\n`
  );
}

process.exitCode = await main();
