/**
 * `mac-analyze serve`: the HTTP service of the installed package (src/server/main.ts), configured
 * by the environment as docs/OPERATIONS.md says (PORT, HOST, HTTP_ENGINE, …; `--port` and `--host`
 * set the first two). It runs as a child process, as `npm start` runs it: glibc reads
 * MALLOC_MMAP_THRESHOLD_ only when a process starts, and the service needs it to give the memory
 * of large bodies back. Signals are passed on, so SIGTERM drains it; the exit code is its own.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EXIT } from './output.js';

const USAGE = `usage: mac-analyze serve [--port N] [--host ADDRESS]
  The HTTP service, on PORT (8080) and HOST (0.0.0.0); every other setting from the environment
  (docs/OPERATIONS.md, "Configuration"). Stops on SIGTERM or SIGINT after draining.
`;

/** Runs the service until it exits; resolves with its exit code. */
export async function serveCommand(args: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: [...args], options: { port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (e) {
    process.stderr.write(`mac-analyze serve: ${(e as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return EXIT.ok;
  }
  const env = { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env, ...(values.port ? { PORT: values.port } : {}), ...(values.host ? { HOST: values.host } : {}) };
  const child = spawn(process.execPath, [fileURLToPath(new URL('../server/main.js', import.meta.url))], { env, stdio: 'inherit' });
  const pass = (signal: NodeJS.Signals) => () => child.kill(signal);
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, pass(signal));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? 128 + (signal ? constants.signals[signal] : 0))));
}
