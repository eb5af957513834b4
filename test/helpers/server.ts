/** Starts the real compiled server (dist/) on an ephemeral port, as a separate process. */
import { afterAll, beforeAll } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { spawnService, type ServiceProcess } from '../../bench/service-process.js';
import { uwsBinaryName } from '../../src/server/uws-native.js';

/** True when this Node.js has a uWS binary (Node 20): both engines can be tested. */
export const UWS_NATIVE = existsSync(`node_modules/uWebSockets.js/binaries/${uwsBinaryName()}`);

/**
 * The HTTP_ENGINE values the server suites run under: each engine where uWS runs, else `auto`
 * (which must then choose node:http, as a user's Node 22 or 24 does).
 */
export const ENGINES: ReadonlyArray<'uws' | 'node' | 'auto'> = UWS_NATIVE ? ['uws', 'node'] : ['auto'];

/** A running server process and what it logged (bench/service-process.ts), with its base URL. */
export interface RunningServer extends ServiceProcess {
  readonly url: string;
}

/** Where the server runs from, and in which cgroup. */
export interface StartOptions {
  /** The entry module (default: this project's dist/src/server/main.js). */
  readonly main?: string;
  /** A cgroup.procs file the process joins before it starts (cgroup tests, as root). */
  readonly cgroupProcs?: string;
  /** The whole command line instead of `node main` (e.g. inside a chroot). */
  readonly argv?: readonly string[];
}

/**
 * Spawns `node dist/src/server/main.js` with PORT=0 and waits for its "listening" log. Pools
 * are not started with it (POOL_WARM_UP=0) unless `env` asks: the suites start dozens of servers,
 * most of which never run a batch; test/warm-up.test.ts covers it.
 */
export function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const main = options.main ?? 'dist/src/server/main.js';
  const [file, args] = options.argv
    ? [options.argv[0], options.argv.slice(1)]
    : options.cgroupProcs
      ? ['/bin/sh', ['-c', 'echo $$ > "$1" && exec "$2" "$3"', 'sh', options.cgroupProcs, process.execPath, main]]
      : [process.execPath, [main]];
  return spawnService({
    argv: [file, ...args],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', HTTP_THREADS: '2', LOG_LEVEL: 'info', POOL_WARM_UP: '0', ...env },
    stderr: 'pipe',
  }).then((s) => ({ ...s, url: `http://127.0.0.1:${s.port}` }));
}

/** Runs the server expecting it to refuse to start; resolves with exit code and output. */
export function startExpectingFailure(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['dist/src/server/main.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', HTTP_THREADS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** Starts a server for the enclosing describe block (in its beforeAll, stopped in its afterAll); call the result for it. */
export function serverForSuite(env: Record<string, string> = {}): () => RunningServer {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => server!;
}
