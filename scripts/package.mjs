/**
 * `npm run package [-- --pack-destination DIR]`: the npm package, built and packed. The clone's
 * package.json is the development project's (private, no `version`, so that a plain `npm pack` or
 * `npm publish` of the clone fails instead of shipping an unbuilt package; docs/LIBRARY.md says
 * why); the package is staged in dist/package with its manifest (the version from
 * `config.version`) and the files `files` names, then packed there. Plain JavaScript, like build.mjs.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stage = join(root, 'dist', 'package');
const project = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

// The published manifest: the project's own fields, none of its development ones.
const PUBLISHED = ['name', 'description', 'license', 'keywords', 'type', 'exports', 'types', 'files', 'engines', 'bin', 'dependencies'];
const manifest = { name: project.name, version: project.config.version };
for (const key of PUBLISHED) if (project[key] !== undefined) manifest[key] = project[key];

rmSync(stage, { recursive: true, force: true });
mkdirSync(stage, { recursive: true });
writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
// Each `files` entry's fixed part (dist/src/**/*.js → dist/src), copied whole: npm pack keeps what `files` matches.
for (const rel of new Set(['README.md', ...manifest.files.map((f) => f.split('*')[0].replace(/\/$/, ''))])) {
  if (!existsSync(join(root, rel))) throw new Error(`${rel} is missing: the build did not make it`);
  cpSync(join(root, rel), join(stage, rel), { recursive: true });
}
const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', root, ...process.argv.slice(2)], { cwd: stage, stdio: 'inherit' });
process.exitCode = packed.status ?? 1;
