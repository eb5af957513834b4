/**
 * Enrich: records that carry addresses (NDJSON objects, CSV or TSV rows under a header) given back
 * byte for byte with each address's analysis inserted: in NDJSON a member `<name>_analysis` right
 * after the key's member, in CSV and TSV cells appended to the row. A record's own bytes are
 * copied, never re-serialised (a 64-bit integer keeps its digits, an escape stays as written).
 * Pure and synchronous: the HTTP route (inline or on the pool), the CLI and the library share it;
 * what it is asked to do is enrich-plan.ts's.
 */
import { visit } from 'jsonc-parser';
import type { Analyzer } from '../analysis/analyzer.js';
import { projectionFromKey, type Projection } from '../analysis/projection.js';
import { cellsOf, CsvReader, type Dialect } from '../csv/csv.js';
import type { Lang } from '../i18n/lang.js';
import { parseErrorCode, parseErrorDetail } from '../i18n/parse-errors.js';
import { derivedFromOf, parseAddressInput, type AddressInput } from '../mac/derived.js';
import { putText } from '../render/render-target.js';
import { csvColumnsOf, csvErrorRow, csvPlanOf, csvRowBytes, writeCsvRow, type CsvPlan } from './csv-rows.js';
import { keyPath, PASS_REASONS, type EnrichPlan } from './enrich-plan.js';
import { copyOut } from './output-slots.js';
import { scratchRoom, type RenderedChunk } from './render-chunk.js';
import { kindOf, noKinds, type KindCounts } from './address-kinds.js';

const LF = 10;
const CR = 13;
const QUOTE = 34;
const BACKSLASH = 92;

// What a chunk's records are written with, and what became of their keys.
interface Writer {
  readonly analyzer: Analyzer;
  readonly lang: Lang;
  readonly plan: EnrichPlan;
  readonly projection: Projection | null;
  readonly csv: CsvPlan | null;
  /** Each key's members (keyPath), and the bytes of each member name looked for (null: not written plainly). */
  readonly paths: ReadonlyArray<readonly string[]>;
  readonly needles: Map<string, Buffer | null>;
  readonly bytes: Buffer;
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
  const w: Writer = { analyzer, lang, plan, projection, csv, paths: plan.keys.map((k) => keyPath(k) ?? []), needles: new Map(), bytes: Buffer.from(records.buffer, records.byteOffset, records.length), pos: 0, analysed: 0, invalid: 0, kinds: noKinds(), passed: PASS_REASONS.map(() => 0) };
  const reader = plan.dialect === 'csv' ? new CsvReader() : null;
  for (let start = 0; start < records.length; ) {
    const at = reader ? reader.next(records, start, records.length) : records.indexOf(LF, start);
    const end = at < 0 ? records.length : records[at] === CR && records[at + 1] === LF ? at + 2 : at + 1;
    // The record's own bytes end at its line end: the CSV reader's CR or LF, or before a CRLF's CR.
    const own = at < 0 ? end : reader || at === start || records[at - 1] !== CR ? at : at - 1;
    if (plan.dialect === 'ndjson') jsonRecord(w, start, end);
    else tableRecord(w, start, own, end);
    start = end;
  }
  return { bytes: copyOut(scratchRoom(w.pos, 0).bytes.subarray(0, w.pos), into), analysed: w.analysed, invalid: w.invalid, kinds: w.kinds, passed: w.passed };
}

// Writes `text` (UTF-8) after what was written; returns the end.
function putTextOf(w: Writer, text: string): number {
  return putText(scratchRoom(w.pos, 3 * text.length).bytes, w.pos, text);
}

// Copies bytes [a, b) of the records.
function copy(w: Writer, a: number, b: number): void {
  scratchRoom(w.pos, b - a).bytes.set(w.bytes.subarray(a, b), w.pos);
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
  else if (own > start) w.passed[0] += plan.keys.length;
  copy(w, own, end);
}

// An NDJSON line [start, end): each key's analysis inserted after its member, or the line as it is.
function jsonRecord(w: Writer, start: number, end: number): void {
  const text = w.bytes.toString('utf8', start, end);
  const doc = jsonObject(text, end - start);
  if (doc === null) {
    if (text.trim() !== '') w.passed[2]++;
    return copy(w, start, end);
  }
  const found: Array<{ readonly path: readonly string[]; readonly value: string }> = [];
  for (const [k, key] of w.plan.keys.entries()) {
    const got = lookUp(doc, key, w.paths[k]);
    if (got === null || typeof got.value !== 'string') w.passed[got === null ? 0 : 1]++;
    // Two keys that reach the same member (a path and its pointer) add one analysis.
    else if (!found.some(({ path }) => path.length === got.path.length && path.every((s, i) => s === got.path[i]))) found.push({ path: got.path, value: got.value });
  }
  if (found.length === 0) return copy(w, start, end);
  // One walk of the document and at most one pass of the offset parser, whatever the keys.
  const names = namesIn(doc, new Set(found.map(({ path }) => path[path.length - 1])));
  const ends = found.map(({ path, value }) => (names.get(path[path.length - 1]) === 1 ? memberEnd(w, start, end, path, value) : null));
  if (ends.includes(null)) slowMemberEnds(text, start, found, ends);
  const inserts: Array<{ readonly at: number; readonly name: string; readonly value: string }> = [];
  for (const [i, { path, value }] of found.entries()) {
    if (ends[i] === null || ends[i] < 0) w.passed[0]++; // JSON.parse found it, so the offset parser finds it too
    else inserts.push({ at: ends[i], name: path[path.length - 1], value });
  }
  let from = start;
  for (const { at, name, value } of inserts.sort((a, b) => a.at - b.at)) {
    copy(w, from, at);
    w.pos = putTextOf(w, `,${JSON.stringify(`${name}_analysis`)}:`);
    putAnalysis(w, value);
    from = at;
  }
  copy(w, from, end);
}

