/**
 * The Python client (clients/python) as a user installs it: its wheel built offline with
 * Debian's Python packages (`pip wheel --no-build-isolation --no-deps`), installed in a venv, and
 * its pytest suite run from there against the real service on ephemeral ports: one with the
 * defaults, one rate-limited, one with a small body budget, one with a small item limit. The
 * Python examples of the README and of the client's README run there too.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeExamples, matchesShown } from './helpers/doc-examples.js';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('python-client');
const PYTHON = '/usr/bin/python3';

function run(file: string, args: readonly string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<{ code: number; out: string }> {
  return new Promise((done) =>
    execFile(file, [...args], { cwd: options.cwd, env: { ...process.env, ...options.env }, maxBuffer: 16 * 1024 * 1024, timeout: 600_000 }, (err, stdout, stderr) =>
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

describe.runIf(READY)('the Python client, built as a wheel and installed in a venv', () => {
  let work: string;
  let python: string;
  const servers: Record<string, RunningServer> = {};

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'mac-python-'));
    // Built from a copy, so that setuptools' build/ and egg-info stay out of the tree.
    cpSync('clients/python', join(work, 'source'), { recursive: true, filter: (f) => !/__pycache__|\.egg-info|\/build$/.test(f) });
    const wheel = await run(PYTHON, ['-m', 'pip', 'wheel', '--no-build-isolation', '--no-deps', '--no-index', '-w', join(work, 'wheel'), join(work, 'source')]);
    expect(wheel.code, wheel.out).toBe(0);
    const built = readdirSync(join(work, 'wheel')).find((f) => f.endsWith('.whl'));
    expect(built).toMatch(/^mac_analysis_client-0\.1\.0-py3-none-any\.whl$/);
    // Debian's httpx and pytest are the venv's (system site packages); the client is the wheel's.
    const venv = await run(PYTHON, ['-m', 'venv', '--without-pip', '--system-site-packages', join(work, 'venv')]);
    expect(venv.code, venv.out).toBe(0);
    python = join(work, 'venv', 'bin', 'python');
    const installed = await run(python, ['-m', 'pip', 'install', '--no-deps', '--no-index', join(work, 'wheel', built!)]);
    expect(installed.code, installed.out).toBe(0);
    const engine = ENGINES[0];
    const [service, limited, budget, small] = await Promise.all([
      startServer({ HTTP_ENGINE: engine, POOL_THREADS: '2' }),
      startServer({ HTTP_ENGINE: engine, RATE_LIMIT_RPS: '1', RATE_LIMIT_BURST: '1' }),
      startServer({ HTTP_ENGINE: engine, BODY_BUDGET_BYTES: '200000', BATCH_MAX_BYTES: '200000', BODY_TIMEOUT_MS: '1500' }),
      startServer({ HTTP_ENGINE: engine, BATCH_MAX_ITEMS: '1000' }),
    ]);
    Object.assign(servers, { service, limited, budget, small });
  }, 180_000);
  afterAll(async () => {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('passes its pytest suite against the service, imported from the installed wheel', async () => {
    const r = await run(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'tests'], {
      cwd: resolve('clients/python'),
      env: {
        MAC_ANALYSIS_URL: servers.service.url,
        MAC_ANALYSIS_LIMITED_URL: servers.limited.url,
        MAC_ANALYSIS_BUDGET_URL: servers.budget.url,
        MAC_ANALYSIS_SMALL_URL: servers.small.url,
        MAC_ANALYSIS_EXPECT_INSTALLED: '1',
        PYTHONDONTWRITEBYTECODE: '1',
      },
    });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/\b\d+ passed\b/);
    expect(r.out).not.toMatch(/skipped|failed|error/i);
  }, 600_000);

  it.each(['README.md', 'clients/python/README.md'])('runs the Python examples of %s', async (file) => {
    const examples = codeExamples(readFileSync(file, 'utf8'), 'python', '#');
    expect(examples.length).toBeGreaterThanOrEqual(1);
    for (const example of examples) {
      const script = join(work, `example-${example.line}.py`);
      writeFileSync(script, example.code.replaceAll('http://localhost:8080', servers.service.url));
      const r = await run(python, [script]);
      expect(r.code, r.out).toBe(0);
      expect(matchesShown(r.out.trimEnd(), example.output), `${file}:${example.line} shows\n${example.output}\nbut it printed\n${r.out}`).toBe(true);
    }
  }, 60_000);
});
