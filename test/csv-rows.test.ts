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
import { renderChunk } from '../src/batch/render-chunk.js';
import { DEFAULT_COLUMNS } from '../src/batch/csv-rows.js';
import { readOverlay } from '../src/hints/overlay.js';
import type { Lang } from '../src/i18n/lang.js';
import { expectedRow, parseCsv, parseRow } from './helpers/csv.js';

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

  it('with a choice of columns, say what the full rows say in those columns, whatever choices came before', () => {
    // One analyzer for every choice, in turn and back: the vendor fields are read once for all
    // choices and languages (VendorFields), each row writes the chosen ones.
    const analyzer = new Analyzer(loadRegistry());
    const inputs = INPUTS.slice(0, 6000);
    const full = (lang: Lang) => parseCsv(decoder.decode(renderChunk(analyzer, inputs, lang, 'csv').bytes));
    const choices = [['country'], ['vendor', 'prefix'], ['registry', 'prefix', 'country'], ['short_name'], ['canonical', 'ig', 'hints'], [], ['vendor', 'short_name', 'registry', 'prefix', 'country']];
    for (const lang of ['fr', 'en'] as const) {
      const rows = full(lang);
      for (const columns of [...choices, ...choices.reverse()]) {
        const picked = parseCsv(decoder.decode(renderChunk(analyzer, inputs, lang, 'csv', false, columns.join(',')).bytes));
        const header: readonly string[] = ['input', ...DEFAULT_COLUMNS];
        const at = ['input', ...columns].map((c) => header.indexOf(c));
        expect(picked, `${lang} ${columns.join(',')}`).toEqual(rows.map((r) => at.map((i) => r[i])));
      }
    }
  });

  it('write the block mask only when fields names it, as the JSON says it', () => {
    const analyzer = new Analyzer(loadRegistry());
    const inputs = ['00:03:93:ab:12:34', '00:55:da:50:00:01', '70:b3:d5:6c:01:02', '0x00124b0001020304', '02:00:00:00:00:01'];
    const rows = parseCsv(decoder.decode(renderChunk(analyzer, inputs, 'en', 'csv', false, 'prefix,mask').bytes));
    const json = decoder.decode(renderChunk(analyzer, inputs, 'en', 'ndjson').bytes).trim().split('\n').map((l) => JSON.parse(l) as { analysis: { vendor: { prefix: string; block: { mask: string } } | null } });
    expect(rows).toEqual(inputs.map((input, i) => [input, json[i].analysis.vendor?.prefix ?? '', json[i].analysis.vendor?.block.mask ?? '']));
    expect(rows.map((r) => r[2])).toEqual(['FF:FF:FF:00:00:00', 'FF:FF:FF:F0:00:00', 'FF:FF:FF:FF:F0:00', 'FF:FF:FF:00:00:00:00:00', '']);
    expect(decoder.decode(renderChunk(analyzer, inputs, 'en', 'csv').bytes)).not.toContain('FF:FF:FF:00:00:00');
  });

  for (const lang of ['en', 'fr'] as const) {
    it(`say what the JSON items say (${lang})`, () => check(new Analyzer(loadRegistry()), lang));
    it(`say what the JSON items say with a site overlay (${lang})`, () => check(new Analyzer(loadRegistry(undefined, readOverlay(overlayFile))), lang));
  }
});
