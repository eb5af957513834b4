/**
 * Renders a chunk of bulk items into one byte array: each item is
 * `{"input":…,"analysis":{…}}` or `{"input":…,"error":{"code":…,"detail":…}}`, as NDJSON
 * lines, JSON array elements, msgpack maps or CSV or TSV rows; and a chunk of extract items
 * (`{"input","line","context","analysis"}`). Pure and synchronous, so the same code serves
 * the HTTP batch (inline or on the pool) and the CLI.
 */
import { Packr } from 'msgpackr';
import type { Analyzer } from '../analysis/analyzer.js';
import type { Lang } from '../i18n/lang.js';
import { parseErrorCode, parseErrorDetail } from '../i18n/parse-errors.js';
import { derivedFromOf, parseAddressInput, type AddressInput, type DerivedFrom } from '../mac/derived.js';
import type { Facts } from '../analysis/lookup.js';
import { putBytes as put, putText, RenderTarget } from '../render/render-target.js';
import { kindOf, noKinds, type KindCounts } from './address-kinds.js';
import { afterInputCells, csvColumnsOf, csvErrorRow, csvPlanOf, csvRowBytes, writeCsvRow, type FieldsKey } from './csv-rows.js';
import { projectionFromKey, type Projection } from '../analysis/projection.js';
import { CONTEXT_MAX, foundAt, ITEM_FIELDS } from '../extract/extract.js';
import { copyOut } from './output-slots.js';
import { BULK_FORMATS, EXTRACT_FORMATS, type ExtractStyle, type ItemStyle } from './bulk-formats.js';

export { csvColumnsOf, type FieldsKey } from './csv-rows.js';
export type { ExtractStyle, ItemStyle } from './bulk-formats.js';


// The projection of a fields key (non-CSV styles).
function projectionOf(fields: FieldsKey): Projection | null {
  return fields === null ? null : projectionFromKey(fields);
}

/** Outcome counts of a chunk, for bulk summaries. */
export interface ChunkCounts {
  readonly analysed: number;
  readonly invalid: number;
  /** Analysed addresses by kind (address-kinds.ts). */
  readonly kinds: KindCounts;
}

/** A rendered chunk and its counts. */
export interface RenderedChunk extends ChunkCounts {
  readonly bytes: Uint8Array;
  /** An enriched chunk's keys that passed unanalysed, by reason (enrich.ts PASS_REASONS). */
  readonly passed?: readonly number[];
}

// msgpack items are packed from the analysis as a value (analysis-object.ts), one chunk at a time.
const packr = new Packr({ useRecords: false });

const encoder = new TextEncoder();
const INPUT = encoder.encode('{"input":');
const ANALYSIS = encoder.encode(',"analysis":');
const ERROR = encoder.encode(',"error":');

// What a bulk item says of an input that is not an address.
interface ItemError {
  readonly code: string;
  readonly detail: string;
}

// The byte of a one-character ASCII separator or terminator, -1 for none.
function byteOf(text: string): number {
  return text.length === 0 ? -1 : text.charCodeAt(0);
}

let scratch = new RenderTarget(1 << 20);
/**
 * The thread's scratch target with room for `need` bytes at `pos` (what was written before `pos`
 * kept): one per thread, copied out after each chunk (output-slots.ts); it grows when the next
 * item's worst case does not fit, so it is sized by real chunks, not worst cases.
 */
export function scratchRoom(pos: number, need: number): RenderTarget {
  if (pos + need + 16 > scratch.bytes.length) {
    const grown = new RenderTarget(Math.max(2 * scratch.bytes.length, pos + need + 16));
    grown.bytes.set(scratch.bytes.subarray(0, pos));
    scratch = grown;
  }
  return scratch;
}

// Writes `{"input":…,"analysis":…}` for an address (`facts`), `{"input":…,"error":…}` for
// another input; past it.
function writeJsonItem(analyzer: Analyzer, target: RenderTarget, pos: number, input: string, facts: Facts | null, error: ItemError | null, lang: Lang, projection: Projection | null, from: DerivedFrom | null): number {
  const out = target.bytes;
  pos = put(out, pos, INPUT);
  // A valid address (or EUI-64 or IPv6 input) is hex digits and separators, with spaces, tabs,
  // CRs or LFs around it (a CSV cell's `"0003.93ab.1234\r "` too): copied as it is until a
  // control character, which JSON escapes.
  const at = pos;
  let plain = facts !== null;
  if (plain) {
    out[pos++] = 34;
    for (let c = 0; c < input.length && plain; c++) plain = (out[pos++] = input.charCodeAt(c)) >= 32;
    out[pos++] = 34;
  }
  if (!plain) pos = putText(out, at, JSON.stringify(input));
  if (facts !== null) pos = analyzer.writeJson(facts, lang, projection, target, put(out, pos, ANALYSIS), from);
  else pos = putText(out, put(out, pos, ERROR), JSON.stringify(error));
  out[pos++] = 125; // }
  return pos;
}

/**
 * Renders `inputs` in `lang`, framed as BULK_FORMATS[style] says (`leadingComma`: a separator
 * before the first item too). The bytes are the caller's: a view of `into` (a lent output slot)
 * when they fit, else a new buffer.
 */
