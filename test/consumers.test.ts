/**
 * The real consumers of the registry export: Debian's arp-scan and nmap, reading the files
 * the running service serves, scan a peer across a veth pair between two network namespaces.
 * The scanning end has an Apple address; the peer a Raspberry Pi address (2C:CF:67, a block
 * Debian's own files do not know), then an MA-S address (70:B3:D5:6C:0). The files are fetched
 * by the shipped deploy/tools/refresh-mac-registry.sh. Needs root, `ip`, arp-scan, nmap and
 * curl (test/system/packages.txt); skipped, and said, elsewhere.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { Catalog } from '../src/catalog/catalog.js';
import { renderExport } from '../src/catalog/export-formats.js';
import { startServer, type RunningServer } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('consumers');


const SCANNER = `macscan${process.pid}`;
const PEER = `macpeer${process.pid}`;
const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });
const inScanner = (cmd: string, args: string[]) => execFileSync('ip', ['netns', 'exec', SCANNER, cmd, ...args], { encoding: 'utf8', timeout: 30_000 });


describe.runIf(READY)('arp-scan and nmap read the exports', () => {
  let server: RunningServer;
  const dir = mkdtempSync(join(tmpdir(), 'consumers-'));
  const setPeer = (mac: string) => {
    ip('-n', PEER, 'link', 'set', 'vethp', 'down');
    ip('-n', PEER, 'link', 'set', 'vethp', 'address', mac);
    ip('-n', PEER, 'link', 'set', 'vethp', 'up');
    ip('netns', 'exec', SCANNER, 'ip', 'neigh', 'flush', 'all');
  };

  // The files come from the service through the shipped refresh script (deploy/tools).
  const refresh = () => execFileSync('sh', ['deploy/tools/refresh-mac-registry.sh'], { encoding: 'utf8', env: { ...process.env, MAC_SERVICE: server.url, MAC_REGISTRY_DIR: dir } });

  beforeAll(async () => {
    server = await startServer({ HTTP_THREADS: '1' });
    expect(refresh()).toBe('ieee-oui.txt: updated\nnmap-mac-prefixes: updated\nmanuf: updated\n');
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

  it('the refresh script downloads again only when the snapshot changed (ETag), leaving the files whole', () => {
    const before = readFileSync(join(dir, 'ieee-oui.txt'));
    expect(refresh()).toBe('ieee-oui.txt: unchanged\nnmap-mac-prefixes: unchanged\nmanuf: unchanged\n');
    expect(readFileSync(join(dir, 'ieee-oui.txt')).equals(before)).toBe(true);
    expect(readFileSync(join(dir, 'manuf'), 'utf8')).toMatch(/^2C:CF:67\tRaspberryPi\tRaspberry Pi \(Trading\) Ltd$/m);
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
    // NMAPDIR, as an operator would set it for every run.
    expect(execFileSync('ip', ['netns', 'exec', SCANNER, 'nmap', '-sn', '-n', '10.77.0.2'], { encoding: 'utf8', env: { ...process.env, NMAPDIR: dir } })).toContain('(Raspberry Pi (Trading) Ltd)');
    setPeer('70:b3:d5:6c:01:02');
    const out = inScanner('nmap', ['-sn', '-n', '--datadir', dir, '10.77.0.2']);
    const version = /Nmap (\d+\.\d+)/.exec(inScanner('nmap', ['--version']))?.[1] ?? '';
    expect(out).toContain(version === '7.93' ? 'MAC Address: 70:B3:D5:6C:01:02 (IEEE Registration Authority)' : 'MAC Address: 70:B3:D5:6C:01:02 (');
  });
});

// Wireshark's own file (libwireshark-data), for the shape of the manuf export.
const WIRESHARK_MANUF = '/usr/share/wireshark/manuf';

// Debian 13's Wireshark (4.4) builds its manuf into libwireshark and ships no file: the
// comparison runs where the file is (Debian 12), and says why where it is not.
const HAS_MANUF = existsSync(WIRESHARK_MANUF);
if (READY && !HAS_MANUF) process.stderr.write(`consumers.test.ts: the manuf comparison is skipped: ${WIRESHARK_MANUF} does not exist (Wireshark 4.2 and later build it into libwireshark)\n`);

describe.runIf(READY)('the manuf export', () => {
  it.runIf(HAS_MANUF)('writes prefixes as Debian\'s Wireshark manuf does: the same first field for the blocks both list, /28 and /36 included', () => {
    const analyzer = loadAnalyzer();
    const ours = new Map(renderExport(new Catalog(analyzer.index, analyzer.handle), 'manuf', 'test').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => [l.split('\t')[0], l.split('\t')] as const));
    const theirs = readFileSync(WIRESHARK_MANUF, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t'));
    for (const kind of ['/28', '/36', '']) {
      const lines = theirs.filter((f) => (kind ? f[0].endsWith(kind) : !f[0].includes('/')) && f[0].length >= 8);
      const shared = lines.filter((f) => ours.has(f[0]));
      // The registry moves on (withdrawn and reassigned blocks): most, not all, are shared.
      expect(shared.length / lines.length, `${kind || '/24'}: ${shared.length} of ${lines.length}`).toBeGreaterThan(0.9);
      // Every line has three tab-separated fields, as Wireshark's.
      for (const f of shared.slice(0, 500)) expect(ours.get(f[0])!.length).toBe(3);
    }
  });
});
