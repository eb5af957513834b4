/**
 * The Python client (clients/python) as a user installs it: its wheel built offline with
 * Debian's Python packages (`pip wheel --no-build-isolation --no-deps`), installed in a venv, and
 * its pytest suite run from there against the real service on ephemeral ports: one with the
 * defaults, one rate-limited, one with a small body budget, one with a small item limit. The
 * Python examples of the README and of the client's README run there too.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeExamples, matchesShown } from './helpers/doc-examples.js';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';
import { installedClient, run } from './helpers/python-wheel.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('python-client');
describe.runIf(READY)('the Python client, built as a wheel and installed in a venv', () => {
  let work: string;
  let python: string;
  const servers: Record<string, RunningServer> = {};

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'mac-python-'));
    const installed = await installedClient(work);
    expect(installed.wheel).toBe(`mac_analysis_client-${(JSON.parse(readFileSync('package.json', 'utf8')) as { config: { version: string } }).config.version}-py3-none-any.whl`);
    python = installed.python;
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
