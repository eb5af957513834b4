/**
 * CSV rows of bulk items (CSV is for spreadsheets: a flat subset of the analysis). A row is
 * the input, the canonical address, the vendor block's prefix, and columns that depend only
 * on what the analysis was made of (bits, vendor record, special entry, hints:
 * Analyzer.lookUp). Those columns are read once from the analysis' pieces (analysis/pieces.ts)
 * and the vendor values, and kept, as bytes, per analyzer and language; a row is then the
 * analyzer's look-ups, a few array look-ups and byte copies.
 */
import type { Analyzer } from '../analysis/analyzer.js';
import { vendorKey, type Facts } from '../analysis/lookup.js';
import type { LangPieces } from '../analysis/pieces.js';
import type { HintInfo } from '../analysis/types.js';
import { csvField } from '../csv/csv.js';
import type { VendorValues } from '../registry/vendor-values.js';
import { langIndex, type Lang } from '../i18n/lang.js';
import { eui64Formats } from '../mac/eui64.js';
import { putCanonical, putPrefix } from '../mac/prefix.js';
import { putShort as put } from '../render/render-target.js';

/** The CSV columns, in order (the header row of a CSV answer). */
export const CSV_COLUMNS = [
  'input', 'canonical', 'ig', 'ul', 'vendor', 'short_name', 'registry', 'prefix', 'country', 'special', 'hints', 'error', 'detail',
] as const;

/** The columns that come from an analysis (between the input and the error columns): what `fields` picks. */
export const ANALYSIS_COLUMNS = CSV_COLUMNS.slice(1, -2);

/** A choice of analysis columns, in CSV_COLUMNS order (all of them when no `fields` is given). */
export type CsvColumns = readonly string[];

/** The CSV header line of a batch with `columns`. */
export function csvHeader(columns: CsvColumns = ANALYSIS_COLUMNS): string {
  return `${['input', ...columns, 'error', 'detail'].join(',')}\n`;
}

/** The CSV header of an extract: the input, the line and its context, then the batch's other columns. */
export function extractCsvHeader(columns: CsvColumns = ANALYSIS_COLUMNS): string {
  return `${['input', 'line', 'context', ...columns, 'error', 'detail'].join(',')}\n`;
}

const encoder = new TextEncoder();

// The value of each chosen column of `names`, with a leading comma.
function chosen(columns: ReadonlySet<string>, values: ReadonlyArray<readonly [string, string | number | null | undefined]>): string {
  let out = '';
  for (const [name, value] of values) if (columns.has(name)) out += `,${csvField(value)}`;
  return out;
}

// The registry column of each width index (lookup.ts: the vendor key is record × 4 + width index).
const REGISTRY_BY_WIDTH = ['MA-L', 'MA-M', 'MA-M', 'MA-S'].map((r) => encoder.encode(r));

/** Which of the vendor columns (vendor, short_name, registry, prefix, country, in that order) a CSV answer has. */
interface VendorChoice {
  readonly name: boolean;
  readonly shortName: boolean;
  readonly registry: boolean;
  readonly prefix: boolean;
  readonly country: boolean;
}

/**
 * The vendor fields of each vendor key (lookup.ts) met so far, CSV-escaped: the name, short
 * name and country code, read from the record the first time its key is met,
 * into one byte arena. One per analyzer (its snapshot), whatever the columns and language:
 * a row writes the chosen ones, so a key costs its fields once per worker, whatever the
 * columns and the language.
 */
class VendorFields {
  private arena = new Uint8Array(1 << 16);
  private used = 0;
  /** By key × 4: where its name starts, then where its name, short name and country end; -1 before it is read. */
  private readonly bounds: Int32Array;

  constructor(
    keys: number,
    private readonly vendors: VendorValues,
  ) {
    this.bounds = new Int32Array(keys * 4).fill(-1);
  }

  /** Bytes of key `key`'s columns at most, every one with its comma (reading its fields first if needed). */
  length(key: number): number {
    if (this.bounds[key * 4] < 0) this.read(key);
    return this.bounds[key * 4 + 3] - this.bounds[key * 4] + 5 + 4;
  }

