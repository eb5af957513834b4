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
import { currentTarget, isForeignBinary, isOtherLibcPackage, productionPackages, stageRuntime, type StageReport } from '../src/image/stage-runtime.js';
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
    for (const absent of ['dist/test', 'dist/bench', 'node_modules/typescript', 'node_modules/vitest', 'node_modules/oui-data', 'node_modules/autocannon', 'node_modules/playwright-core', 'node_modules/@duckdb', 'node_modules/.bin']) {
      expect(existsSync(join(out, absent)), absent).toBe(false);
    }
    for (const pkg of ['uWebSockets.js', 'piscina', 'pino', 'msgpackr', 'ajv', 'hyparquet-writer', 'hyparquet']) expect(existsSync(join(out, 'node_modules', pkg, 'package.json')), pkg).toBe(true);
    // The first-seen dataset travels with its license (the updater dates new blocks with it).
    for (const file of ['data/mac-ages/mac-ages.csv', 'data/mac-ages/LICENSE.DATA', 'data/mac-ages/README.md']) expect(existsSync(join(out, file)), file).toBe(true);
    expect(productionPackages(root)).not.toContain('node_modules/oui-data');
    // Measured at 32.6 MB (the unpruned layout: 143 MB); a bound that 18 uWS binaries break.
    expect(report.bytes).toBeLessThan(45e6);
    expect(report.unprunedBytes).toBeGreaterThan(report.bytes + 80e6);
  });

  it('runs the MCP server (mac-analyze mcp) from the staged tree', () => {
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'image-test', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'analyze_mac', arguments: { mac: '00:03:93:ab:12:34', fields: ['vendor.name'] } } },
    ];
    const run = spawnSync(process.execPath, [join(report.out, 'dist/src/cli/main.js'), 'mcp'], { input: messages.map((m) => JSON.stringify(m)).join('\n') + '\n', encoding: 'utf8', timeout: 20_000 });
    expect(run.status, run.stderr).toBe(0);
    const answers = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: number; result: { structuredContent?: unknown } });
    expect(answers.find((a) => a.id === 2)?.result.structuredContent).toEqual({ vendor: { name: 'Apple, Inc.' } });
  });

  it('serves from the staged tree on the native uWS build, with pool workers', async () => {
    expect(server.logs.find((l) => l.msg === 'HTTP engine')).toMatchObject({ engine: 'uws', native: true });
    const one = (await (await fetch(`${server.url}/api/mac/00:03:93:ab:12:34`)).json()) as { vendor: { name: string } };
    expect(one.vendor.name).toBe('Apple, Inc.');
    // The ranges for data engines, written by the pruned hyparquet-writer.
    const ranges = await fetch(`${server.url}/api/registry/ranges`);
    expect(ranges.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    expect(Buffer.from(await ranges.arrayBuffer()).subarray(0, 4).toString()).toBe('PAR1');
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

  it('carries a CycloneDX SBOM of exactly the packages it ships', () => {
    const sbom = JSON.parse(readFileSync(join(report.out, 'sbom.cdx.json'), 'utf8')) as { bomFormat: string; specVersion: string; components: Array<{ name: string; version: string; purl: string; hashes?: Array<{ alg: string; content: string }> }> };
    expect(sbom).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.5' });
    const shipped = productionPackages(root).map((p) => JSON.parse(readFileSync(join(report.out, p, 'package.json'), 'utf8')) as { name: string; version: string });
    const listed = sbom.components.map((c) => `${c.name}@${c.version}`).sort();
    // The alias uWebSockets.js is listed under the package it installs.
    expect(listed).toEqual(shipped.map((p) => `${p.name === 'uWebSockets.js' ? '@trufflesuite/uws-js-unofficial' : p.name}@${p.version}`).sort());
    expect(listed).toContain('ajv@8.20.0');
    for (const c of sbom.components) {
      expect(c.purl).toMatch(/^pkg:npm\/(%40[\w.-]+\/)?[\w.-]+@[\w.+-]+$/);
      expect(c.hashes?.[0]).toMatchObject({ alg: 'SHA-512', content: expect.stringMatching(/^[0-9a-f]{128}$/) });
    }
  });

  it('is what the Dockerfile ships, on Debian 13 with its own nodejs, and nothing else', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM .*$/gm)).toEqual(['FROM debian:trixie-slim AS build', 'FROM debian:trixie-slim']);
    for (const stage of dockerfile.split(/^FROM /m).slice(1)) expect(stage).toMatch(/apt-get upgrade -y[\s\\&]+apt-get install -y --no-install-recommends nodejs /);
    expect(dockerfile).toMatch(/^COPY package\.json package-lock\.json \.npmrc \.\/$/m);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(dockerfile).toMatch(/node dist\/src\/image\/stage-runtime\.js \/runtime/);
    expect(runtime.match(/^COPY .*$/gm)).toEqual(['COPY --from=build /runtime ./', 'COPY --from=build --chown=node:node /runtime-data data']);
    expect(runtime).toMatch(/^USER node$/m);
  });
});

describe('isOtherLibcPackage', () => {
  it('leaves out the -musl native packages on glibc (npm 9 installs both), and the reverse', () => {
    const glibc = { platform: 'linux', arch: 'x64', modules: '115', libc: 'glibc' } as const;
    expect(isOtherLibcPackage('node_modules/@napi-rs/nice-linux-x64-musl', glibc)).toBe(true);
    expect(isOtherLibcPackage('node_modules/@napi-rs/nice-linux-x64-gnu', glibc)).toBe(false);
    expect(isOtherLibcPackage('node_modules/@napi-rs/nice-linux-x64-gnu', { ...glibc, libc: 'musl' })).toBe(true);
    expect(isOtherLibcPackage('node_modules/@napi-rs/nice-linux-x64-musl', { platform: 'darwin', arch: 'x64', modules: '115' })).toBe(false);
    expect(currentTarget().libc).toBe('glibc');
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

describe('supply chain', () => {
  it("dependencies' install scripts do not run: .npmrc ignore-scripts, and npm 11.19's allowScripts denials", () => {
    const npm = spawnSync('npm', ['config', 'get', 'ignore-scripts'], { encoding: 'utf8' });
    expect(npm.stdout.trim()).toBe('true');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean>; scripts: Record<string, string> };
    expect(pkg.allowScripts).toEqual({ bufferutil: false, 'msgpackr-extract': false, 'utf-8-validate': false });
    // ignore-scripts also skips pre/post scripts (prepack among them): the project's own scripts
    // have none; the package is built by `npm run package` (docs/LIBRARY.md; test/package.test.ts).
    expect(Object.keys(pkg.scripts).filter((k) => /^(pre|post)/.test(k))).toEqual([]);
  });

  it('declares Node.js 20, 22 and 24 as supported', () => {
    const engines = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe('^20.19.0 || ^22.12.0 || >=24.0.0');
  });
});
