/**
 * `npm run release`: every artifact of a release, built into release/ (docs/RELEASING.md):
 * the npm package, the Python client's wheel and sdist (built offline with Debian's
 * python3-build), a CycloneDX SBOM of the package's dependencies, the changelog's entry of the
 * version, and SHA256SUMS of them all. It refuses a tree with uncommitted changes, versions that
 * disagree (package.json, the OpenAPI document, the Python client, CHANGELOG.md's top entry), and a
 * dependency whose licence is not compatible with Apache-2.0. Plain JavaScript, like build.mjs;
 * `npm run release` builds first.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'release');
const fail = (message) => {
  process.stderr.write(`release: ${message}\n`);
  process.exit(1);
};
const read = (rel) => readFileSync(join(root, rel), 'utf8');

/** The versions the project states, by where it states them. */
export function statedVersions(readFile = read) {
  return {
    'package.json (config.version)': JSON.parse(readFile('package.json')).config.version,
    'src/http/openapi.json (info.version)': JSON.parse(readFile('src/http/openapi.json')).info.version,
    'clients/python (__version__)': /__version__ = "([^"]+)"/.exec(readFile('clients/python/src/mac_analysis/_version.py'))?.[1],
    'CHANGELOG.md (its top entry)': /^## \[([^\]]+)\]/m.exec(readFile('CHANGELOG.md'))?.[1],
  };
}

/** The top entry of CHANGELOG.md, whole. */
export function changelogEntry(text) {
  const at = text.search(/^## \[/m);
  const next = text.slice(at + 1).search(/^## \[/m);
  return text.slice(at, next < 0 ? undefined : at + 1 + next).trim();
}

// Runs a step; its output passes through; a failure ends the release.
function step(file, args, cwd = root) {
  const r = spawnSync(file, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) fail(`${file} ${args.join(' ')} failed (${r.status ?? r.signal})`);
}

async function main() {
  const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' });
  if (dirty.trim() !== '') fail(`the tree has uncommitted changes; a release is made from a commit:\n${dirty}`);
  const versions = statedVersions();
  const version = versions['package.json (config.version)'];
  if (new Set(Object.values(versions)).size !== 1) fail(`the versions disagree: ${JSON.stringify(versions, null, 2)}`);
  const { incompatibleLicences, runtimeSbom } = await import('../dist/src/image/sbom.js');
  const { productionPackages } = await import('../dist/src/image/stage-runtime.js');
  const sbom = runtimeSbom(root, productionPackages(root));
  const refused = incompatibleLicences(sbom.components);
  if (refused.length > 0) fail(`dependencies under a licence not compatible with Apache-2.0:\n${refused.join('\n')}`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out);
  step(process.execPath, [join(root, 'scripts', 'package.mjs'), '--pack-destination', out]);
  step('/usr/bin/python3', ['-m', 'build', '--no-isolation', '--sdist', '--wheel', '--outdir', out, join(root, 'clients', 'python')]);
  // setuptools before 69.3 (Debian 12's) names the sdist with hyphens; later ones (Debian 13's)
  // by PEP 625, with underscores. The release carries the PEP 625 name whichever built it.
  const sdist = join(out, `mac-analysis-client-${version}.tar.gz`);
  if (existsSync(sdist)) renameSync(sdist, join(out, `mac_analysis_client-${version}.tar.gz`));
  writeFileSync(join(out, `mac-analysis-service-${version}.cdx.json`), `${JSON.stringify(sbom, null, 2)}\n`);
  writeFileSync(join(out, `CHANGES-${version}.md`), `${changelogEntry(read('CHANGELOG.md'))}\n`);
  const files = readdirSync(out).sort();
  writeFileSync(join(out, 'SHA256SUMS'), files.map((f) => `${createHash('sha256').update(readFileSync(join(out, f))).digest('hex')}  ${f}\n`).join(''));
  process.stdout.write(`release ${version} in ${out}:\n${[...files, 'SHA256SUMS'].map((f) => `  ${f}`).join('\n')}\n`);
}

// Run as a script (a test imports the functions above).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