export function renderChunk(analyzer: Analyzer, inputs: readonly string[], lang: Lang, style: ItemStyle, leadingComma = false, fields: FieldsKey = null, into: Uint8Array | null = null): RenderedChunk {
  let pos = 0;
  let analysed = 0;
  let invalid = 0;
  const kinds = noKinds();
  // CSV rows are written from the look-ups' facts (csv-rows.ts); msgpack items are packed from
  // the analysis as a value (analysis-object.ts).
  const dialect = BULK_FORMATS[style].dialect;
  const csv = dialect !== null ? csvPlanOf(csvColumnsOf(fields), dialect) : null;
  const pieces = analyzer.piecesOf(lang);
  const packed: Uint8Array[] | null = style === 'msgpack' ? [] : null;
  const projection = csv === null ? projectionOf(fields) : null;
  // One ASCII character or none each (bulk-formats.ts): -1 for none.
  const separator = byteOf(BULK_FORMATS[style].separator);
  const terminator = byteOf(BULK_FORMATS[style].terminator);
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i];
    const parsed = parseAddressInput(input);
    const valid = typeof parsed === 'number' || 'mac' in parsed;
    const facts = valid ? analyzer.factsOf(parsed) : null;
    const error: ItemError | null = valid ? null : { code: parseErrorCode(parsed), detail: parseErrorDetail(parsed, lang) };
    const from = valid ? derivedFromOf(parsed as number | AddressInput, input) : null;
    if (facts !== null) {
      analysed++;
      kinds[kindOf(facts)]++;
    } else invalid++;
    if (csv !== null) {
      if (facts !== null) pos = writeCsvRow(analyzer, facts, input, '', csv, pieces, scratchRoom(pos, csvRowBytes(analyzer) + 3 * input.length).bytes, pos);
      else pos = putText(scratchRoom(pos, 3 * (2 * input.length + 1024)).bytes, pos, csvErrorRow(input, error!.code, error!.detail, csv));
      continue;
    }
    if (packed !== null) {
      packed.push(packr.pack(facts !== null ? { input, analysis: analyzer.analysisOf(facts, lang, projection, from) } : { input, error }));
      continue;
    }
    // Worst case of the item: the analysis (or an error, whose detail is far shorter), the input
    // escaped as \uXXXX (6 bytes a character), framing, and a derivedFrom member (which repeats the input).
    const target = scratchRoom(pos, analyzer.maxBytes + 7 * input.length + 128);
    if (separator >= 0 && (i > 0 || leadingComma)) target.bytes[pos++] = separator;
    pos = writeJsonItem(analyzer, target, pos, input, facts, error, lang, projection, from);
    if (terminator >= 0) target.bytes[pos++] = terminator;
  }
  if (packed !== null) return { bytes: copyOut(Buffer.concat(packed), into), analysed, invalid, kinds };
  return { bytes: copyOut(scratch.bytes.subarray(0, pos), into), analysed, invalid, kinds };
}

const LINE = encoder.encode(',"line":');
const CONTEXT = encoder.encode(',"context":');

/**
 * Renders addresses found by extractMacs in `text` (`items`: some of its results): as
 * comma-separated JSON array elements `{"input","line","context","analysis"}` (`leadingComma`
 * and `into` as in renderChunk), or as CSV rows with the line and context after the input.
 */
export function renderExtractChunk(analyzer: Analyzer, text: Uint8Array, items: Uint32Array, lang: Lang, leadingComma: boolean, style: ExtractStyle = 'json', fields: FieldsKey = null, into: Uint8Array | null = null): RenderedChunk {
  const count = items.length / ITEM_FIELDS;
  let pos = 0;
  const kinds = noKinds();
  const dialect = EXTRACT_FORMATS[style].dialect;
  const csv = dialect !== null ? csvPlanOf(csvColumnsOf(fields), dialect) : null;
  const pieces = analyzer.piecesOf(lang);
  const projection = csv === null ? projectionOf(fields) : null;
  const separator = byteOf(EXTRACT_FORMATS[style].separator);
  for (let i = 0; i < count; i++) {
    const found = foundAt(text, items, i);
    const target = scratchRoom(pos, analyzer.maxBytes + 6 * CONTEXT_MAX + 128);
    const out = target.bytes;
    if (csv !== null) {
      const facts = analyzer.factsOf(found.derived ?? found.mac);
      pos = writeCsvRow(analyzer, facts, found.input, afterInputCells(found.line, found.context, csv), csv, pieces, out, pos);
      kinds[kindOf(facts)]++;
      continue;
    }
    if (separator >= 0 && (i > 0 || leadingComma)) out[pos++] = separator;
    pos = put(out, pos, INPUT);
    pos = putText(out, pos, `"${found.input}"`); // hex digits and separators: no escaping
    pos = put(out, pos, LINE);
    pos = putText(out, pos, String(found.line));
    pos = put(out, pos, CONTEXT);
    pos = putText(out, pos, JSON.stringify(found.context));
    pos = put(out, pos, ANALYSIS);
    const facts = analyzer.factsOf(found.derived ?? found.mac);
    pos = analyzer.writeJson(facts, lang, projection, target, pos, derivedFromOf(found.derived, found.input));
    out[pos++] = 125; // }
    kinds[kindOf(facts)]++;
  }
  return { bytes: copyOut(scratch.bytes.subarray(0, pos), into), analysed: count, invalid: 0, kinds };
}
