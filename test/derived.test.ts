/** MACs carried by EUI-64 and IPv6 inputs (RFC 4291 appendix A), and the inputs that carry none. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAddressInput, parseIpv6 } from '../src/mac/derived.js';
import { assertConforms } from './helpers/openapi.js';
import { startServer, type RunningServer } from './helpers/server.js';

const APPLE = 0x000393ab1234;

describe('parseAddressInput', () => {
  it.each([
    ['fe80::203:93ff:feab:1234', { mac: APPLE, eui64: null, kind: 'ipv6' }],
    ['FE80::0203:93FF:FEAB:1234', { mac: APPLE, eui64: null, kind: 'ipv6' }],
    ['2001:db8:0:1:203:93ff:feab:1234', { mac: APPLE, eui64: null, kind: 'ipv6' }],
    ['2001:db8::203:93ff:feab:1234', { mac: APPLE, eui64: null, kind: 'ipv6' }],
    ['fe80::5054:ff:fe12:3456', { mac: 0x525400123456, eui64: null, kind: 'ipv6' }], // a QEMU guest: U/L bit inverted back
    ['::203:93ff:feab:1234', { mac: APPLE, eui64: null, kind: 'ipv6' }],
    ['00:03:93:ff:fe:ab:12:34', { mac: APPLE, eui64: null, kind: 'eui64' }],
    ['00-03-93-FF-FE-AB-12-34', { mac: APPLE, eui64: null, kind: 'eui64' }],
    ['000393fffeab1234', { mac: APPLE, eui64: null, kind: 'eui64' }],
    ['0003.93ff.feab.1234', { mac: APPLE, eui64: null, kind: 'eui64' }],
    ['  fe80::203:93ff:feab:1234\n', { mac: APPLE, eui64: null, kind: 'ipv6' }], // blanks around it ignored
    ['0x000393fffeab1234', { mac: APPLE, eui64: null, kind: 'eui64' }],
    // An IPoIB address whose port GUID has FF-FE in its middle: the MAC inside.
    ['80:00:02:08:fe:80:00:00:00:00:00:00:00:03:93:ff:fe:ab:12:34', { mac: APPLE, eui64: null, kind: 'ipoib' }],
  ] as const)('%s carries a MAC', (input, expected) => {
    expect(parseAddressInput(input)).toEqual(expected);
  });

  // 64-bit identifiers in every shape the contract lists (Zigbee2MQTT and ZHA print 0x…; ip link prints IPoIB).
  const TI = { high48: 0x00124b000102, low16: 0x0304 };
  it.each([
    ['00:12:4b:00:01:02:03:04', TI, null],
    ['00-12-4B-00-01-02-03-04', TI, null],
    ['0:12:4b:0:1:2:3:4', TI, null],
    ['00.12.4b.00.01.02.03.04', TI, null],
    ['0012.4b00.0102.0304', TI, null],
    ['0012:4b00:0102:0304', TI, null],
    ['0012-4b00-0102-0304', TI, null],
    ['00124b0001020304', TI, null],
    ['0x00124b0001020304', TI, null],
    ['0X00124B0001020304', TI, null],
    [' 0x00124b0001020304\r\n', TI, null],
    ['00:03:93:aa:bb:ab:12:34', { high48: 0x000393aabbab, low16: 0x1234 }, null],
    ['80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de', { high48: 0x0002c903000a, low16: 0xbcde }, 'ipoib'],
    ['80-00-02-08-FE-80-00-00-00-00-00-00-00-02-C9-03-00-0A-BC-DE', { high48: 0x0002c903000a, low16: 0xbcde }, 'ipoib'],
    ['8000.0208.fe80.0000.0000.0000.0002.c903.000a.bcde', { high48: 0x0002c903000a, low16: 0xbcde }, 'ipoib'],
  ] as const)('%j is a 64-bit identifier', (input, eui64, kind) => {
    expect(parseAddressInput(input)).toEqual({ mac: eui64.high48, eui64, kind });
  });

  it.each([
    ['2001:db8::1', { kind: 'ipv6_not_eui64', interfaceId: '0:0:0:1', eui64: '02:00:00:00:00:00:00:01' }],
    ['fe80::a1b2:c3d4:e5f6:789a', { kind: 'ipv6_not_eui64', interfaceId: 'a1b2:c3d4:e5f6:789a', eui64: 'A3:B2:C3:D4:E5:F6:78:9A' }],
    // An IPv6 address is never read as groups of four: three or four digits in a group, or `::`.
    // A Zigbee or Thread radio's link-local address: its identifier, 00:12:4B:00:01:02:03:04, is named.
    ['fe80::212:4b00:102:304', { kind: 'ipv6_not_eui64', interfaceId: '212:4b00:102:304', eui64: '00:12:4B:00:01:02:03:04' }],
    // An IPoIB address whose GID is a multicast group's (ip link's brd): no port, so no port GUID.
    ['00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff', { kind: 'ipoib_multicast', gid: 'ff12:401b:ffff::ffff:ffff' }],
    ['00-ff-ff-ff-ff-12-40-1b-80-00-00-00-00-00-00-00-ff-ff-ff-ff', { kind: 'ipoib_multicast', gid: 'ff12:401b:8000::ffff:ffff' }],
    ['00ff.ffff.ff12.401b.ffff.0000.0000.0000.ffff.ffff', { kind: 'ipoib_multicast', gid: 'ff12:401b:ffff::ffff:ffff' }],
  ] as const)('%s carries none, and says why', (input, expected) => {
    expect(parseAddressInput(input)).toEqual(expected);
  });

  // Splits and lengths near the 64-bit shapes stay refused, saying what was expected.
  it.each([
    ['00124b00-01020304', { kind: 'group_length', group: 1, digits: 8, expected: '6' }],
    ['000393-ab1234567890', { kind: 'group_length', group: 2, digits: 12, expected: '6' }],
    ['00393-ab123', { kind: 'group_length', group: 1, digits: 5, expected: '6' }],
    ['000393ab123', { kind: 'digit_count', digits: 11 }],
    ['00124b000102030', { kind: 'digit_count', digits: 15 }],
    ['0x00124b000102030405', { kind: 'digit_count', digits: 18 }],
    ['00:12:4b:00:01:02:03', { kind: 'client_id_type', type: '00' }], // seven octets: a client identifier of type 0
    ['00:12:4b:00:01:02:03:04:05', { kind: 'group_count', groups: 9, separator: ':' }],
    ['0012.4b00.0102.030', { kind: 'group_length', group: 4, digits: 3, expected: '4' }],
    ['0.12.4b.00.01.02.03.04', { kind: 'group_count', groups: 8, separator: '.' }],
    ['80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc', { kind: 'group_count', groups: 19, separator: ':' }],
  ] as const)('%j is refused: %j', (input, expected) => {
    expect(parseAddressInput(input)).toEqual(expected);
  });

  it('a MAC-48 is still a plain number, and other errors are unchanged', () => {
    expect(parseAddressInput('00:03:93:ab:12:34')).toBe(APPLE);
    expect(parseAddressInput('00:03:93:ab:12')).toMatchObject({ kind: 'group_count' });
    expect(parseAddressInput('fe80:::1')).toMatchObject({ kind: 'group_count' });
    expect(parseAddressInput('')).toEqual({ kind: 'empty' });
  });

  it('parseIpv6 reads RFC 4291 forms and refuses the rest', () => {
    expect(Array.from(parseIpv6('::ffff:192.0.2.1')!)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 192, 0, 2, 1]);
    for (const bad of ['1::2::3', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '12345::1', 'fe80::1%eth0', '::1.2.3.256', 'g::1']) expect(parseIpv6(bad), bad).toBeNull();
  });
});

describe('IPv6 and EUI-64 input over HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HTTP_THREADS: '1', POOL_THREADS: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a link-local address answers the analysis of its MAC, with derivedFrom and its own ETag', async () => {
    const path = '/api/public/mac/fe80::203:93ff:feab:1234';
    const res = await fetch(server.url + path);
    const text = await res.text();
    assertConforms('GET', '/api/public/mac/{mac}', res, text);
    const body = JSON.parse(text) as { address: { canonical: string }; vendor: { name: string }; derivedFrom: unknown };
    expect(res.status).toBe(200);
    expect(body.address.canonical).toBe('00:03:93:AB:12:34');
    expect(body.vendor.name).toBe('Apple, Inc.');
    expect(body.derivedFrom).toEqual({ kind: 'ipv6', value: 'fe80::203:93ff:feab:1234' });
    const plain = await fetch(`${server.url}/api/public/mac/00:03:93:ab:12:34`);
    expect(res.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    expect((await plain.json()).derivedFrom).toBeUndefined();
    const again = await fetch(server.url + path, { headers: { 'If-None-Match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    const eui = await (await fetch(`${server.url}/api/mac/00-03-93-FF-FE-AB-12-34`)).json();
    expect(eui.derivedFrom).toEqual({ kind: 'eui64', value: '00-03-93-FF-FE-AB-12-34' });
  });

  it('an IPv6 address not made from a MAC is 422, saying it is likely a privacy address, in both languages', async () => {
    const en = await fetch(`${server.url}/api/mac/2001:db8::a1b2:c3d4:e5f6:789a`);
    expect(en.status).toBe(422);
    expect((await en.json()).detail).toContain('likely a privacy (temporary) or random address');
    const zigbee = await fetch(`${server.url}/api/mac/fe80::212:4b00:102:304`);
    expect((await zigbee.json()).detail).toContain('that identifier is 00:12:4B:00:01:02:03:04');
    const fr = await fetch(`${server.url}/api/mac/2001:db8::1?lang=fr`);
    expect((await fr.json()).detail).toContain('adresse temporaire');
  });

  it('an IPoIB multicast address (ip link\'s brd) is 422, saying it names no port, in both languages', async () => {
    const brd = '00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff';
    const en = await fetch(`${server.url}/api/mac/${brd}`);
    expect(en.status).toBe(422);
    expect(await en.json()).toMatchObject({ code: 'invalid_mac', detail: expect.stringContaining('multicast group (ff12:401b:ffff::ffff:ffff)') });
    const fr = await fetch(`${server.url}/api/mac/${brd}?lang=fr`);
    expect((await fr.json()).detail).toContain('ne désigne aucun port');
  });

  it('batch and extract take them too', async () => {
    const batch = await fetch(`${server.url}/api/mac/batch`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(['fe80::203:93ff:feab:1234', '2001:db8::1', '00:03:93:ab:12:34']) });
    const items = (await batch.json()) as Array<{ analysis?: { derivedFrom?: unknown }; error?: { code: string } }>;
    expect(items[0].analysis?.derivedFrom).toEqual({ kind: 'ipv6', value: 'fe80::203:93ff:feab:1234' });
    expect(items[1].error?.code).toBe('invalid_mac');
    expect(items[2].analysis?.derivedFrom).toBeUndefined();
    // `ip -6 neigh`: the neighbours' SLAAC and link-local addresses carry their MACs.
    const neigh = 'fe80::5054:ff:fe12:3456 dev eth0 lladdr 52:54:00:12:34:56 router REACHABLE\n2001:db8::203:93ff:feab:1234 dev eth0 FAILED\nfe80::1 dev eth0 lladdr 00:00:5e:00:01:01 STALE\n';
    const found = (await (await fetch(`${server.url}/api/mac/extract`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: neigh })).json()) as { items: Array<{ input: string; line: number; analysis: { address: { canonical: string }; derivedFrom?: unknown } }> };
    expect(found.items.map((i) => [i.input, i.line, i.analysis.address.canonical])).toEqual([
      ['fe80::5054:ff:fe12:3456', 1, '52:54:00:12:34:56'],
      ['2001:db8::203:93ff:feab:1234', 2, '00:03:93:AB:12:34'],
      ['00:00:5e:00:01:01', 3, '00:00:5E:00:01:01'],
    ]);
    expect(found.items[0].analysis.derivedFrom).toEqual({ kind: 'ipv6', value: 'fe80::5054:ff:fe12:3456' });
  });
});
