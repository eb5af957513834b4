/**
 * What the default registry build (oui-data with the bundled IEEE files) is made from, so
 * `npm start` and `npm test` rebuild data/registry.msgpack only when one of them is newer:
 * the compiled modules that shape the index (registry, special catalogue, texts, analysis
 * pieces, hints), the bundled IEEE files, the first-seen dataset and the installed oui-data
 * package.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const CODE_FOLDERS = ['registry', 'special', 'i18n', 'analysis', 'mac', 'hints', 'render'];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f));
}

/** The input files of the default build of the project at `root`. */
export function registryBuildInputs(root: string): string[] {
  return [
    ...CODE_FOLDERS.flatMap((f) => filesUnder(join(root, 'dist', 'src', f)).filter((p) => p.endsWith('.js'))),
    ...filesUnder(join(root, 'data', 'ieee')).filter((p) => p.endsWith('.csv')),
    join(root, 'data', 'mac-ages', 'mac-ages.csv'),
    join(root, 'node_modules', 'oui-data', 'package.json'),
  ];
}

/**
 * The first input newer than `output` and than `stamp` (the last build that found the same
 * bytes and left `output` untouched), or `output` itself when it is missing; null when it is
 * up to date.
 */
export function staleBecause(output: string, inputs: readonly string[], stamp?: string): string | null {
  if (!existsSync(output)) return output;
  const built = Math.max(statSync(output).mtimeMs, stamp && existsSync(stamp) ? statSync(stamp).mtimeMs : 0);
  return inputs.find((p) => existsSync(p) && statSync(p).mtimeMs > built) ?? null;
}

/** The stamp of the default build, in dist/ (a build output, not data). */
export function buildStamp(root: string): string {
  return join(root, 'dist', '.registry-build-stamp');
}
