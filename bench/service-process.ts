/**
 * The service as a child process, for the benches and the tests alike: spawned with the
 * command line and environment given, its JSON log lines collected, resolved once it logs
 * "listening" (rejected if it exits first).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** A running service process. */
export interface ServiceProcess {
  readonly child: ChildProcess;
  /** The port of its "listening" log line. */
  readonly port: number;
  /** Start to listening, as the service measured it (its startupMs), or null. */
  readonly startupMs: number | null;
  /** Every JSON log line so far. */
  readonly logs: Array<Record<string, unknown>>;
  /** What the process wrote to stderr so far (when it is piped). */
  stderr(): string;
  /** Sends `signal` (SIGTERM) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** How to start it. */
export interface ServiceSpawn {
  /** The command line: the executable, then its arguments. */
  readonly argv: readonly string[];
  /** The whole environment of the child. */
  readonly env: NodeJS.ProcessEnv;
  /** 'inherit' (benches) shows the child's stderr; 'pipe' (tests) keeps it for stderr(). */
  readonly stderr?: 'pipe' | 'inherit';
  /** Called with each JSON log line. */
  readonly onLog?: (entry: Record<string, unknown>) => void;
}

/** Spawns the service and resolves when it listens. */
export function spawnService(options: ServiceSpawn): Promise<ServiceProcess> {
  const child = spawn(options.argv[0], options.argv.slice(1), { env: options.env, stdio: ['ignore', 'pipe', options.stderr ?? 'inherit'] });
  const logs: Array<Record<string, unknown>> = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return; // not a log line
      }
      logs.push(entry);
      options.onLog?.(entry);
      if (entry.msg !== 'listening') return;
      resolve({
        child,
        port: entry.port as number,
        startupMs: typeof entry.startupMs === 'number' ? entry.startupMs : null,
        logs,
        stderr: () => stderr,
        stop: (signal = 'SIGTERM') => {
          child.kill(signal);
          return exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`the service exited (${code}) before listening: ${stderr}${JSON.stringify(logs.slice(-5))}`)));
  });
}

/** Whether a service started with `env` (over this process's) warms its pool before it is ready: POOL_WARM_UP, on by default, and a pool at all. */
export function warmsUp(env: Record<string, string | undefined>): boolean {
  const setting = (name: string) => env[name] ?? process.env[name] ?? '';
  return !/^(0|false|no|off)$/i.test(setting('POOL_WARM_UP').trim()) && setting('POOL_THREADS').trim() !== '0';
}

/** Resolves once every HTTP thread of `s` logged 'pool warm' (as a client waits for /readyz), within `ms`. */
export async function untilWarm(s: ServiceProcess, ms = 60_000): Promise<void> {
  const threads = Number(s.logs.find((l) => l.msg === 'listening')?.threads ?? 1);
  for (const started = Date.now(); s.logs.filter((l) => l.msg === 'pool warm').length < threads; await new Promise((r) => setTimeout(r, 25))) {
    if (Date.now() - started > ms) throw new Error(`the service's pool was not warm within ${ms} ms`);
  }
}
