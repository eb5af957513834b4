/**
 * Coverage of Wireshark's well-known address list (`wka`, Debian's libwireshark-data, which
 * .ci/run installs): every address or range it names must get a non-null `special`.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analyzer } from '../src/analysis/analyzer.js';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('wka');

const WKA_FILE = process.env.WKA_FILE ?? '/usr/share/wireshark/wka';

interface WkaLine {
  readonly line: number;
  readonly text: string;
  readonly name: string;
  /** Addresses to check: the first and last of the range, and one in the middle. */
  readonly probes: readonly bigint[];
}

/** Parses the wka format: `XX-XX-XX[-XX…][/bits] <tab> name`, `#` comments. */
function readWka(file: string): WkaLine[] {
  const out: WkaLine[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((raw, i) => {
      const text = raw.replace(/#.*/, '').trim();
      if (text === '') return;
      const [spec, ...rest] = text.split(/\s+/);
      const [hex, bitsText] = spec.split('/');
      const octets = hex.split(/[-:.]/);
      if (octets.length < 3 || octets.length > 6 || octets.some((o) => !/^[0-9a-fA-F]{2}$/.test(o))) {
        throw new Error(`${file}:${i + 1}: unreadable address ${spec}`);
      }
      const bits = bitsText === undefined ? octets.length * 8 : Number(bitsText);
      const first = BigInt('0x' + octets.join('').padEnd(12, '0'));
      const hostBits = BigInt(48 - bits);
      const last = first | ((1n << hostBits) - 1n);
      const middle = first + ((last - first) >> 1n);
      out.push({ line: i + 1, text, name: rest.join(' '), probes: [...new Set([first, middle, last])] });
    });
  return out;
}

const mac = (v: bigint) => v.toString(16).padStart(12, '0').match(/../g)!.join(':');

let analyzer: Analyzer;
let lines: WkaLine[];
beforeAll(() => {
  analyzer = loadAnalyzer();
  lines = readWka(WKA_FILE);
});

describe.runIf(READY)('Wireshark well-known addresses (wka)', () => {
  it('every wka address and range has a special entry, in both languages', () => {
    const missing: string[] = [];
    let covered = 0;
    for (const l of lines) {
      const ok = l.probes.every((p) => {
        for (const lang of ['en', 'fr'] as const) {
          const r = analyzer.analyze(mac(p), lang);
          if (!r.ok || r.analysis.special === null) return false;
        }
        return true;
      });
      if (ok) covered++;
      else missing.push(`line ${l.line}: ${l.text}`);
    }
    const share = ((covered / lines.length) * 100).toFixed(1);
    console.log(`wka coverage: ${covered}/${lines.length} entries (${share}%) from ${WKA_FILE}`);
    expect(lines.length).toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });

  it('a single wka address is reported by an entry whose range contains it', () => {
    for (const l of lines) {
      for (const p of l.probes) {
        const s = analyzer.analyze(mac(p), 'en');
        if (!s.ok || s.analysis.special === null) continue;
        const { first, last } = s.analysis.special.range;
        const v = (t: string) => BigInt('0x' + t.replace(/:/g, ''));
        expect(v(first) <= p && p <= v(last), `${l.text}: ${first}-${last}`).toBe(true);
      }
    }
  });
});
