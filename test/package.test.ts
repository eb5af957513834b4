/**
 * The npm package as a user installs it: `npm run package` of this tree (it builds the code, the
 * registry and the declarations, and packs them; a plain `npm pack` of the clone fails), installed with no install script into an empty project
 * and into a global prefix. From there, on Node 20 and on Node 24: the CLI, `mac-analyze serve`
 * on each engine, `mac-analyze mcp` through the MCP SDK's client, the README's library example,
 * and a strict TypeScript program compiled
 * against the package's declarations that calls the three functions.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnService } from '../bench/service-process.js';
import { codeExamples, matchesShown } from './helpers/doc-examples.js';
import { nodeBinary } from './helpers/node-binary.js';

const MB = 1024 * 1024;
const TSC = resolve('node_modules/typescript/bin/tsc');

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

// Runs `file args` in `cwd` with `input` on stdin (and PATH led by `node`'s folder, so that npx and bins run on it).
function run(file: string, args: readonly string[], cwd: string, options: { node?: string; input?: string; env?: Record<string, string> } = {}): Promise<Run> {
  const path = options.node ? `${resolve(options.node, '..')}:${process.env.PATH}` : process.env.PATH;
  return new Promise((done) => {
    const child = execFile(file, [...args], { cwd, env: { ...process.env, ...options.env, PATH: path }, maxBuffer: 64 * MB, timeout: 120_000 }, (err, stdout, stderr) =>
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.on('error', () => undefined); // a command that reads no stdin may have exited
    child.stdin?.end(options.input ?? '');
  });
}

const README = readFileSync('README.md', 'utf8');

describe('the npm package, installed', () => {
  let work: string;
  let tarball: string;
  let project: string;
  let prefix: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'mac-package-'));
    // As the README says: `npm run package` builds, stages and packs.
    const packed = await run('npm', ['run', 'package', '--', '--pack-destination', work], process.cwd());
    expect(packed.code, packed.stderr).toBe(0);
    tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
    project = join(work, 'project');
    prefix = join(work, 'global');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }\n');
    const flags = ['--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'];
    const [local, global] = await Promise.all([run('npm', ['install', ...flags, tarball], project), run('npm', ['install', '-g', '--prefix', prefix, ...flags, tarball], work)]);
    expect(local.code, local.stderr).toBe(0);
    expect(global.code, global.stderr).toBe(0);
  }, 300_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('a plain `npm pack` or `npm publish` of the clone fails loudly instead of shipping an unbuilt package', async () => {
    const pack = await run('npm', ['pack', '--dry-run'], process.cwd());
    expect(pack.code).not.toBe(0);
    expect(pack.stderr).toMatch(/must have name and version/);
    // A real publish, not --dry-run (npm 9.2, Debian's, skips the private check in a dry run), to a
    // registry nobody listens on with a token that is no one's: npm must refuse before any request.
    const dead = 'http://127.0.0.1:9/';
    const publish = await run('npm', ['publish', '--registry', dead, '--//127.0.0.1:9/:_authToken=none'], process.cwd());
    expect(publish.code).not.toBe(0);
    expect(publish.stderr).not.toMatch(/ECONNREFUSED|ENEEDAUTH/);
    expect(publish.stderr).toMatch(/private|prerelease/);
  });

  it('is named and versioned as package.json says, with no development field', async () => {
    const listed = await run('tar', ['xzf', tarball, '-O', 'package/package.json'], work);
    const manifest = JSON.parse(listed.stdout) as Record<string, unknown>;
    const project = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; config: { version: string }; dependencies: unknown };
    expect(manifest).toMatchObject({ name: project.name, version: project.config.version, dependencies: project.dependencies });
    expect(Object.keys(manifest).filter((k) => ['scripts', 'devDependencies', 'private', 'config', 'overrides', 'allowScripts'].includes(k))).toEqual([]);
    expect(basename(tarball)).toBe(`${project.name}-${project.config.version}.tgz`);
  });

  it('holds the built code, its declarations and the registry, and no tests, benches, CI or source maps, in 15 MB at most', async () => {
    expect(statSync(tarball).size).toBeLessThanOrEqual(15 * MB);
    const listed = await run('tar', ['tzf', tarball], work);
    const files = listed.stdout.trim().split('\n').map((f) => f.replace(/^package\//, ''));
    for (const needed of ['dist/src/cli/main.js', 'dist/src/server/main.js', 'dist/src/library/index.js', 'dist/src/library/index.d.ts', 'dist/src/contract/openapi-types.d.ts', 'dist/workers/batch-worker.js', 'data/registry.msgpack', 'src/web/public/index.html', 'README.md']) {
      expect(files).toContain(needed);
    }
    expect(files.filter((f) => /^(test|bench|\.ci|deploy|scripts)\/|^dist\/(test|bench)\/|\.map$|golden|^src\/.*\.ts$/.test(f))).toEqual([]);
  });

  describe.each([20, 24])('on Node %i', (major) => {
    let node: string;
    beforeAll(() => {
      node = major === 20 ? process.execPath : nodeBinary(major);
    }, 120_000);

    it('mac-analyze works, through npx and from the global prefix: an address, bulk on stdin, extract, vendors and an export', async () => {
      const version = await run(node, ['--version'], project);
      expect(version.stdout).toMatch(new RegExp(`^v${major}\\.`));
      const one = await run('npx', ['mac-analyze', '00:03:93:ab:12:34', '--fields', 'vendor.name'], project, { node });
      expect(one.code, one.stderr).toBe(0);
      expect(JSON.parse(one.stdout)).toEqual({ vendor: { name: 'Apple, Inc.' } });
      const global = await run(join(prefix, 'bin', 'mac-analyze'), ['0x00124b0001020304', '--fields', 'address.kind,vendor.name'], work, { node });
      expect(JSON.parse(global.stdout)).toEqual({ address: { kind: 'EUI-64' }, vendor: { name: 'Texas Instruments' } });
      const bulk = await run('npx', ['mac-analyze', '--format', 'csv', '--fields', 'vendor,error,detail', '--strict'], project, { node, input: '00:03:93:ab:12:34\nnot a mac\n' });
      expect(bulk.code).toBe(1); // one input invalid, with --strict
      expect(bulk.stdout.split('\n').slice(0, 3)).toEqual(['input,vendor,error,detail', '00:03:93:ab:12:34,"Apple, Inc.",,', expect.stringMatching(/^not a mac,,invalid_mac,/)]);
      const tsv = await run('npx', ['mac-analyze', '--input', 'tsv', '--format', 'tsv', '--header', 'absent', '--fields', 'vendor'], project, { node, input: '00:03:93:ab:12:34\nnot a mac\n' });
      expect([tsv.code, tsv.stdout]).toEqual([0, '00:03:93:ab:12:34\tApple, Inc.\nnot a mac\t\n']);
      const found = await run('npx', ['mac-analyze', 'extract', '--fields', 'vendor.name'], project, { node, input: '? (192.168.1.7) at b8:27:eb:12:34:56 [ether] on eth0\n' });
      expect(JSON.parse(found.stdout)).toMatchObject({ count: 1, items: [{ input: 'b8:27:eb:12:34:56', analysis: { vendor: { name: 'Raspberry Pi Foundation' } } }] });
      const vendors = await run('npx', ['mac-analyze', 'vendors', 'raspberry', '--format', 'json'], project, { node });
      expect(JSON.parse(vendors.stdout).total).toBeGreaterThanOrEqual(3);
      const nmap = await run('npx', ['mac-analyze', 'export', '--format', 'nmap'], project, { node });
      expect(nmap.stdout).toMatch(/^000393 Apple/m);
    }, 120_000);

    it('mac-analyze mcp answers an MCP client: its tools, with the output schemas taken from the OpenAPI document', async () => {
      const bin = join(project, 'node_modules', '.bin', 'mac-analyze');
      const env = { ...(process.env as Record<string, string>), PATH: `${resolve(node, '..')}:${process.env.PATH}` };
      const client = new Client({ name: 'mac-analysis-package-test', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command: bin, args: ['mcp'], env, stderr: 'pipe' }));
      try {
        const { tools } = await client.listTools();
        expect(tools.find((t) => t.name === 'analyze_mac')?.outputSchema).toBeDefined();
        const result = await client.callTool({ name: 'analyze_mac', arguments: { mac: '00:03:93:ab:12:34' } });
        expect(result.structuredContent).toMatchObject({ vendor: { name: 'Apple, Inc.' } });
      } finally {
        await client.close();
      }
    }, 60_000);

    it("runs the README's commands and library example where the package is installed", async () => {
      for (const line of README.split('\n').filter((l) => l.startsWith('npx mac-analyze ') && !l.includes(' serve'))) {
        const args = line.replace(/\s+#.*$/, '').split(/\s+/).slice(1);
        const r = await run('npx', args, project, { node });
        expect(r.code, `${line}: ${r.stderr}`).toBe(0);
      }
      const [example] = codeExamples(README, 'js', '//');
      writeFileSync(join(project, 'readme-example.mjs'), example.code);
      const r = await run(node, ['readme-example.mjs'], project);
      expect(r.code, r.stderr).toBe(0);
      expect(matchesShown(r.stdout.trimEnd(), example.output), `README.md:${example.line} shows\n${example.output}\nbut it printed\n${r.stdout}`).toBe(true);
    }, 60_000);

    it('compiles a strict TypeScript program against the declarations, and runs it', async () => {
      const dir = join(project, `ts-${major}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', types: [], skipLibCheck: false, outDir: 'out', rootDir: '.' }, files: ['program.mts'] }));
      writeFileSync(
        join(dir, 'program.mts'),
        `import { analyze, analyzeMany, extract, MacAnalysisError, type Analysis, type BatchItem, type ExtractResult, type ProjectedAnalysis } from 'mac-analysis-service';
const whole: Analysis = await analyze('00:03:93:ab:12:34', { lang: 'fr' });
const country: string | undefined = whole.vendor?.country?.name;
const projected: ProjectedAnalysis = await analyze('00:03:93:ab:12:34', { fields: ['vendor.name'] });
async function* inputs(): AsyncGenerator<string> { yield 'b8:27:eb:12:34:56'; yield 'not a mac'; }
const items: BatchItem[] = [];
for await (const item of analyzeMany(inputs(), { fields: 'address.canonical' })) items.push(item);
const found: ExtractResult = await extract('? (10.0.0.1) at 0:3:93:ab:12:34 on en0');
let refused: { code: string; status: number; title: string; detail: string } | null = null;
try { await analyze('zz:zz:zz:zz:zz:zz'); } catch (e) { if (e instanceof MacAnalysisError) refused = { code: e.code, status: e.status, title: e.title, detail: e.detail }; }
console.log(JSON.stringify({ country, projected, items: items.map((i) => ('error' in i ? i.error.code : i.analysis.address?.canonical)), found: found.items.map((i) => i.input), refused }));
`,
      );
      const compiled = await run(node, [TSC, '-p', '.'], dir);
      expect(compiled.code, compiled.stdout + compiled.stderr).toBe(0);
      const r = await run(node, ['out/program.mjs'], dir);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({
        country: 'États-Unis',
        projected: { vendor: { name: 'Apple, Inc.' } },
        items: ['B8:27:EB:12:34:56', 'invalid_mac'],
        found: ['0:3:93:ab:12:34'],
        refused: { code: 'invalid_mac', status: 422, title: 'Invalid MAC address', detail: expect.stringContaining('"z"') },
      });
    }, 60_000);

    it.each(major === 20 ? ['uws', 'node'] : ['auto'])('mac-analyze serve answers the API and the page (HTTP_ENGINE=%s), and stops on SIGTERM', async (engine) => {
      const served = await spawnService({
        argv: [join(project, 'node_modules', '.bin', 'mac-analyze'), 'serve', '--port', '0', '--host', '127.0.0.1'],
        env: { ...process.env, PATH: `${resolve(node, '..')}:${process.env.PATH}`, HTTP_ENGINE: engine, HTTP_THREADS: '2', POOL_THREADS: '1' },
        stderr: 'pipe',
      });
      try {
        const engineLine = served.logs.find((l) => l.msg === 'HTTP engine');
        expect(engineLine?.engine).toBe(engine === 'auto' ? 'node' : engine);
        const url = `http://127.0.0.1:${served.port}`;
        expect(await (await fetch(`${url}/api/mac/00:03:93:ab:12:34?fields=vendor.name`)).json()).toEqual({ vendor: { name: 'Apple, Inc.' } });
        const batch = await fetch(`${url}/api/mac/batch`, { method: 'POST', headers: { 'Content-Type': 'text/plain', Accept: 'text/csv' }, body: Array.from({ length: 5000 }, (_, i) => `b8:27:eb:00:${(i >> 8).toString(16)}:${(i & 255).toString(16)}`).join('\n') });
        expect((await batch.text()).trim().split('\n')).toHaveLength(5001);
        expect((await fetch(`${url}/`)).headers.get('content-type')).toMatch(/^text\/html/);
        // The OpenAPI document and the page's texts are JSON modules: the package carries them.
        expect((await (await fetch(`${url}/api/openapi.json`)).json()).openapi).toMatch(/^3\./);
        expect((await (await fetch(`${url}/assets/texts.fr.json`)).json())['tab.single']).toBe('Une adresse');
      } finally {
        expect(await served.stop('SIGTERM')).toBe(0);
      }
    }, 60_000);
  });
});
