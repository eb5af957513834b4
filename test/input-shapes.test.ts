/**
 * The shapes people paste (switch vendors' forms, 0x, surrounding whitespace) give the same
 * outcome on every path: a GET, a batch item, an extract, the CLI's argument and its line input.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverForSuite } from './helpers/server.js';

// Input, and its canonical address or the start of its English detail.
const CASES: ReadonlyArray<readonly [string, string]> = [
  ['0800-2b01-0203', '08:00:2B:01:02:03'],
  ['0800:2b01:0203', '08:00:2B:01:02:03'],
  ['08002b-010203', '08:00:2B:01:02:03'],
  ['08002b:010203', '08:00:2B:01:02:03'],
  ['0x08002b010203', '08:00:2B:01:02:03'],
  [' 00:03:93:ab:12:34 ', '00:03:93:AB:12:34'],
  ['\t0003.93ab.1234', '00:03:93:AB:12:34'],
  ['000393ab1234\r', '00:03:93:AB:12:34'],
  ['08002-b0102', 'Group 1 has 5 digits; expected 6.'],
  ['08002b01020', 'Without separators a MAC address has exactly 12 hexadecimal digits, and a 64-bit identifier (EUI-64) 16 (after 0x, if any); this one has 11.'],
  ['08002b-0102030405', 'Group 2 has 10 digits; expected 6.'],
  ['08002b01-02030405', 'Group 1 has 8 digits; expected 6.'],
  ['0800-2b01-020', 'Group 3 has 3 digits; expected 4.'],
  // 64-bit identifiers (a Zigbee radio as Zigbee2MQTT prints it, an Intel GUID) and an IPoIB address (a Mellanox port GUID).
  ['0x00124b0001020304', '00:12:4B:00:01:02:03:04'],
  [' 00:12:4b:00:01:02:03:04\n', '00:12:4B:00:01:02:03:04'],
  ['001b.77ff.ff00.0001', '00:1B:77:FF:FF:00:00:01'],
  ['80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de', '00:02:C9:03:00:0A:BC:DE'],
  // Contract v1.5: snmpwalk's Hex-STRING, a DHCPv6 DUID and a DHCPv4 client identifier.
  ['00 03 93 ab 12 34 ', '00:03:93:AB:12:34'],
  ['00-01-00-01-2A-BC-DE-F0-00-03-93-AB-12-34', '00:03:93:AB:12:34'],
  ['00030001000393ab1234', '00:03:93:AB:12:34'],
  ['01:08:00:2b:01:02:03', '08:00:2B:01:02:03'],
  ['00:02:00:00:ab:11:e3:b0:c4:42:98:fc:1c:14', 'This is a DHCPv6 DUID of type 2 (DUID-EN): it carries no MAC address. Only a DUID-LLT (type 1) or a DUID-LL (type 3) does.'],
  ['00124b000102030', 'Without separators a MAC address has exactly 12 hexadecimal digits, and a 64-bit identifier (EUI-64) 16 (after 0x, if any); this one has 15.'],
];

type Outcome = { canonical: string } | { detail: string };

const outcome = (body: { address?: { canonical: string }; analysis?: { address: { canonical: string } }; error?: { detail: string }; detail?: string }): Outcome => {
  const address = body.address ?? body.analysis?.address;
  return address ? { canonical: address.canonical } : { detail: (body.error?.detail ?? body.detail)! };
};

const expected = (text: string): Outcome => (/^[0-9A-F]{2}:/.test(text) ? { canonical: text } : { detail: text });

describe('every path reads the same text the same way', () => {
  const running = serverForSuite({ HTTP_THREADS: '1', POOL_THREADS: '1' });

  it('GET, batch and the CLI argument', async () => {
    const server = running();
    const batch = (await (await fetch(`${server.url}/api/mac/batch`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(CASES.map(([i]) => i)) })).json()) as Array<Parameters<typeof outcome>[0] & { input: string }>;
    for (const [i, [input, want]] of CASES.entries()) {
      const res = await fetch(`${server.url}/api/mac/${encodeURIComponent(input)}`);
      expect(res.status, input).toBe('canonical' in expected(want) ? 200 : 422);
      expect(outcome(await res.json()), `GET ${JSON.stringify(input)}`).toEqual(expected(want));
      expect(batch[i].input).toBe(input);
      expect(outcome(batch[i]), `batch ${JSON.stringify(input)}`).toEqual(expected(want));
      const cli = spawnSync(process.execPath, ['dist/src/cli/main.js', input], { encoding: 'utf8' });
      const body = cli.status === 0 ? JSON.parse(cli.stdout) : { detail: cli.stderr };
      if ('canonical' in expected(want)) expect(outcome(body), `CLI ${JSON.stringify(input)}`).toEqual(expected(want));
      else expect(cli.stderr, `CLI ${JSON.stringify(input)}`).toContain(want);
    }
  });

  it('the CLI reading lines, and extract in text', async () => {
    const server = running();
    const valid = CASES.filter(([, want]) => 'canonical' in expected(want));
    const cli = spawnSync(process.execPath, ['dist/src/cli/main.js'], { input: valid.map(([i]) => i.replace(/[\r\n]/g, '')).join('\n'), encoding: 'utf8' });
    expect(cli.stdout.trim().split('\n').map((l) => outcome(JSON.parse(l)))).toEqual(valid.map(([, want]) => expected(want)));
    const text = [
      'MAC Address    VLAN',
      '0800-2b01-0203 1',
      '000393-ab1234  10',
      'Zigbee2MQTT:info  Device 0x00124b0001020304 joined; 0x00000000deadbeefcafe is no address',
      '4: ib0: <BROADCAST,MULTICAST,UP> mtu 2044 link/infiniband 80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff',
      'thread: extended address 00-1b-77-ff-ff-00-00-01, rloc 0:0:0:0:0:0:0:1, fe80::1 and 10:20:30:40:50:60:70:80:90',
    ].join('\n');
    const found = (await (await fetch(`${server.url}/api/mac/extract`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: text })).json()) as { items: Array<{ input: string; analysis: { address: { kind: string; canonical: string }; vendor: { name: string } | null; derivedFrom?: { kind: string } } }> };
    expect(found.items.map((i) => [i.input, i.analysis.address.kind, i.analysis.address.canonical, i.analysis.vendor?.name ?? null, i.analysis.derivedFrom?.kind ?? null])).toEqual([
      ['0800-2b01-0203', 'EUI-48', '08:00:2B:01:02:03', 'DIGITAL EQUIPMENT CORPORATION', null],
      ['000393-ab1234', 'EUI-48', '00:03:93:AB:12:34', 'Apple, Inc.', null],
      ['0x00124b0001020304', 'EUI-64', '00:12:4B:00:01:02:03:04', 'Texas Instruments', null],
      ['80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de', 'EUI-64', '00:02:C9:03:00:0A:BC:DE', 'Mellanox Technologies, Inc.', 'ipoib'],
      // Not the IPoIB broadcast address after brd: a multicast group's, it names no port.
      ['00-1b-77-ff-ff-00-00-01', 'EUI-64', '00:1B:77:FF:FF:00:00:01', 'Intel Corporate', null],
    ]);
  });
});
