/**
 * Generated batch bodies and what an independent reader reads in them: for CSV, Python's csv
 * module (strict off, its default; RFC 4180 readers agree with it); for the other formats, their
 * definitions written out here, apart from the service's code. Shared by the property suite
 * (test/body-records.test.ts) and its longer run (bench/body-records.ts).
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { pack, unpack } from 'msgpackr';

/** The body formats the batch reads. */
export const BODY_FORMATS = ['text', 'csv', 'tsv', 'ndjson', 'json', 'msgpack'] as const;

/** The ones read a record at a time (the CLI's --input, the library's recordKeys). */
export const LINE_FORMATS = ['text', 'csv', 'tsv', 'ndjson'] as const;

/** One generated body. */
export interface Sample {
  readonly format: (typeof BODY_FORMATS)[number];
  readonly body: Uint8Array;
}

/** What a body must get: its records' keys in order, or a refusal naming a line (exactly, or within a range). */
export type Expected = { readonly keys: readonly string[] } | { readonly refusedAtLine: number } | { readonly refusedWithin: readonly [number, number] };

const ADDRESSES = ['00:03:93:ab:12:34', 'b8:27:eb:12:34:56', '0003.93ab.1234', '01-80-C2-00-00-0E', 'not a mac'];
const PIECES = ['"', '""', ',', '\t', '\r', '\n', '\r\n', ' ', '\0', 'é', '\ufeff', '\\', '\\t', '\\n', '{', '5" screen', 'x'];
const BAD_UTF8 = [Uint8Array.of(0xff), Uint8Array.of(0xc3), Uint8Array.of(0x80), Uint8Array.of(0xe2, 0x82)];
const encoder = new TextEncoder();

// A piece of a body: text (UTF-8) or bytes that are not UTF-8.
type Piece = string | Uint8Array;
const piece: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ADDRESSES) },
  { weight: 4, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 1, arbitrary: fc.constantFrom(...BAD_UTF8) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);
const cellText = fc.array(piece, { maxLength: 4 });
// A 64 KB cell, now and then.
const big = fc.constantFrom<Piece[]>(['b'.repeat(65_536)], ['"', 'q"'.repeat(32_768)], ['00:03:93:ab:12:34', ' '.repeat(65_536)]);
const cell = fc.oneof({ weight: 30, arbitrary: cellText }, { weight: 1, arbitrary: big });
const terminator = fc.constantFrom<Piece>('\n', '\n', '\r\n', '\r', '\n\n');

function bytesOf(pieces: readonly Piece[]): Uint8Array {
  return Buffer.concat(pieces.map((p) => (typeof p === 'string' ? encoder.encode(p) : p)));
}

// A CSV cell as a writer would quote it (text only), or as it comes.
const csvCell = fc.oneof(cell, cellText.map((ps) => ['"', ...ps.map((p) => (typeof p === 'string' ? p.replaceAll('"', '""') : p)), '"']));
const record = (format: (typeof LINE_FORMATS)[number]): fc.Arbitrary<Piece[]> => {
  if (format === 'csv') return fc.array(csvCell, { minLength: 1, maxLength: 3 }).map((cells) => cells.flatMap((c, i) => (i === 0 ? c : [',', ...c])));
  if (format === 'tsv') return fc.array(cell, { minLength: 1, maxLength: 3 }).map((cells) => cells.flatMap((c, i) => (i === 0 ? c : ['\t', ...c])));
  if (format === 'ndjson') return fc.oneof({ weight: 9, arbitrary: fc.oneof(fc.constantFrom(...ADDRESSES), fc.string({ maxLength: 12 })).map((s) => [` ${JSON.stringify(s)}`]) }, { weight: 1, arbitrary: cell });
  return cell;
};

/** A body of one line format: records, each ended by LF, CRLF, CR or a blank line, sometimes a byte order mark first, and for CSV sometimes a last cell that opens a quote. */
function lineBody(format: (typeof LINE_FORMATS)[number]): fc.Arbitrary<Sample> {
  const last = format === 'csv' ? fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: cellText.map((c) => ['00:03:93:ab:12:34,"', ...c]) }) : fc.constant([]);
  return fc.tuple(fc.boolean(), fc.array(fc.tuple(record(format), terminator), { maxLength: 12 }), fc.boolean(), last).map(([bom, records, lastEnded, open]) => {
    const pieces: Piece[] = bom ? ['\ufeff'] : [];
    records.forEach(([r, end], i) => pieces.push(...r, ...(i < records.length - 1 || lastEnded ? [end] : [])));
    return { format, body: bytesOf([...pieces, ...open]) };
  });
}

const keys = fc.array(fc.oneof(fc.constantFrom(...ADDRESSES), fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constant('k'.repeat(65_536))), { maxLength: 12 });

