/** Where the project's files live: the root, and the compiled registry (data/registry.msgpack) in it. */
import { existsSync } from 'node:fs';
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

/** The default artifact path; REGISTRY_FILE overrides it. */
export function defaultRegistryFile(): string {
  return process.env.REGISTRY_FILE ? resolve(process.env.REGISTRY_FILE) : join(projectRoot(), 'data', 'registry.msgpack');
}