// The line as a JSON object, or null: not JSON, not an object, or not UTF-8 (a byte that is not
// decodes to U+FFFD, which would move every offset found in the text).
function jsonObject(text: string, bytes: number): Record<string, unknown> | null {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return null;
  return text.includes('\uFFFD') && Buffer.byteLength(text) !== bytes ? null : (doc as Record<string, unknown>);
}

// The members a key reaches in `doc`, and the value there; null when a member is missing. A
// top-level member named like the whole dotted key (Zeek's `id.orig_h`) wins.
function lookUp(doc: Record<string, unknown>, key: string, keyPath: readonly string[]): { readonly path: readonly string[]; readonly value: unknown } | null {
  const path = !key.startsWith('/') && Object.hasOwn(doc, key) ? [key] : keyPath;
  let node: unknown = doc;
  for (const name of path) {
    if (node === null || typeof node !== 'object' || Array.isArray(node) || !Object.hasOwn(node, name)) return null;
    node = (node as Record<string, unknown>)[name];
  }
  return { path, value: node };
}

// Where the key's string value ends (after its closing quote), found in the bytes when the
// member's name is written once in the line, unescaped (the caller knows the whole document holds
// one member of that name: then that one is the key's); null when that does not settle it.
function memberEnd(w: Writer, start: number, end: number, path: readonly string[], value: string): number | null {
  const name = path[path.length - 1];
  let needle = w.needles.get(name);
  if (needle === undefined) w.needles.set(name, (needle = JSON.stringify(name).length === name.length + 2 ? Buffer.from(`"${name}"`) : null));
  if (needle === null) return null;
  const bytes = w.bytes;
  const line = bytes.subarray(start, end);
  let found = -1;
  for (let at = line.indexOf(needle); at >= 0; at = line.indexOf(needle, at + 1)) {
    const i = start + at;
    let back = 0;
    while (bytes[i - 1 - back] === BACKSLASH) back++;
    let j = i + needle.length;
    while (bytes[j] === 32 || bytes[j] === 9 || bytes[j] === LF || bytes[j] === CR) j++;
    if (back % 2 === 1 || bytes[j] !== 58) continue; // an escaped quote, or a value rather than a name
    if (found >= 0) return null;
    found = j + 1;
  }
  if (found < 0) return null;
  while (bytes[found] !== QUOTE) found++;
  const raw = JSON.stringify(value);
  return bytes.toString('utf8', found, found + Buffer.byteLength(raw)) === raw ? found + Buffer.byteLength(raw) : null;
}

// How many members of each of `names` the document holds, at any depth.
function namesIn(node: unknown, names: ReadonlySet<string>, counts = new Map<string, number>()): Map<string, number> {
  if (node === null || typeof node !== 'object') return counts;
  if (!Array.isArray(node)) for (const name of Object.keys(node)) if (names.has(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  for (const child of Object.values(node)) namesIn(child, names, counts);
  return counts;
}

// Fills the `ends` not found yet: where each key's string value ends in the line `text` that
// starts at byte `start` (-1: nowhere), read by a JSON parser that reports offsets, in one pass;
// the last such member wins, as JSON.parse keeps the last of duplicates.
function slowMemberEnds(text: string, start: number, found: ReadonlyArray<{ readonly path: readonly string[]; readonly value: string }>, ends: Array<number | null>): void {
  const at = ends.map(() => -1);
  visit(text, {
    onLiteralValue: (v: unknown, offset: number, length: number, _line: number, _column: number, where: () => ReadonlyArray<string | number>) => {
      if (typeof v !== 'string') return;
      found.forEach(({ path, value }, i) => {
        if (ends[i] !== null || v !== value) return;
        const p = where();
        if (p.length === path.length && p.every((s, k) => s === path[k])) at[i] = offset + length;
      });
    },
  });
  at.forEach((a, i) => {
    if (ends[i] === null) ends[i] = a < 0 ? -1 : start + Buffer.byteLength(text.slice(0, a));
  });
}
