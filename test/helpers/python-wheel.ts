/** The Python client as a user installs it: its wheel built offline with Debian's Python packages, installed in a venv. */
import { execFile } from 'node:child_process';
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The system Python, whose Debian packages (httpx, pytest, ansible) the venv sees. */
export const PYTHON = '/usr/bin/python3';

/** Runs `file args`; resolves with its exit code and its stdout and stderr together. */
export function run(file: string, args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<{ code: number; out: string }> {
  return new Promise((done) =>
    execFile(file, [...args], { cwd: options.cwd, env: { ...process.env, ...options.env }, maxBuffer: 16 * 1024 * 1024, timeout: 600_000 }, (err, stdout, stderr) =>
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

/**
 * Builds clients/python's wheel in `work` (`pip wheel --no-build-isolation --no-deps`, from a
 * copy, so setuptools' build/ and egg-info stay out of the tree) and installs it in a venv that
 * sees the system's site packages; returns the wheel's file name and the venv's python. Throws
 * with pip's output when a step fails.
 */
export async function installedClient(work: string): Promise<{ wheel: string; python: string }> {
  cpSync('clients/python', join(work, 'source'), { recursive: true, dereference: true, filter: (f) => !/__pycache__|\.egg-info|\/build$/.test(f) });
  const step = async (file: string, args: readonly string[]) => {
    const r = await run(file, args);
    if (r.code !== 0) throw new Error(`${file} ${args.join(' ')}: ${r.out}`);
  };
  await step(PYTHON, ['-m', 'pip', 'wheel', '--no-build-isolation', '--no-deps', '--no-index', '-w', join(work, 'wheel'), join(work, 'source')]);
  const wheel = readdirSync(join(work, 'wheel')).find((f) => f.endsWith('.whl'))!;
  await step(PYTHON, ['-m', 'venv', '--without-pip', '--system-site-packages', join(work, 'venv')]);
  const python = join(work, 'venv', 'bin', 'python');
  await step(python, ['-m', 'pip', 'install', '--no-deps', '--no-index', join(work, 'wheel', wheel)]);
  return { wheel, python };
}
