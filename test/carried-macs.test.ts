/**
 * The MACs inside what people paste (contract v1.5): snmpwalk's Hex-STRING, DHCPv6 DUIDs and
 * DHCPv4 client identifiers are accepted on every path (GET after URL-decoding, a batch item,
 * the CLI), answered as the MAC inside with its `derivedFrom`; what carries no MAC is refused
 * with a detail that says why, in English and French; and extract finds them in lease files,
 * netfilter logs, snmpwalk output and a DHCP audit log, but not in a hex dump.
 */
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { derivedFromOf, parseAddressInput } from '../src/mac/derived.js';
import { assertConforms } from './helpers/openapi.js';
import { serverForSuite } from './helpers/server.js';

const APPLE = 0x000393ab1234;
const CLI = 'dist/src/cli/main.js';

// Input, the MAC inside, and its derivedFrom (null: the input is that MAC itself).
const ACCEPTED: ReadonlyArray<readonly [string, number, Record<string, string> | null]> = [
  // Net-SNMP's Hex-STRING (BRIDGE-MIB, ifPhysAddress), with the space it ends with.
  ['00 03 93 AB 12 34 ', APPLE, null],
  ['00 50 79 66 68 0f', 0x00507966680f, null],
  // DUID-LLT as ipconfig /all prints it, as dhclient and Kea do, and as continuous digits.
  ['00-01-00-01-2A-BC-DE-F0-00-03-93-AB-12-34', APPLE, { kind: 'duid', duidType: 'LLT', time: '2022-09-20T20:28:32Z' }],
  ['00:01:00:01:2a:bc:de:f0:00:03:93:ab:12:34', APPLE, { kind: 'duid', duidType: 'LLT', time: '2022-09-20T20:28:32Z' }],
  ['000100012abcdef0000393ab1234', APPLE, { kind: 'duid', duidType: 'LLT', time: '2022-09-20T20:28:32Z' }],
  ['00:01:00:01:00:00:00:00:52:54:00:12:34:56', 0x525400123456, { kind: 'duid', duidType: 'LLT', time: '2000-01-01T00:00:00Z' }],
  // DUID-LL (dnsmasq, systemd-networkd's "link-layer").
  ['00:03:00:01:00:03:93:ab:12:34', APPLE, { kind: 'duid', duidType: 'LL' }],
  ['00-03-00-01-00-03-93-AB-12-34', APPLE, { kind: 'duid', duidType: 'LL' }],
  ['00030001000393ab1234', APPLE, { kind: 'duid', duidType: 'LL' }],
  // DHCPv4 client identifiers: dnsmasq leases, Kea's client-id, ISC's uid.
  ['01:00:03:93:ab:12:34', APPLE, { kind: 'client-id' }],
  [' 01-00-03-93-AB-12-34\n', APPLE, { kind: 'client-id' }],
  ['01000393ab1234', APPLE, { kind: 'client-id' }],
];