  /** Writes key `key`'s chosen columns (read by `length` first) into `out` at `pos`, each with its leading comma; returns the end. */
  write(key: number, choice: VendorChoice, out: Uint8Array, pos: number, prefix: number): number {
    const arena = this.arena;
    const b = this.bounds;
    const at = key * 4;
    if (choice.name) pos = copy(arena, b[at], b[at + 1], out, pos);
    if (choice.shortName) pos = copy(arena, b[at + 1], b[at + 2], out, pos);
    if (choice.registry) {
      const registry = REGISTRY_BY_WIDTH[key & 3];
      pos = copy(registry, 0, registry.length, out, pos);
    }
    if (choice.prefix) {
      out[pos++] = 44;
      pos = putPrefix(out, pos, prefix, key & 3);
    }
    if (choice.country) pos = copy(arena, b[at + 2], b[at + 3], out, pos);
    return pos;
  }

  private read(key: number): void {
    const v = this.vendors.record(key >>> 2);
    const fields = [csvField(v.name), csvField(v.shortName), csvField(v.country)];
    const need = 3 * (fields[0].length + fields[1].length + fields[2].length);
    if (this.used + need > this.arena.length) {
      const grown = new Uint8Array(Math.max(2 * this.arena.length, this.used + need));
      grown.set(this.arena.subarray(0, this.used));
      this.arena = grown;
    }
    const at = key * 4;
    this.bounds[at] = this.used;
    for (let i = 0; i < 3; i++) this.bounds[at + 1 + i] = this.used += encoder.encodeInto(fields[i], this.arena.subarray(this.used)).written;
  }
}

// Writes a comma, then bytes `from` to `to` of `source`, into `out` at `pos`; returns the end.
function copy(source: Uint8Array, from: number, to: number, out: Uint8Array, pos: number): number {
  out[pos++] = 44;
  for (let i = from; i < to; i++) out[pos++] = source[i];
  return pos;
}

// The bits, special and hints columns (those chosen, each with its leading comma) of an address of bits key `bk` and facts `f`.
function otherColumns(p: LangPieces, bk: number, f: Facts, columns: ReadonlySet<string>): { bits: Uint8Array; special: Uint8Array; hints: Uint8Array } {
  const bits = p.bits[bk].value;
  const hints: HintInfo[] = [];
  if (f.site >= 0) hints.push(p.sites[f.site].value);
  if (f.hint >= 0) hints.push(p.hints[f.hint].value);
  return {
    bits: encoder.encode(chosen(columns, [['ig', bits.ig.meaning], ['ul', bits.ul.meaning]])),
    special: encoder.encode(chosen(columns, [['special', f.special < 0 ? null : p.special[f.special].value.id]])),
    // Each hint as id:fact (platform, CID owner or quadrant), separated by ';'.
    hints: encoder.encode(chosen(columns, [['hints', hints.map((h) => `${h.id}:${h.platform ?? h.name ?? h.quadrant ?? ''}`).join(';')]])),
  };
}

// Cached columns of one analyzer, language and choice of columns, by the facts of a look-up (arrays: dense indices).
interface LangColumns {
  readonly bits: Uint8Array[];
  /** By special entry + 1. */
  readonly special: Uint8Array[];
  readonly hints: Map<number, Uint8Array>;
}

// Each analyzer's caches (they go with its snapshot): columns by column choice (joined), then
// language index; vendor fields for all.
interface AnalyzerCaches {
  readonly byColumns: Map<string, LangColumns[]>;
  readonly vendorFields: VendorFields;
}
const caches = new WeakMap<Analyzer, AnalyzerCaches>();

// Longest input written as is (a valid address, EUI-64 or IPv6 input is shorter).
const INPUT_MAX = 64;

// True when `input` is ASCII without a comma, quote or line break (written without quotes).
function plain(input: string): boolean {
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c === 44 || c === 34 || c === 10 || c === 13 || c > 127) return false;
  }
  return true;
}

/** CSV rows written into one growing byte buffer. */
export class CsvRows {
  private bytes = new Uint8Array(1 << 16);
  private pos = 0;
  private analyzer: Analyzer | null = null;
  private lang: Lang = 'en';
  private columns: LangColumns | null = null;
  private chosen: ReadonlySet<string> = new Set(ANALYSIS_COLUMNS);
  private canonical = true;
  private noVendor = encoder.encode(',,,,,');
  private vendorFields: VendorFields | null = null;
  private vendorChoice: VendorChoice = { name: true, shortName: true, registry: true, prefix: true, country: true };
  private noAnalysis = '';

