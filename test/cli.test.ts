import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverForSuite } from './helpers/server.js';

// The compiled CLI, as a user runs it (npm test builds first).
const CLI = 'dist/src/cli/main.js';
const run = (args: string[], input?: string) => spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

describe('mac-analyze', () => {
  it('prints the analysis of one address (exit 0)', () => {
    const r = run(['00:03:93:ab:12:34', '--lang', 'fr']);
    expect(r.status).toBe(0);
    const a = JSON.parse(r.stdout);
    expect(a.vendor.name).toBe('Apple, Inc.');
    expect(a.vendor.country.name).toBe('États-Unis');
  });

  it('explains an invalid address on stderr (exit 1)', () => {
    const r = run(['00:03:93:ab:12']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('invalid_mac');
    expect(r.stderr).toContain('5 groups');
  });

  it('reads stdin and prints one NDJSON line per input, with per-line errors (exit 0: every input answered; 1 with --strict)', () => {
    const input = '00:03:93:ab:12:34\r\n\nnot a mac\n0003.93ab.1234\n';
    const r = run(['--lang', 'en'], input);
    expect(r.status).toBe(0);
    const strict = run(['--lang', 'en', '--strict'], input);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toBe(r.stdout);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.input)).toEqual(['00:03:93:ab:12:34', 'not a mac', '0003.93ab.1234']);
    expect(lines[0].analysis.address.canonical).toBe('00:03:93:AB:12:34');
    expect(lines[1].error.code).toBe('invalid_mac');
    expect(lines[2].analysis.vendor.prefix).toBe('00:03:93');
  });

  it('all-valid stdin exits 0', () => {
    const r = run([], 'ff:ff:ff:ff:ff:ff\n');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).analysis.special.id).toBe('broadcast');
  });

  it('a bad option is a usage error (exit 2)', () => {
    const r = run(['--nope']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage:');
  });

  it('a missing registry file is named (exit 3)', () => {
    const r = run(['--registry', '/nonexistent/registry.msgpack', '00:00:00:00:00:00']);
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('/nonexistent/registry.msgpack: missing');
  });
});