// Input, the error's kind, and its English and French details.
const REFUSED: ReadonlyArray<readonly [string, string, string, string]> = [
  ['00  03 93 ab 12 34', 'double_space', 'Two spaces in a row at position 4: octets separated by spaces, as snmpwalk prints a Hex-STRING, take one space each.', 'Deux espaces consécutives en position 4 : des octets séparés par des espaces, comme snmpwalk affiche une Hex-STRING, n’en prennent qu’une chacun.'],
  ['00 03 93 ab 12', 'space_groups', 'The address has 5 groups separated by spaces; octets separated by spaces, as snmpwalk prints a Hex-STRING, are 6 groups of 2 digits.', 'L’adresse compte 5 groupes séparés par des espaces ; des octets séparés par des espaces, comme snmpwalk affiche une Hex-STRING, forment 6 groupes de 2 chiffres.'],
  // systemd-networkd's default DUID-EN (its enterprise number, 43793, and a hash of the machine id).
  ['00:02:00:00:ab:11:e3:b0:c4:42:98:fc:1c:14', 'duid_type', 'This is a DHCPv6 DUID of type 2 (DUID-EN): it carries no MAC address. Only a DUID-LLT (type 1) or a DUID-LL (type 3) does.', 'C’est un DUID DHCPv6 de type 2 (DUID-EN) : il ne porte aucune adresse MAC. Seul un DUID-LLT (type 1) ou un DUID-LL (type 3) en porte une.'],
  ['00-04-8c-0a-5e-1f-3b-2d-4e-77-a1-b2-c3-d4-e5-f6-07-18', 'duid_type', 'This is a DHCPv6 DUID of type 4 (DUID-UUID): it carries no MAC address. Only a DUID-LLT (type 1) or a DUID-LL (type 3) does.', 'C’est un DUID DHCPv6 de type 4 (DUID-UUID) : il ne porte aucune adresse MAC. Seul un DUID-LLT (type 1) ou un DUID-LL (type 3) en porte une.'],
  // Hardware type 6 (IEEE 802, token ring) and 32 (InfiniBand).
  ['00:01:00:06:2a:bc:de:f0:00:03:93:ab:12:34', 'duid_hardware', 'This DUID-LLT carries a link-layer address of hardware type 6, not 1 (Ethernet): it is no MAC address.', 'Ce DUID-LLT porte une adresse de liaison de type matériel 6, et non 1 (Ethernet) : ce n’est pas une adresse MAC.'],
  ['00:03:00:20:00:03:93:ab:12:34', 'duid_hardware', 'This DUID-LL carries a link-layer address of hardware type 32, not 1 (Ethernet): it is no MAC address.', 'Ce DUID-LL porte une adresse de liaison de type matériel 32, et non 1 (Ethernet) : ce n’est pas une adresse MAC.'],
  ['00:03:00:01:00:03:93:ab:12:34:56', 'duid_length', 'A DUID-LL with hardware type 1 (Ethernet) has 10 octets; this one has 11.', 'Un DUID-LL de type matériel 1 (Ethernet) compte 10 octets ; celui-ci en a 11.'],
  ['00:01:00:01:00:03:93:ab:12:34', 'duid_length', 'A DUID-LLT with hardware type 1 (Ethernet) has 14 octets; this one has 10.', 'Un DUID-LLT de type matériel 1 (Ethernet) compte 14 octets ; celui-ci en a 10.'],
  ['ff:00:03:93:ab:12:34', 'client_id_type', 'The input has 7 octets, one more than a MAC address: a DHCPv4 client identifier that carries a MAC starts with 01 (hardware type 1, Ethernet), and this one starts with ff.', 'L’entrée compte 7 octets, un de plus qu’une adresse MAC : un identifiant de client DHCPv4 qui porte une adresse MAC commence par 01 (type matériel 1, Ethernet), et celui-ci commence par ff.'],
  // Octets that are no DUID are said by their count, as before: no DUID type, or a MAC with extra
  // octets whose OUI starts as a DUID does (Apple's 00:03:93, Intel's 00:02:B3, 00:04:5A).
  ['00:05:00:01:2a:bc:de:f0:00:03:93:ab:12:34', 'group_count', 'The address has 14 groups separated by ":"', 'L’adresse compte 14 groupes séparés par « : »'],
  ['00:03:93:aa:bb:ab:12:34:56', 'group_count', 'The address has 9 groups separated by ":"', 'L’adresse compte 9 groupes séparés par « : »'],
  ['00-02-b3-01-02-03-04-05-06-07', 'group_count', 'The address has 10 groups separated by "-"', 'L’adresse compte 10 groupes séparés par « - »'],
  ['00045a0102030405060708', 'digit_count', 'this one has 22.', 'celle-ci en a 22.'],
];

