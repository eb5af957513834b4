import { describe, expect, it } from 'vitest';
import { CANDIDATE_SHAPES, CONTEXT_MAX, extractMacs, foundAt, type FoundMac } from '../src/extract/extract.js';

// The extraction of `text` as objects.
function extract(text: string, limit?: number): { found: FoundMac[]; truncated: boolean } {
  const bytes = Buffer.from(text);
  const { items, count, truncated } = extractMacs(bytes, limit);
  return { found: Array.from({ length: count }, (_, i) => foundAt(bytes, items, i)), truncated };
}

// Real-looking captures of each format the extractor is meant for.
const CAPTURES: ReadonlyArray<[string, string, string[]]> = [
  [
    'Linux arp -a',
    `? (192.168.1.1) at 00:11:22:33:44:55 [ether] on eth0
gateway (10.0.0.1) at 70:b3:d5:6c:01:02 [ether] on wlan0
? (10.0.0.7) at <incomplete> on wlan0`,
    ['00:11:22:33:44:55', '70:b3:d5:6c:01:02'],
  ],
  [
    'Linux ip neigh',
    `192.168.1.1 dev eth0 lladdr 00:03:93:ab:12:34 REACHABLE
fe80::203:93ff:feab:1234 dev eth0 lladdr 00:03:93:ab:12:34 router STALE
fe80::1 dev eth0 lladdr 02:42:ac:11:00:02 DELAY`,
    ['00:03:93:ab:12:34', '02:42:ac:11:00:02'],
  ],
  [
    'macOS arp -a',
    `? (192.168.1.1) at 0:3:93:ab:12:34 on en0 ifscope [ethernet]
? (192.168.1.255) at ff:ff:ff:ff:ff:ff on en0 ifscope [ethernet]
? (224.0.0.251) at 1:0:5e:0:0:fb on en0 ifscope permanent [ethernet]`,
    ['0:3:93:ab:12:34', 'ff:ff:ff:ff:ff:ff', '1:0:5e:0:0:fb'],
  ],
  [
    'Windows arp -a',
    `Interface: 192.168.1.20 --- 0xb
  Internet Address      Physical Address      Type
  192.168.1.1           00-03-93-ab-12-34     dynamic
  192.168.1.255         ff-ff-ff-ff-ff-ff     static
  224.0.0.22            01-00-5e-00-00-16     static`,
    ['00-03-93-ab-12-34', 'ff-ff-ff-ff-ff-ff', '01-00-5e-00-00-16'],
  ],
  [
    'Cisco show mac address-table',
    `          Mac Address Table
-------------------------------------------
Vlan    Mac Address       Type        Ports
----    -----------       --------    -----
   1    0003.93ab.1234    DYNAMIC     Gi1/0/1
  10    70b3.d56c.0102    DYNAMIC     Gi1/0/24
 All    0100.0ccc.cccc    STATIC      CPU
Total Mac Addresses for this criterion: 3`,
    ['0003.93ab.1234', '70b3.d56c.0102', '0100.0ccc.cccc'],
  ],
  [
    'ISC dhcpd.leases',
    `lease 192.168.1.10 {
  starts 4 2026/11/19 08:12:01;
  hardware ethernet 00:03:93:ab:12:34;
  client-hostname "laptop";
}
lease 192.168.1.11 {
  hardware ethernet 3c:22:fb:00:11:22;
}`,
    ['00:03:93:ab:12:34', '3c:22:fb:00:11:22'],
  ],
  [
    'dnsmasq leases and syslog',
    `1763540000 00:03:93:ab:12:34 192.168.1.10 laptop 01:00:03:93:ab:12:34
Nov 22 01:02:03 gw dhcpd[812]: DHCPACK on 192.168.1.11 to 3c:22:fb:00:11:22 (phone) via eth0
Nov 22 01:02:04 gw kernel: IN=eth0 OUT= MAC=ff:ff:ff:ff:ff:ff:00:03:93:ab:12:34:08:00 SRC=192.168.1.10`,
    // The client identifier carries the lease's MAC, found once; netfilter's MAC= its destination and source.
    ['00:03:93:ab:12:34', '3c:22:fb:00:11:22', 'ff:ff:ff:ff:ff:ff'],
  ],
  [
    'Huawei, H3C and HPE Comware display mac-address',
    `MAC Address    VLAN/VSI   Learned-From   Type
-------------------------------------------------------
0800-2b01-0203 1/-        GE0/0/1        dynamic
3c22-fb00-1122 10/-       GE0/0/24       dynamic
Total items displayed = 2`,
    ['0800-2b01-0203', '3c22-fb00-1122'],
  ],
  [
    'HP ProCurve and Aruba show mac-address',
    ` Status and Counters - Port Address Table

  MAC Address   Port  VLAN
  ------------- ----- ----
  000393-ab1234 1     1
  70b3d5-6c0102 24    10`,
    ['000393-ab1234', '70b3d5-6c0102'],
  ],
  [
    'PostgreSQL and netaddr forms',
    `macaddr 0800:2b01:0203 and 08002b:010203 in a log line`,
    ['0800:2b01:0203'],
  ],
];