describe('npm run build:data', () => {
  const build = (args: string[]) => spawnSync(process.execPath, ['dist/src/registry/build-data.js', ...args], { encoding: 'utf8' });

  it('a missing IEEE CSV directory is named, with exit 1', () => {
    const r = build(['--ieee-dir', '/nonexistent/ieee', '--out', '/tmp/never-written.msgpack']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('/nonexistent/ieee/oui.csv: missing');
  });

  it('a corrupt oui-data file is named, with exit 1', () => {
    const r = build(['--oui-data', '/etc/hostname', '--out', '/tmp/never-written.msgpack']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('/etc/hostname: not valid JSON');
  });

  it('a bad option is a usage error, with exit 2', () => {
    const r = build(['--nope']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage: build:data');
  });
});

// Each run spawns the CLI on thousands to millions of lines: seconds each, more beside another suite.
describe('mac-analyze bulk', { timeout: 90_000 }, () => {
  const lines = Array.from({ length: 4500 }, (_, i) => (i % 100 === 7 ? `junk${i}` : (0x000393000000 + i * 4099).toString(16).padStart(12, '0')));

  it('--file on the pool and inline give the same NDJSON, in input order, with a summary', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'mac-cli-')), 'inventory.txt');
    writeFileSync(file, `${lines.join('\n')}\n\n`);
    const pooled = run(['--file', file, '--threads', '2']);
    const inline = run(['--file', file, '--threads', '0']);
    expect(pooled.status).toBe(0); // some lines are invalid: answered all the same
    expect(pooled.stdout).toBe(inline.stdout);
    const items = pooled.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(items.map((i) => i.input)).toEqual(lines);
    expect(pooled.stderr).toMatch(/analysed 4455 \(MA-L 4455, MA-M 0, MA-S 0, special 0, CID 0, local\/randomized 0, unassigned 0\), invalid 45, in [\d.]+ s/);
  });

  it('without --threads, a file under 16 MiB is analysed on the main thread and a larger one on the pool', async () => {
    const { spawn } = await import('node:child_process');
    const { mkdtempSync, readdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'mac-cli-size-'));
    const line = (i: number) => (0x000393000000 + i).toString(16).padStart(12, '0');
    // The most threads the process had while it ran (pool workers are threads of their own).
    const mostThreads = (args: string[]) =>
      new Promise<number>((resolve, reject) => {
        const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'ignore'] });
        let most = 0;
        const poll = setInterval(() => {
          try {
            most = Math.max(most, readdirSync(`/proc/${child.pid}/task`).length);
          } catch {
            // exited
          }
        }, 5);
        child.once('error', reject);
        child.once('exit', () => {
          clearInterval(poll);
          resolve(most);
        });
      });
    const small = join(dir, 'small.txt');
    writeFileSync(small, `${Array.from({ length: 200_000 }, (_, i) => line(i)).join('\n')}\n`);
    const large = join(dir, 'large.txt');
    writeFileSync(large, `${Array.from({ length: 1_300_000 }, (_, i) => line(i)).join('\n')}\n`); // 16.9 MB
    const inline = await mostThreads(['--file', small, '--threads', '0']);
    expect(await mostThreads(['--file', small])).toBe(inline);
    expect(await mostThreads(['--file', small, '--threads', '2'])).toBeGreaterThanOrEqual(inline + 2);
    expect(await mostThreads(['--file', large])).toBeGreaterThanOrEqual(inline + 2);
  }, 60_000);

  // Each input with the bucket its analysis puts it in (vendor registry first, then what the address is).
  const KINDS: ReadonlyArray<readonly [string, string]> = [
    ['00:03:93:ab:12:34', 'MA-L'], // Apple
    ['01:80:c2:00:00:0e', 'MA-L'], // LLDP: special, but in the IEEE 802.1 block
    ['10:06:48:00:00:01', 'MA-M'],
    ['70:b3:d5:6c:01:02', 'MA-S'],
    ['ff:ff:ff:ff:ff:ff', 'special'], // broadcast
    ['33:33:00:00:00:01', 'special'], // IPv6 multicast
    ['da:a1:19:12:34:56', 'CID'], // Google's Company ID
    ['02:42:ac:11:00:02', 'local/randomized'], // Docker
    ['7a:11:22:33:44:55', 'local/randomized'], // randomized
    ['0e:00:00:00:00:01', 'local/randomized'],
    ['f4:00:00:00:00:01', 'unassigned'],
  ];
  it.each(['0', '2'])('the summary counts each kind of address in its own bucket (--threads %s)', (threads) => {
    const r = run(['--threads', threads], `${KINDS.map(([m]) => m).join('\n')}\nnot a mac\n`);
    const count = (label: string) => KINDS.filter(([, k]) => k === label).length;
    const expected = ['MA-L', 'MA-M', 'MA-S', 'special', 'CID', 'local/randomized', 'unassigned'].map((k) => `${k} ${count(k)}`).join(', ');
    expect(r.stderr).toContain(`analysed ${KINDS.length} (${expected}), invalid 1, in `);
  });

  it('--format json is one array; --format csv has a header and quoted fields', () => {
    const input = '00:03:93:ab:12:34\nbad,"mac"\n';
    const json = JSON.parse(run(['--format', 'json'], input).stdout);
    expect(json.map((i: { input: string }) => i.input)).toEqual(['00:03:93:ab:12:34', 'bad,"mac"']);
    const csv = run(['--format', 'csv', '--lang', 'fr'], input).stdout.split('\n');
    expect(csv[0]).toBe('input,canonical,ig,ul,vendor,short_name,registry,prefix,country,special,hints,error,detail');
    expect(csv[1]).toBe('00:03:93:ab:12:34,00:03:93:AB:12:34,individual,universal,"Apple, Inc.",Apple,MA-L,00:03:93,US,,,,');
    expect(csv[2]).toMatch(/^"bad,""mac""",,,,,,,,,,,invalid_mac,"Le caractère/);
  });

  it('--fields projects each item (on the pool and inline), picks CSV columns, and names refused names (exit 2)', () => {
    const input = '00:03:93:ab:12:34\nfe80::203:93ff:feab:1234\nbad\n';
    for (const threads of ['0', '1']) {
      const nd = run(['--fields', 'vendor.name,derivedFrom.kind', '--threads', threads], input).stdout.trim().split('\n').map((l) => JSON.parse(l));
      expect(nd).toEqual([
        { input: '00:03:93:ab:12:34', analysis: { vendor: { name: 'Apple, Inc.' } } },
        { input: 'fe80::203:93ff:feab:1234', analysis: { vendor: { name: 'Apple, Inc.' }, derivedFrom: { kind: 'ipv6' } } },
        { input: 'bad', error: expect.objectContaining({ code: 'invalid_mac' }) },
      ]);
    }
    expect(run(['--format', 'csv', '--fields', 'short_name,bits'], input).stdout.split('\n').slice(0, 2)).toEqual(['input,short_name,ig,ul', '00:03:93:ab:12:34,Apple,individual,universal']);
    expect(JSON.parse(run(['--fields', 'bits.ul', '70:b3:d5:6c:01:02']).stdout)).toEqual({ bits: { ul: expect.objectContaining({ meaning: 'universal' }) } });
    const bad = run(['--fields', 'vendor.nom'], input);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('not accepted: vendor.nom; accepted: address, address.kind, address.canonical');
    expect(bad.stdout).toBe('');
  });

  it('a reader that goes away (| head) ends the run quietly with exit 0', async () => {
    const { spawn } = await import('node:child_process');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'mac-cli-')), 'big.txt');
    writeFileSync(file, Array.from({ length: 200_000 }, (_, i) => (0x000393000000 + i).toString(16).padStart(12, '0')).join('\n'));
    const child = spawn(process.execPath, [CLI, '--file', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.stdout.destroy();
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(stderr).not.toContain('Error');
  });

  it('an unreadable file is exit 4, with nothing written to stdout; a bad format is a usage error', () => {
    const r = run(['--file', '/nonexistent/inventory.txt']);
    expect(r.status).toBe(4);
    expect(r.stderr).toContain('cannot read /nonexistent/inventory.txt');
    for (const format of ['csv', 'json', 'ndjson']) {
      const missing = run(['--file', '/nonexistent/inventory.txt', '--format', format]);
      expect(missing.status).toBe(4);
      expect(missing.stdout).toBe('');
    }
    const dir = run(['--file', '/tmp', '--format', 'csv']);
    expect(dir.status).toBe(4);
    expect(dir.stdout).toBe('');
    expect(run(['--format', 'xml'], '').status).toBe(2);
  });
});

