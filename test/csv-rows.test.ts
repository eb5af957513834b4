/**
 * CSV rows are built from cached columns (src/batch/csv-rows.ts), not from each item's JSON.
 * They must say exactly what the JSON items say: checked row by row against the NDJSON
 * rendering of the same inputs, in both languages, with and without a site overlay.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressInputs } from '../bench/inputs.js';
import { Analyzer } from '../src/analysis/analyzer.js';
import { loadRegistry } from '../src/analysis/load-registry.js';
import type { Analysis } from '../src/analysis/types.js';
import { CSV_COLUMNS, renderChunk } from '../src/batch/render-chunk.js';
import { readOverlay } from '../src/hints/overlay.js';
import type { Lang } from '../src/i18n/lang.js';

// RFC 4180 fields of one row (quoted fields may hold commas, quotes and newlines).
function parseRow(text: string, from: number): { fields: string[]; next: number } {
  const fields: string[] = [];
  let i = from;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      for (i++; ; i++) {
        if (text[i] === '"' && text[i + 1] === '"') (field += '"'), i++;
        else if (text[i] === '"') break;
        else field += text[i];
      }
      i++;
    } else {
      while (text[i] !== ',' && text[i] !== '\n') field += text[i++];
    }
    fields.push(field);
    if (text[i++] === '\n') return { fields, next: i };
  }
}

// What a row must say, read from a JSON item (the columns README and docs/API.md list).
function expectedRow(item: { input: string; analysis?: Analysis; error?: { code: string; detail: string } }): string[] {
  const a = item.analysis;
  const s = (v: string | null | undefined) => v ?? '';
  return [
    item.input,
    s(a?.address.canonical),
    s(a?.bits.ig.meaning),
    s(a?.bits.ul.meaning),
    s(a?.vendor?.name),
    s(a?.vendor?.shortName),
    s(a?.vendor?.registry),
    s(a?.vendor?.prefix),
    s(a?.vendor?.country?.code),
    s(a?.special?.id),
    a ? a.hints.map((h) => `${h.id}:${h.platform ?? h.name ?? h.quadrant ?? ''}`).join(';') : '',
    s(item.error?.code),
    s(item.error?.detail),
  ];
}

const decoder = new TextDecoder();
const INPUTS = [
  ...addressInputs(30_000, 7),
  'fe80::203:93ff:feab:1234', // IPv6 carrying a MAC
  '00-03-93-FF-FE-AB-12-34', // EUI-64
  'a,b"c', // quoted in CSV
  'x\ny',
  '52:54:00:12:34:56',
  '52:54:00:99:34:56',
  '00:03:93:00:00:01',
  'ff:ff:ff:ff:ff:ff',
];

function check(analyzer: Analyzer, lang: Lang): void {
  // Rendered in chunks, as batches and the CLI do, so the caches carry over between chunks.
  for (let start = 0; start < INPUTS.length; start += 4000) {
    const inputs = INPUTS.slice(start, start + 4000);
    const json = decoder.decode(renderChunk(analyzer, inputs, lang, 'ndjson').bytes).trim().split('\n');
    const csv = decoder.decode(renderChunk(analyzer, inputs, lang, 'csv').bytes);
    let at = 0;
    for (let i = 0; i < inputs.length; i++) {
      const row = parseRow(csv, at);
      at = row.next;
      expect(row.fields, `${lang} ${JSON.stringify(inputs[i])}`).toEqual(expectedRow(JSON.parse(json[i])));
    }
    expect(at).toBe(csv.length);
  }
}

describe('CSV rows', () => {
  const dir = mkdtempSync(join(tmpdir(), 'csv-rows-'));
  const overlayFile = join(dir, 'site.csv');
  writeFileSync(overlayFile, 'prefix,length,name,note\n52:54:00,24,"Lab, ""rack 3""",\n52:54:00:12,32,Build farm,\n00:03:93,,Office Macs,\n');

  it('have the documented columns', () => {
    expect(CSV_COLUMNS).toHaveLength(13);
  });

  for (const lang of ['en', 'fr'] as const) {
    it(`say what the JSON items say (${lang})`, () => check(new Analyzer(loadRegistry()), lang));
    it(`say what the JSON items say with a site overlay (${lang})`, () => check(new Analyzer(loadRegistry(undefined, readOverlay(overlayFile))), lang));
  }
});