describe('extractMacs', () => {
  it.each(CAPTURES)('%s', (_name, text, expected) => {
    expect(extract(text).found.map((f) => f.input)).toEqual(expected);
  });

  it('reports each distinct address once, with its first line', () => {
    const found = extract('a 00:03:93:ab:12:34\nb 00-03-93-AB-12-34\nc 0003.93ab.1234');
    expect(found).toEqual({ truncated: false, found: [{ input: '00:03:93:ab:12:34', mac: 0x000393ab1234, derived: null, line: 1, context: 'a 00:03:93:ab:12:34' }] });
  });

  it('ignores IPv6 addresses, times, hashes, UUIDs and pointers', () => {
    const text = 'fe80::1:2:3:4:5 at 12:34:56 sha 0123456789abcdef0123 ipv6 2001:db8:1:2:3:4:5:6 uuid 123e4567-e89b-12d3-a456-426614174000 at 0x55d5c2a0b2c0 ipv6 2001:0db8:0000:0000:0000:ff00:0042:8329 loopback 0:0:0:0:0:0:0:1 and 1:2:3:4:5:6:7:8 at 0x0000000055d5c2a0b2c0';
    expect(extract(text)).toEqual({ found: [], truncated: false });
  });

  it('finds EUI-64s (eight groups of two digits, or 0x and 16 digits) and IPoIB addresses, the ones made from a MAC as that MAC', () => {
    const text = 'eui 00:03:93:ff:fe:ab:12:34 zigbee 0x00124b0001020304 thread 00-1b-77-ff-ff-00-00-01\nib 80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de again 00:12:4B:00:01:02:03:04';
    const found = extract(text).found;
    expect(found.map((f) => [f.input, f.line, f.mac, f.derived?.kind ?? null, f.derived?.eui64 ?? null])).toEqual([
      ['00:03:93:ff:fe:ab:12:34', 1, 0x000393ab1234, 'eui64', null],
      ['0x00124b0001020304', 1, 0x00124b000102, null, { high48: 0x00124b000102, low16: 0x0304 }],
      ['00-1b-77-ff-ff-00-00-01', 1, 0x001b77ffff00, null, { high48: 0x001b77ffff00, low16: 0x0001 }],
      ['80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de', 2, 0x0002c903000a, 'ipoib', { high48: 0x0002c903000a, low16: 0xbcde }],
    ]);
  });

  it('stops at the limit, and says so only when an address was left out', () => {
    const three = '00:00:00:00:00:01 00:00:00:00:00:02 00:00:00:00:00:03';
    expect(extract(three, 2).found).toHaveLength(2);
    expect(extract(three, 2).truncated).toBe(true);
    expect(extract(three, 3).truncated).toBe(false);
    expect(extract(`${three} 00:00:00:00:00:01`, 3).truncated).toBe(false);
  });

  it('keeps a short window of a long line as context, with ellipses where it was cut', () => {
    const line = `${'x'.repeat(10_000)} 00:03:93:ab:12:34 ${'y'.repeat(10_000)}`;
    const [m] = extract(`first\r\n${line}`).found;
    expect(m.line).toBe(2);
    expect(m.context.length).toBeLessThanOrEqual(CONTEXT_MAX);
    expect(m.context).toMatch(/^…x+ 00:03:93:ab:12:34 y+…$/);
  });

  it('counts lines across CRLF and keeps UTF-8 whole at the edges of a context', () => {
    const line = `${'é'.repeat(100)} 00:03:93:ab:12:34 ${'ü'.repeat(100)}`;
    const [m] = extract(`a\r\nb\r\n${line}\r\n`).found;
    expect(m.line).toBe(3);
    expect(m.context).not.toContain('\ufffd');
    expect(m.context).toMatch(/^…é+ 00:03:93:ab:12:34 ü+…$/);
  });

  it('scans many lines without an address before one in linear time', () => {
    const text = `${'no address here\n'.repeat(600_000)}at the end 00:03:93:ab:12:34`;
    expect(extract(text).found).toEqual([{ input: '00:03:93:ab:12:34', mac: 0x000393ab1234, derived: null, line: 600_001, context: 'at the end 00:03:93:ab:12:34' }]);
  });

  it('scans one long line in linear time (no quadratic context or rescans)', () => {
    // 200,000 distinct addresses on one line; the old code copied the line into every item.
    const macs = Array.from({ length: 200_000 }, (_, i) => `02:00:00:${((i >> 16) & 255).toString(16).padStart(2, '0')}:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`);
    const { found, truncated } = extract(macs.join(' '), 150_000);
    expect(found).toHaveLength(150_000);
    expect(truncated).toBe(true);
    expect(found.every((f) => f.context.length <= CONTEXT_MAX)).toBe(true);
  });
});

