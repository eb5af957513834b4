/**
 * CSV rows of bulk items (CSV is for spreadsheets: a flat subset of the analysis). A row is
 * the input, the canonical address, the vendor block's prefix, and columns that depend only
 * on what the analysis was made of (bits, vendor record, special entry, hints:
 * Analyzer.lookUp). Those columns are read once from a rendered analysis and kept, as bytes,
 * per analyzer and language; a row is then the analyzer's look-ups, a few array look-ups and
 * byte copies: no analysis is rendered (NDJSON renders one) nor parsed (a JSON.parse of each
 * item took 2.2-2.4 times the time of NDJSON).
 */
import type { Analyzer } from '../analysis/analyzer.js';
import type { Analysis } from '../analysis/types.js';
import { csvField } from '../csv/csv.js';
import { readVendorRecord, type FragmentReader } from '../registry/vendor-fragments.js';
import { langIndex, type Lang } from '../i18n/lang.js';
import { bitsKey } from '../mac/bits.js';
import { putCanonical, putPrefix } from '../mac/prefix.js';
import { putShort as put, type RenderTarget } from '../render/render-target.js';

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
const decoder = new TextDecoder();

// The value of each chosen column of `names`, with a leading comma.
function chosen(columns: ReadonlySet<string>, values: ReadonlyArray<readonly [string, string | number | null | undefined]>): string {
  let out = '';
  for (const [name, value] of values) if (columns.has(name)) out += `,${csvField(value)}`;
  return out;
}

// The registry column of each width index (lookup.ts: the vendor key is record × 4 + width index).
const REGISTRY_BY_WIDTH = ['MA-L', 'MA-M', 'MA-M', 'MA-S'] as const;

/**
 * The vendor columns of each vendor key (lookup.ts) met so far, each with its leading comma:
 * the name, short name and registry (those chosen), then, after the prefix, the country. They
 * are read from the record's own fragments the first time its key is met, into one byte arena.
 * Each key once cost a rendered analysis, a parse of its vendor object and two buffers of its
 * own (24 µs), paid by every pool worker for every key a batch meets: about 37,000 in
 * 1,000,000 random addresses (docs/PERFORMANCE.md, run 15).
 */
class VendorColumns {
  private arena = new Uint8Array(1 << 16);
  private used = 0;
  /** By key: where its columns start in the arena, -1 before they are read. */
  private readonly starts: Int32Array;
  /** By key: where its country column starts (after the prefix), and where its columns end. */
  private readonly middles: Int32Array;
  private readonly ends: Int32Array;
  private readonly prefix: boolean;

  constructor(
    keys: number,
    private readonly columns: ReadonlySet<string>,
  ) {
    this.prefix = columns.has('prefix');
    this.starts = new Int32Array(keys).fill(-1);
    this.middles = new Int32Array(keys);
    this.ends = new Int32Array(keys);
  }

  /** Bytes of key `key`'s columns (reading them first if needed). */
  length(fragments: FragmentReader, key: number): number {
    if (this.starts[key] < 0) this.read(fragments, key);
    return this.ends[key] - this.starts[key];
  }

  /** Writes key `key`'s columns (read by `length` first) into `out` at `pos`, the prefix (when chosen) between; returns the end. */
  write(key: number, out: Uint8Array, pos: number, prefix: number): number {
    const arena = this.arena;
    const middle = this.middles[key];
    const end = this.ends[key];
    for (let i = this.starts[key]; i < middle; i++) out[pos++] = arena[i];
    if (this.prefix) {
      out[pos++] = 44;
      pos = putPrefix(out, pos, prefix, key & 3);
    }
    for (let i = middle; i < end; i++) out[pos++] = arena[i];
    return pos;
  }

  private read(fragments: FragmentReader, key: number): void {
    const v = readVendorRecord(fragments, key >>> 2);
    const head = chosen(this.columns, [['vendor', v.name], ['short_name', v.shortName], ['registry', REGISTRY_BY_WIDTH[key & 3]]]);
    const tail = chosen(this.columns, [['country', v.country]]);
    const need = 3 * (head.length + tail.length);
    if (this.used + need > this.arena.length) {
      const grown = new Uint8Array(Math.max(2 * this.arena.length, this.used + need));
      grown.set(this.arena.subarray(0, this.used));
      this.arena = grown;
    }
    this.starts[key] = this.used;
    this.used += encoder.encodeInto(head, this.arena.subarray(this.used)).written;
    this.middles[key] = this.used;
    this.used += encoder.encodeInto(tail, this.arena.subarray(this.used)).written;
    this.ends[key] = this.used;
  }
}

