/**
 * The container image's /app is the tree src/image/stage-runtime.ts stages (the Dockerfile
 * copies nothing else). These tests stage one, check what it holds, and serve from it: the
 * service, its pool workers and its health check run on the pruned packages alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTarget, isForeignBinary, productionPackages, stageRuntime, type StageReport } from '../src/image/stage-runtime.js';
import { startServer, type RunningServer } from './helpers/server.js';

const root = process.cwd();

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' });
}

describe('the runtime tree (the image /app)', () => {
  let report: StageReport;
  let server: RunningServer;

  beforeAll(async () => {
    report = stageRuntime(root, join(mkdtempSync(join(tmpdir(), 'runtime-')), 'app'), currentTarget());
    // The defaults of a container: no HTTP_THREADS or POOL_THREADS from the test helper.
    server = await startServer({ HTTP_THREADS: '', POOL_THREADS: '' }, { main: join(report.out, 'dist/src/server/main.js') });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('holds one uWS binary, for this platform and Node ABI, and no other native code for other platforms', () => {
    const t = currentTarget();
    const binaries = files(report.out).filter((f) => f.endsWith('.node'));
    expect(binaries.filter((f) => f.includes('uws_'))).toEqual([`node_modules/uWebSockets.js/binaries/uws_${t.platform}_${t.arch}_${t.modules}.node`]);
    expect(binaries.filter((f) => isForeignBinary(f, t))).toEqual([]);
    expect(report.droppedBinaries.length).toBeGreaterThanOrEqual(17); // the fork ships 18 uWS binaries, plus stray copies in dist/
  });

  it('holds the production packages only: no tests, benchmarks, compilers or build-only data', () => {
    const out = report.out;
    for (const absent of ['dist/test', 'dist/bench', 'node_modules/typescript', 'node_modules/vitest', 'node_modules/oui-data', 'node_modules/autocannon', 'node_modules/playwright-core', 'node_modules/.bin']) {
      expect(existsSync(join(out, absent)), absent).toBe(false);
    }
    for (const pkg of ['uWebSockets.js', 'piscina', 'pino', 'msgpackr', 'ajv']) expect(existsSync(join(out, 'node_modules', pkg, 'package.json')), pkg).toBe(true);
    expect(productionPackages(root)).not.toContain('node_modules/oui-data');
    // Measured at 32.6 MB (the unpruned layout: 143 MB); a bound that 18 uWS binaries break.
    expect(report.bytes).toBeLessThan(45e6);
    expect(report.unprunedBytes).toBeGreaterThan(report.bytes + 80e6);
  });

  it('serves from the staged tree on the native uWS build, with pool workers', async () => {
    expect(server.logs.find((l) => l.msg === 'HTTP engine')).toMatchObject({ engine: 'uws', native: true });
    const one = (await (await fetch(`${server.url}/api/mac/00:03:93:ab:12:34`)).json()) as { vendor: { name: string } };
    expect(one.vendor.name).toBe('Apple, Inc.');
    // Over 128 KiB: prepared and rendered on the pool (piscina, msgpackr from the pruned tree).
    const lines = Array.from({ length: 12_000 }, (_, i) => `00:03:93:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:01`);
    const res = await fetch(`${server.url}/api/mac/batch`, { method: 'POST', headers: { 'content-type': 'text/plain', accept: 'application/x-ndjson' }, body: `${lines.join('\n')}\n` });
    expect(res.status).toBe(200);
    const items = (await res.text()).trim().split('\n');
    expect(items).toHaveLength(12_000);
    expect(JSON.parse(items[11_999])).toMatchObject({ input: lines[11_999], analysis: { vendor: { name: 'Apple, Inc.' } } });
  });

  it('answers the HEALTHCHECK command from the staged tree, following HOST and PORT', () => {
    const check = (env: Record<string, string>) =>
      spawnSync(process.execPath, [join(report.out, 'dist/src/server/healthcheck.js')], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 10_000 });
    expect(check({ HOST: '127.0.0.1', PORT: String(server.port) }).status).toBe(0);
    expect(check({ HOST: '0.0.0.0', PORT: String(server.port) }).status).toBe(0);
    expect(check({ HOST: '127.0.0.1', PORT: '1' }).status).not.toBe(0);
  });

  it('is what the Dockerfile ships, and nothing else', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(dockerfile).toMatch(/node dist\/src\/image\/stage-runtime\.js \/runtime/);
    expect(runtime.match(/^COPY .*$/gm)).toEqual(['COPY --from=build /runtime ./', 'COPY --from=build --chown=node:node /runtime-data data']);
    expect(runtime).toMatch(/^USER node$/m);
  });
});

describe('isForeignBinary', () => {
  const t = { platform: 'linux', arch: 'x64', modules: '115' };
  it('keeps the uWS binary of the target in binaries/ only', () => {
    expect(isForeignBinary('node_modules/uWebSockets.js/binaries/uws_linux_x64_115.node', t)).toBe(false);
    expect(isForeignBinary('node_modules/uWebSockets.js/binaries/uws_linux_x64_108.node', t)).toBe(true);
    expect(isForeignBinary('node_modules/uWebSockets.js/binaries/uws_linux_arm64_115.node', t)).toBe(true);
    expect(isForeignBinary('node_modules/uWebSockets.js/binaries/uws_darwin_x64_115.node', t)).toBe(true);
    expect(isForeignBinary('node_modules/uWebSockets.js/dist/uws_linux_x64_115.node', t)).toBe(true);
  });
  it('keeps prebuilds/ of the target platform only', () => {
    expect(isForeignBinary('node_modules/bufferutil/prebuilds/linux-x64', t)).toBe(false);
    expect(isForeignBinary('node_modules/bufferutil/prebuilds/linux-x64/node.napi.node', t)).toBe(false);
    expect(isForeignBinary('node_modules/bufferutil/prebuilds/darwin-arm64', t)).toBe(true);
    expect(isForeignBinary('node_modules/bufferutil/prebuilds/win32-x64/node.napi.node', t)).toBe(true);
    expect(isForeignBinary('node_modules/msgpackr-extract/index.js', t)).toBe(false);
  });
});
