/**
 * The registry as a service over real HTTP, on each engine, against the real registry: vendor
 * search (ranking, pages, countries in both languages, CORS), every block around a prefix with
 * the one an address is answered with marked, the export in every format (counts against
 * /api/registry, ETag and 304, gzip), and the problems bad input gets.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from './helpers/csv.js';
import { getConforming } from './helpers/openapi.js';
import { ENGINES, startServer, type RunningServer } from './helpers/server.js';

interface Block { prefix: string; prefixLength: number; registry: string; iab?: true; first: string; last: string; size: number; mostSpecific?: true; vendor?: { name: string } | null }
interface Vendor { name: string; shortName: string | null; country: { code: string; name: string } | null; blockCount: number; blocks: Block[] }

describe.each(ENGINES)('%s engine', (engine) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HTTP_ENGINE: engine, HTTP_THREADS: '1' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) => getConforming(server.url, path, headers);

  describe('search', () => {
    it('finds a vendor by a word of its name, whatever the case, accents and punctuation, with its blocks', async () => {
      const r = await get('/api/vendors?q=RASPBERRY%20pi');
      expect(r.res.status).toBe(200);
      const body = JSON.parse(r.text) as { query: string; total: number; vendors: Vendor[] };
      expect(body.query).toBe('RASPBERRY pi');
      const pi = body.vendors.find((v) => v.name === 'Raspberry Pi (Trading) Ltd')!;
      expect(pi.blocks.map((b) => b.prefix)).toContain('2C:CF:67');
      expect(pi.blockCount).toBe(pi.blocks.length);
      expect(pi.country).toEqual({ code: 'GB', name: 'United Kingdom' });
      const fr = JSON.parse((await get('/api/vendors?q=raspberry&lang=fr')).text) as { vendors: Vendor[] };
      expect(fr.vendors.find((v) => v.name === pi.name)!.country).toEqual({ code: 'GB', name: 'Royaume-Uni' });
      // Punctuation and accents do not matter.
      const punct = JSON.parse((await get(`/api/vendors?q=${encodeURIComponent('rásp-berry!')}`)).text) as { vendors: Vendor[] };
      expect(punct.vendors.map((v) => v.name)).toContain(pi.name);
    });

    it('ranks an exact short name first, then word prefixes, then substrings', async () => {
      const body = JSON.parse((await get('/api/vendors?q=cisco&limit=200')).text) as { total: number; vendors: Vendor[] };
      expect(body.vendors[0].shortName).toBe('Cisco');
      expect(body.total).toBeGreaterThan(3);
      const sub = JSON.parse((await get('/api/vendors?q=isco&limit=200')).text) as { vendors: Vendor[] };
      expect(sub.vendors.map((v) => v.name)).toContain('Cisco Systems, Inc');
      // A word-prefix match comes before a mere substring.
      const names = body.vendors.map((v) => v.name.toLowerCase());
      const firstSubstring = names.findIndex((n) => !/(^|[^a-z0-9])cisco/.test(n));
      if (firstSubstring >= 0) expect(names.slice(firstSubstring).every((n) => !/(^|[^a-z0-9])cisco/.test(n))).toBe(true);
    });

    it('pages with limit and offset, and keeps the total', async () => {
      const all = JSON.parse((await get('/api/vendors?q=tech&limit=200')).text) as { total: number; vendors: Vendor[] };
      const page = JSON.parse((await get('/api/vendors?q=tech&limit=5&offset=5')).text) as { total: number; vendors: Vendor[] };
      expect(page.total).toBe(all.total);
      expect(page.vendors.map((v) => v.name)).toEqual(all.vendors.slice(5, 10).map((v) => v.name));
      const dflt = JSON.parse((await get('/api/vendors?q=tech')).text) as { vendors: Vendor[] };
      expect(dflt.vendors).toHaveLength(20);
      const none = JSON.parse((await get('/api/vendors?q=zzzqqq')).text) as { total: number; vendors: Vendor[] };
      expect(none).toEqual({ query: 'zzzqqq', total: 0, vendors: [] });
    });

    it('is public with CORS on /api/public/vendors, with a preflight', async () => {
      const r = await get('/api/public/vendors?q=apple');
      expect(r.res.headers.get('access-control-allow-origin')).toBe('*');
      const pre = await fetch(`${server.url}/api/public/vendors`, { method: 'OPTIONS' });
      expect(pre.status).toBe(204);
      expect((await get('/api/vendors?q=apple')).res.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('prefix', () => {
    it('lists an IEEE RA MA-L and its MA-S blocks, outermost first', async () => {
      const body = JSON.parse((await get('/api/vendors?prefix=00:1B:C5&limit=200')).text) as { prefix: string; total: number; blocks: Block[] };
      expect(body.prefix).toBe('00:1B:C5');
      expect(body.blocks[0]).toMatchObject({ prefix: '00:1B:C5', registry: 'MA-L', vendor: { name: 'IEEE Registration Authority' } });
      expect(body.blocks.slice(1).every((b) => b.registry === 'MA-S' && b.prefix.startsWith('00:1B:C5:'))).toBe(true);
      const rest = JSON.parse((await get('/api/vendors?prefix=00:1B:C5&limit=200&offset=200')).text) as { total: number; blocks: Block[] };
      expect(body.total).toBe(200 + rest.blocks.length);
      expect(rest.total).toBe(body.total);
      expect(body.blocks.some((b) => b.mostSpecific)).toBe(false); // addresses under it answer with different blocks
    });

    it('marks the block an address is answered with, in any MAC shape', async () => {
      for (const p of ['70-B3-D5-6C-01-02', '70b3.d56c.0102', '70B3D56C0']) {
        const body = JSON.parse((await get(`/api/vendors?prefix=${p}`)).text) as { blocks: Block[] };
        expect(body.blocks.map((b) => [b.prefix, b.mostSpecific ?? false])).toEqual([['70:B3:D5', false], ['70:B3:D5:6C:0', true]]);
      }
      const analysis = JSON.parse((await get('/api/mac/2c:cf:67:44:55:66')).text) as { vendor: { prefix: string } };
      const around = JSON.parse((await get('/api/vendors?prefix=2c:cf:67:44:55:66')).text) as { blocks: Block[] };
      expect(around.blocks.find((b) => b.mostSpecific)!.prefix).toBe(analysis.vendor.prefix);
    });
  });

  describe('bad input', () => {
    const cases: Array<[string, string, string]> = [
      ['/api/vendors', 'invalid_query', 'q'],
      ['/api/vendors?q=', 'invalid_query', '0'],
      ['/api/vendors?q=a', 'invalid_query', '1'],
      ['/api/vendors?q=%2C.!', 'invalid_query', '0'],
      ['/api/vendors?q=apple&prefix=00:03:93', 'invalid_query', 'q'],
      ['/api/vendors?q=apple&limit=0', 'invalid_query', 'limit'],
      ['/api/vendors?q=apple&limit=201', 'invalid_query', '200'],
      ['/api/vendors?q=apple&offset=-1', 'invalid_query', 'offset'],
      ['/api/vendors?prefix=00:03', 'invalid_prefix', '00:03'],
      ['/api/vendors?prefix=00:03:93:ab:12:34:56:78:9a', 'invalid_prefix', '00:03:93'],
      ['/api/vendors?prefix=zz:zz:zz', 'invalid_prefix', 'zz'],
      ['/api/registry/blocks?format=xml', 'invalid_format', 'arp-scan'],
    ];
    for (const lang of ['en', 'fr'] as const) {
      it(`gets a clear problem (${lang})`, async () => {
        for (const [path, code, mention] of cases) {
          const r = await get(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
          expect(r.res.status, path).toBe(400);
          const p = JSON.parse(r.text) as { code: string; detail: string };
          expect(p.code, path).toBe(code);
          expect(p.detail, path).toContain(mention);
        }
        expect((await get(`/api/vendors?q=apple&limit=200&lang=${lang}`)).res.status).toBe(200);
      });
    }
    it('answers other methods with 405', async () => {
      expect((await fetch(`${server.url}/api/vendors?q=apple`, { method: 'POST' })).status).toBe(405);
      expect((await fetch(`${server.url}/api/registry/blocks`, { method: 'DELETE' })).status).toBe(405);
    });
  });

  describe('export', () => {
    it('writes every block once, with counts that agree with /api/registry, in every format', async () => {
      const meta = JSON.parse((await get('/api/registry')).text) as { counts: Record<string, number>; version: string };
      const csv = parseCsv((await get('/api/registry/blocks?format=csv')).text);
      expect(csv[0]).toEqual(['prefix', 'prefix_length', 'registry', 'iab', 'name', 'short_name', 'country', 'address', 'first_seen']);
      const count = (rows: string[][], registry: string, iab: string) => rows.filter((r) => r[2] === registry && (registry !== 'MA-S' || r[3] === iab)).length;
      const rows = csv.slice(1);
      expect({ 'MA-L': count(rows, 'MA-L', ''), 'MA-M': count(rows, 'MA-M', ''), 'MA-S': count(rows, 'MA-S', 'false'), IAB: count(rows, 'MA-S', 'true'), CID: count(rows, 'CID', '') }).toEqual(meta.counts);
      const nd = (await get('/api/registry/blocks?format=ndjson')).text.trim().split('\n');
      expect(nd).toHaveLength(rows.length);
      expect(JSON.parse(nd[0])).toMatchObject({ prefix: rows[0][0], prefixLength: 24 });
      const json = JSON.parse((await get('/api/registry/blocks', { Accept: 'application/json' })).text) as unknown[];
      expect(json).toHaveLength(rows.length);
      const tools = rows.length - meta.counts.CID;
      for (const format of ['nmap', 'arp-scan', 'manuf']) {
        const lines = (await get(`/api/registry/blocks?format=${format}`)).text.trim().split('\n').filter((l) => !l.startsWith('#'));
        expect(lines, format).toHaveLength(tools);
      }
    });

    it('writes the tool formats as the tools read them', async () => {
      const nmap = (await get('/api/registry/blocks?format=nmap')).text;
      expect(nmap).toMatch(/^2CCF67 Raspberry Pi \(Trading\) Ltd$/m);
      expect(nmap).toMatch(/^0055DA1 KoolPOS Inc\.$/m);
      expect(nmap).toMatch(/^70B3D56C0 LLC NTZ Mekhanotronika$/m);
      const arp = (await get('/api/registry/blocks?format=arp-scan')).text;
      expect(arp).toMatch(/^70B3D56C0\tLLC NTZ Mekhanotronika$/m);
      const manuf = await get('/api/registry/blocks?format=manuf');
      expect(manuf.text).toMatch(/^00:55:DA:10:00:00\/28\tKoolPOS\tKoolPOS Inc\.$/m);
      expect(manuf.text).toMatch(/^70:B3:D5:6C:00:00\/36\t\S[^\t]*\tLLC NTZ Mekhanotronika$/m);
      expect(manuf.text).toMatch(/^2C:CF:67\tRaspberryPi\tRaspberry Pi \(Trading\) Ltd$/m);
      expect(manuf.res.headers.get('content-disposition')).toBe('attachment; filename="manuf"');
      expect((await get('/api/registry/blocks?format=arp-scan')).res.headers.get('content-disposition')).toBe('attachment; filename="ieee-oui.txt"');
    });

    it('has the data version as ETag (304), and gzip when accepted', async () => {
      const first = await get('/api/registry/blocks?format=nmap');
      const etag = first.res.headers.get('etag')!;
      expect(etag).toContain(first.res.headers.get('x-data-version')!);
      expect((await get('/api/registry/blocks?format=nmap', { 'If-None-Match': etag })).res.status).toBe(304);
      // fetch decodes gzip itself: the raw bytes are read over node:http.
      const { request } = await import('node:http');
      const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request(`${server.url}/api/registry/blocks?format=nmap`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
        }).on('error', reject).end();
      });
      expect(raw.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(raw.body).toString('utf8')).toBe(first.text);
      expect(raw.body.length).toBeLessThan(first.bytes.length / 2);
    });
  });
});