describe('mac-analyze extract', { timeout: 60_000 }, () => {
  const server = serverForSuite({ HTTP_THREADS: '1' });
  const paste = [
    '? (192.168.1.1) at 00:03:93:ab:12:34 [ether] on eth0',
    'fe80::1 dev eth0 lladdr b8:27:eb:01:02:03 REACHABLE',
    ' 10    0050.5601.0203    DYNAMIC     Gi1/0/1',
    'lease 192.168.1.20 { hardware ethernet 52:54:00:12:34:56; }',
    'zigbee: joined 0x00124b0001020304, again 00:03:93:ab:12:34',
    '4: ib0: <BROADCAST,MULTICAST,UP> mtu 2044 link/infiniband 80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff',
    'request 123456789012 took 4 ms',
  ].join('\n');
  // More distinct addresses than one chunk holds.
  const many = Array.from({ length: 5000 }, (_, i) => `port ${i} learned 02:00:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:00:01`).join('\n');

  it.each([
    ['json', '', paste],
    ['csv', 'fr', paste],
    ['json', 'fr', many],
    ['csv', 'en', many],
  ])('answers as POST /api/mac/extract does, byte for byte (%s, lang %s)', async (format, lang, text) => {
    const fields = text === many ? 'vendor.name,hints.id' : '';
    const query = new URLSearchParams({ ...(lang ? { lang } : {}), ...(fields ? { fields } : {}) }).toString();
    const res = await fetch(`${server().url}/api/mac/extract${query ? `?${query}` : ''}`, { method: 'POST', headers: { 'Content-Type': 'text/plain', Accept: format === 'csv' ? 'text/csv' : 'application/json' }, body: text });
    expect(res.status).toBe(200);
    const r = run(['extract', '--format', format, ...(lang ? ['--lang', lang] : []), ...(fields ? ['--fields', fields] : [])], text);
    expect(r.status).toBe(0);
    // The CLI ends its output with a newline, as files do.
    expect(r.stdout).toBe(`${(await res.text()).replace(/\n$/, '')}\n`);
  });

  it('reads --file, says what it found on stderr, and exits 1 when it found nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mac-extract-'));
    writeFileSync(join(dir, 'arp.txt'), paste);
    const r = run(['extract', '--file', join(dir, 'arp.txt')]);
    expect(r.status).toBe(0);
    const answer = JSON.parse(r.stdout) as { count: number; items: Array<{ input: string; line: number }> };
    expect(answer.count).toBe(6);
    expect(answer.items.map((i) => [i.input, i.line])).toContainEqual(['0x00124b0001020304', 5]);
    expect(r.stderr).toContain('found 6 (MA-L 5');
    const none = run(['extract'], 'no address here, only 123456789012\n');
    expect(none.status).toBe(1);
    expect(JSON.parse(none.stdout)).toEqual({ count: 0, truncated: false, items: [] });
  });

  it('bad arguments are exit 2, an unreadable file exit 4', () => {
    expect(run(['extract', '--format', 'ndjson'], paste).status).toBe(2);
    const fields = run(['extract', '--fields', 'vendor.nom'], paste);
    expect(fields.status).toBe(2);
    expect(fields.stderr).toContain('not accepted: vendor.nom');
    const missing = run(['extract', '--file', '/nonexistent/arp.txt']);
    expect(missing.status).toBe(4);
    expect(missing.stderr).toContain('ENOENT');
  });
});
