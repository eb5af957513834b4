/**
 * `npm run build [-- --code]`: compiles the service and the page, both incrementally and at
 * once (two tsc processes, one per project), then the registry file when it is older than what
 * it is made from (`--code` stops before it). Plain JavaScript: it runs before anything is compiled.
 */
import { spawn } from 'node:child_process';
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

const compiled = await Promise.all([node([tsc, '-p', '.']), node([tsc, '-p', 'src/web/client'])]);
let code = compiled.find((c) => c !== 0) ?? 0;
if (code === 0 && !process.argv.includes('--code')) code = await node(['dist/src/registry/build-data.js']);
process.exitCode = code;
