/** Where the compiled registry lives by default: data/registry.msgpack at the project root. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function projectRoot(): string {
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
