/**
 * `npm run release` (scripts/release.mjs) as a maintainer runs it, on a commit of this tree: every
 * artifact in release/, their sums, then each installed as a user installs it (the npm package
 * into an empty project, the wheel into a venv) and asked its version. It refuses a tree with
 * changes, and versions that disagree. Needs Debian's python3-build (the sdist and the wheel,
 * offline).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PYTHON, run } from './helpers/python-wheel.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('release');
const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { config: { version: string } }).config.version;
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=release@test', '-c', 'user.name=release test', ...args], { cwd, encoding: 'utf8' });

describe.runIf(READY)('npm run release', { timeout: 300_000 }, () => {
  let work: string;
  let tree: string;
  let files: string[];
  let released: { code: number; out: string };

  beforeAll(async () => {
    // This tree's files, committed in a repository of their own: a clean tree, as a release needs.
    work = mkdtempSync(join(tmpdir(), 'mac-release-'));
    tree = join(work, 'tree');
    for (const file of git('.', 'ls-files', '--cached', '--others', '--exclude-standard').split('\n').filter((f) => f !== '')) {
      mkdirSync(dirname(join(tree, file)), { recursive: true });
      cpSync(file, join(tree, file), { verbatimSymlinks: true });
    }
    symlinkSync(resolve('node_modules'), join(tree, 'node_modules'));
    git(tree, 'init', '-q');
    git(tree, 'add', '-A');
    git(tree, 'commit', '-qm', 'the release test');
    released = await run('npm', ['run', 'release'], { cwd: tree });
    files = released.code === 0 ? readdirSync(join(tree, 'release')).sort() : [];
  }, 300_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('builds every artifact into release/, with their sums', async () => {
    expect(released.code, released.out).toBe(0);
    expect(files).toEqual([`CHANGES-${version}.md`, 'SHA256SUMS', `mac_analysis_client-${version}.tar.gz`, `mac-analysis-service-${version}.cdx.json`, `mac-analysis-service-${version}.tgz`, `mac_analysis_client-${version}-py3-none-any.whl`].sort());
    const sums = await run('sha256sum', ['-c', 'SHA256SUMS'], { cwd: join(tree, 'release') });
    expect(sums.code, sums.out).toBe(0);
    expect(sums.out.match(/: OK$/gm)).toHaveLength(5);
    expect(readFileSync(join(tree, 'release', `CHANGES-${version}.md`), 'utf8')).toMatch(new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d\\d-\\d\\d\\n`));
    const sbom = JSON.parse(readFileSync(join(tree, 'release', `mac-analysis-service-${version}.cdx.json`), 'utf8')) as { bomFormat: string; metadata: { component: unknown }; components: Array<{ name: string; licenses?: unknown[] }> };
    expect(sbom.bomFormat).toBe('CycloneDX');
    expect(sbom.metadata.component).toMatchObject({ name: 'mac-analysis-service', version, licenses: [{ expression: 'Apache-2.0' }] });
    expect(sbom.components.map((c) => c.name)).toEqual(expect.arrayContaining(['msgpackr', 'pino', 'piscina']));
    expect(sbom.components.every((c) => (c.licenses?.length ?? 0) > 0)).toBe(true);
  });

  it('the npm package installs into an empty project and says its version, with its licence', async () => {
    const project = join(work, 'npm-user');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{"name":"a-user","private":true}\n');
    const install = await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', join(tree, 'release', `mac-analysis-service-${version}.tgz`)], { cwd: project });
    expect(install.code, install.out).toBe(0);
    const installed = join(project, 'node_modules', 'mac-analysis-service');
    expect((JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { version: string; license: string })).toMatchObject({ version, license: 'Apache-2.0' });
    expect(readdirSync(installed)).toEqual(expect.arrayContaining(['LICENSE', 'NOTICE', 'CHANGELOG.md']));
    const said = await run(process.execPath, [join(installed, 'dist/src/cli/main.js'), '--version']);
    expect(said.out).toMatch(new RegExp(`^mac-analyze ${version} \\(API contract ${version}; registry oui-data-`));
  });

  it('the wheel installs into a venv and says its version, with the licence and the notice', async () => {
    const venv = join(work, 'venv');
    expect((await run(PYTHON, ['-m', 'venv', '--without-pip', '--system-site-packages', venv])).code).toBe(0);
    const install = await run(join(venv, 'bin', 'python'), ['-m', 'pip', 'install', '--no-deps', '--no-index', join(tree, 'release', `mac_analysis_client-${version}-py3-none-any.whl`)]);
    expect(install.code, install.out).toBe(0);
    const said = await run(join(venv, 'bin', 'python'), ['-c', 'import mac_analysis, importlib.metadata as m; print(mac_analysis.__version__, m.metadata("mac-analysis-client")["License"], sorted(f.name for f in m.files("mac-analysis-client") if f.name in ("LICENSE", "NOTICE")))']);
    expect(said.out.trim()).toBe(`${version} Apache-2.0 ['LICENSE', 'NOTICE']`);
  });

  it('the sdist, under its PEP 625 name, builds and installs into a venv offline', async () => {
    const venv = join(work, 'venv-sdist');
    expect((await run(PYTHON, ['-m', 'venv', '--without-pip', '--system-site-packages', venv])).code).toBe(0);
    const install = await run(join(venv, 'bin', 'python'), ['-m', 'pip', 'install', '--no-deps', '--no-index', '--no-build-isolation', join(tree, 'release', `mac_analysis_client-${version}.tar.gz`)]);
    expect(install.code, install.out).toBe(0);
    const said = await run(join(venv, 'bin', 'python'), ['-c', 'import mac_analysis; print(mac_analysis.__version__)']);
    expect(said.out.trim()).toBe(version);
  });

  it('refuses a tree with uncommitted changes, and versions that disagree', async () => {
    writeFileSync(join(tree, 'stray.txt'), 'not committed\n');
    const dirty = await run(process.execPath, ['scripts/release.mjs'], { cwd: tree });
    expect([dirty.code, dirty.out]).toEqual([1, expect.stringContaining('the tree has uncommitted changes')]);
    rmSync(join(tree, 'stray.txt'));
    writeFileSync(join(tree, 'CHANGELOG.md'), readFileSync(join(tree, 'CHANGELOG.md'), 'utf8').replace(`## [${version}]`, '## [9.9.9]'));
    git(tree, 'commit', '-qam', 'a changelog ahead of the package');
    const ahead = await run(process.execPath, ['scripts/release.mjs'], { cwd: tree });
    expect([ahead.code, ahead.out]).toEqual([1, expect.stringContaining('the versions disagree')]);
    expect(ahead.out).toContain('"CHANGELOG.md (its top entry)": "9.9.9"');
  });
});