  /** The analyzer, language and analysis columns of the rows that follow (their cached columns). */
  use(analyzer: Analyzer, lang: Lang, columns: CsvColumns = ANALYSIS_COLUMNS): void {
    let cached = caches.get(analyzer);
    if (!cached) caches.set(analyzer, (cached = { byColumns: new Map(), vendorFields: new VendorFields(analyzer.meta.records * 4, analyzer.index.vendors) }));
    const byColumns = cached.byColumns;
    const key = columns.join(',');
    let perLang = byColumns.get(key);
    if (!perLang) byColumns.set(key, (perLang = []));
    this.analyzer = analyzer;
    this.lang = lang;
    this.chosen = new Set(columns);
    this.canonical = this.chosen.has('canonical');
    this.noAnalysis = ','.repeat(columns.length);
    this.noVendor = encoder.encode(','.repeat(['vendor', 'short_name', 'registry', 'prefix', 'country'].filter((c) => this.chosen.has(c)).length));
    const has = (c: string) => this.chosen.has(c);
    this.vendorChoice = { name: has('vendor'), shortName: has('short_name'), registry: has('registry'), prefix: has('prefix'), country: has('country') };
    this.vendorFields = cached.vendorFields;
    this.columns = perLang[langIndex(lang)] ??= {
      bits: [],
      special: [],
      hints: new Map(),
    };
  }

  /**
   * Adds the row of an address (of `input`), whose look-up gave `f`. `afterInput`: fields
   * written after the input, each with its leading comma (an extract's line and context).
   */
  addAnalysis(input: string, f: Facts, afterInput = ''): void {
    const c = this.columns!;
    const analyzer = this.analyzer!;
    const bk = f.bits;
    const hk = (f.site + 1) * 0x10000 + f.hint + 1;
    const vendors = this.vendorFields!;
    const vendor = f.block === null ? -1 : vendorKey(f.block);
    const vendorLength = vendor < 0 ? 0 : vendors.length(vendor);
    let bits = c.bits[bk];
    let special = c.special[f.special + 1];
    let hints = c.hints.get(hk);
    if (bits === undefined || special === undefined || hints === undefined) {
      const columns = otherColumns(analyzer.piecesOf(this.lang), bk, f, this.chosen);
      c.bits[bk] = bits = columns.bits;
      c.special[f.special + 1] = special = columns.special;
      c.hints.set(hk, (hints = columns.hints));
    }
    const rest = 64 + bits.length + vendorLength + special.length + hints.length;
    let out: Uint8Array;
    let pos: number;
    if (afterInput.length === 0 && input.length <= INPUT_MAX && plain(input)) {
      out = this.room(INPUT_MAX + rest);
      pos = this.pos;
      for (let i = 0; i < input.length; i++) out[pos++] = input.charCodeAt(i);
    } else {
      this.add(csvField(input) + afterInput);
      out = this.room(rest);
      pos = this.pos;
    }
    if (this.canonical) {
      out[pos++] = 44;
      if (f.eui64 === null) pos = putCanonical(out, pos, f.mac);
      else for (const c of eui64Formats(f.eui64, ['canonical']).canonical) out[pos++] = c.charCodeAt(0);
    }
    pos = put(out, pos, bits);
    pos = f.block === null ? put(out, pos, this.noVendor) : vendors.write(vendor, this.vendorChoice, out, pos, f.block.prefix);
    pos = put(out, pos, special);
    pos = put(out, pos, hints);
    out[pos++] = 44; // error and detail: empty
    out[pos++] = 44;
    out[pos++] = 10;
    this.pos = pos;
  }

  /** Adds the row of an input that is not an address. */
  addError(input: string, code: string, detail: string): void {
    this.add(`${csvField(input)}${this.noAnalysis},${csvField(code)},${csvField(detail)}\n`);
  }
  /** The rows so far, as a view the next row overwrites (copy it out); the buffer starts empty again. */
  take(): Uint8Array {
    const rows = this.bytes.subarray(0, this.pos);
    this.pos = 0;
    return rows;
  }

  private add(text: string): void {
    this.room(3 * text.length);
    this.pos += encoder.encodeInto(text, this.bytes.subarray(this.pos)).written;
  }

  // The buffer, with at least `n` bytes free after pos.
  private room(n: number): Uint8Array {
    if (this.pos + n > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(2 * this.bytes.length, this.pos + n));
      bigger.set(this.bytes.subarray(0, this.pos));
      this.bytes = bigger;
    }
    return this.bytes;
  }
}

/**
 * What `fields` asked for, in the form a pool task carries: null for everything; else, for
 * CSV, the analysis columns joined by commas, and for the other styles a projection key
 * (projection.ts).
 */
export type FieldsKey = string | null;

/** The CSV analysis columns a fields key stands for. */
export function csvColumnsOf(fields: FieldsKey): CsvColumns {
  return fields === null ? ANALYSIS_COLUMNS : fields === '' ? [] : fields.split(',');
}
