/**
 * The two writers of an analysis (src/analysis/json-writer.ts, analysis-object.ts) follow one
 * plan: for addresses of every kind, in both languages, whole and under projections, with and
 * without derivedFrom, the value is the JSON, member for member and in the same order.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analyzer } from '../src/analysis/analyzer.js';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { FIELD_NAMES, parseFields, type Projection } from '../src/analysis/projection.js';
import { LANGS } from '../src/i18n/lang.js';
import { parseAddressInput, type AddressInput } from '../src/mac/derived.js';
import { parseMac } from '../src/mac/parse.js';

let analyzer: Analyzer;
beforeAll(() => {
  analyzer = loadAnalyzer();
});

const ADDRESSES = [
  '00:03:93:AB:12:34', // MA-L, Apple
  '70:B3:D5:6C:01:02', // MA-S
  '00:55:DA:50:00:01', // MA-M
  '00:50:C2:99:2C:E2', // IAB
  '11:11:11:00:00:01', // a private registration
  '01:00:5E:01:02:03', // special, with derived IPv4 groups
  '33:33:FF:00:00:01', // special, with a solicited-node group
  '00:00:5E:00:01:07', // VRRP, derived vrid
  'FF:FF:FF:FF:FF:FF', // broadcast
  '52:54:00:12:34:56', // QEMU/KVM hint
  '02:42:AC:11:00:02', // Docker hint
  '0A:00:27:00:00:00', // VirtualBox local range
  '7A:11:22:33:44:55', // randomized
  'DA:A1:19:00:00:01', // ELI quadrant
  '00:00:00:00:00:00',
  'F2:00:00:00:00:00',
  // 64-bit identifiers: MA-L, MA-S, IAB, a group one, local (randomized), all ones.
  '00:12:4B:00:01:02:03:04',
  '70:B3:D5:6C:01:02:03:04',
  '00:50:C2:99:2C:E2:00:01',
  '01:80:C2:00:00:00:00:0E',
  '7A:11:22:33:44:55:66:77',
  'FF:FF:FF:FF:FF:FF:FF:FF',
];

// Every name the document accepts, alone, then sets that mix members of several levels.
const FIELDS = [
  null,
  ...FIELD_NAMES,
  'address',
  'vendor.name,vendor.country',
  'vendor.block.firstSeen,vendor.iab',
  'vendor.prefix,vendor.block,vendor.flag,vendor.private',
  'special.derived',
  'special.id,special.derived,hints.id,hints.quadrant',
  'bits.ig,address.ipv6LinkLocal,derivedFrom.kind',
  'hints,derivedFrom',
  'vendor.shortName,vendor.address,vendor.registry,vendor.prefixLength',
  'address.kind,address.cisco,vendor.block',
];

function projection(fields: string | null): Projection | null {
  const p = parseFields(fields);
  if (!p.ok) throw new Error(`bad fields ${fields}`);
  return p.projection;
}

describe('the JSON writer and the value writer', () => {
  it('write the same analysis, member for member and in order', () => {
    let compared = 0;
    for (const text of ADDRESSES) {
      const parsed = parseAddressInput(text) as number | AddressInput;
      const facts = analyzer.factsOf(parsed);
      for (const lang of LANGS) {
        for (const fields of FIELDS) {
          for (const from of [null, { kind: 'eui64', value: 'input' } as const]) {
            const p = projection(fields);
            const json = new TextDecoder().decode(analyzer.jsonBytes(facts, lang, p, from));
            expect(JSON.stringify(analyzer.analysisOf(facts, lang, p, from)), `${text} ${lang} ${fields}`).toBe(json);
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(ADDRESSES.length * LANGS.length * FIELDS.length * 2);
  });

  it('write every kind the test names (the addresses are what their comments say)', () => {
    const kinds = ADDRESSES.filter((a) => typeof parseMac(a) === 'number').map((a) => analyzer.analysisOf(analyzer.lookUp(parseMac(a) as number), 'en'));
    expect(kinds.filter((a) => a.vendor?.iab === true)).toHaveLength(1);
    expect(kinds.filter((a) => a.vendor?.private === true)).toHaveLength(1);
    expect(kinds.filter((a) => a.special?.derived !== undefined).length).toBeGreaterThanOrEqual(3);
    expect(new Set(kinds.flatMap((a) => a.hints ?? []).map((h) => h?.id))).toEqual(new Set(['virtual-machine', 'container', 'randomized', 'cid']));
    expect(new Set(kinds.map((a) => a.vendor?.registry).filter(Boolean))).toEqual(new Set(['MA-L', 'MA-M', 'MA-S']));
  });
});
