import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDRESS_FORMATS, formatMac } from '../src/mac/format.js';
import { parseMac, type MacParseError, type OtherShape } from '../src/mac/parse.js';

const APPLE = 0x000393ab1234;

// Every accepted shape of docs/API.md, with the value it denotes.
const VALID: ReadonlyArray<[string, number]> = [
  ['00:03:93:ab:12:34', APPLE],
  ['00:03:93:AB:12:34', APPLE],
  ['00-03-93-AB-12-34', APPLE],
  ['0003.93ab.1234', APPLE],
  ['0003.93AB.1234', APPLE],
  ['00.03.93.ab.12.34', APPLE],
  ['000393ab1234', APPLE],
  ['000393AB1234', APPLE],
  ['0:3:93:ab:12:34', APPLE], // BSD/macOS arp drops leading zeros
  ['0-3-93-ab-12-34', APPLE],
  ['ff:ff:ff:ff:ff:ff', 0xffffffffffff],
  ['00:00:00:00:00:00', 0],
  ['0:0:0:0:0:0', 0],
  ['01:00:5e:7f:ff:fa', 0x01005e7ffffa],
  ['aBcD.eF01.2345', 0xabcdef012345],
  // Switch vendors' own forms (Huawei, H3C, HPE Comware; HP ProCurve, Aruba), and PostgreSQL's and netaddr's.
  ['0003-93ab-1234', APPLE],
  ['0003:93ab:1234', APPLE],
  ['000393-ab1234', APPLE],
  ['000393:ab1234', APPLE],
  ['0800-2b01-0203', 0x08002b010203],
  ['08002b-010203', 0x08002b010203],
  ['FFFFFF-FFFFFF', 0xffffffffffff],
  // Firmware and Zigbee tools: 0x before continuous digits.
  ['0x000393ab1234', APPLE],
  ['0X000393AB1234', APPLE],
  // Pasted with what surrounds it.
  [' 00:03:93:ab:12:34 ', APPLE],
  ['\t0003.93ab.1234\r\n', APPLE],
  ['\n000393ab1234', APPLE],
  ['  0x000393ab1234\t', APPLE],
  // snmpwalk's Hex-STRING: six octets with single spaces, and the space it ends with.
  ['00 03 93 ab 12 34', APPLE],
  ['00 03 93 AB 12 34 ', APPLE],
];

// Every kind of rejection, with the reason.
// The octets of a string of hex digits.
const hex = (digits: string) => Uint8Array.from(digits.match(/../g)!, (o) => parseInt(o, 16));

