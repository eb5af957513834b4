/**
 * 64-bit identifiers (EUI-64) and IPoIB addresses, as contract v1.4 answers them: every EUI-64
 * round-trips through its formats (a property test), the IPv6 forms follow RFC 4291 and 5952,
 * and the real blocks of the registry answer for them on every path: 00:12:4B Texas
 * Instruments (Zigbee radios), 00:1B:77 Intel, 00:02:C9 Mellanox (InfiniBand port GUIDs).
 */
import fc from 'fast-check';
import { decode } from 'msgpackr';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analyzer } from '../src/analysis/analyzer.js';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import type { Analysis } from '../src/analysis/types.js';
import { parseAddressInput, parseIpv6 } from '../src/mac/derived.js';
import { eui64Formats, ipv6Text, type Eui64 } from '../src/mac/eui64.js';
import { assertConforms } from './helpers/openapi.js';
import { parseCsv } from './helpers/csv.js';
import { serverForSuite } from './helpers/server.js';

const eui64 = fc.record({ high48: fc.integer({ min: 0, max: 2 ** 48 - 1 }), low16: fc.integer({ min: 0, max: 0xffff }) });
// FF-FE in the middle is the mapping of a MAC-48: such an identifier answers as the MAC inside.
const notMapped = (id: Eui64) => Math.floor(id.high48 / 256) % 65536 !== 0xfffe;

