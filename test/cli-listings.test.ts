import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// The compiled CLI's listings of the registry (npm test builds first). Each command loads the
// whole registry and builds its catalog: about 1-2 s a run on an idle 2-core machine, two to
// three times that beside another suite, hence the longer timeout.
const CLI = 'dist/src/cli/main.js';
const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

describe('mac-analyze listings', { timeout: 90_000 }, () => {
  it('vendors: a table, JSON or CSV, a prefix listing, offline on the registry file', () => {
    const t = run(['vendors', 'raspberry', 'pi']);
    expect(t.status).toBe(0);
    expect(t.stdout.split('\n')[0]).toMatch(/^VENDOR\s+COUNTRY\s+BLOCKS\s+FIRST SEEN\s+PREFIXES$/);
    // FIRST SEEN: the vendor's oldest block … its newest (2C:CF:67: 2024-01-08 in the dataset).
    expect(t.stdout).toMatch(/Raspberry Pi \(Trading\) Ltd\s+GB\s+\d+\s+2024-01-08 … \d{4}-\d{2}-\d{2}\s+2C:CF:67/);
    expect(run(['vendors', 'raspberry', 'pi', 'foundation']).stdout).toMatch(/Raspberry Pi Foundation\s+US\s+1\s+2012-02-11\s+B8:27:EB$/m);
    // Newest first: the Trading Ltd's blocks by first-seen date, descending.
    const newest = JSON.parse(run(['vendors', 'raspberry', 'pi', 'trading', '--sort', 'firstSeen', '--format', 'json']).stdout) as { vendors: Array<{ blocks: Array<{ firstSeen: { date: string } }> }> };
    const dates = newest.vendors[0].blocks.map((b) => b.firstSeen.date);
    expect(dates.length).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(run(['vendors', 'apple', '--sort', 'age']).status).toBe(2);
    const json = JSON.parse(run(['vendors', 'raspberry', '--format', 'json', '--lang', 'fr']).stdout) as { total: number; vendors: Array<{ name: string; country: { name: string } }> };
    expect(json.vendors.find((v) => v.name === 'Raspberry Pi (Trading) Ltd')?.country.name).toBe('Royaume-Uni');
    const csv = run(['vendors', 'raspberry', '--format', 'csv']).stdout.split('\n');
    expect(csv[0]).toBe('prefix,prefix_length,registry,first_seen,name,short_name,country');
    expect(csv).toContain('2C:CF:67,24,MA-L,2024-01-08,Raspberry Pi (Trading) Ltd,RaspberryPi,GB');
    const prefix = run(['vendors', '--prefix', '70-B3-D5-6C-01-02']);
    expect(prefix.stdout).toMatch(/70:B3:D5:6C:0\s+MA-S\s+\*\s+\d{4}-\d{2}-\d{2}\s+LLC NTZ Mekhanotronika/);
    // An IAB under 00:50:C2 has its own /36 date, not the MA-L's.
    const iab = run(['vendors', '--prefix', '00:50:C2:00:0', '--format', 'csv']).stdout;
    expect(iab).toContain('00:50:C2,MA-L,,2000-09-08,IEEE Registration Authority,US');
    expect(iab).toContain('00:50:C2:00:0,MA-S (IAB),*,2008-07-30,T.L.S. Corp.,US');
    expect(run(['vendors', 'zzqqxxvv']).status).toBe(1);
    expect(run(['vendors', 'a']).status).toBe(2);
    expect(run(['vendors', '--prefix', '00:03']).status).toBe(2);
    expect(run(['vendors', 'apple', '--registry', '/nonexistent/registry.msgpack']).status).toBe(3);
  });

  it('changes: the blocks first seen in a range of days, newest first, in every format', () => {
    const t = run(['changes', '--since', '2024-01-08', '--until', '2024-01-08']);
    expect(t.status).toBe(0);
    expect(t.stdout.split('\n')[0]).toMatch(/^FIRST SEEN\s+SOURCE\s+PREFIX\s+REGISTRY\s+VENDOR\s+COUNTRY$/);
    expect(t.stdout).toMatch(/^2024-01-08\s+ieee\s+2C:CF:67\s+MA-L\s+Raspberry Pi \(Trading\) Ltd\s+GB$/m);
    expect(t.stderr).toMatch(/^\d+ blocks first seen from 2024-01-08 to 2024-01-08\n$/);
    const json = JSON.parse(run(['changes', '--since', '2025-01-01', '--format', 'json']).stdout) as { total: number; items: Array<{ firstSeen: { date: string } }> };
    expect(json.total).toBe(json.items.length);
    expect(json.items.map((i) => i.firstSeen.date)).toEqual(json.items.map((i) => i.firstSeen.date).sort().reverse());
    const csv = run(['changes', '--since', '2024-01-08', '--until', '2024-01-08', '--format', 'csv']).stdout.split('\n');
    expect(csv[0]).toBe('prefix,prefix_length,registry,iab,name,short_name,country,address,first_seen');
    expect(csv.some((l) => l.startsWith('2C:CF:67,24,MA-L,false,Raspberry Pi (Trading) Ltd,') && l.endsWith(',2024-01-08'))).toBe(true);
    expect(run(['changes', '--since', '1971-01-01', '--until', '1971-01-02']).status).toBe(1);
    for (const bad of [[], ['--since', '2025-02-30'], ['--since', '2025-06-01', '--until', '2025-05-01'], ['--since', '2025-01-01', '--format', 'xml']]) expect(run(['changes', ...bad]).status).toBe(2);
  });

  it('export: the formats of the tools that read them (nmap, arp-scan, Wireshark), and CSV', () => {
    const nmap = run(['export', '--format', 'nmap']);
    expect(nmap.status).toBe(0);
    expect(nmap.stdout).toMatch(/^2CCF67 Raspberry Pi \(Trading\) Ltd$/m);
    expect(run(['export', '--format', 'arp-scan']).stdout).toMatch(/^70B3D56C0\tLLC NTZ Mekhanotronika$/m);
    expect(run(['export', '--format', 'manuf']).stdout).toMatch(/^00:55:DA:10:00:00\/28\tKoolPOS\tKoolPOS Inc\.$/m);
    const csv = run(['export']).stdout.split('\n');
    expect(csv[0]).toBe('prefix,prefix_length,registry,iab,name,short_name,country,address,first_seen');
    expect(csv.find((l) => l.startsWith('00:03:93,'))).toMatch(/,2000-11-09$/);
  });

  it('export for data engines: the blocks as Parquet, the ranges as Parquet (the default), CSV or NDJSON', () => {
    const parquet = spawnSync(process.execPath, [CLI, 'export', '--format', 'parquet'], { maxBuffer: 64 * 1024 * 1024 });
    expect(parquet.status).toBe(0);
    expect(parquet.stdout.subarray(0, 4).toString()).toBe('PAR1');
    expect(parquet.stdout.subarray(-4).toString()).toBe('PAR1');
    const ranges = spawnSync(process.execPath, [CLI, 'export', '--ranges'], { maxBuffer: 64 * 1024 * 1024 });
    expect(ranges.stdout.subarray(0, 4).toString()).toBe('PAR1');
    const rangeCsv = run(['export', '--ranges', '--format', 'csv']).stdout.split('\n');
    expect(rangeCsv[0]).toBe('first,last,prefix,prefix_length,registry,iab,name,short_name,country,first_seen');
    expect(rangeCsv).toContain('0,16777215,00:00:00,24,MA-L,false,XEROX CORPORATION,Xerox,US,2000-09-08');
    expect(JSON.parse(run(['export', '--ranges', '--format', 'ndjson']).stdout.split('\n')[0])).toMatchObject({ first: 0, last: 16777215, prefix: '00:00:00' });
    expect(run(['export', '--ranges', '--format', 'nmap']).status).toBe(2);
  });

  it('export: its help, and a usage error that names the formats', () => {
    const help = run(['export', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--format parquet\s+the blocks as they are/);
    expect(help.stdout).toMatch(/--ranges\s+the registry flattened into non-overlapping ranges/);
    const bad = run(['export', '--format', 'xml']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('arp-scan');
  });
});