// The bits, special and hints columns (those chosen, each with its leading comma), read from one analysis.
function otherColumns(a: Analysis, columns: ReadonlySet<string>): { bits: Uint8Array; special: Uint8Array; hints: Uint8Array } {
  return {
    bits: encoder.encode(chosen(columns, [['ig', a.bits.ig.meaning], ['ul', a.bits.ul.meaning]])),
    special: encoder.encode(chosen(columns, [['special', a.special?.id]])),
    // Each hint as id:fact (platform, CID owner or quadrant), separated by ';'.
    hints: encoder.encode(chosen(columns, [['hints', a.hints.map((h) => `${h.id}:${h.platform ?? h.name ?? h.quadrant ?? ''}`).join(';')]])),
  };
}

// Cached columns of one analyzer, language and choice of columns, by Analyzer.lastFacts (arrays: dense indices).
interface LangColumns {
  readonly bits: Uint8Array[];
  /** By record × 4 + width index; sized up front, so it stays a fast array (not a dictionary). */
  readonly vendor: VendorColumns;
  /** By special entry + 1. */
  readonly special: Uint8Array[];
  readonly hints: Map<number, Uint8Array>;
}

// The analyzer's own cache slot (it goes with its snapshot): by columns (joined), then language index.
const CACHE = 'csv-rows';

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
  private noAnalysis = '';

  /** The analyzer, language and analysis columns of the rows that follow (their cached columns). */
  use(analyzer: Analyzer, lang: Lang, columns: CsvColumns = ANALYSIS_COLUMNS): void {
    let byColumns = analyzer.caches.get(CACHE) as Map<string, LangColumns[]> | undefined;
    if (!byColumns) analyzer.caches.set(CACHE, (byColumns = new Map()));
    const key = columns.join(',');
    let perLang = byColumns.get(key);
    if (!perLang) byColumns.set(key, (perLang = []));
    this.analyzer = analyzer;
    this.lang = lang;
    this.chosen = new Set(columns);
    this.canonical = this.chosen.has('canonical');
    this.noAnalysis = ','.repeat(columns.length);
    this.noVendor = encoder.encode(','.repeat(['vendor', 'short_name', 'registry', 'prefix', 'country'].filter((c) => this.chosen.has(c)).length));
    this.columns = perLang[langIndex(lang)] ??= {
      bits: [],
      vendor: new VendorColumns(analyzer.meta.records * 4, this.chosen),
      special: [],
      hints: new Map(),
    };
  }

  /**
   * Adds the row of an address (of `input`). Where a column is not cached yet, the analysis is
   * rendered into `scratch` (which needs the analyzer's maxBytes) and read (the vendor columns
   * are read from the record, VendorColumns). `afterInput`: fields written after the input, each with its
   * leading comma (an extract's line and context).
   */
  addAnalysis(input: string, mac: number, scratch: RenderTarget, afterInput = ''): void {
    const c = this.columns!;
    const analyzer = this.analyzer!;
    analyzer.lookUp(mac);
    const f = analyzer.lastFacts;
    const bk = bitsKey(mac);
    const hk = (f.site + 1) * 0x10000 + f.hint + 1;
    const vendorLength = f.vendor < 0 ? 0 : c.vendor.length(analyzer.index.fragments, f.vendor);
    let bits = c.bits[bk];
    let special = c.special[f.special + 1];
    let hints = c.hints.get(hk);
    if (bits === undefined || special === undefined || hints === undefined) {
      const end = analyzer.renderInto(mac, this.lang, scratch, 0);
      const columns = otherColumns(JSON.parse(decoder.decode(scratch.bytes.subarray(0, end))) as Analysis, this.chosen);
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
      pos = putCanonical(out, pos, mac);
    }
    pos = put(out, pos, bits);
    pos = f.vendor < 0 ? put(out, pos, this.noVendor) : c.vendor.write(f.vendor, out, pos, f.prefix);
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
