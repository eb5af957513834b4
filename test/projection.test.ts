/**
 * `fields` (src/analysis/projection.ts, plan.ts): parsing, and projected renderings
 * over the real registry, in both languages, checked against the whole analysis cut as the
 * contract says (helpers/project.ts), for many inputs and projections, and CSV column choices.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressInputs } from '../bench/inputs.js';
import { Analyzer } from '../src/analysis/analyzer.js';
import { loadRegistry } from '../src/analysis/load-registry.js';
import { FIELD_NAMES, FIELD_TREE, parseFields, TOP_FIELDS } from '../src/analysis/projection.js';
import { parseBulkFields } from '../src/batch/bulk-fields.js';
import { renderChunk, renderExtractChunk } from '../src/batch/render-chunk.js';
import { extractMacs } from '../src/extract/extract.js';
import { readOverlay } from '../src/hints/overlay.js';
import { expectedRow, parseCsv } from './helpers/csv.js';
import { firstCell } from '../src/csv/csv.js';
import { OPENAPI } from './helpers/openapi.js';
import { project } from './helpers/project.js';

const decoder = new TextDecoder();
const INPUTS = [
  ...addressInputs(12_000, 11),
  'fe80::203:93ff:feab:1234',
  '00-03-93-FF-FE-AB-12-34',
  '33:33:ff:01:02:03', // special with derived facts
  '00:00:5e:00:01:07', // VRRP: derived vrid
  '52:54:00:12:34:56', // site overlay and a platform hint
  '0a:11:22:33:44:55', // ELI quadrant
  '00:1b:c5:00:00:01', // IEEE RA MA-L, no MA-S here
  '70:b3:d5:6c:01:02', // MA-S
  '00:50:c2:00:10:00', // IAB
  'not a mac',
];

const PROJECTIONS = [
  'address.canonical,vendor.name,vendor.registry,hints',
  'vendor.name',
  'vendor.iab',
  'vendor.prefix,vendor.block,vendor.country,vendor.flag',
  'vendor,vendor.name', // whole wins
  'hints.id',
  'hints.platform,hints.quadrant,hints.name',
  'special.id,special.derived',
  'special.derived',
  'bits.ul,address.ipv6LinkLocal,address.cisco',
  'address.ipv6LinkLocal',
  'derivedFrom.value,address.canonical',
  'derivedFrom',
  ' special , special , bits.transmission ',
  FIELD_NAMES.join(','),
];

describe('parseFields', () => {
  it('accepts every top-level member and each of its members', () => {
    for (const name of FIELD_NAMES) expect(parseFields(name).ok, name).toBe(true);
    expect(FIELD_NAMES).toContain('address.canonical');
    expect(FIELD_NAMES).toContain('hints.id');
  });
  it('keeps the analysis order, drops repeats and blanks; a member named whole wins', () => {
    const r = parseFields(' hints , vendor.registry,address.canonical,vendor.registry,,vendor.name');
    expect(r.ok && r.projection?.key).toBe('address.canonical,vendor.name,vendor.registry,hints');
    const whole = parseFields('vendor.name,vendor');
    expect(whole.ok && whole.projection?.key).toBe('vendor');
  });
  it('reads an empty value, or none, as the whole analysis', () => {
    expect(parseFields('')).toEqual({ ok: true, projection: null });
    expect(parseFields(' , ')).toEqual({ ok: true, projection: null });
    expect(parseFields(undefined)).toEqual({ ok: true, projection: null });
  });
  it('names the names it does not accept, once each', () => {
    expect(parseFields('vendor.nom,bogus,vendor.name,bogus,address.canonical.x,Vendor')).toEqual({ ok: false, unknown: ['vendor.nom', 'bogus', 'address.canonical.x', 'Vendor'] });
  });
  it('refuses a value over 1024 characters whole (at the boundary), and accepts every name once (which fits)', () => {
    expect(FIELD_NAMES.join(',').length).toBeLessThanOrEqual(1024);
    expect(parseFields(FIELD_NAMES.join(',')).ok).toBe(true);
    expect(parseFields(`vendor${','.repeat(1018)}`).ok).toBe(true); // 1024 characters
    expect(parseFields(`vendor${','.repeat(1019)}`).ok).toBe(false); // 1025
  });
});

function check(analyzer: Analyzer, lang: 'en' | 'fr', fields: string): void {
  const full = decoder.decode(renderChunk(analyzer, INPUTS, lang, 'ndjson').bytes).trim().split('\n');
  const key = parseBulkFields(fields, false);
  if (!key.ok) throw new Error(fields);
  const projected = decoder.decode(renderChunk(analyzer, INPUTS, lang, 'ndjson', false, key.key).bytes).trim().split('\n');
  expect(projected).toHaveLength(full.length);
  for (let i = 0; i < full.length; i++) {
    const whole = JSON.parse(full[i]) as { input: string; analysis?: Record<string, unknown> };
    const expected = whole.analysis ? { input: whole.input, analysis: project(whole.analysis, fields) } : whole;
    // Same members in the same order: compared as text.
    expect(projected[i], `${lang} ${fields} ${whole.input}`).toBe(JSON.stringify(expected));
  }
}

describe('projected renderings over the real registry', () => {
  const dir = mkdtempSync(join(tmpdir(), 'projection-'));
  const overlayFile = join(dir, 'site.csv');
  writeFileSync(overlayFile, 'prefix,length,name,note\n52:54:00,24,"Lab, ""rack 3""",\n00:03:93,,Office Macs,\n');
  const analyzer = new Analyzer(loadRegistry(undefined, readOverlay(overlayFile)));

  for (const lang of ['en', 'fr'] as const) {
    it(`equal the whole analysis cut to the names, for ${PROJECTIONS.length} projections (${lang})`, () => {
      for (const fields of PROJECTIONS) check(analyzer, lang, fields);
    });
  }

  it('keep null members null and render an object with nothing kept as {}', () => {
    const one = (input: string, fields: string) => {
      const r = parseFields(fields);
      if (!r.ok || !r.projection) throw new Error(fields);
      return analyzer.analyze(input, 'en', r.projection);
    };
    expect(one('33:33:ff:01:02:03', 'vendor.name')).toMatchObject({ ok: true, analysis: { vendor: null } });
    expect(one('00:03:93:ab:12:34', 'special.id')).toMatchObject({ ok: true, analysis: { special: null } });
    expect(one('00:03:93:ab:12:34', 'vendor.iab')).toEqual({ ok: true, analysis: { vendor: {} } });
    expect(one('00:03:93:ab:12:34', 'derivedFrom')).toEqual({ ok: true, analysis: {} });
    expect(one('fe80::203:93ff:feab:1234', 'derivedFrom.kind')).toEqual({ ok: true, analysis: { derivedFrom: { kind: 'ipv6' } } });
    expect(one('00:1b:c5:00:00:01', 'hints.id')).toEqual({ ok: true, analysis: { hints: [] } });
    expect(one('00:03:93:ab:12:34', 'hints.id')).toEqual({ ok: true, analysis: { hints: [{ id: 'site' }] } });
  });

  it('projects extract items the same way', () => {
    const text = new TextEncoder().encode('host a 00:03:93:ab:12:34 up\nhost b 52-54-00-12-34-56\nfe80::211:22ff:fe33:4455\n');
    const found = extractMacs(text, 100);
    const key = parseBulkFields('vendor.name,hints.id,derivedFrom.kind', false);
    if (!key.ok) throw new Error('fields');
    const whole = JSON.parse(`[${decoder.decode(renderExtractChunk(analyzer, text, found.items, 'fr', false).bytes)}]`) as Array<{ analysis: Record<string, unknown> }>;
    const projected = JSON.parse(`[${decoder.decode(renderExtractChunk(analyzer, text, found.items, 'fr', false, 'json', key.key).bytes)}]`) as Array<{ analysis: Record<string, unknown> }>;
    expect(projected).toHaveLength(3);
    expect(projected).toEqual(whole.map((w) => ({ ...w, analysis: project(w.analysis, 'vendor.name,hints.id,derivedFrom.kind') })));
  });

  it('every member of FIELD_TREE is one the whole analysis writes, in that order', () => {
    const seen = new Map<string, string[]>();
    for (const line of decoder.decode(renderChunk(analyzer, INPUTS, 'en', 'ndjson').bytes).trim().split('\n')) {
      const a = (JSON.parse(line) as { analysis?: Record<string, unknown> }).analysis;
      if (!a) continue;
      for (const top of TOP_FIELDS) {
        const v = a[top];
        const members = v === null || v === undefined ? [] : Array.isArray(v) ? v.flatMap((e) => Object.keys(e as object)) : Object.keys(v as object);
        seen.set(top, [...new Set([...(seen.get(top) ?? []), ...members])]);
      }
    }
    for (const top of TOP_FIELDS) {
      const order = (FIELD_TREE[top] as readonly string[]).filter((c) => seen.get(top)!.includes(c));
      expect(seen.get(top)!.every((c) => (FIELD_TREE[top] as readonly string[]).includes(c)), top).toBe(true);
      expect(order.length, top).toBeGreaterThan(0);
    }
  });
});

describe('CSV and TSV columns picked by fields', () => {
  const analyzer = new Analyzer(loadRegistry());
  // The input first, then the columns in the order named, each once; error and detail only when named.
  const cases: Array<[string, string[]]> = [
    ['canonical,vendor,registry,hints', ['canonical', 'vendor', 'registry', 'hints']],
    ['address.canonical,vendor.name,vendor.registry,hints', ['canonical', 'vendor', 'registry', 'hints']],
    ['bits,special.id', ['ig', 'ul', 'special']],
    ['vendor', ['vendor']], // the column, not the whole vendor
    ['vendor.shortName,vendor.prefix,vendor.country,bits.ul', ['short_name', 'prefix', 'country', 'ul']],
    ['country,vendor,canonical', ['country', 'vendor', 'canonical']],
    ['prefix,input,error', ['prefix', 'error']],
    ['detail,vendor,error,vendor.name,bits.ig,ig', ['detail', 'vendor', 'error', 'ig']],
    ['input', []],
  ];
  for (const [fields, columns] of cases) {
    it(`"${fields}" writes input, then ${columns.join(', ') || 'nothing more'}`, () => {
      const key = parseBulkFields(fields, true);
      expect(key.ok).toBe(true);
      if (!key.ok) return;
      const all = ['input', 'canonical', 'ig', 'ul', 'vendor', 'short_name', 'registry', 'prefix', 'country', 'special', 'hints', 'error', 'detail'];
      const keep = ['input', ...columns].map((c) => all.indexOf(c));
      for (const lang of ['en', 'fr'] as const) {
        const json = decoder.decode(renderChunk(analyzer, INPUTS, lang, 'ndjson').bytes).trim().split('\n');
        const rows = parseCsv(decoder.decode(renderChunk(analyzer, INPUTS, lang, 'csv', false, key.key).bytes));
        expect(rows).toHaveLength(INPUTS.length);
        rows.forEach((row, i) => expect(row, `${lang} ${INPUTS[i]}`).toEqual(keep.map((k) => expectedRow(JSON.parse(json[i]))[k])));
        // TSV: the same cells, tab-separated, escaped as ClickHouse and COPY read them.
        const tsv = decoder.decode(renderChunk(analyzer, INPUTS, lang, 'tsv', false, key.key).bytes).split('\n').slice(0, -1);
        expect(tsv.map((line) => line.split('\t').map((cell) => firstCell(cell, 'tsv')))).toEqual(rows);
      }
    });
  }
  it('refuses names that are no column, listing those it accepts', () => {
    const r = parseBulkFields('address.cisco,vendor.name,nope', true);
    expect(r).toMatchObject({ ok: false, unknown: ['address.cisco', 'nope'] });
    if (!r.ok) expect(r.accepted).toEqual(expect.arrayContaining(['canonical', 'short_name', 'vendor.name', 'bits']));
  });
});

describe('the OpenAPI document', () => {
  type Schema = { properties?: Record<string, Schema>; required?: string[]; $ref?: string; oneOf?: Schema[]; items?: Schema; type?: string; 'x-fields'?: string[] };
  const schemas = (OPENAPI.components as { schemas: Record<string, Schema> }).schemas;
  const resolve = (s: Schema): Schema => (s.$ref ? resolve(schemas[s.$ref.split('/').pop()!]) : s);
  // A member of Analysis as ProjectedAnalysis has it: inlined, nothing required, and (`deeper`)
  // the same for its own members that fields names (x-fields).
  const relaxed = (s: Schema, deeper: boolean): Schema => {
    const r = resolve(s);
    if (r.oneOf) return { ...r, oneOf: r.oneOf.map((o) => (resolve(o).type === 'null' ? o : relaxed(o, deeper))) };
    if (r.type === 'array') return { ...r, items: relaxed(r.items!, deeper) };
    const { required: _, ...rest } = r;
    if (!deeper) return rest;
    return { ...rest, properties: Object.fromEntries(Object.entries(r.properties!).map(([k, p]) => [k, resolve(p)['x-fields'] ? relaxed(p, false) : p])) };
  };

  it('ProjectedAnalysis is Analysis with nothing required, down to the members fields names: the same schemas, enums and descriptions', () => {
    const projected = schemas.ProjectedAnalysis;
    expect(projected).toEqual({ ...projected, properties: Object.fromEntries(Object.entries(schemas.Analysis.properties!).map(([k, p]) => [k, relaxed(p, true)])) });
    expect(projected.required).toBeUndefined();
  });

  it('FIELD_TREE is the members of Analysis, with vendor.block.firstSeen (x-fields) a level deeper', () => {
    expect(Object.keys(FIELD_TREE)).toEqual(Object.keys(schemas.Analysis.properties!));
    expect(FIELD_TREE.vendor).toContain('block.firstSeen');
    expect(FIELD_TREE.hints).toEqual(Object.keys(schemas.Hint.properties!));
  });
});