// Not a MAC-48: why, or (with its octets) the other shape derived.ts reads.
const INVALID: ReadonlyArray<[string, MacParseError | OtherShape]> = [
  ['', { kind: 'empty' }],
  ['   ', { kind: 'empty' }],
  ['\t', { kind: 'empty' }],
  ['0'.repeat(65), { kind: 'too_long', length: 65, max: 64 }],
  ['00:03:93:ab:12:3g', { kind: 'bad_character', char: 'g', position: 17 }],
  ['zz', { kind: 'bad_character', char: 'z', position: 1 }],
  ['00 03 93 ab 12', { kind: 'space_groups', groups: 5 }],
  ['00 03 93 ab 12 34 56', { kind: 'space_groups', groups: 7 }],
  ['00  03 93 ab 12 34', { kind: 'double_space', position: 4 }],
  ['00 03 93 ab 12  34', { kind: 'double_space', position: 16 }],
  ['0 3 93 ab 12 34', { kind: 'group_length', group: 1, digits: 1, expected: '2' }],
  ['0003 93ab 1234', { kind: 'space_groups', groups: 3 }],
  ['00 03:93 ab 12 34', { kind: 'mixed_separators', expected: ' ', found: ':', position: 6 }],
  ['\v00:03:93:ab:12:34', { kind: 'bad_character', char: '\v', position: 1 }],
  ['\u00a000:03:93:ab:12:34', { kind: 'bad_character', char: '\u00a0', position: 1 }],
  ['  00:03:93:ab:12:3g ', { kind: 'bad_character', char: 'g', position: 19 }], // positions count from the input's first character
  ['0x00:03:93:ab:12:34', { kind: 'bad_character', char: ':', position: 5 }],
  ['0x', { kind: 'bad_character', char: 'x', position: 2 }],
  ['0x000393ab12', { kind: 'digit_count', digits: 10 }],
  ['0x000393ab1234a', { kind: 'digit_count', digits: 13 }],
  ['0x000393fffeab1234', { kind: 'eui64', octets: hex('000393fffeab1234') }],
  ['00:03:93:ab:12:é4', { kind: 'bad_character', char: 'é', position: 16 }],
  ['00:03:93:ab:12:😀', { kind: 'bad_character', char: '😀', position: 16 }],
  ['00:03-93:ab:12:34', { kind: 'mixed_separators', expected: ':', found: '-', position: 6 }],
  ['0003.93ab:1234', { kind: 'mixed_separators', expected: '.', found: ':', position: 10 }],
  ['000393ab12', { kind: 'digit_count', digits: 10 }],
  ['000393ab12345', { kind: 'digit_count', digits: 13 }],
  ['00:03:93:ab:12', { kind: 'group_count', groups: 5, separator: ':' }],
  // Seven octets, or nine to nineteen, may be an identifier that carries a MAC (derived.ts reads them).
  ['00:03:93:ab:12:34:56', { kind: 'octets', octets: hex('000393ab123456'), otherwise: { kind: 'group_count', groups: 7, separator: ':' } }],
  ['00030001000393ab1234', { kind: 'octets', octets: hex('00030001000393ab1234'), otherwise: { kind: 'digit_count', digits: 20 } }],
  ['00:01:00:01:2a:bc:de:f0:00:03:93:ab:12:34', { kind: 'octets', octets: hex('000100012abcdef0000393ab1234'), otherwise: { kind: 'group_count', groups: 14, separator: ':' } }],
  ['00.01.00.01.2a.bc.de', { kind: 'group_count', groups: 7, separator: '.' }],
  ['00:01:00:01:2a:bc:d:f0:00:03:93:ab:12:34', { kind: 'group_count', groups: 14, separator: ':' }],
  ['0003.93ab', { kind: 'group_count', groups: 2, separator: '.' }],
  ['00:03:93', { kind: 'group_count', groups: 3, separator: ':' }], // a prefix, not an address
  ['0003::1234', { kind: 'group_count', groups: 3, separator: ':' }], // IPv6-like: read as IPv6 after
  ['fe80:::1', { kind: 'group_count', groups: 4, separator: ':' }],
  ['00-03', { kind: 'group_count', groups: 2, separator: '-' }],
  ['000393.ab1234', { kind: 'group_count', groups: 2, separator: '.' }],
  ['00039-3ab12', { kind: 'group_length', group: 1, digits: 5, expected: '6' }], // 5+5
  ['000393-ab12345678', { kind: 'group_length', group: 2, digits: 10, expected: '6' }], // 6+10
  ['000393ab-12345678', { kind: 'group_length', group: 1, digits: 8, expected: '6' }], // 8+8
  ['0003-93ab-123', { kind: 'group_length', group: 3, digits: 3, expected: '4' }],
  ['003:93ab:1234', { kind: 'group_length', group: 1, digits: 3, expected: '4' }],
  ['0003:93:1234', { kind: 'group_length', group: 2, digits: 2, expected: '4' }],
  ['00:03:93:ab:12:345', { kind: 'group_length', group: 6, digits: 3, expected: '1-2' }],
  ['00::93:ab:12:34', { kind: 'group_length', group: 2, digits: 0, expected: '1-2' }],
  [':03:93:ab:12:34', { kind: 'group_length', group: 1, digits: 0, expected: '1-2' }],
  ['00:03:93:ab:12:', { kind: 'group_length', group: 6, digits: 0, expected: '1-2' }],
  ['0.3.93.ab.12.34', { kind: 'group_length', group: 1, digits: 1, expected: '2' }],
  ['003.93ab.1234', { kind: 'group_length', group: 1, digits: 3, expected: '4' }],
  ['00039.3ab.1234', { kind: 'group_length', group: 1, digits: 5, expected: '4' }],
  ['0003939393939393.93ab.1234', { kind: 'group_length', group: 1, digits: 16, expected: '4' }],
  ['00:03:93:ff:fe:ab:12:34', { kind: 'eui64', octets: hex('000393fffeab1234') }],
  ['00-03-93-ff-fe-ab-12-34', { kind: 'eui64', octets: hex('000393fffeab1234') }],
  ['000393fffeab1234', { kind: 'eui64', octets: hex('000393fffeab1234') }],
  ['0003.93ff.feab.1234', { kind: 'eui64', octets: hex('000393fffeab1234') }],
  ['0003-93ff-feab-1234', { kind: 'eui64', octets: hex('000393fffeab1234') }],
  ['0003:93ff:feab:1234', { kind: 'eui64', octets: hex('000393fffeab1234') }],
];

describe('parseMac', () => {
  it.each(VALID)('accepts %s', (input, value) => {
    expect(parseMac(input)).toBe(value);
  });

  it.each(INVALID)('rejects %j', (input, error) => {
    expect(parseMac(input)).toEqual(error);
  });

  it.each(VALID)('round-trips %s through every format', (input) => {
    const value = parseMac(input) as number;
    for (const key of ['canonical', 'hexadecimal', 'dashed', 'cisco'] as const) {
      expect(parseMac(formatMac(value, key))).toBe(value);
    }
  });

  it('parse(format(x)) = x for every 48-bit x and every parseable format', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (x) => {
        for (const key of ['canonical', 'hexadecimal', 'dashed', 'cisco', 'bitReversed'] as const) {
          const text = formatMac(x, key);
          const back = parseMac(text) as number;
          if (key === 'bitReversed') expect(parseMac(formatMac(back, key))).toBe(x);
          else expect(back).toBe(x);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts lower and upper case alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (x) => {
        const canonical = formatMac(x, 'canonical');
        expect(parseMac(canonical.toLowerCase())).toBe(x);
      }),
    );
  });

  it('never throws, and always answers a value or a reason', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 80 }), fc.stringMatching(/^[0-9a-fA-F:.\- ]{0,40}$/)), (s) => {
        const r = parseMac(s);
        if (typeof r === 'number') {
          expect(Number.isInteger(r) && r >= 0 && r < 2 ** 48).toBe(true);
        } else {
          expect(typeof r.kind).toBe('string');
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('knows every format key it formats', () => {
    expect(ADDRESS_FORMATS.map((f) => f.key)).toEqual([
      'canonical', 'hexadecimal', 'dashed', 'cisco', 'eui64', 'ipv6InterfaceId', 'ipv6LinkLocal', 'bitReversed',
    ]);
  });
});