describe('parseAddressInput reads the identifiers that carry a MAC', () => {
  it.each(ACCEPTED)('%j carries %d', (input, mac, from) => {
    const parsed = parseAddressInput(input);
    expect(typeof parsed === 'number' ? parsed : 'mac' in parsed ? parsed.mac : parsed).toBe(mac);
    expect(derivedFromOf(typeof parsed === 'number' || 'mac' in parsed ? parsed : null, input)).toEqual(from && { value: input.trim(), ...from });
  });

  it.each(REFUSED)('%j is refused as %s', (input, kind) => {
    expect(parseAddressInput(input)).toMatchObject({ kind });
  });

  // Any MAC, any DUID-LLT time, in every octet shape and case, comes back out whole.
  it('a MAC put in a DUID-LLT, a DUID-LL or a client identifier is the MAC analysed', () => {
    const hex = (n: number, octets: number) => n.toString(16).padStart(2 * octets, '0').match(/../g)!;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.constantFrom(':', '-', ''), fc.boolean(), (mac, seconds, sep, upper) => {
        const carriers = [
          { octets: ['00', '01', '00', '01', ...hex(seconds, 4), ...hex(mac, 6)], from: { kind: 'duid', duidType: 'LLT', time: new Date(Date.UTC(2000, 0, 1) + seconds * 1000).toISOString().replace('.000Z', 'Z') } },
          { octets: ['00', '03', '00', '01', ...hex(mac, 6)], from: { kind: 'duid', duidType: 'LL' } },
          { octets: ['01', ...hex(mac, 6)], from: { kind: 'client-id' } },
        ];
        for (const { octets, from } of carriers) {
          const text = upper ? octets.join(sep).toUpperCase() : octets.join(sep);
          const parsed = parseAddressInput(text);
          expect(parsed).toMatchObject({ mac });
          expect(derivedFromOf(parsed as number, text)).toEqual({ value: text, ...from });
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('over HTTP and from the CLI', () => {
  const running = serverForSuite({ HTTP_THREADS: '1', POOL_THREADS: '1' });

  it('GET answers the MAC inside, with derivedFrom, its own ETag and the fields asked for', async () => {
    const { url } = running();
    for (const [input, mac, from] of ACCEPTED) {
      const path = `/api/mac/${encodeURIComponent(input)}`;
      const res = await fetch(url + path);
      const text = await res.text();
      expect(res.status, input).toBe(200);
      assertConforms('GET', '/api/mac/{mac}', res, text);
      const body = JSON.parse(text) as { address: { canonical: string }; derivedFrom?: unknown };
      expect(parseInt(body.address.canonical.replaceAll(':', ''), 16), input).toBe(mac);
      expect(body.derivedFrom, input).toEqual(from ? { value: input.trim(), ...from } : undefined);
    }
    const duid = '00-01-00-01-2A-BC-DE-F0-00-03-93-AB-12-34';
    const [whole, plain] = await Promise.all([fetch(`${url}/api/mac/${duid}`), fetch(`${url}/api/mac/00:03:93:ab:12:34`)]);
    expect(whole.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    expect(await (await fetch(`${url}/api/mac/${duid}?fields=vendor.name,derivedFrom.duidType,derivedFrom.time`)).json()).toEqual({ vendor: { name: 'Apple, Inc.' }, derivedFrom: { duidType: 'LLT', time: '2022-09-20T20:28:32Z' } });
    // snmpwalk's form typed into a URL by hand, its spaces as `+` in the query form of the page's links.
    expect((await (await fetch(`${url}/api/mac/00%2003%2093%20ab%2012%2034`)).json()).address.canonical).toBe('00:03:93:AB:12:34');
  });

  it('a batch answers each item as GET does, in both languages', async () => {
    const { url } = running();
    const inputs = [...ACCEPTED.map(([i]) => i), ...REFUSED.map(([i]) => i)];
    for (const lang of ['en', 'fr'] as const) {
      const res = await fetch(`${url}/api/mac/batch?lang=${lang}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(inputs) });
      const items = (await res.json()) as Array<{ input: string; analysis?: { derivedFrom?: unknown }; error?: { code: string; detail: string } }>;
      for (const [i, [input, , from]] of ACCEPTED.entries()) expect(items[i].analysis?.derivedFrom, input).toEqual(from ? { value: input.trim(), ...from } : undefined);
      for (const [i, [input, , en, fr]] of REFUSED.entries()) {
        const item = items[ACCEPTED.length + i];
        expect(item.input).toBe(input);
        expect(item.error?.code).toBe('invalid_mac');
        expect(item.error?.detail, input).toContain(lang === 'en' ? en : fr);
      }
    }
  });

  it('a bulk text body, one input per line, answers the same as NDJSON lines', async () => {
    const { url } = running();
    const lines = ACCEPTED.map(([i]) => i.trim());
    const res = await fetch(`${url}/api/mac/batch`, { method: 'POST', headers: { 'Content-Type': 'text/plain', Accept: 'application/x-ndjson' }, body: lines.join('\n') });
    const items = (await res.text()).trim().split('\n').map((l) => JSON.parse(l) as { input: string; analysis: { derivedFrom?: unknown } });
    expect(items.map((i) => i.input)).toEqual(lines);
    for (const [i, [, , from]] of ACCEPTED.entries()) expect(items[i].analysis.derivedFrom, lines[i]).toEqual(from ? { value: lines[i], ...from } : undefined);
  });

  it('what carries no MAC is a 422 with the detail in the language asked for, from GET and the CLI', async () => {
    const { url } = running();
    for (const [input, , en, fr] of REFUSED) {
      for (const [lang, detail] of [['en', en], ['fr', fr]] as const) {
        const res = await fetch(`${url}/api/mac/${encodeURIComponent(input)}?lang=${lang}`);
        const text = await res.text();
        expect(res.status, input).toBe(422);
        assertConforms('GET', '/api/mac/{mac}', res, text);
        expect(JSON.parse(text), input).toMatchObject({ code: 'invalid_mac', detail: expect.stringContaining(detail) });
        const cli = spawnSync(process.execPath, [CLI, '--lang', lang, input], { encoding: 'utf8' });
        expect(cli.status, input).not.toBe(0);
        expect(cli.stderr, input).toContain(detail);
      }
    }
    const cli = spawnSync(process.execPath, [CLI, '00:01:00:01:2a:bc:de:f0:00:03:93:ab:12:34'], { encoding: 'utf8' });
    expect(JSON.parse(cli.stdout).derivedFrom).toEqual({ kind: 'duid', value: '00:01:00:01:2a:bc:de:f0:00:03:93:ab:12:34', duidType: 'LLT', time: '2022-09-20T20:28:32Z' });
  });

  // Captures of each kind of text v1.5 names, and what extract finds in each.
  const TEXTS: ReadonlyArray<readonly [string, string, ReadonlyArray<readonly [string, string, string | null]>]> = [
    [
      'iptables LOG and nftables log lines, with and without a VLAN tag',
      `Nov 27 10:00:01 fw kernel: [UFW BLOCK] IN=eth0 OUT= MAC=00:03:93:ab:12:34:08:00:2b:01:02:03:08:00 SRC=10.0.0.5 DST=10.0.0.1 LEN=60
Nov 27 10:00:02 fw kernel: IN=eth0.10 OUT= MAC=ff:ff:ff:ff:ff:ff:52:54:00:12:34:56:81:00:00:0a:08:06 SRC=10.0.0.6
Nov 27 10:00:03 fw kernel: IN=eth0 OUT= MAC=00:03:93:ab:12:34:52:54:00:12:34:56:86:dd SRC=fe80::1`,
      [
        ['00:03:93:ab:12:34', '00:03:93:AB:12:34', null],
        ['08:00:2b:01:02:03', '08:00:2B:01:02:03', null],
        ['ff:ff:ff:ff:ff:ff', 'FF:FF:FF:FF:FF:FF', null],
        ['52:54:00:12:34:56', '52:54:00:12:34:56', null],
      ],
    ],
    [
      'snmpwalk of BRIDGE-MIB and IF-MIB, and an octet string that is longer than a MAC',
      `BRIDGE-MIB::dot1dTpFdbAddress.'.Pyfh.' = Hex-STRING: 00 50 79 66 68 0F 
IF-MIB::ifPhysAddress.2 = Hex-STRING: 52 54 00 12 34 56 
SNMPv2-SMI::enterprises.9.9.23.1.2.1.1.4.1 = Hex-STRING: 0A 0B 0C 0D 0E 0F 10 11 `,
      [
        ['00 50 79 66 68 0F', '00:50:79:66:68:0F', null],
        ['52 54 00 12 34 56', '52:54:00:12:34:56', null],
      ],
    ],
    [
      'ipconfig /all, a Kea lease6 CSV line and a dnsmasq lease with its client identifier',
      `   DHCPv6 IAID . . . . . . . . . . . : 101715427
   DHCPv6 Client DUID. . . . . . . . : 00-01-00-01-2A-BC-DE-F0-00-03-93-AB-12-34
2001:db8:1::100,00:03:00:01:08:00:2b:01:02:03,3600,1764230400,1,3000,4000,0,1,,0
1764230400 52:54:00:12:34:56 192.168.1.10 vm1 01:52:54:00:12:34:56
duid 00:02:00:00:ab:11:e3:b0:c4:42:98:fc:1c:14 (DUID-EN, no MAC)`,
      [
        ['00-01-00-01-2A-BC-DE-F0-00-03-93-AB-12-34', '00:03:93:AB:12:34', 'duid'],
        ['00:03:00:01:08:00:2b:01:02:03', '08:00:2B:01:02:03', 'duid'],
        ['52:54:00:12:34:56', '52:54:00:12:34:56', null],
      ],
    ],
    [
      'a Windows DHCP Server audit log, its header after its preamble',
      `\t\tMicrosoft DHCP Service Activity Log

Event ID  Meaning
00\tThe log was started.
10\tA new IP address was leased to a client.

ID,Date,Time,Description,IP Address,Host Name,MAC Address,User Name, TransactionID, QResult,Probationtime, CorrelationID,Dhcid
00,11/27/26,08:00:00,Started,,,,,0,6,,,
10,11/27/26,08:15:02,Assign,192.168.1.50,laptop.corp.local,000393AB1234,,1234567890,0,,,
11,11/27/26,08:16:02,Renew,192.168.1.51,printer.corp.local,08002B010203,,1234567891,0,,,`,
      [
        ['000393AB1234', '00:03:93:AB:12:34', null],
        ['08002B010203', '08:00:2B:01:02:03', null],
      ],
    ],
    [
      'a Hyper-V export (quoted cells); its 12-digit ids in other columns stay ids',
      `"VMName","VMId","MacAddress","SwitchName"
"web01","0a1b2c3d4e5f","00155D010203","External"
"db01","0a1b2c3d4e60","00155D010204","External"`,
      [
        ['00155D010203', '00:15:5D:01:02:03', null],
        ['00155D010204', '00:15:5D:01:02:04', null],
      ],
    ],
    ['12 digits outside a MAC column', `ID;Host;Serial\n1;web01;000393AB1234\nsession 0a1b2c3d4e5f ended`, []],
    [
      'hexdump -C, xxd and a tcpdump -X dump of a frame',
      `00000000  00 50 79 66 68 0f 08 00  45 00 00 3c 1c 46 40 00  |.Pyfh...E..<.F@.|
00000010  52 54 00 12 34 56                                 |RT..4V|
00000000: 0050 7966 680f 0800 4500 003c 1c46 4000  .Pyfh...E..<.F@.
\t0x0000:  4500 003c 1c46 4000 4006 b1e6 0a00 0001  E..<.F@.@.......
0000: 52 54 00 12 34 57`,
      [],
    ],
  ];

  it.each(TEXTS)('extract: %s', async (_name, text, expected) => {
    const { url } = running();
    const res = await fetch(`${url}/api/mac/extract`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: text });
    const body = await res.text();
    assertConforms('POST', '/api/mac/extract', res, body);
    const items = (JSON.parse(body) as { items: Array<{ input: string; line: number; context: string; analysis: { address: { canonical: string }; derivedFrom?: { kind: string } } }> }).items;
    expect(items.map((i) => [i.input, i.analysis.address.canonical, i.analysis.derivedFrom?.kind ?? null])).toEqual(expected);
    const lines = text.split('\n');
    for (const item of items) expect(lines[item.line - 1]).toContain(item.input);
  });

  it('extract: netfilter\'s destination and source each come with their own context', async () => {
    const { url } = running();
    const text = 'kernel: IN=eth0 OUT= MAC=00:03:93:ab:12:34:08:00:2b:01:02:03:08:00 SRC=10.0.0.5';
    const { items } = (await (await fetch(`${url}/api/mac/extract`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: text })).json()) as { items: Array<{ input: string; context: string }> };
    expect(items.map((i) => i.input)).toEqual(['00:03:93:ab:12:34', '08:00:2b:01:02:03']);
    expect(items[0].context).toBe('kernel: IN=eth0 OUT= MAC=00:03:93:ab:12:34:08:00:2b:01:02:03:08:00 SRC=10.0.0.5');
    expect(items[1].context).toBe(items[0].context);
  });
});
