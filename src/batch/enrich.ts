/**
 * Enrich: records that carry addresses (NDJSON objects, CSV or TSV rows under a header) given back
 * byte for byte with each address's analysis inserted: in NDJSON a member `<name>_analysis` right
 * after the key's member, in CSV and TSV cells appended to the row. A record's own bytes are
 * copied, never re-serialised (a 64-bit integer keeps its digits, an escape stays as written).
 * Pure and synchronous: the HTTP route (inline or on the pool), the CLI and the library share it;
 * what it is asked to do is enrich-plan.ts's.
 */
import type { Analyzer } from '../analysis/analyzer.js';
import { projectionFromKey, type Projection } from '../analysis/projection.js';
import { cellsOf, CsvReader, type Dialect } from '../csv/csv.js';
import type { Lang } from '../i18n/lang.js';
import { parseErrorCode, parseErrorDetail } from '../i18n/parse-errors.js';
import { derivedFromOf, parseAddressInput, type AddressInput } from '../mac/derived.js';
import { putShort, putText } from '../render/render-target.js';
import { csvColumnsOf, csvErrorRow, csvPlanOf, csvRowBytes, writeCsvRow, type CsvPlan } from './csv-rows.js';
import { keyPath, PASS_REASONS, type EnrichPlan, type PassReason } from './enrich-plan.js';
import { copyOut } from './output-slots.js';
import { scratchRoom, type RenderedChunk } from './render-chunk.js';
import { kindOf, noKinds, type KindCounts } from './address-kinds.js';
import { JsonLineReader } from './json-line.js';

const LF = 10;
const CR = 13;

// What a chunk's records are written with, and what became of their keys.
interface Writer {
  readonly analyzer: Analyzer;
  readonly lang: Lang;
  readonly plan: EnrichPlan;
  readonly projection: Projection | null;
  readonly csv: CsvPlan | null;
  /**
   * NDJSON: the line reader, and where each key's value is among what it reads (`flat`: a
   * top-level member named like the whole key, -1 if none), with the bytes inserted before its
   * analysis (`,"<name>_analysis":`) for each.
   */
  readonly json: { readonly reader: JsonLineReader; readonly keys: ReadonlyArray<{ readonly flat: number; readonly path: number; readonly flatLabel: Buffer; readonly label: Buffer }> } | null;
  readonly bytes: Buffer;
  readonly records: Uint8Array;
  pos: number;
  analysed: number;
  invalid: number;
  readonly kinds: KindCounts;
  readonly passed: number[];
}

/** Enriches whole records (a chunk of a body, the header apart) as `plan` says, in `lang`; the bytes are a view of `into` when they fit. */
export function enrichChunk(analyzer: Analyzer, records: Uint8Array, plan: EnrichPlan, lang: Lang, into: Uint8Array | null = null): RenderedChunk & { readonly passed: readonly number[] } {
  const projection = plan.dialect === 'ndjson' && plan.fields !== null ? projectionFromKey(plan.fields) : null;
  const csv = plan.dialect === 'ndjson' ? null : csvPlanOf(csvColumnsOf(plan.fields), plan.dialect);
  const w: Writer = { analyzer, lang, plan, projection, csv, json: plan.dialect === 'ndjson' ? jsonKeys(plan.keys) : null, bytes: Buffer.from(records.buffer, records.byteOffset, records.length), records: new Uint8Array(records.buffer, records.byteOffset, records.length), pos: 0, analysed: 0, invalid: 0, kinds: noKinds(), passed: PASS_REASONS.map(() => 0) };
  const reader = plan.dialect === 'csv' ? new CsvReader() : null;
  for (let start = 0; start < records.length; ) {
    const at = reader ? reader.next(records, start, records.length) : w.bytes.indexOf(LF, start);
    const end = at < 0 ? records.length : records[at] === CR && records[at + 1] === LF ? at + 2 : at + 1;
    // The record's own bytes end at its line end: the CSV reader's CR or LF, or before a CRLF's CR.
    const own = at < 0 ? end : reader || at === start || records[at - 1] !== CR ? at : at - 1;
    if (plan.dialect === 'ndjson') jsonRecord(w, start, end);
    else tableRecord(w, start, own, end);
    start = end;
  }
  return { bytes: copyOut(scratchRoom(w.pos, 0).bytes.subarray(0, w.pos), into), analysed: w.analysed, invalid: w.invalid, kinds: w.kinds, passed: w.passed };
}

// Counts `n` keys let pass for `reason`.
function pass(w: Writer, reason: PassReason, n = 1): void {
  w.passed[PASS_REASONS.indexOf(reason)] += n;
}

// Writes `text` (UTF-8) after what was written; returns the end.
function putTextOf(w: Writer, text: string): number {
  return putText(scratchRoom(w.pos, 3 * text.length).bytes, w.pos, text);
}

// Copies bytes [a, b) of the records (through a Uint8Array's view: a Buffer's costs more to make).
function copy(w: Writer, a: number, b: number): void {
  scratchRoom(w.pos, b - a).bytes.set(w.records.subarray(a, b), w.pos);
  w.pos += b - a;
}

