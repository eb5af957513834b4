/**
 * `npm run build [-- --code | --package]`: writes the answers' types from the OpenAPI document,
 * compiles the service and the page, both incrementally and at once (two tsc processes, one per
 * project), then the registry file when it is older than what it is made from (`--code` stops
 * before it), and with `--package` (`npm run package`) the library's type declarations. Plain JavaScript:
 * it runs before anything is compiled.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The package's `bin` (its exports do not name it).
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** Runs `node args…` in the project's root; resolves with its exit code (its output passes through). */
function node(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// The answers' types come from the OpenAPI document (scripts/openapi-types.mjs), before anything compiles against them.
let code = await node([join(root, 'scripts', 'openapi-types.mjs')]);
const compiled = code === 0 ? await Promise.all([node([tsc, '-p', '.']), node([tsc, '-p', 'src/web/client'])]) : [];
code = compiled.find((c) => c !== 0) ?? code;
if (code === 0 && !process.argv.includes('--code')) code = await node(['dist/src/registry/build-data.js']);
// `npm run package`: the library's type declarations too, for the package's `exports`, and
// no compiled file whose source is gone (a renamed module's old output would be packed).
if (code === 0 && process.argv.includes('--package')) {
  code = await node([tsc, '-p', 'tsconfig.package.json']);
  for (const dir of ['src', 'workers']) {
    for (const file of readdirSync(join(root, 'dist', dir), { recursive: true })) {
      const source = file.replace(/\.(js|js\.map|d\.ts)$/, '.ts');
      if (source !== file && !existsSync(join(root, dir, source))) rmSync(join(root, 'dist', dir, file));
    }
  }
}
process.exitCode = code;
