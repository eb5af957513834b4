/** Where the project's files live: the root, and the compiled registry (data/registry.msgpack) in it. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The IEEE's public listings, where the registry updater downloads from by default. */
export const IEEE_BASE_URL = 'https://standards-oui.ieee.org/';

/** The project root: the nearest folder above this module that holds package.json. */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

/**
 * The project's name, version and licence: the package's manifest has `version`; a clone's
 * package.json keeps it in `config.version` (no `version`, so that a plain `npm pack` fails:
 * docs/LIBRARY.md).
 */
export function projectManifest(root = projectRoot()): { readonly name: string; readonly version: string; readonly license: string } {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version?: string; config?: { version?: string }; license?: string };
  return { name: pkg.name, version: pkg.version ?? pkg.config?.version ?? '0.0.0', license: pkg.license ?? 'NOASSERTION' };
}

/** The default artifact path; REGISTRY_FILE overrides it. */
export function defaultRegistryFile(): string {
  return process.env.REGISTRY_FILE ? resolve(process.env.REGISTRY_FILE) : join(projectRoot(), 'data', 'registry.msgpack');
}
