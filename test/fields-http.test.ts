/**
 * `fields` over real HTTP, on each engine: projected GETs (own ETag, 304, OpenAPI), batch and
 * extract answers in every format (pool and inline), CSV column choices, and 400
 * invalid_fields in both languages, before any body is read.
 */
import { unpack } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { addressInputs } from '../bench/inputs.js';
import { parseCsv, expectedRow } from './helpers/csv.js';
import { assertConforms, assertItems } from './helpers/openapi.js';
import { project } from './helpers/project.js';
import { ENGINES, serverForSuite } from './helpers/server.js';

type Json = Record<string, unknown>;
const FIELDS = 'address.canonical,vendor.name,vendor.registry,hints';

describe.each(ENGINES)('%s engine', (engine) => {
  const server = serverForSuite({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '1' });

  async function get(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(server().url + path, { headers });
    const text = await res.text();
    assertConforms('GET', path.split('?')[0], res, text);
    return { res, text };
  }

  describe('GET', () => {
    it('answers the analysis cut to the names, with its own ETag and 304', async () => {
      const whole = await get('/api/mac/00:03:93:ab:12:34?lang=fr');
      const projected = await get(`/api/mac/00:03:93:ab:12:34?lang=fr&fields=${FIELDS}`);
      expect(projected.res.status).toBe(200);
      expect(JSON.parse(projected.text)).toEqual(project(JSON.parse(whole.text) as Json, FIELDS));
      expect(projected.text).toBe(JSON.stringify(project(JSON.parse(whole.text) as Json, FIELDS)));
      const etag = projected.res.headers.get('etag')!;
      expect(etag).not.toBe(whole.res.headers.get('etag'));
      // The same names in another order (with repeats and blanks) are the same projection.
      const again = await get(`/api/mac/00:03:93:ab:12:34?lang=fr&fields=${encodeURIComponent(' hints,vendor.registry , vendor.name,address.canonical,hints')}`);
      expect(again.res.headers.get('etag')).toBe(etag);
      const other = await get('/api/mac/00:03:93:ab:12:34?lang=fr&fields=vendor.name');
      expect(other.res.headers.get('etag')).not.toBe(etag);
      const notModified = await get(`/api/mac/00:03:93:ab:12:34?lang=fr&fields=${FIELDS}`, { 'If-None-Match': etag });
      expect(notModified.res.status).toBe(304);
      const stale = await get(`/api/mac/00:03:93:ab:12:34?lang=fr&fields=vendor.name`, { 'If-None-Match': etag });
      expect(stale.res.status).toBe(200);
    });

    it('reads an empty fields as the whole analysis (same body and ETag)', async () => {
      const whole = await get('/api/mac/70:B3:D5:6C:01:02');
      const empty = await get('/api/mac/70:B3:D5:6C:01:02?fields=');
      expect(empty.text).toBe(whole.text);
      expect(empty.res.headers.get('etag')).toBe(whole.res.headers.get('etag'));
    });

    it('keeps null members null, and projects derivedFrom of an IPv6 input', async () => {
      expect(JSON.parse((await get('/api/public/mac/ff:ff:ff:ff:ff:ff?fields=vendor.name,special.id')).text)).toEqual({ vendor: null, special: { id: 'broadcast' } });
      const v6 = await get(`/api/public/mac/${encodeURIComponent('fe80::203:93ff:feab:1234')}?fields=derivedFrom.kind,vendor.shortName`);
      expect(v6.res.headers.get('access-control-allow-origin')).toBe('*');
      expect(JSON.parse(v6.text)).toEqual({ vendor: { shortName: 'Apple' }, derivedFrom: { kind: 'ipv6' } });
    });

    for (const lang of ['en', 'fr'] as const) {
      it(`refuses unknown names with 400 invalid_fields listing the accepted ones (${lang})`, async () => {
        const r = await get(`/api/mac/00:03:93:ab:12:34?lang=${lang}&fields=vendor.name,vendor.nom,bogus`);
        expect(r.res.status).toBe(400);
        const p = JSON.parse(r.text) as { code: string; detail: string; title: string };
        expect(p.code).toBe('invalid_fields');
        expect(p.detail).toContain('vendor.nom, bogus');
        expect(p.detail).toContain('address.canonical, address.hexadecimal');
        expect(p.detail).toContain('derivedFrom.value');
        expect(p.title).toBe(lang === 'fr' ? 'Noms de champs inconnus' : 'Unknown field names');
      });
    }

    it('refuses a fields value over 1024 characters, with a clipped echo', async () => {
      const r = await get(`/api/mac/00:03:93:ab:12:34?fields=${'x'.repeat(5000)}`);
      expect(r.res.status).toBe(400);
      expect(r.text.length).toBeLessThan(2500);
      expect((await get(`/api/mac/00:03:93:ab:12:34?fields=vendor${','.repeat(1018)}`)).res.status).toBe(200);
    });
  });

  describe('batch and extract', () => {
    const inputs = [...addressInputs(5000, 5), 'fe80::203:93ff:feab:1234', 'nope'];
    const body = inputs.join('\n');

    async function post(path: string, data: string, accept: string) {
      const res = await fetch(server().url + path, { method: 'POST', body: data, headers: { 'Content-Type': 'text/plain', Accept: accept } });
      const bytes = new Uint8Array(await res.arrayBuffer());
      const text = Buffer.from(bytes).toString('utf8');
      assertConforms('POST', path.split('?')[0], res, accept.includes('msgpack') ? '' : text);
      return { res, bytes, text };
    }

    it('projects every item in JSON, NDJSON and msgpack, through the pool', async () => {
      const whole = JSON.parse((await post('/api/mac/batch?lang=fr', body, 'application/json')).text) as Json[];
      const expected = whole.map((item) => ('analysis' in item ? { ...item, analysis: project(item.analysis as Json, FIELDS) } : item));
      const json = await post(`/api/mac/batch?lang=fr&fields=${FIELDS}`, body, 'application/json');
      expect(json.res.status).toBe(200);
      expect(JSON.parse(json.text)).toEqual(expected);
      const ndjson = await post(`/api/mac/batch?lang=fr&fields=${FIELDS}`, body, 'application/x-ndjson');
      const lines = ndjson.text.trim().split('\n');
      expect(lines).toEqual(expected.map((e) => JSON.stringify(e)));
      const msgpack = await post(`/api/mac/batch?lang=fr&fields=${FIELDS}`, body, 'application/msgpack');
      const items = unpack(msgpack.bytes) as Json[];
      expect(items).toEqual(expected);
      assertItems('BatchItem', items);
    });

    it('picks CSV columns in the order named, input first; error and detail only when named', async () => {
      const whole = JSON.parse((await post('/api/mac/batch', body, 'application/json')).text) as Parameters<typeof expectedRow>[0][];
      const csv = await post('/api/public/mac/batch?fields=vendor.name,canonical,hints', body, 'text/csv');
      expect(csv.res.status).toBe(200);
      const rows = parseCsv(csv.text);
      expect(rows[0]).toEqual(['input', 'vendor', 'canonical', 'hints']);
      rows.slice(1).forEach((row, i) => {
        const e = expectedRow(whole[i]);
        expect(row).toEqual([e[0], e[4], e[1], e[10]]);
      });
      const named = parseCsv((await post('/api/public/mac/batch?fields=detail,vendor,error', body, 'text/csv')).text);
      expect(named[0]).toEqual(['input', 'detail', 'vendor', 'error']);
      named.slice(1).forEach((row, i) => {
        const e = expectedRow(whole[i]);
        expect(row).toEqual([e[0], e[12], e[4], e[11]]);
      });
    });

    it('projects extract items, in JSON and CSV', async () => {
      const text = 'a 00:03:93:ab:12:34 b\nc 52-54-00-12-34-56\n';
      const json = await post('/api/mac/extract?fields=vendor.name,hints.id', text, 'application/json');
      expect(JSON.parse(json.text)).toMatchObject({ count: 2, items: [{ input: '00:03:93:ab:12:34', line: 1, analysis: { vendor: { name: 'Apple, Inc.' }, hints: [] } }, { input: '52-54-00-12-34-56', analysis: { vendor: null, hints: [{ id: 'virtual-machine' }] } }] });
      expect(Object.keys((JSON.parse(json.text) as { items: Array<{ analysis: Json }> }).items[0].analysis)).toEqual(['vendor', 'hints']);
      const csv = await post('/api/mac/extract?fields=registry', text, 'text/csv');
      expect(parseCsv(csv.text)).toEqual([
        ['input', 'line', 'context', 'registry'],
        ['00:03:93:ab:12:34', '1', 'a 00:03:93:ab:12:34 b', 'MA-L'],
        ['52-54-00-12-34-56', '2', 'c 52-54-00-12-34-56', ''],
      ]);
    });

    for (const lang of ['en', 'fr'] as const) {
      it(`refuses unknown names before reading the body (${lang})`, async () => {
        const r = await post(`/api/mac/batch?lang=${lang}&fields=address.cisco,vendor.nom`, body, 'text/csv');
        expect(r.res.status).toBe(400);
        const p = JSON.parse(r.text) as { code: string; detail: string };
        expect(p.code).toBe('invalid_fields');
        // For CSV, the accepted names are the columns and the analysis names they hold.
        expect(p.detail).toContain('address.cisco, vendor.nom');
        expect(p.detail).toContain('short_name');
        const json = await post(`/api/public/mac/extract?lang=${lang}&fields=nope`, 'x', 'application/json');
        expect(json.res.status).toBe(400);
        expect(json.res.headers.get('access-control-allow-origin')).toBe('*');
        expect((JSON.parse(json.text) as { detail: string }).detail).toContain('address.canonical');
      });
    }
  });
});
