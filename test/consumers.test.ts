/**
 * The real consumers of the registry export: Debian's arp-scan and nmap, reading the files
 * the running service serves, scan a peer across a veth pair between two network namespaces.
 * The scanning end has an Apple address; the peer a Raspberry Pi address (2C:CF:67, a block
 * Debian's own files do not know), then an MA-S address (70:B3:D5:6C:0). Needs root, `ip`,
 * arp-scan and nmap (.ci/run installs them); skipped, and said, elsewhere.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './helpers/server.js';

const have = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const CAN_RUN = process.getuid?.() === 0 && have('ip') && have('arp-scan') && have('nmap') && spawnSync('ip', ['netns', 'list']).status === 0;
if (!CAN_RUN) process.stderr.write('consumers.test.ts: skipped (needs root, ip, arp-scan and nmap)\n');

const SCANNER = `macscan${process.pid}`;
const PEER = `macpeer${process.pid}`;
const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });
const inScanner = (cmd: string, args: string[]) => execFileSync('ip', ['netns', 'exec', SCANNER, cmd, ...args], { encoding: 'utf8', timeout: 30_000 });

// CI (.ci/run) sets REQUIRE_CONSUMERS: there, a skip would hide a missing check.
it.runIf(!CAN_RUN && process.env.REQUIRE_CONSUMERS === '1')('can run here (root, ip netns, arp-scan, nmap)', () => {
  expect(CAN_RUN).toBe(true);
});

describe.runIf(CAN_RUN)('arp-scan and nmap read the exports', () => {
  let server: RunningServer;
  const dir = mkdtempSync(join(tmpdir(), 'consumers-'));
  const setPeer = (mac: string) => {
    ip('-n', PEER, 'link', 'set', 'vethp', 'down');
    ip('-n', PEER, 'link', 'set', 'vethp', 'address', mac);
    ip('-n', PEER, 'link', 'set', 'vethp', 'up');
    ip('netns', 'exec', SCANNER, 'ip', 'neigh', 'flush', 'all');
  };

  beforeAll(async () => {
    server = await startServer({ HTTP_THREADS: '1' });
    for (const [format, file] of [['arp-scan', 'ieee-oui.txt'], ['nmap', 'nmap-mac-prefixes']]) {
      const res = await fetch(`${server.url}/api/registry/blocks?format=${format}`);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${file}"`);
      writeFileSync(join(dir, file), Buffer.from(await res.arrayBuffer()));
    }
    ip('netns', 'add', SCANNER);
    ip('netns', 'add', PEER);
    ip('link', 'add', 'veths', 'netns', SCANNER, 'type', 'veth', 'peer', 'name', 'vethp', 'netns', PEER);
    ip('-n', SCANNER, 'link', 'set', 'veths', 'address', '00:03:93:ab:12:34'); // Apple
    ip('-n', PEER, 'link', 'set', 'vethp', 'address', '2c:cf:67:44:55:66'); // Raspberry Pi
    ip('-n', SCANNER, 'addr', 'add', '10.77.0.1/24', 'dev', 'veths');
    ip('-n', PEER, 'addr', 'add', '10.77.0.2/24', 'dev', 'vethp');
    for (const [ns, dev] of [[SCANNER, 'veths'], [PEER, 'vethp']]) {
      ip('-n', ns, 'link', 'set', dev, 'up');
      ip('-n', ns, 'link', 'set', 'lo', 'up');
    }
  });
  afterAll(async () => {
    for (const ns of [SCANNER, PEER]) spawnSync('ip', ['netns', 'del', ns]);
    await server?.stop();
  });

  it('arp-scan names the Raspberry Pi with our file (6 digits), and an MA-S block (9 digits)', () => {
    setPeer('2c:cf:67:44:55:66');
    const ours = inScanner('arp-scan', ['--interface=veths', `--ouifile=${join(dir, 'ieee-oui.txt')}`, '--macfile=/dev/null', '--retry=3', '10.77.0.2']);
    expect(ours).toMatch(/10\.77\.0\.2\s+2c:cf:67:44:55:66\s+Raspberry Pi \(Trading\) Ltd/);
    const debians = inScanner('arp-scan', ['--interface=veths', '--retry=3', '10.77.0.2']);
    process.stderr.write(`arp-scan with Debian's own file: ${debians.split('\n').find((l) => l.startsWith('10.77.0.2')) ?? '(no answer)'}\n`);
    setPeer('70:b3:d5:6c:01:02');
    expect(inScanner('arp-scan', ['--interface=veths', `--ouifile=${join(dir, 'ieee-oui.txt')}`, '--macfile=/dev/null', '--retry=3', '10.77.0.2'])).toMatch(/70:b3:d5:6c:01:02\s+LLC NTZ Mekhanotronika/);
  });

  it('nmap 7.93 names the Raspberry Pi with our file, and an MA-S block by its IEEE RA parent (it skips 9-digit lines)', () => {
    setPeer('2c:cf:67:44:55:66');
    expect(inScanner('nmap', ['-sn', '-n', '--datadir', dir, '10.77.0.2'])).toContain('MAC Address: 2C:CF:67:44:55:66 (Raspberry Pi (Trading) Ltd)');
    setPeer('70:b3:d5:6c:01:02');
    const out = inScanner('nmap', ['-sn', '-n', '--datadir', dir, '10.77.0.2']);
    const version = /Nmap (\d+\.\d+)/.exec(inScanner('nmap', ['--version']))?.[1] ?? '';
    expect(out).toContain(version === '7.93' ? 'MAC Address: 70:B3:D5:6C:01:02 (IEEE Registration Authority)' : 'MAC Address: 70:B3:D5:6C:01:02 (');
  });
});