describe('the formats of a 64-bit identifier', () => {
  it('round-trip: each EUI-64 form, in either case and with 0x, parses back to the identifier', () => {
    fc.assert(
      fc.property(eui64.filter(notMapped), (id) => {
        const f = eui64Formats(id);
        for (const text of [f.canonical, f.hexadecimal, f.dashed, f.cisco, f.eui64, `0x${f.hexadecimal}`, f.canonical.toLowerCase(), f.cisco.replace(/\./g, '-')]) {
          expect(parseAddressInput(text), text).toEqual({ mac: id.high48, eui64: id, kind: null });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('carry the modified EUI-64 in the interface ID and the link-local address, and each octet reversed', () => {
    fc.assert(
      fc.property(eui64, (id) => {
        const f = eui64Formats(id);
        const octets = f.canonical.split(':').map((o) => parseInt(o, 16));
        const modified = [octets[0] ^ 2, ...octets.slice(1)];
        expect(Array.from(parseIpv6(f.ipv6LinkLocal)!)).toEqual([0xfe, 0x80, 0, 0, 0, 0, 0, 0, ...modified]);
        expect(f.ipv6InterfaceId.replace(/:/g, '')).toBe(modified.map((o) => o.toString(16).padStart(2, '0')).join(''));
        expect(f.bitReversed.split(':').map((o) => parseInt(o, 16).toString(2).padStart(8, '0'))).toEqual(octets.map((o) => o.toString(2).padStart(8, '0').split('').reverse().join('')));
      }),
      { numRuns: 2000 },
    );
  });

  it('write IPv6 text as RFC 5952 does: the longest run of zeros, the first of equal runs, never a lone zero', () => {
    expect(ipv6Text([0xfe80, 0, 0, 0, 0x212, 0x4b00, 0x102, 0x304])).toBe('fe80::212:4b00:102:304');
    expect(ipv6Text([0xfe80, 0, 0, 0, 0, 0, 0, 1])).toBe('fe80::1');
    expect(ipv6Text([0xfe80, 0, 0, 0, 0x200, 0, 0, 0])).toBe('fe80::200:0:0:0');
    expect(ipv6Text([0xfe80, 0, 0, 0, 0x200, 0, 0, 0, 0].slice(0, 8))).toBe('fe80::200:0:0:0');
    expect(ipv6Text([1, 0, 2, 0, 0, 3, 0, 4])).toBe('1:0:2::3:0:4');
    expect(ipv6Text([1, 2, 3, 4, 5, 6, 7, 8])).toBe('1:2:3:4:5:6:7:8');
  });
});

describe('the analysis of a 64-bit identifier (in-process)', () => {
  let analyzer: Analyzer;
  beforeAll(() => {
    analyzer = loadAnalyzer();
  });
  const analyse = (input: string, lang: 'en' | 'fr' = 'en') => {
    const r = analyzer.analyze(input, lang);
    if (!r.ok) throw new Error(r.detail);
    return r.analysis;
  };

  it('gives the vendor of its block, with the 64-bit first, last and size', () => {
    const ti = analyse('0x00124b0001020304');
    expect(ti.address).toMatchObject({ kind: 'EUI-64', canonical: '00:12:4B:00:01:02:03:04', cisco: '0012.4b00.0102.0304', ipv6InterfaceId: '0212:4b00:0102:0304', ipv6LinkLocal: 'fe80::212:4b00:102:304' });
    expect(ti.vendor).toMatchObject({ name: 'Texas Instruments', prefix: '00:12:4B', prefixLength: 24, registry: 'MA-L', block: { first: '00:12:4B:00:00:00:00:00', last: '00:12:4B:FF:FF:FF:FF:FF', size: 2 ** 40 } });
    expect(ti.vendor?.block.firstSeen).toEqual(analyse('00:12:4b:00:01:02').vendor?.block.firstSeen);
    expect(analyse('00-1B-77-FF-FF-00-00-01').vendor).toMatchObject({ name: 'Intel Corporate', registry: 'MA-L' });
    const mas = analyse('70:b3:d5:6c:01:02:03:04').vendor;
    expect(mas).toMatchObject({ prefix: '70:B3:D5:6C:0', prefixLength: 36, registry: 'MA-S', block: { first: '70:B3:D5:6C:00:00:00:00', last: '70:B3:D5:6C:0F:FF:FF:FF', size: 2 ** 28 } });
    expect(analyse('00:55:da:50:00:01:02:03').vendor).toMatchObject({ prefixLength: 28, registry: 'MA-M', block: { size: 2 ** 36 } });
  });

  it('answers an IPoIB address as its port GUID, with derivedFrom', () => {
    const ib = analyse(' 80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de\n', 'fr');
    expect(ib.address.canonical).toBe('00:02:C9:03:00:0A:BC:DE');
    expect(ib.vendor?.name).toBe('Mellanox Technologies, Inc.');
    expect(ib.derivedFrom).toEqual({ kind: 'ipoib', value: '80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de' });
  });

  it('reads the bits of its first octet; a local one has no vendor, and a CID or randomized hint; special and the MAC-48 hint tables do not apply', () => {
    const local = analyse('7e:11:22:33:44:55:66:77');
    expect(local.bits).toMatchObject({ ig: { value: 0 }, ul: { value: 1, meaning: 'local' }, transmission: 'unicast', slapQuadrant: 'SAI' });
    expect(local.vendor).toBeNull();
    expect(local.hints).toMatchObject([{ id: 'randomized', quadrant: 'SAI' }]);
    const group = analyse('01:80:c2:00:00:00:00:0e');
    expect(group.bits.transmission).toBe('multicast');
    expect(group.vendor?.name).toBe(analyse('01:80:c2:00:00:0e').vendor?.name); // looked up with the I/G bit cleared, as a MAC-48
    expect(group.special).toBeNull();
    // The platforms' ranges are MAC-48 facts: VMware's OUI gives no hint, QEMU's local range only the randomized one.
    expect(analyse('00:50:56:01:02:03:04:05').hints).toEqual([]);
    expect(analyse('52:54:00:12:34:56:78:9a').hints).toMatchObject([{ id: 'randomized', quadrant: 'AAI' }]);
    expect(analyse('ff:ff:ff:ff:ff:ff:ff:ff').bits.transmission).toBe('broadcast');
    expect(analyse('ff:ff:ff:ff:ff:ff:00:00').bits.transmission).toBe('multicast');
    // The CID hint, on a CID of the registry, in the ELI quadrant.
    const cid = analyzer.handle.cids;
    const prefix = cid.prefixes[0].toString(16).padStart(6, '0');
    const eli = analyse(`${prefix}0001020304`);
    expect(eli.hints[0]).toMatchObject({ id: 'cid', prefix: prefix.toUpperCase().match(/../g)!.join(':') });
  });
});

describe('64-bit identifiers over HTTP', () => {
  const running = serverForSuite({ HTTP_THREADS: '1', POOL_THREADS: '1' });
  const ZIGBEE = '0x00124b0001020304';

  it('GET answers them on both paths and in both languages, declared by the OpenAPI document, with fields and an ETag of their own', async () => {
    const url = running().url;
    const bodies: Analysis[] = [];
    for (const path of [`/api/mac/${ZIGBEE}`, `/api/public/mac/${ZIGBEE}?lang=fr`, '/api/mac/00:12:4b:00:01:02:03:04', '/api/mac/80-00-02-08-fe-80-00-00-00-00-00-00-00-02-c9-03-00-0a-bc-de']) {
      const res = await fetch(url + path);
      const text = await res.text();
      assertConforms('GET', path.split('?')[0], res, text);
      bodies.push(JSON.parse(text) as Analysis);
    }
    expect(bodies[0].address).toEqual(bodies[2].address);
    expect(bodies[1].vendor?.country).toEqual({ code: 'NO', name: 'Norvège' }); // the TI record of this MA-L is its Norwegian one
    expect(bodies[3].derivedFrom?.kind).toBe('ipoib');
    const projected = await fetch(`${url}/api/mac/${ZIGBEE}?fields=address.kind,vendor.name,vendor.block`);
    expect(await projected.json()).toEqual({ address: { kind: 'EUI-64' }, vendor: { name: 'Texas Instruments', block: bodies[0].vendor!.block } });
    const etags = await Promise.all(['0x00124b0001020304', '00:12:4b:00:01:02:03:05', '00:12:4b:00:01:02'].map(async (m) => (await fetch(`${url}/api/mac/${m}`)).headers.get('etag')));
    expect(new Set(etags).size).toBe(3);
    expect((await fetch(`${url}/api/mac/${ZIGBEE}`, { headers: { 'If-None-Match': etags[0]! } })).status).toBe(304);
  });

  it('batch answers them in every format; CSV carries the 64-bit canonical form', async () => {
    const url = running().url;
    const macs = [ZIGBEE, '00-1B-77-FF-FF-00-00-01', '80:00:02:08:fe:80:00:00:00:00:00:00:00:02:c9:03:00:0a:bc:de', '00:03:93:ab:12:34', '00124b000102030'];
    const post = (accept: string) => fetch(`${url}/api/mac/batch`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: accept }, body: JSON.stringify(macs) });
    const json = (await (await post('application/json')).json()) as Array<{ analysis?: Analysis; error?: { code: string } }>;
    expect(json.map((i) => i.analysis?.address.kind ?? i.error?.code)).toEqual(['EUI-64', 'EUI-64', 'EUI-64', 'EUI-48', 'invalid_mac']);
    const ndjson = (await (await post('application/x-ndjson')).text()).trim().split('\n').map((l) => JSON.parse(l) as unknown);
    expect(ndjson).toEqual(json);
    expect(decode(Buffer.from(await (await post('application/msgpack')).arrayBuffer()))).toEqual(json);
    const csv = parseCsv(await (await post('text/csv')).text());
    expect(csv.slice(1).map((r) => [r[1], r[4]])).toEqual([
      ['00:12:4B:00:01:02:03:04', 'Texas Instruments'],
      ['00:1B:77:FF:FF:00:00:01', 'Intel Corporate'],
      ['00:02:C9:03:00:0A:BC:DE', 'Mellanox Technologies, Inc.'],
      ['00:03:93:AB:12:34', 'Apple, Inc.'],
      ['', ''],
    ]);
  });

  it('vendors ?prefix= takes up to 16 digits, 0x too', async () => {
    const url = running().url;
    const answer = (await (await fetch(`${url}/api/vendors?prefix=${ZIGBEE}`)).json()) as { prefix: string; total: number; blocks: Array<{ prefix: string; mostSpecific?: boolean }> };
    expect(answer).toMatchObject({ prefix: '00:12:4B:00:01:02:03:04', total: 1, blocks: [{ prefix: '00:12:4B', mostSpecific: true }] });
    expect((await fetch(`${url}/api/vendors?prefix=00124b00010203040`)).status).toBe(400);
  });
});
