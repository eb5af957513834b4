/** special.derived: facts computed from the address itself, on the real analyzer and over HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analyzer } from '../src/analysis/analyzer.js';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { assertConforms } from './helpers/openapi.js';
import { startServer, type RunningServer } from './helpers/server.js';

let analyzer: Analyzer;
beforeAll(() => {
  analyzer = loadAnalyzer();
});

const derivedOf = (mac: string) => {
  const r = analyzer.analyze(mac, 'en');
  return r.ok ? r.analysis.special?.derived : undefined;
};

describe('special.derived', () => {
  it('an IPv4 multicast address stands for 32 groups (RFC 1112: 5 bits lost)', () => {
    const d = derivedOf('01:00:5e:00:00:fb'); // mDNS, whose own entry is more specific
    expect(d?.ipv4Groups).toHaveLength(32);
    expect(d?.ipv4Groups).toContain('224.0.0.251');
    expect(d?.ipv4Groups).toContain('239.128.0.251');
    expect(new Set(d?.ipv4Groups).size).toBe(32);
    expect(derivedOf('01:00:5e:7f:ff:ff')?.ipv4Groups?.slice(0, 2)).toEqual(['224.127.255.255', '224.255.255.255']);
  });

  it.each([
    ['33:33:00:00:00:01', { ipv6Group: 'ff0X::1' }],
    ['33:33:00:01:00:02', { ipv6Group: 'ff0X::1:2' }],
    ['33:33:ff:ab:12:34', { ipv6Group: 'ff0X::ffab:1234', solicitedNode: 'ff02::1:ffab:1234' }],
    ['00:00:5e:00:01:07', { vrid: 7 }],
    ['00:00:5e:00:02:ff', { vrid: 255 }],
    ['00:00:0c:07:ac:0a', { hsrpGroup: 10 }],
    ['00:00:0c:9f:ff:ff', { hsrpGroup: 4095 }],
    ['00:07:b4:01:0a:02', { glbpGroup: 266, glbpForwarder: 2 }],
  ] as const)('%s', (mac, expected) => {
    expect(derivedOf(mac)).toEqual(expected);
  });

  it('is absent where the entry has no such facts', () => {
    expect(derivedOf('01:80:c2:00:00:0e')).toBeUndefined();
    expect(derivedOf('ff:ff:ff:ff:ff:ff')).toBeUndefined();
  });
});

describe('special.derived over HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HTTP_THREADS: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('validates against the OpenAPI schema, in both languages, single and batch alike', async () => {
    for (const mac of ['01:00:5e:00:00:fb', '33:33:ff:ab:12:34', '00:00:5e:00:01:07', '00:07:b4:01:0a:02']) {
      for (const lang of ['en', 'fr']) {
        const res = await fetch(`${server.url}/api/public/mac/${mac}?lang=${lang}`);
        const text = await res.text();
        assertConforms('GET', '/api/public/mac/{mac}', res, text);
        const batch = (await (await fetch(`${server.url}/api/mac/batch?lang=${lang}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: mac })).json()) as Array<{ analysis: unknown }>;
        expect(batch[0].analysis).toEqual(JSON.parse(text));
      }
    }
  });
});
