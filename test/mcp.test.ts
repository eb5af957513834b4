/**
 * `mac-analyze mcp` through the MCP SDK's own client, which spawns the CLI over stdio and checks
 * each structured answer against the tool's output schema: the tools are listed, each answers as
 * the HTTP API does for the same input (the real server, beside it), and bad, unknown, oversized
 * and large input is a tool error or an answer, after which the server still answers.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegistry } from '../src/analysis/load-registry.js';
import { Catalog } from '../src/catalog/catalog.js';
import { installArtifact, readArtifact } from '../src/registry/artifact.js';
import { SharedIndex } from '../src/registry/shared-index.js';
import { realisticAddresses } from './helpers/addresses.js';
import { serverForSuite } from './helpers/server.js';

const CLI = 'dist/src/cli/main.js';

// A client on a fresh `mac-analyze mcp`, with `env` added to its environment.
async function connect(env: Record<string, string> = {}, args: readonly string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...args], env: { ...(process.env as Record<string, string>), ...env }, stderr: 'pipe' });
  const client = new Client({ name: 'mac-analysis-tests', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

// A tool call's result (the client has already checked its structured content against the output schema).
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

// The text of a tool error.
function errorText(result: CallToolResult): string {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  const [content] = result.content;
  return content.type === 'text' ? content.text : '';
}

describe('mac-analyze mcp', () => {
  const server = serverForSuite();
  let client: Client;
  const get = async (path: string) => (await fetch(`${server().url}${path}`)).json() as Promise<unknown>;
  const alive = async () => expect((await call(client, 'analyze_mac', { mac: '00:03:93:ab:12:34', fields: ['vendor.name'] })).structuredContent).toEqual({ vendor: { name: 'Apple, Inc.' } });

  beforeAll(async () => {
    client = await connect();
  });
  afterAll(async () => {
    await client?.close();
  });

  it('starts from the configuration README.md and docs/CLI.md give MCP clients', async () => {
    for (const file of ['README.md', 'docs/CLI.md']) {
      const snippet = /```json\n(\{ "mcpServers".*\})\n```/.exec(readFileSync(file, 'utf8'));
      const { command, args } = (JSON.parse(snippet![1]) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers['mac-analyze'];
      expect(command).toBe('node');
      const fromDocs = new Client({ name: 'docs', version: '1.0.0' });
      await fromDocs.connect(new StdioClientTransport({ command: process.execPath, args: args.map((a) => a.replace('/path/to/mac-analysis-service', process.cwd())), stderr: 'pipe' }));
      expect(fromDocs.getServerVersion()?.name).toBe('mac-analyze');
      expect(fromDocs.getServerVersion()?.version).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { config: { version: string } }).config.version);
      expect((await fromDocs.listTools()).tools).toHaveLength(7);
      await fromDocs.close();
    }
  });

  it('lists its tools, each with an input and an output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['analyze_mac', 'analyze_macs', 'extract_macs', 'search_vendors', 'blocks_around_prefix', 'registry_changes', 'registry_info']);
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
  });

  it('analyses one address as GET /api/mac does, in both languages and with fields', async () => {
    const cases: ReadonlyArray<readonly [string, string, readonly string[] | null]> = [
      ['00:03:93:ab:12:34', 'en', null],
      ['52:54:00:12:34:56', 'fr', null],
      ['33:33:ff:01:02:03', 'fr', ['vendor.name', 'special.id', 'special.derived']],
      ['fe80::203:93ff:feab:1234', 'en', null],
      [' 0800-2b01-0203\n', 'en', ['address.canonical', 'vendor.name', 'derivedFrom']],
      ['70:B3:D5:6C:01:02', 'en', ['vendor']],
      ['02:42:ac:11:00:02', 'fr', ['hints']],
      ['0x00124b0001020304', 'fr', null],
      ['80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de', 'en', ['address.kind', 'vendor', 'derivedFrom']],
      ['00-01-00-01-2A-BC-DE-F0-00-03-93-AB-12-34', 'fr', null],
      ['00:03:00:01:08:00:2b:01:02:03', 'en', ['vendor.name', 'derivedFrom']],
      ['01:52:54:00:12:34:56', 'en', ['hints', 'derivedFrom']],
      ['00 50 79 66 68 0F ', 'fr', ['address']],
    ];
    for (const [mac, lang, fields] of cases) {
      const result = await call(client, 'analyze_mac', { mac, lang, ...(fields ? { fields } : {}) });
      const query = `?lang=${lang}${fields ? `&fields=${fields.join(',')}` : ''}`;
      expect(result.structuredContent, mac).toEqual(await get(`/api/mac/${encodeURIComponent(mac)}${query}`));
      expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
    }
  });

  it('analyses many addresses as the batch does: 4,000 whole, 20,000 projected', async () => {
    const index = SharedIndex.attach(loadRegistry().index);
    const all = [...realisticAddresses(new Catalog(index, loadRegistry()), 20_000), 'bad', '', '00:03:93:ab:12'];
    // The SDK's clients read a message of at most 10 MB: 4,000 whole analyses, twice (the
    // structured content and its text), are about 8.5 MB.
    for (const fields of [null, ['address.canonical', 'vendor.name', 'hints.id']]) {
      const macs = fields ? all : all.slice(-4_000);
      const result = await call(client, 'analyze_macs', { macs, lang: 'fr', ...(fields ? { fields } : {}) });
      const res = await fetch(`${server().url}/api/mac/batch?lang=fr${fields ? `&fields=${fields.join(',')}` : ''}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(macs) });
      expect(result.structuredContent).toEqual({ count: macs.length, items: await res.json() });
    }
    await alive();
  });

  it('extracts the addresses of a text as /api/mac/extract does', async () => {
    const text = [
      '? (192.168.1.1) at 0:3:93:ab:12:34 on en0 ifscope [ethernet]',
      'fe80::203:93ff:feab:1235 dev eth0 lladdr 00:03:93:ab:12:35 REACHABLE',
      ' 10    0800-2b01-0203    DYNAMIC     Gi0/1',
      'id 0x000393ab1236 and sha 00:03:93:ab:12:34:56:78:9a',
      'lease 52:54:00:12:34:56 « maison »',
      'zigbee 0x00124b0001020304 joined; ib0 link/infiniband 80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de',
      'kernel: IN=eth0 OUT= MAC=ff:ff:ff:ff:ff:ff:00:50:79:66:68:0f:08:06 SRC=10.0.0.9; DHCPv6 Client DUID: 00-01-00-01-2A-BC-DE-F0-08-00-2B-01-02-04',
    ].join('\n');
    for (const fields of [null, ['address.canonical', 'vendor.name', 'derivedFrom']]) {
      const result = await call(client, 'extract_macs', { text, lang: 'fr', ...(fields ? { fields } : {}) });
      const res = await fetch(`${server().url}/api/mac/extract?lang=fr${fields ? `&fields=${fields.join(',')}` : ''}`, { method: 'POST', headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: text });
      expect(result.structuredContent).toEqual(await res.json());
    }
  });

  it('searches vendors, lists the blocks around a prefix and the changes, as the registry routes do', async () => {
    const pairs: ReadonlyArray<readonly [string, Record<string, unknown>, string]> = [
      ['search_vendors', { query: 'raspberry', limit: 2, lang: 'fr' }, '/api/vendors?q=raspberry&limit=2&lang=fr'],
      ['search_vendors', { query: 'cisco systems', offset: 3, limit: 5, sort: 'firstSeen' }, '/api/vendors?q=cisco%20systems&offset=3&limit=5&sort=firstSeen'],
      ['blocks_around_prefix', { prefix: '70-B3-D5-6C-01-02' }, '/api/vendors?prefix=70-B3-D5-6C-01-02'],
      ['blocks_around_prefix', { prefix: '00:1B:C5', limit: 200, sort: 'firstSeen', lang: 'fr' }, '/api/vendors?prefix=00:1B:C5&limit=200&sort=firstSeen&lang=fr'],
      ['registry_changes', { since: '2024-01-08', until: '2024-01-31', limit: 50 }, '/api/registry/changes?since=2024-01-08&until=2024-01-31&limit=50'],
      ['registry_changes', { since: '2025-06-01', offset: 10 }, '/api/registry/changes?since=2025-06-01&offset=10'],
      ['registry_info', {}, '/api/registry'],
    ];
    for (const [name, args, path] of pairs) expect((await call(client, name, args)).structuredContent, path).toEqual(await get(path));
  });

  it('refuses bad input with the API code and localised detail, and keeps answering', async () => {
    const refusals: ReadonlyArray<readonly [string, Record<string, unknown>, RegExp]> = [
      ['analyze_mac', { mac: 'zz:03:93:ab:12:34', lang: 'fr' }, /^Adresse MAC invalide \(invalid_mac\): Le caractère « z » en position 1/],
      ['analyze_mac', { mac: '' }, /\(missing_mac\)/],
      ['analyze_mac', { mac: '0003.93ab.1234', fields: ['vendor.nom'], lang: 'fr' }, /\(invalid_fields\): « fields » .* vendor\.nom\. .*address\.canonical/],
      ['analyze_mac', { mac: 42 }, /^Bad request \(bad_request\): .*\/mac must be string/],
      ['analyze_mac', {}, /must have required property 'mac'/],
      ['analyze_mac', { mac: '00:03:93:ab:12:34', extra: true }, /must NOT have additional properties/],
      ['analyze_macs', { macs: [] }, /\/macs must NOT have fewer than 1 items/],
      ['search_vendors', { query: 'a-' , lang: 'fr'}, /\(invalid_query\): La recherche « a- »/],
      ['search_vendors', { query: 'cisco', limit: 201 }, /\/limit must be <= 200/],
      ['blocks_around_prefix', { prefix: '00:1B' }, /\(invalid_prefix\): The prefix "00:1B" is not 6 to 16/],
      ['registry_changes', { since: '2025-02-30' }, /\(invalid_date\): since must be a calendar date/],
      ['registry_changes', { since: '2025-02-01', until: '2024-01-01' }, /until \(2024-01-01\) is before since/],
      ['no_such_tool', {}, /\(not_found\): There is no tool no_such_tool; the tools are analyze_mac, /],
    ];
    for (const [name, args, expected] of refusals) {
      expect(errorText(await call(client, name, args)), `${name} ${JSON.stringify(args)}`).toMatch(expected);
      await alive();
    }
    // A line that is not JSON-RPC at all: the transport reports it, the server goes on.
    const raw = spawnSync(process.execPath, [CLI, 'mcp'], { input: 'not json\n{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n', encoding: 'utf8', timeout: 20_000 });
    expect(raw.status).toBe(0);
    expect(JSON.parse(raw.stdout.trim().split('\n').at(-1)!).result.tools).toHaveLength(7);
  });

  it('keeps BATCH_MAX_ITEMS and BATCH_MAX_BYTES at their boundary', async () => {
    const limited = await connect({ BATCH_MAX_ITEMS: '3', BATCH_MAX_BYTES: '1000' });
    try {
      const macs = ['00:03:93:ab:12:34', '00:03:93:ab:12:35', '00:03:93:ab:12:36'];
      expect((await call(limited, 'analyze_macs', { macs })).structuredContent).toMatchObject({ count: 3 });
      expect(errorText(await call(limited, 'analyze_macs', { macs: [...macs, 'x'], lang: 'fr' }))).toMatch(/^Requête trop volumineuse \(payload_too_large\): Le lot compte 4 adresses ; 3 au plus/);
      const text = `${`${macs.join(' ')} 00:03:93:ab:12:37 `.padEnd(998, '-')}é`;
      expect(Buffer.byteLength(text)).toBe(1000);
      expect((await call(limited, 'extract_macs', { text })).structuredContent).toMatchObject({ count: 3, truncated: true });
      expect(errorText(await call(limited, 'extract_macs', { text: `${text}é` }))).toMatch(/\(payload_too_large\): The body exceeds 1000 bytes/);
      expect((await call(limited, 'analyze_mac', { mac: '00:03:93:ab:12:34' })).isError).toBeUndefined();
    } finally {
      await limited.close();
    }
  });

  it('reads its registry file again once an update replaced it, and keeps the one it has when the new one does not read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-reload-'));
    const file = join(dir, 'registry.msgpack');
    copyFileSync('data/registry.msgpack', file);
    const watching = await connect({}, ['--registry', file]);
    try {
      const info = async () => (await call(watching, 'registry_info', {})).structuredContent as { version: string };
      const before = (await info()).version;
      // What `mac-analyze update` does: a new artifact installed by rename over the file.
      const artifact = readArtifact(file);
      // Another version of the same content: its label changes, its content hash stays.
      const relabelled = artifact.meta.version.replace(/^.*-/, 'mcp-reload-test-');
      expect(installArtifact(file, { ...artifact, meta: { ...artifact.meta, version: relabelled } })).toBe(true);
      expect((await info()).version).toBe(relabelled);
      expect((await call(watching, 'analyze_mac', { mac: '00:03:93:ab:12:34', fields: ['vendor.name'] })).structuredContent).toEqual({ vendor: { name: 'Apple, Inc.' } });
      writeFileSync(`${file}.tmp`, 'not a registry');
      renameSync(`${file}.tmp`, file);
      expect((await info()).version).toBe(relabelled);
      expect(before).not.toBe(relabelled);
    } finally {
      await watching.close();
    }
  });

  it('answers a text of 5 MB, and takes its default language and registry from its arguments', async () => {
    // A day of logs: one line in ten names an address (an answer of 10,000 items fits a client's 10 MB).
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    const lines = Array.from({ length: 100_000 }, (_, i) => (i % 10 === 0 ? `dhcpd: DHCPACK on 10.0.${i >> 8}.${i & 255} to 02:00:${hex(i >> 16)}:${hex((i >> 8) & 255)}:${hex(i & 255)}:01 via eth0` : `kernel: [${i}.000000] audit: type=1400 apparmor="STATUS" operation="profile_load"`));
    const text = lines.join('\n');
    expect(text.length).toBeGreaterThan(5_000_000);
    const result = await call(client, 'extract_macs', { text, fields: ['address.canonical'] });
    expect(result.structuredContent).toMatchObject({ count: 10_000, truncated: false });
    await alive();
    const french = await connect({}, ['--lang', 'fr', '--registry', 'data/registry.msgpack']);
    try {
      const answer = (await call(french, 'analyze_mac', { mac: '00:03:93:ab:12:34', fields: ['bits.ig'] })).structuredContent as { bits: { ig: { label: string } } };
      expect(answer.bits.ig.label).toMatch(/individuelle/i);
    } finally {
      await french.close();
    }
    const missing = spawnSync(process.execPath, [CLI, 'mcp', '--registry', '/nonexistent/registry.msgpack'], { input: '', encoding: 'utf8' });
    expect(missing.status).toBe(3);
    expect(missing.stderr).toMatch(/registry/i);
  });
});