describe('the shapes an address is found in, each on its own', () => {
  // One written example of each shape, and the address (or the first of them) it gives.
  const EXAMPLES: Readonly<Record<keyof typeof CANDIDATE_SHAPES, readonly [string, number]>> = {
    netfilter: ['MAC=00:03:93:ab:12:34:52:54:00:12:34:56:08:00', 0x000393ab1234],
    colonPairs: ['00:12:4b:00:01:02:03:04', 0x00124b000102],
    dashPairs: ['00-12-4b-00-01-02-03-04', 0x00124b000102],
    ipv6: ['fe80:0:0:0:203:93ff:feab:1234', 0x000393ab1234],
    hex64: ['0x00124b0001020304', 0x00124b000102],
    ipv6Compressed: ['fe80::203:93ff:feab:1234', 0x000393ab1234],
    colon6: ['0:3:93:ab:12:34', 0x000393ab1234],
    dash6: ['00-03-93-ab-12-34', 0x000393ab1234],
    dot6: ['00.03.93.ab.12.34', 0x000393ab1234],
    ciscoWords: ['0003.93ab.1234', 0x000393ab1234],
    dashWords: ['0003-93ab-1234', 0x000393ab1234],
    colonWords: ['0003:93ab:1234', 0x000393ab1234],
    halves: ['000393-ab1234', 0x000393ab1234],
    spacedPairs: ['00 03 93 AB 12 34', 0x000393ab1234],
  };
  for (const [name, shape] of Object.entries(CANDIDATE_SHAPES) as Array<[keyof typeof CANDIDATE_SHAPES, string]>) {
    it(`${name}: its example is the shape whole, and is found in a line of text`, () => {
      const [written, mac] = EXAMPLES[name];
      expect(new RegExp(`^(?:${shape})$`).test(written)).toBe(true);
      // No other shape tried before it takes the example whole (the alternation's order).
      const before = Object.entries(CANDIDATE_SHAPES).slice(0, Object.keys(CANDIDATE_SHAPES).indexOf(name)).filter(([, s]) => new RegExp(`^(?:${s})$`).test(written));
      expect(before.map(([n]) => n)).toEqual([]);
      const { found } = extract(`seen ${written} on port 7`);
      expect(found[0].mac).toBe(mac);
    });
  }
});