// The analysis of `value` (or its error) as JSON, or as the plan's CSV or TSV cells after separators.
function putAnalysis(w: Writer, value: string): void {
  const { analyzer, lang, plan } = w;
  const parsed = parseAddressInput(value);
  const valid = typeof parsed === 'number' || 'mac' in parsed;
  const facts = valid ? analyzer.factsOf(parsed) : null;
  const error = valid ? null : { code: parseErrorCode(parsed), detail: parseErrorDetail(parsed, lang) };
  if (facts === null) w.invalid++;
  else {
    w.analysed++;
    w.kinds[kindOf(facts)]++;
  }
  if (plan.dialect === 'ndjson') {
    // The input is not written: the analysis's worst case, and a derivedFrom member (which repeats it).
    if (facts !== null) w.pos = analyzer.writeJson(facts, lang, w.projection, scratchRoom(w.pos, analyzer.maxBytes + 7 * value.length + 128), w.pos, derivedFromOf(parsed as number | AddressInput, value));
    else w.pos = putTextOf(w, JSON.stringify({ error }));
    return;
  }
  // The row's cells without its input (an empty first cell) and without its line end.
  if (facts !== null) w.pos = writeCsvRow(analyzer, facts, '', '', w.csv!, analyzer.piecesOf(lang), scratchRoom(w.pos, csvRowBytes(analyzer)).bytes, w.pos) - 1;
  else w.pos = putTextOf(w, csvErrorRow('', error!.code, error!.detail, w.csv!)) - 1;
}

// A CSV or TSV row [start, own) with its line end up to `end`: its cells, then each key's
// analysis, when it has the header's number of cells; else unchanged (each key: no_key).
function tableRecord(w: Writer, start: number, own: number, end: number): void {
  const { plan } = w;
  const cells = own > start ? cellsOf(w.bytes.toString('utf8', start, own), plan.dialect as Dialect) : [];
  copy(w, start, own);
  if (cells.length === plan.width) for (const column of plan.columns) putAnalysis(w, cells[column]);
  else if (own > start) pass(w, 'no_key', plan.keys.length);
  copy(w, own, end);
}

// An NDJSON line [start, end): each key's analysis inserted after its member, or the line as it is.
function jsonRecord(w: Writer, start: number, end: number): void {
  const { bytes } = w;
  const values = w.json!.reader.read(bytes, start, end);
  if (values === null) {
    if (!blank(bytes, start, end)) pass(w, 'not_object');
    return copy(w, start, end);
  }
  // In the line's order; two keys that reach the same member (a path and its pointer) add one analysis.
  const inserts: Array<{ readonly at: number; readonly label: Buffer; readonly value: string }> = [];
  for (const { flat, path, flatLabel, label } of w.json!.keys) {
    // A top-level member named like the whole dotted key (Zeek's `id.orig_h`) wins.
    const which = flat >= 0 && values[flat] !== null ? flat : path;
    const found = values[which];
    if (found === null || found === 'not_string') {
      pass(w, found === null ? 'no_key' : 'not_string');
      continue;
    }
    const next = inserts.findIndex(({ at }) => at >= found.end);
    if (next >= 0 && inserts[next].at === found.end) continue;
    const value = found.escaped ? (JSON.parse(bytes.toString('utf8', found.start, found.end)) as string) : bytes.toString('utf8', found.start + 1, found.end - 1);
    inserts.splice(next < 0 ? inserts.length : next, 0, { at: found.end, label: which === flat ? flatLabel : label, value });
  }
  let from = start;
  for (const { at, label, value } of inserts) {
    copy(w, from, at);
    w.pos = putShort(scratchRoom(w.pos, label.length).bytes, w.pos, label);
    putAnalysis(w, value);
    from = at;
  }
  copy(w, from, end);
}

// Whether bytes [start, end) are all white space (a blank line: kept, and not counted).
function blank(bytes: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (bytes[i] !== 32 && bytes[i] !== 9 && bytes[i] !== 10 && bytes[i] !== 13) return false;
  return true;
}

// What goes before the analysis of member `name`: `,"<name>_analysis":`.
const labelOf = (name: string): Buffer => Buffer.from(`,${JSON.stringify(`${name}_analysis`)}:`);

// The paths an NDJSON chunk's reader looks for: each key's (a pointer's, or a dotted key's
// members), and for a dotted key of several names the top-level member named like all of it.
function jsonKeys(keys: readonly string[]): NonNullable<Writer['json']> {
  const paths: Array<readonly string[]> = [];
  const slots = keys.map((key) => {
    const path = keyPath(key) ?? [];
    const flat = !key.startsWith('/') && path.length > 1 ? paths.push([key]) - 1 : -1;
    return { flat, path: paths.push(path) - 1, flatLabel: labelOf(key), label: labelOf(path[path.length - 1]) };
  });
  return { reader: new JsonLineReader(paths), keys: slots };
}
