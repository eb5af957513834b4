import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitsFromKey, bitsKey } from '../src/mac/bits.js';
import { formatMac } from '../src/mac/format.js';
import { lowerHex12 } from '../src/mac/prefix.js';

const APPLE = 0x000393ab1234;

describe('formats', () => {
  it.each([
    ['canonical', '00:03:93:AB:12:34'],
    ['hexadecimal', '000393AB1234'],
    ['dashed', '00-03-93-AB-12-34'],
    ['cisco', '0003.93ab.1234'],
    ['eui64', '00:03:93:FF:FE:AB:12:34'],
    ['ipv6InterfaceId', '0203:93ff:feab:1234'],
    ['ipv6LinkLocal', 'fe80::203:93ff:feab:1234'],
    ['bitReversed', '00:C0:C9:D5:48:2C'],
  ] as const)('%s of the contract example is %s', (key, text) => {
    expect(formatMac(APPLE, key)).toBe(text);
  });

  // RFC 4291 appendix A: the U/L bit is inverted; RFC 5952: shortest text.
  it.each([
    [0x020000000000, '0000:00ff:fe00:0000', 'fe80::ff:fe00:0'],
    [0x000000000000, '0200:00ff:fe00:0000', 'fe80::200:ff:fe00:0'],
    [0x3c2ef9001122, '3e2e:f9ff:fe00:1122', 'fe80::3e2e:f9ff:fe00:1122'],
    [0x0200000a0b0c, '0000:00ff:fe0a:0b0c', 'fe80::ff:fe0a:b0c'],
  ])('IPv6 forms of %d', (mac, iid, linkLocal) => {
    expect(formatMac(mac, 'ipv6InterfaceId')).toBe(iid);
    expect(formatMac(mac, 'ipv6LinkLocal')).toBe(linkLocal);
  });

  it('link-local text is valid IPv6 that URL parsing keeps as is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (x) => {
        const ll = formatMac(x, 'ipv6LinkLocal');
        expect(new URL(`http://[${ll}]/`).hostname).toBe(`[${ll}]`);
      }),
    );
  });

  it('bit reversal is an involution', () => {
    expect(formatMac(0x010000000000, 'bitReversed')).toBe('80:00:00:00:00:00');
  });
});

describe('bits', () => {
  it.each([
    [0x000393ab1234, { ig: 0, ul: 0, transmission: 'unicast', slapQuadrant: null }],
    [0x01005e000001, { ig: 1, ul: 0, transmission: 'multicast', slapQuadrant: null }],
    [0xffffffffffff, { ig: 1, ul: 1, transmission: 'broadcast', slapQuadrant: null }],
    [0x020000000001, { ig: 0, ul: 1, transmission: 'unicast', slapQuadrant: 'AAI' }],
    [0x060000000001, { ig: 0, ul: 1, transmission: 'unicast', slapQuadrant: 'reserved' }],
    [0x0a0000000001, { ig: 0, ul: 1, transmission: 'unicast', slapQuadrant: 'ELI' }],
    [0x0e0000000001, { ig: 0, ul: 1, transmission: 'unicast', slapQuadrant: 'SAI' }],
    [0x330000000001, { ig: 1, ul: 1, transmission: 'multicast', slapQuadrant: 'AAI' }],
    [0xfeffffffffff, { ig: 0, ul: 1, transmission: 'unicast', slapQuadrant: 'SAI' }],
  ])('bits of %d', (mac, bits) => {
    expect(bitsFromKey(bitsKey(mac))).toEqual(bits);
  });

  it('bits depend only on the low nibble of the first octet, and broadcast', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 2 }), (x) => {
        const key = bitsKey(x);
        expect(key).toBe(Math.floor(x / 2 ** 40) & 15);
      }),
    );
  });
});

describe('lowerHex12 (the ETag digits)', () => {
  it('is the 12 lower-case digits of toString(16), zeros in front, at the edges and for any 48-bit value', () => {
    for (const mac of [0, 1, 0xffffff, 0x1000000, 0x000393ab1234, 2 ** 48 - 1]) expect(lowerHex12(mac)).toBe(mac.toString(16).padStart(12, '0'));
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (mac) => lowerHex12(mac) === mac.toString(16).padStart(12, '0')));
  });
});