/** A body of any format. */
export function bodySample(): fc.Arbitrary<Sample> {
  return fc.oneof(
    ...LINE_FORMATS.map(lineBody),
    keys.map((k): Sample => ({ format: 'json', body: encoder.encode(JSON.stringify(k)) })),
    keys.map((k): Sample => ({ format: 'msgpack', body: pack(k) })),
  );
}

/** Text an extract may be given: strings, bytes that are not UTF-8, runs that look like addresses, many addresses. */
export function extractText(): fc.Arbitrary<Uint8Array> {
  const run = fc.oneof(piece, fc.constantFrom<Piece>('00:00:00:00:00:', '0a-0b-', '0003.93ab.', 'MAC=', 'fe80::', '0x', ' 00 03 93 ab 12 34 '), fc.string({ unit: 'binary', maxLength: 30 }));
  const many = fc.integer({ min: 41, max: 300 }).map((n) => [Array.from({ length: n }, (_, i) => `02:00:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`).join(' ')]);
  return fc.oneof(fc.array(run, { maxLength: 60 }), many, fc.uint8Array({ maxLength: 2000 }).map((b) => [b])).map(bytesOf);
}

const utf8 = new TextDecoder(); // a body's own byte order mark is not text (the default)
const trimmed = (text: string) => text.split('\n').map((l) => l.trim());
const TSV_ESCAPES: Readonly<Record<string, string>> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', 0: '\0' };

// The definitions: a text body is its trimmed non-empty lines; an NDJSON one, each such line a
// JSON string (else the line is refused); a TSV one, the first cell of each non-empty line (a CR
// before its LF dropped), unescaped as ClickHouse's TabSeparated and PostgreSQL's COPY write it.
function definedKeys(sample: Sample): Expected {
  if (sample.format === 'msgpack') return { keys: unpack(sample.body) as string[] };
  const text = utf8.decode(sample.body);
  if (sample.format === 'json') return { keys: JSON.parse(text) as string[] };
  if (sample.format === 'text') return { keys: trimmed(text).filter((l) => l !== '') };
  if (sample.format === 'ndjson') {
    const out: string[] = [];
    for (const [i, line] of trimmed(text).entries()) {
      if (line === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        return { refusedAtLine: i + 1 };
      }
      if (typeof value !== 'string') return { refusedAtLine: i + 1 };
      out.push(value);
    }
    return { keys: out };
  }
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)).filter((l) => l !== '');
  return { keys: lines.map((l) => l.split('\t')[0].replace(/\\(.?)/gs, (_, c: string) => TSV_ESCAPES[c] ?? c)) };
}

// Python's csv on each CSV body: the first cell of each non-empty row, and whether a quoted cell is
// still open at the end (then the line its record starts on, and the body's last line).
const PYTHON = `
import csv, io, json, sys
def rows(text):
    reader = csv.reader(io.StringIO(text, newline=''))
    out, start = [], 1
    for row in reader:
        if row: out.append((row, start))
        start = reader.line_num + 1
    return out
result = []
for text in json.load(sys.stdin):
    got = rows(text)
    # A quoted cell open at the end takes a line break and a quote into itself; a closed one does not.
    opened = len(rows(text + '\\n"')) == len(got) and len(got) > 0
    lines = len(io.StringIO(text, newline='').readlines())
    result.append({'keys': [r[0] for r, _ in got], 'open': opened, 'from': got[-1][1] if got else 1, 'to': max(lines, 1)})
print(json.dumps(result))
`;

/** What each sample must get from the service, the CLI and the library. */
export function expectedAnswer(samples: readonly Sample[]): Expected[] {
  const csv = samples.filter((s) => s.format === 'csv').map((s) => utf8.decode(s.body));
  const run = spawnSync('python3', ['-c', PYTHON], { input: JSON.stringify(csv), encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.status !== 0) throw new Error(`python3's csv module is the independent reader: ${run.stderr || run.error}`);
  const read = JSON.parse(run.stdout) as Array<{ keys: string[]; open: boolean; from: number; to: number }>;
  let next = 0;
  return samples.map((s) => {
    if (s.format !== 'csv') return definedKeys(s);
    const r = read[next++];
    return r.open ? { refusedWithin: [r.from, r.to] } : { keys: r.keys };
  });
}

/** Whether `got` (keys, or the line a refusal names) is what `expected` says. */
export function agrees(got: Expected, expected: Expected): boolean {
  if ('refusedWithin' in expected) return 'refusedAtLine' in got && got.refusedAtLine >= expected.refusedWithin[0] && got.refusedAtLine <= expected.refusedWithin[1];
  return JSON.stringify(got) === JSON.stringify(expected);
}
