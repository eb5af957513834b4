/**
 * Contract v1.6, bulk answers an engine reads without setting a header, over real HTTP on each
 * engine and through the CLI: `input` and `format` beside (and over) Content-Type and Accept,
 * TSV, `header=absent`, columns in the order `fields` names them, the exact key echo (tabs,
 * quotes, backslashes, spaces, invalid UTF-8), and 400 for every value not accepted.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { firstCell, parseCsv } from '../src/csv/csv.js';
import { assertConforms } from './helpers/openapi.js';
import { ENGINES, serverForSuite } from './helpers/server.js';

const CLI = 'dist/src/cli/main.js';

// Keys as an engine may hold them: addresses with spaces around, and strings that are none.
const KEYS = ['00:03:93:ab:12:34', ' 00:03:93:ab:12:34', '52:54:00:12:34:56', 'a\tb', 'say "hi"', 'back\\slash', 'line\nbreak', 'not, a mac', '0003.93ab.1234 '];
const tsvKey = (k: string) => k.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
const csvKey = (k: string) => `"${k.replace(/"/g, '""')}"`;
const TSV_BODY = KEYS.map((k) => `${tsvKey(k)}\n`).join('');
const CSV_BODY = KEYS.map((k) => `${csvKey(k)}\n`).join('');

// The first cell of each row of a TSV answer, unescaped, and its other cells as written.
const tsvRows = (text: string) => text.split('\n').slice(0, -1).map((line) => line.split('\t').map((cell, i) => (i === 0 ? firstCell(cell, 'tsv') : cell)));

describe.each(ENGINES)('%s engine', (engine) => {
  const server = serverForSuite({ HTTP_ENGINE: engine, HTTP_THREADS: '1', POOL_THREADS: '1' });

  // A POST with no Content-Type and no Accept unless given, as ClickHouse sends it.
  async function post(path: string, body: string | Uint8Array, headers: Record<string, string> = {}) {
    // Bytes, not a string: fetch would give a string body a Content-Type of its own.
    const res = await fetch(server().url + path, { method: 'POST', body: new Uint8Array(Buffer.from(body)), headers });
    const text = await res.text();
    assertConforms('POST', path.split('?')[0], res, text);
    return { res, text };
  }

  it('reads a TSV body named by `input` (no Content-Type) and answers TSV with no header, a row per key, the key as sent', async () => {
    const r = await post('/api/mac/batch?input=tsv&format=tsv&header=absent&fields=vendor,prefix,error', TSV_BODY);
    expect(r.res.status).toBe(200);
    expect(r.res.headers.get('content-type')).toBe('text/tab-separated-values; charset=utf-8; header=absent');
    const rows = tsvRows(r.text);
    expect(rows.map((row) => row[0])).toEqual(KEYS);
    expect(rows.map((row) => row.length)).toEqual(KEYS.map(() => 4));
    // What the JSON batch says of the same keys.
    const json = JSON.parse((await post('/api/mac/batch', JSON.stringify(KEYS), { 'Content-Type': 'application/json' })).text) as Array<{ analysis?: { vendor: { name: string; prefix: string } | null }; error?: { code: string } }>;
    expect(rows.map((row) => row.slice(1))).toEqual(json.map((item) => [item.analysis?.vendor?.name ?? '', item.analysis?.vendor?.prefix ?? '', item.error?.code ?? '']));
    expect(rows[1][1]).toBe('Apple, Inc.'); // a leading space is kept in the echo, not in the reading
  });

  it('reads a CSV body of quoted keys and answers CSV whose first cells are the keys', async () => {
    const r = await post('/api/mac/batch?input=csv&format=csv&header=absent&fields=vendor', CSV_BODY);
    expect(r.res.status).toBe(200);
    expect(r.res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=absent');
    const rows = parseCsv(r.text);
    expect(rows.map((row) => row[0])).toEqual(KEYS);
    expect(rows[0]).toEqual(['00:03:93:ab:12:34', 'Apple, Inc.']);
    // The same body by Content-Type, a header row, and only the first cell of a record read.
    const typed = await post('/api/mac/batch?fields=vendor', `${csvKey('00:03:93:ab:12:34')},"x, y",z\n"a\nb"\n`, { 'Content-Type': 'text/csv', Accept: 'text/csv' });
    expect(parseCsv(typed.text)).toEqual([['input', 'vendor'], ['00:03:93:ab:12:34', 'Apple, Inc.'], ['a\nb', '']]);
  });

  it('keys that are not UTF-8 come back as rows the engine reads', async () => {
    const body = Buffer.concat([Buffer.from('00:03:93:ab:12:34\n'), Buffer.from([0xff, 0xfe, 0x41, 0x0a]), Buffer.from('52:54:00:12:34:56\n')]);
    const r = await post('/api/mac/batch?input=tsv&format=tsv&header=absent&fields=vendor,error', body);
    const rows = tsvRows(r.text);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual(['\uFFFD\uFFFDA', '', 'invalid_mac']);
  });

  it('`format` wins over Accept, `input` over Content-Type, `header` over Accept\'s header parameter', async () => {
    const keys = '00:03:93:ab:12:34\n';
    const a = await post('/api/mac/batch?format=tsv&fields=vendor', keys, { 'Content-Type': 'text/plain', Accept: 'application/json' });
    expect(a.text).toBe('input\tvendor\n00:03:93:ab:12:34\tApple, Inc.\n');
    const b = await post('/api/mac/batch?input=text&fields=vendor', keys, { 'Content-Type': 'application/json', Accept: 'text/csv; header=absent' });
    expect(b.text).toBe('00:03:93:ab:12:34,"Apple, Inc."\n');
    expect(b.res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=absent');
    const c = await post('/api/mac/batch?input=text&fields=vendor&header=present', keys, { Accept: 'text/csv; header=absent' });
    expect(c.text).toBe('input,vendor\n00:03:93:ab:12:34,"Apple, Inc."\n');
    // Without fields the columns are as before v1.6, error and detail last.
    const d = await post('/api/mac/batch?input=text&format=csv', keys);
    expect(d.text.split('\n')[0]).toBe('input,canonical,ig,ul,vendor,short_name,registry,prefix,country,special,hints,error,detail');
  });

  it('extract answers TSV too, and reads only text', async () => {
    const text = 'a 00:03:93:ab:12:34 b\tc\n';
    const r = await post('/api/mac/extract?format=tsv&fields=vendor', text, { 'Content-Type': 'text/plain' });
    expect(r.text).toBe('input\tline\tcontext\tvendor\n00:03:93:ab:12:34\t1\ta 00:03:93:ab:12:34 b\\tc\tApple, Inc.\n');
    expect(r.res.headers.get('x-extract-count')).toBe('1');
    const noType = await post('/api/mac/extract?input=text&format=csv&header=absent', text);
    expect(noType.res.status).toBe(200);
    const tsv = await post('/api/mac/extract?input=tsv', text);
    expect(tsv.res.status).toBe(400);
    expect(JSON.parse(tsv.text)).toMatchObject({ code: 'invalid_format', detail: 'The input "tsv" is not accepted here. Use one of: text.' });
  });

  it('refuses every value not accepted with 400 listing the accepted ones (both languages), and no type at all with 415', async () => {
    const cases: Array<[string, string]> = [
      ['input=xml', 'The input "xml" is not accepted here. Use one of: text, tsv, csv, ndjson, json, msgpack.'],
      ['format=xml', 'The format "xml" is not accepted here. Use one of: json, ndjson, msgpack, csv, tsv.'],
      ['format=tsv&header=none', 'The header "none" is not accepted here. Use one of: present, absent.'],
      ['format=TSV', 'The format "TSV" is not accepted here. Use one of: json, ndjson, msgpack, csv, tsv.'],
    ];
    for (const [query, detail] of cases) {
      const r = await post(`/api/public/mac/batch?${query}`, '00:03:93:ab:12:34\n', { 'Content-Type': 'text/plain' });
      expect(r.res.status, query).toBe(400);
      expect(JSON.parse(r.text), query).toMatchObject({ code: 'invalid_format', detail });
      expect(r.res.headers.get('access-control-allow-origin')).toBe('*');
    }
    const fr = await post('/api/mac/batch?lang=fr&input=xml', 'x\n');
    expect(JSON.parse(fr.text)).toMatchObject({ code: 'invalid_format', detail: 'La valeur « xml » de input n’est pas acceptée ici. Utilisez : text, tsv, csv, ndjson, json, msgpack.' });
    expect((await post('/api/mac/batch', '00:03:93:ab:12:34\n')).res.status).toBe(415);
    // A body its `input` cannot read is refused as the same body with that Content-Type is.
    for (const [input, body, type] of [['json', '00:03:93:ab:12:34\n', 'application/json'], ['ndjson', '00:03:93:ab:12:34\n', 'application/x-ndjson'], ['msgpack', 'x', 'application/msgpack']]) {
      const named = await post(`/api/mac/batch?input=${input}`, body);
      const typed = await post('/api/mac/batch', body, { 'Content-Type': type });
      expect([named.res.status, JSON.parse(named.text).code], input).toEqual([400, 'invalid_body']);
      expect(JSON.parse(named.text).detail).toBe(JSON.parse(typed.text).detail);
    }
  });

  it('a large TSV body goes through the pool, chunk by chunk, with a row for every key in order', async () => {
    const keys = Array.from({ length: 30_000 }, (_, i) => (i % 7 === 0 ? `bad\t${i}` : `00:03:93:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:00`));
    const r = await post('/api/mac/batch?input=tsv&format=tsv&header=absent&fields=vendor', keys.map((k) => `${tsvKey(k)}\n`).join(''));
    const rows = tsvRows(r.text);
    expect(rows.map((row) => row[0])).toEqual(keys);
    expect(rows.filter((row) => row[1] === 'Apple, Inc.')).toHaveLength(keys.filter((k) => !k.startsWith('bad')).length);
  });

  it('the CLI writes what the service answers, byte for byte, reading TSV and CSV (and exits 0 with refusals, 1 with --strict)', async () => {
    for (const [input, body] of [['tsv', TSV_BODY], ['csv', CSV_BODY]] as const) {
      for (const format of ['tsv', 'csv']) {
        const query = `input=${input}&format=${format}&header=absent&fields=vendor,short_name,error,detail`;
        const http = await post(`/api/mac/batch?${query}`, body);
        for (const threads of ['0', '1']) {
          const args = [CLI, '--input', input, '--format', format, '--header', 'absent', '--fields', 'vendor,short_name,error,detail', '--threads', threads];
          const cli = spawnSync(process.execPath, args, { input: body, encoding: 'utf8' });
          expect(cli.status, `${input} → ${format}`).toBe(0);
          expect(cli.stdout, `${input} → ${format}, threads ${threads}`).toBe(http.text);
          expect(spawnSync(process.execPath, [...args, '--strict'], { input: body }).status).toBe(1);
        }
      }
    }
  });
});

describe('the CLI reading CSV records across its chunks', () => {
  it('a quoted key holding line feeds is one record, wherever the 32 KiB chunks fall', () => {
    // Quoted keys with line feeds and commas, enough of them to cross several chunk boundaries.
    const keys = Array.from({ length: 6000 }, (_, i) => (i % 3 === 0 ? `00:03:93:00:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}` : `key ${i},\n"part" two`));
    const body = keys.map((k) => `${csvKey(k)},tail\r\n`).join('');
    const cli = spawnSync(process.execPath, [CLI, '--input', 'csv', '--format', 'csv', '--header', 'absent', '--fields', 'vendor', '--threads', '0'], { input: body, encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(cli.status).toBe(0);
    const rows = parseCsv(cli.stdout);
    expect(rows.map((r) => r[0])).toEqual(keys);
    expect(rows.filter((r) => r[1] === 'Apple, Inc.')).toHaveLength(2000);
  });

  it('refuses an input it cannot stream, and a header it does not know (exit 2)', () => {
    expect(spawnSync(process.execPath, [CLI, '--input', 'json'], { input: '[]' }).status).toBe(2);
    expect(spawnSync(process.execPath, [CLI, '--header', 'none'], { input: '' }).status).toBe(2);
    expect(spawnSync(process.execPath, [CLI, 'extract', '--format', 'xml'], { input: '' }).status).toBe(2);
  });
});
