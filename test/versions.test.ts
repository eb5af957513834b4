/**
 * One version (docs/RELEASING.md): the npm package's, the OpenAPI document's (the contract's), the
 * Python client's and CHANGELOG.md's top entry agree, and every place that says it says it:
 * `mac-analyze --version`, /api/registry's `service`, the start-up log (the MCP server's is checked
 * in test/mcp.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, without types
import { changelogEntry, statedVersions } from '../scripts/release.mjs';
import { serverForSuite } from './helpers/server.js';

const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { config: { version: string } }).config.version;

describe('the version', () => {
  it('is SemVer, and the same in the package, the OpenAPI document, the Python client and the changelog\'s top entry', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const stated = (statedVersions as () => Record<string, string>)();
    expect(Object.keys(stated)).toHaveLength(4);
    expect(new Set(Object.values(stated))).toEqual(new Set([version]));
  });

  it('is the version of the files the install lines of the docs name', () => {
    for (const file of ['README.md', 'docs/LIBRARY.md', 'clients/python/README.md']) {
      const named = [...readFileSync(file, 'utf8').matchAll(/mac[-_]analysis[-_](?:service|client)-(\d+\.\d+\.\d+)/g)].map((m) => m[1]);
      expect(named.length, file).toBeGreaterThan(0);
      expect(new Set(named), file).toEqual(new Set([version]));
    }
  });

  it('has a changelog entry with its date, each version from 1.0.0 to it in order, in Keep a Changelog form', () => {
    const changelog = readFileSync('CHANGELOG.md', 'utf8');
    const heads = [...changelog.matchAll(/^## \[(\d+)\.(\d+)\.(\d+)\] - (\d{4}-\d\d-\d\d)$/gm)];
    expect(heads[0][0]).toBe(`## [${version}] - ${heads[0][4]}`);
    expect(heads.at(-1)?.[0]).toMatch(/^## \[1\.0\.0\]/);
    const minors = heads.map((h) => Number(h[2]));
    expect(minors).toEqual([...minors].sort((a, b) => b - a));
    expect((changelogEntry as (text: string) => string)(changelog)).toMatch(/^## \[[\d.]+\] - [\d-]+\n\n### (Added|Changed|Fixed)/);
  });

  it('mac-analyze --version says it, with the contract\'s and the registry\'s', () => {
    const said = spawnSync(process.execPath, ['dist/src/cli/main.js', '--version'], { encoding: 'utf8' });
    expect(said.status).toBe(0);
    expect(said.stdout).toMatch(new RegExp(`^mac-analyze ${version} \\(API contract ${version}; registry [A-Za-z0-9._+-]+-[0-9a-f]{12}\\)\\n$`));
  });

  const server = serverForSuite({ HTTP_THREADS: '1', POOL_THREADS: '0' });
  it('the service says it in /api/registry and in its start-up log', async () => {
    const registry = (await (await fetch(`${server().url}/api/registry`)).json()) as { service: unknown };
    expect(registry.service).toEqual({ version, contract: version });
    expect(server().logs.find((l) => l.msg === 'listening')).toMatchObject({ version, contract: version });
  });
});
