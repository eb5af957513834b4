/**
 * Enrich in process (batch/enrich.ts, enrich-plan.ts): every byte of a record kept, each key's
 * analysis inserted where the contract says, for all inputs (fast-check), and the cutting into
 * chunks changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { enrichChunk } from '../src/batch/enrich.js';
import { enrichedHeader, headerEnd, keyPath, planOf, recordChunks, RecordsIn, UnknownKeys, type RecordDialect } from '../src/batch/enrich-plan.js';
import { parseCsv } from '../src/csv/csv.js';
import { enrich } from '../src/library/index.js';
import { JsonLineReader } from '../src/batch/json-line.js';

const analyzer = loadAnalyzer();
const APPLE = '00:03:93:ab:12:34';

// The whole answer to `body`, as the service cuts it (header apart, chunks of `chunk` bytes).
function enriched(body: string | Buffer, dialect: RecordDialect, keys: string[], fields: string | null = null, chunk = 1 << 20): string {
  const bytes = Buffer.from(body);
  const end = dialect === 'ndjson' ? 0 : headerEnd(bytes, dialect);
  const header = bytes.subarray(0, end < 0 ? bytes.length : end);
  const planned = planOf(dialect, keys, fields, dialect === 'ndjson' ? null : header);
  if ('unknown' in planned) throw new UnknownKeys(planned.unknown);
  const parts = [Buffer.from(enrichedHeader(header, planned.plan))];
  for (const c of recordChunks(bytes, header.length, dialect, chunk).chunks) parts.push(Buffer.from(enrichChunk(analyzer, bytes.subarray(c.start, c.end), planned.plan, 'en').bytes));
  return Buffer.concat(parts).toString();
}

const analysisOf = (input: string, fields: string | null = null) => {
  const r = analyzer.analyze(input, 'en', null);
  if (!r.ok) return { error: { code: r.code, detail: r.detail } };
  return fields === 'vendor.name' ? { vendor: r.analysis.vendor === null ? null : { name: r.analysis.vendor.name } } : r.analysis;
};

describe('NDJSON', () => {
  it('inserts each analysis right after its key, keeping big integers, escapes and spacing', () => {
    const line = '{"timestamp":"2026-11-29T02:11:09.123456+0000", "flow_id": 1234567890123456789,"event_type":"flow","ether":{"src_mac":"00:03:93:ab:12:34" ,"dest_mac":"zz"},"s":"caf\\u00e9"}\n';
    const out = enriched(line, 'ndjson', ['ether.src_mac', '/ether/dest_mac'], 'vendor.name');
    const v = JSON.stringify(analysisOf(APPLE, 'vendor.name'));
    const e = JSON.stringify(analysisOf('zz'));
    expect(out).toBe(line.replace('"00:03:93:ab:12:34"', `"00:03:93:ab:12:34","src_mac_analysis":${v}`).replace('"dest_mac":"zz"', `"dest_mac":"zz","dest_mac_analysis":${e}`));
  });

  it('enriched again, adds a second analysis before the first (as API.md says: JSON readers keep the earlier one)', () => {
    const once = enriched('{"m":"00:03:93:ab:12:34"}\n', 'ndjson', ['m'], 'vendor.name');
    const twice = enriched(once, 'ndjson', ['m']);
    expect(twice).toBe(once.replace('"m":"00:03:93:ab:12:34",', `"m":"00:03:93:ab:12:34","m_analysis":${JSON.stringify(analysisOf(APPLE))},`));
    expect(JSON.parse(twice)).toEqual(JSON.parse(once));
  });

  it('lets pass what is not a JSON object, a record without the key and a value that is not a string', () => {
    const body = 'not json\n[1]\n\n{"a":1}\n{"m":5}\r\n{"m":null}\n"x"\n';
    const bytes = Buffer.from(body);
    const plan = planOf('ndjson', ['m'], null, null);
    const r = enrichChunk(analyzer, bytes, 'plan' in plan ? plan.plan : (null as never), 'en');
    expect(Buffer.from(r.bytes).toString()).toBe(body);
    expect(r.passed).toEqual([1, 2, 3]); // no_key, not_string, not_object (blank lines are neither)
  });

  it('finds the member a flat top-level name, a dotted path or a JSON Pointer names; a duplicate keeps the last', () => {
    expect(enriched('{"id.orig_h":"00:03:93:ab:12:34","id":{"orig_h":"x"}}\n', 'ndjson', ['id.orig_h'], 'vendor.name')).toContain('"id.orig_h":"00:03:93:ab:12:34","id.orig_h_analysis":{"vendor"');
    expect(enriched('{"a/b":{"~c":"00:03:93:ab:12:34"}}\n', 'ndjson', ['/a~1b/~0c'], 'vendor.name')).toContain('"~c":"00:03:93:ab:12:34","~c_analysis":');
    const dup = enriched('{"m":"zz","m":"00:03:93:ab:12:34"}\n', 'ndjson', ['m'], 'vendor.name');
    expect(dup).toBe(`{"m":"zz","m":"00:03:93:ab:12:34","m_analysis":${JSON.stringify(analysisOf(APPLE, 'vendor.name'))}}\n`);
    const escaped = enriched('{"src\\u005fmac":"00:03:93:ab:12:34","x":{"src_mac":"zz"}}\n', 'ndjson', ['src_mac'], 'vendor.name');
    expect(escaped.startsWith('{"src\\u005fmac":"00:03:93:ab:12:34","src_mac_analysis":')).toBe(true);
    expect(keyPath('a..b')).toBeNull();
  });

  // Any object, keys anywhere in it (names with escapes, duplicates elsewhere, any spacing):
  // removing what was inserted gives the record back, and the record read as JSON has the key's
  // analysis beside it.
  it('keeps every byte and inserts the right analysis, for all records (property)', () => {
    const name = fc.constantFrom('m', 'mac', 'src_mac', 'é', 'a"b', 'x');
    const value = fc.oneof(fc.constantFrom(APPLE, 'zz', '3c-22-fb-00-11-22', ''), fc.integer(), fc.constant(null));
    const tree = fc.letrec<{ node: unknown }>((tie) => ({ node: fc.oneof({ depthSize: 'small' }, value, fc.dictionary(name, tie('node'), { maxKeys: 4 }), fc.array(tie('node'), { maxLength: 2 })) }));
    const space = fc.constantFrom('', ' ', '\t');
    fc.assert(
      fc.property(fc.dictionary(name, tree.node, { minKeys: 1, maxKeys: 5 }), fc.array(name, { minLength: 1, maxLength: 3 }), space, (doc, path, sp) => {
        const line = JSON.stringify(doc, null, sp === '' ? undefined : sp).replace(/\n/g, '') + '\n';
        const key = path.join('.');
        const out = enriched(line, 'ndjson', [key], 'vendor.name');
        const reread = JSON.parse(out);
        let holder: Record<string, unknown> | null = reread;
        for (const p of path.slice(0, -1)) holder = holder !== null && typeof holder[p] === 'object' && !Array.isArray(holder[p]) ? (holder[p] as Record<string, unknown>) : null;
        const last = path[path.length - 1];
        const flat = Object.hasOwn(doc, key) && path.length > 1;
        const target = flat ? reread : holder;
        const v = target?.[flat ? key : last];
        if (typeof v === 'string') {
          expect(target![`${flat ? key : last}_analysis`]).toEqual(analysisOf(v, 'vendor.name'));
          const inserted = `,${JSON.stringify(`${flat ? key : last}_analysis`)}:${JSON.stringify(analysisOf(v, 'vendor.name'))}`;
          expect(out.replace(inserted, '')).toBe(line);
        } else expect(out).toBe(line);
      }),
      { numRuns: 400 },
    );
  });
});

describe('CSV and TSV', () => {
  const netbox = '\ufeffdevice,name,"mac_address",description\r\nsw1,eth0,00:03:93:ab:12:34,"uplink, ""core"""\r\nsw1,eth1,,"multi\r\nline"\r\nshort\r\nsw2,eth2,zz,x\r\n';
  it('appends the default columns to a NetBox-style export, keeping its quotes, CRLFs and byte order mark', () => {
    const out = enriched(netbox, 'csv', ['mac_address']);
    const rows = parseCsv(out.replace(/^\ufeff/, ''));
    expect(out.startsWith('\ufeffdevice,name,"mac_address",description,mac_address_vendor,')).toBe(true);
    expect(rows[0].slice(4)).toEqual(['vendor', 'short_name', 'registry', 'prefix', 'country', 'special', 'hints', 'error'].map((c) => `mac_address_${c}`));
    expect(rows[1]).toEqual(['sw1', 'eth0', APPLE, 'uplink, "core"', 'Apple, Inc.', 'Apple', 'MA-L', '00:03:93', 'US', '', '', '']);
    expect(rows[2].slice(0, 4)).toEqual(['sw1', 'eth1', '', 'multi\r\nline']);
    expect(rows[2][11]).toBe('missing_mac');
    expect(rows[3]).toEqual(['short']); // its number of cells is not the header's: unchanged
    expect(rows[4][11]).toBe('invalid_mac');
    // The input's bytes are each row's start.
    const lines = out.split('\r\n');
    expect(lines[1].startsWith('sw1,eth0,00:03:93:ab:12:34,"uplink, ""core"""')).toBe(true);
  });

  it('gives the same bytes however the records are cut into chunks', () => {
    const whole = enriched(netbox, 'csv', ['mac_address']);
    for (const size of [1, 7, 30]) expect(enriched(netbox, 'csv', ['mac_address'], null, size)).toBe(whole);
    const rows = new RecordsIn('csv', ['mac_address'], null, 5);
    const parts: Buffer[] = [];
    for (const b of Buffer.from(netbox)) for (const c of rows.push(Uint8Array.of(b))) parts.push(Buffer.from(enrichChunk(analyzer, c, rows.plan!, 'en').bytes));
    for (const c of rows.end()) parts.push(Buffer.from(enrichChunk(analyzer, c, rows.plan!, 'en').bytes));
    expect(Buffer.from(rows.head!).toString() + Buffer.concat(parts).toString()).toBe(whole);
  });

  it('reads TSV cells unescaped and names the columns fields picks', () => {
    const out = enriched('host\tmac\nh\\t1\t00:03:93:ab:12:34\n', 'tsv', ['mac'], 'vendor,prefix');
    expect(out).toBe('host\tmac\tmac_vendor\tmac_prefix\nh\\t1\t00:03:93:ab:12:34\tApple, Inc.\t00:03:93\n');
  });

  it('refuses a header without the key\'s column', () => {
    expect(() => enriched('a,b\n1,2\n', 'csv', ['mac', 'b'])).toThrow(UnknownKeys);
  });
});

describe('library', () => {
  it('enriches a stream in pieces and refuses as the API does', async () => {
    const pieces: Uint8Array[] = [];
    for await (const p of enrich(['{"m":"00:03:93', ':ab:12:34"}\n'], { key: 'm', fields: 'vendor.name' })) pieces.push(p);
    expect(Buffer.concat(pieces).toString()).toBe(`{"m":"00:03:93:ab:12:34","m_analysis":${JSON.stringify(analysisOf(APPLE, 'vendor.name'))}}\n`);
    await expect(enrich(['a,b\n'], { key: 'mac', input: 'csv' }).next()).rejects.toMatchObject({ code: 'invalid_key', status: 400 });
    await expect(enrich([], { key: [] }).next()).rejects.toMatchObject({ code: 'invalid_key' });
  });
});

describe('the line reader', () => {
  // What JSON.parse says of a line: not an object (null), or for each path the value there.
  function reference(line: string, paths: ReadonlyArray<readonly string[]>): Array<null | 'not_string' | string> | null {
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch {
      return null;
    }
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return null;
    return paths.map((path) => {
      let node: unknown = doc;
      for (const name of path) {
        if (node === null || typeof node !== 'object' || Array.isArray(node) || !Object.hasOwn(node, name)) return null;
        node = (node as Record<string, unknown>)[name];
      }
      return typeof node === 'string' ? node : 'not_string';
    });
  }
  const read = (line: string, paths: ReadonlyArray<readonly string[]>) => {
    const bytes = Buffer.from(line);
    const got = new JsonLineReader(paths).read(bytes, 0, bytes.length);
    return got === null ? null : got.map((v) => (v === null || v === 'not_string' ? v : (JSON.parse(bytes.toString('utf8', v.start, v.end)) as string)));
  };
  const name = fc.constantFrom('a', 'b', 'm', 'é', 'a"b', '\\', '__proto__', '');
  // Keys the documents never hold, at the top and under `a` and `é`: with them an object's names
  // are more than a reader compares one by one (it looks them up in a map instead).
  const filler = Array.from({ length: 9 }, (_, i) => `f${i}`).flatMap((f) => [[f], ['a', f], ['é', f]]);
  const paths = fc.tuple(fc.array(fc.array(name, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }), fc.boolean()).map(([ps, many]) => (many ? [...ps, ...filler] : ps));

  it('agrees with JSON.parse on every line, valid or not, and on the string at every path (property)', () => {
    const doc = fc.letrec<{ node: unknown }>((tie) => ({ node: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 1 }), fc.dictionary(name, tie('node'), { maxKeys: 4 }), fc.array(tie('node'), { maxLength: 3 })) }));
    // JSON text as written by hand or by other writers: spacing, escapes, duplicates, then mangled.
    const text = doc.node.chain((d) => fc.tuple(fc.constant(JSON.stringify(d) ?? 'null'), fc.constantFrom('', ' ', '\t', '\r\n ')));
    const edit = fc.tuple(fc.nat(), fc.constantFrom('', '{', '}', '[', ']', '"', '\\', ',', ':', ' ', '0', '-', '.', 'e', '+', 'tru', 'n', '\\u00e9', '\\u12g4', '\\x', '\u0001', '\u001f', '\u007f', '\t', '\n', '1e', '01', '"m":', '{"m":"00:03:93:ab:12:34"}'), fc.nat(3));
    fc.assert(
      fc.property(text, fc.array(edit, { maxLength: 3 }), paths, ([json, space], edits, ps) => {
        let line = space === '' ? json : json.replace(/([,:{[])/g, `$1${space}`);
        for (const [at, insert, cut] of edits) {
          const i = at % (line.length + 1);
          line = line.slice(0, i) + insert + line.slice(i + cut);
        }
        expect(read(line, ps)).toEqual(reference(line, ps));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads escapes in names, duplicates at every level, and refuses what is not UTF-8', () => {
    expect(read('{"e\\u0074her":{"m":"x"},"ether":{"m":"y"}}', [['ether', 'm']])).toEqual(['y']);
    // Among many names (looked up in a map): an escaped one, and a lone surrogate, which is not U+FFFD.
    const many = Array.from({ length: 9 }, (_, i) => [`f${i}`]);
    expect(read('{"\\u00e9":"x","\\ud800":"y","f1":"z"}', [['é'], ['\ufffd'], ['f1'], ...many])).toEqual(['x', null, 'z', ...many.map((_, i) => (i === 1 ? 'z' : null))]);
    expect(read('{"ether":{"m":"x"},"ether":5}', [['ether', 'm']])).toEqual([null]);
    expect(read('{"a":[{"m":"x"}],"m":1}', [['a', 'm'], ['m']])).toEqual([null, 'not_string']);
    expect(read(' {"m" : "x" } \r\n', [['m']])).toEqual(['x']);
    // Nesting as deep as a body allows: read with a stack, where recursion would overflow.
    const deep = 200_000;
    expect(read(`{"a":${'['.repeat(deep)}${']'.repeat(deep)},"o":${'{"m":'.repeat(deep)}1${'}'.repeat(deep)},"m":"x"}`, [['m'], ['o', 'm', 'm']])).toEqual(['x', 'not_string']);
    // A key as deep (a pointer of 200,000 names): its objects are read with a stack too.
    expect(read(`${'{"a":'.repeat(deep)}"x"${'}'.repeat(deep)}`, [Array<string>(deep).fill('a'), ['a', 'a']])).toEqual(['x', 'not_string']);
    const bad = Buffer.from('{"m":"\xff"}', 'latin1');
    expect(new JsonLineReader([['m']]).read(bad, 0, bad.length)).toBeNull();
  });
});
