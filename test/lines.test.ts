/**
 * Line bodies read as bytes (src/batch/lines.ts) must give exactly what decoding the whole
 * body, splitting, trimming and JSON.parse give: the reference below is that definition.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BodyError } from '../src/batch/body-error.js';
import { chunkInputs, decodeLines, RecordChunker, scanLines, type LineFormat } from '../src/batch/lines.js';

function reference(format: LineFormat, body: string): string[] {
  const out: string[] = [];
  body.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    if (format === 'text') return void out.push(line);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new BodyError('detail.body.line_json', { line: i + 1 });
    }
    if (typeof value !== 'string') throw new BodyError('detail.body.line_string', { line: i + 1 });
    out.push(value);
  });
  return out;
}

const bytes = (s: string) => new TextEncoder().encode(s);
const outcome = (f: () => readonly string[]) => {
  try {
    return { items: [...f()] };
  } catch (e) {
    if (!(e instanceof BodyError)) throw e;
    return { error: e.key, params: e.params };
  }
};

describe('line bodies as bytes', () => {
  it.each<[LineFormat, string, string[]]>([
    ['text', '00:03:93:ab:12:34\r\n\n  70b3.d56c.0102  \nnope\n', ['00:03:93:ab:12:34', '70b3.d56c.0102', 'nope']],
    ['text', '\u00a0\u00a0\nécole\u2003\n\t\n', ['école']],
    ['ndjson', '"00:03:93:ab:12:34"\n\n "zz" \r\n""\n"a\\u0041"\n"é"\n', ['00:03:93:ab:12:34', 'zz', '', 'aA', 'é']],
    ['ndjson', '"no newline at the end"', ['no newline at the end']],
  ])('%s %j', (format, body, expected) => {
    expect(decodeLines(bytes(body), format)).toEqual(expected);
    expect(decodeLines(bytes(body), format)).toEqual(reference(format, body));
  });

  it('a very long line is read whole', () => {
    const long = 'a'.repeat(300_000);
    expect(decodeLines(bytes(`${long}\n"x"\n`), 'text')).toEqual([long, '"x"']);
    expect(decodeLines(bytes(`"${long}"\n`), 'ndjson')).toEqual([long]);
  });

  it.each([
    ['"ok"\n{"a":1}\n', 'detail.body.line_string', 2],
    ['"ok"\n\n"unterminated\n', 'detail.body.line_json', 3],
    ['"a"b"\n', 'detail.body.line_json', 1],
    ['12\n', 'detail.body.line_string', 1],
    ['"tab\tinside"\n', 'detail.body.line_json', 1],
  ])('NDJSON %j is refused at the right line', (body, key, line) => {
    expect(outcome(() => decodeLines(bytes(body), 'ndjson'))).toEqual({ error: key, params: { line } });
  });

  it('agrees with the reference on arbitrary bodies, and chunking changes nothing', () => {
    const piece = fc.oneof(
      fc.constantFrom('00:03:93:ab:12:34', '0003.93ab.1234', '', ' ', '\t', '\r', '\u00a0', '\u2028', '"', '\\', '{}', '12', 'null', 'é'),
      fc.string(),
      fc.string().map((s) => JSON.stringify(s)),
      fc.string({ unit: 'grapheme' }).map((s) => ` ${JSON.stringify(s)}\r`),
    );
    const body = fc.array(fc.array(piece, { maxLength: 3 }).map((parts) => parts.join('')), { maxLength: 40 }).map((lines) => lines.join('\n'));
    fc.assert(
      // Windows from 1 byte (every line longer than its window) to whole bodies.
      fc.property(body, fc.constantFrom<LineFormat>('ndjson', 'text'), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 200 }), (text, format, perChunk, window) => {
        const b = bytes(text);
        const expected = outcome(() => reference(format, text));
        expect(outcome(() => decodeLines(b, format))).toEqual(expected);
        expect(outcome(() => decodeLines(b, format, window))).toEqual(expected);
        if (!('items' in expected)) return;
        expect(scanLines(b, format, perChunk, window)).toEqual(scanLines(b, format, perChunk));
        const scan = scanLines(b, format, perChunk);
        expect(scan.count).toBe(expected.items!.length);
        const rejoined = scan.chunks.flatMap((c) => {
          expect(c.count).toBeLessThanOrEqual(perChunk);
          return chunkInputs({ lines: b.slice(c.start, c.end), format });
        });
        expect(rejoined).toEqual(expected.items);
      }),
      { numRuns: 2000 },
    );
  });

  it('a stream cut by RecordChunker, however its reads fall, gives chunks of whole records within the bounds, and the same records', () => {
    // As the CLI cuts what it reads: the chunks the pieces complete, the rest at the end.
    const cell = fc.oneof(fc.constantFrom('', '00:03:93:ab:12:34', 'é', '"', '""', ',', '\r', '\r\n', '\n', '5" screen'), fc.string({ maxLength: 20 }));
    const record = fc.oneof(cell, fc.array(cell, { maxLength: 3 }).map((cells) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')));
    fc.assert(
      fc.property(fc.array(record, { maxLength: 40 }), fc.constantFrom<LineFormat>('text', 'ndjson', 'tsv', 'csv'), fc.integer({ min: 1, max: 64 }), fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }), fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }), (records, format, max, reads, maxRecords) => {
        const whole = bytes(records.map((r) => `${r}\n`).join(''));
        const expected = outcome(() => decodeLines(whole, format));
        const chunker = new RecordChunker(format, max, false, maxRecords);
        const chunks: Uint8Array[] = [];
        let rest: Uint8Array | null;
        try {
          for (let at = 0, i = 0; at < whole.length; at += reads[i++ % reads.length]) chunks.push(...chunker.push(whole.subarray(at, at + reads[i % reads.length])));
          rest = chunker.end();
        } catch (e) {
          expect(expected).toEqual({ error: (e as BodyError).key, params: (e as BodyError).params });
          return;
        }
        for (const chunk of chunks.filter(() => 'items' in expected)) {
          // Over the bound only when the chunk is one record longer than it.
          if (chunk.length > max) expect(decodeLines(chunk, format).length).toBeLessThanOrEqual(1);
          expect(decodeLines(chunk, format).length).toBeLessThanOrEqual(maxRecords ?? Infinity);
        }
        if (rest !== null) chunks.push(rest);
        expect(Buffer.concat(chunks).equals(Buffer.from(whole))).toBe(true);
        if ('items' in expected) expect(chunks.flatMap((c) => decodeLines(c, format))).toEqual(expected.items);
      }),
      { numRuns: 2000 },
    );
  });
});
