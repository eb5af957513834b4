/**
 * The analysis engine: one per thread, attached to the process-wide shared registry index. A
 * look-up gives the facts of an address (lookup.ts); the JSON writer (json-writer.ts) and the
 * object writer (analysis-object.ts) write them as an answer plan (plan.ts) says, from the
 * pieces built here once per language (pieces.ts).
 */
import type { SnapshotFile } from '../registry/snapshot-file.js';
import { createHash } from 'node:crypto';
import { langIndex, LANGS, type Lang } from '../i18n/lang.js';
import { parseErrorCode, parseErrorDetail } from '../i18n/parse-errors.js';
import { derivedFromOf, parseAddressInput, type AddressInput, type DerivedFrom, type InputError } from '../mac/derived.js';
import { MAX_INPUT_LENGTH } from '../mac/parse.js';
import type { RegistryMeta } from '../registry/artifact.js';
import { SharedIndex } from '../registry/shared-index.js';
import type { RegistrySnapshot } from '../registry/snapshot.js';
import { SpecialIndex } from '../special/special-index.js';
import { RenderTarget } from '../render/render-target.js';
import type { Overlay } from '../hints/overlay.js';
import { ObjectWriter } from './analysis-object.js';
import { FragmentCache } from './fragment-cache.js';
import { JsonWriter } from './json-writer.js';
import { AddressLookup, type Facts } from './lookup.js';
import { langPieces, type LangPieces } from './pieces.js';
import { planOf } from './plan.js';
import type { Projection } from './projection.js';
import type { SpecialTable } from './special-table.js';
import type { Analysis, ProjectedAnalysis } from './types.js';

/** What another thread needs to build its own Analyzer on the same shared index. */
export interface AnalyzerHandle extends RegistrySnapshot {
  /** The special-address catalogue, compiled once per process (special-table.ts). */
  readonly special: SpecialTable;
  /** The operator's named ranges (REGISTRY_OVERLAY), or null. */
  readonly overlay: Overlay | null;
  /** The snapshot's file, as peers fetch it (GET /api/registry/snapshot), or null where none is served. */
  readonly file: SnapshotFile | null;
}

/** Result of analysing one input string: the whole analysis (A: Analysis) or a projected one. */
export type AnalyzeResult<A extends Analysis | ProjectedAnalysis = Analysis | ProjectedAnalysis> =
  | { readonly ok: true; readonly analysis: A }
  | { readonly ok: false; readonly code: 'missing_mac' | 'invalid_mac'; readonly error: InputError; readonly detail: string };


/** Analyses addresses against the shared registry index and the special catalogue. */
export class Analyzer {
  readonly meta: RegistryMeta;
  /**
   * Version of everything a rendered analysis depends on: the registry snapshot and the
   * texts built into the code (labels, special entries, hints). ETags derive from it.
   */
  readonly renderVersion: string;
  /** Upper bound of the bytes one analysis renders to, `derivedFrom` aside. */
  readonly maxBytes: number;
  /** The shared registry index this analyzer reads. */
  readonly index: SharedIndex;
  private readonly pieces: readonly LangPieces[];
  private readonly lookup: AddressLookup;
  private readonly json: JsonWriter;
  // Fragments kept per block: its whole vendor member in each language (json-writer.ts), then
  // its CSV vendor cells (csv-rows.ts), at key slot × blockCount + block.
  private readonly kept: FragmentCache;
  // The key of block 0's CSV vendor cells in `kept`.
  private readonly csvCells: number;
  private readonly objects: ObjectWriter;
  private readonly target: RenderTarget;

  /**
   * Attaches to a shared index created by `loadRegistry` (load-registry.ts), in this or another
   * thread; keeps up to `vendorCacheBytes` of rendered vendor members (json-writer.ts): a thread
   * that renders bulk answers gives it some, one that answers single addresses none.
   */
  constructor(
    readonly handle: AnalyzerHandle,
    vendorCacheBytes = 0,
  ) {
    this.meta = handle.meta;
    this.index = SharedIndex.attach(handle.index);
    this.pieces = langPieces(handle.special.entries, handle.cids, handle.overlay);
    this.lookup = new AddressLookup(this.index, new SpecialIndex(handle.special.intervals), handle.overlay ? new SpecialIndex(handle.overlay.intervals) : null);
    this.csvCells = LANGS.length * this.index.blockCount;
    this.kept = new FragmentCache(this.csvCells + this.index.blockCount, vendorCacheBytes);
    this.json = new JsonWriter(this.pieces, this.index.vendors, this.kept, this.index.blockCount);
    this.objects = new ObjectWriter(this.pieces, this.index.vendors);
    this.maxBytes = this.json.maxBytes();
    // Room for a derivedFrom too: its value is an accepted input (at most MAX_INPUT_LENGTH hex
    // digits and separators), its kind, DUID type and time a few dozen bytes.
    this.target = new RenderTarget(this.maxBytes + 6 * MAX_INPUT_LENGTH);
    const texts = createHash('sha256');
    for (const p of this.pieces) for (const text of p.texts()) texts.update(text);
    const data = this.meta.version.slice(this.meta.version.lastIndexOf('-') + 1);
    this.renderVersion = `${data}${texts.digest('hex').slice(0, 6)}`;
  }

  /** Bytes this analyzer's kept vendor members take (at most the budget it was given). */
  get vendorCacheBytes(): number {
    return this.kept.bytes;
  }

  /** Lets the kept vendor members go: a bulk thread that goes idle gives their memory back. */
  forgetVendors(): void {
    this.kept.clear();
  }

  /** Copies the CSV vendor cells kept for block `block` (csv-rows.ts) into `out` at `pos`; returns their end, or -1 when none are kept. */
  copyCsvCells(block: number, out: Uint8Array, pos: number): number {
    return this.kept.copy(this.csvCells + block, out, pos);
  }

  /** Keeps `out` from `from` to `to` as the CSV vendor cells of block `block`, if the budget has room. */
  keepCsvCells(block: number, out: Uint8Array, from: number, to: number): void {
    this.kept.keep(this.csvCells + block, out, from, to);
  }

  /** Looks up what the analysis of `mac` is made of, without writing it (lookup.ts). */
  lookUp(mac: number): Facts {
    return this.lookup.lookUp(mac);
  }

  /** The facts of a parsed input: a MAC-48's, or a 64-bit identifier's (lookup.ts). */
  factsOf(parsed: number | AddressInput): Facts {
    if (typeof parsed === 'number') return this.lookup.lookUp(parsed);
    return parsed.eui64 === null ? this.lookup.lookUp(parsed.mac) : this.lookup.lookUp64(parsed.eui64);
  }

  /** The pieces of `lang` (pieces.ts): what the CSV rows read their columns from. */
  piecesOf(lang: Lang): LangPieces {
    return this.pieces[langIndex(lang)];
  }

  /**
   * Writes the analysis JSON of the address of `facts` (lookUp, factsOf) in `lang`, cut to
   * `projection` (null: whole), with `derivedFrom` when the address came from another identifier
   * (`from`), into `target` at `pos`; returns the end. Needs `maxBytes` free, plus 6 bytes per
   * character of `from.value`.
   */
  writeJson(facts: Facts, lang: Lang, projection: Projection | null, target: RenderTarget, pos: number, from: DerivedFrom | null = null): number {
    return this.json.write(facts, langIndex(lang), planOf(projection), target, pos, from);
  }

  /** The analysis JSON bytes of the address of `facts` (writeJson): a view of this analyzer's buffer, valid until its next call. */
  jsonBytes(facts: Facts, lang: Lang, projection: Projection | null = null, from: DerivedFrom | null = null): Uint8Array {
    return this.target.bytes.subarray(0, this.writeJson(facts, lang, projection, this.target, 0, from));
  }

  /** The analysis of the address of `facts` as a value, as writeJson would write it: whole, unless cut to a `projection`. */
  analysisOf(facts: Facts, lang: Lang, projection?: null, from?: DerivedFrom | null): Analysis;
  analysisOf(facts: Facts, lang: Lang, projection: Projection | null, from?: DerivedFrom | null): Analysis | ProjectedAnalysis;
  analysisOf(facts: Facts, lang: Lang, projection: Projection | null = null, from: DerivedFrom | null = null): Analysis | ProjectedAnalysis {
    return this.objects.analysis(facts, langIndex(lang), projection, from);
  }

  /** Parses and analyses one input (projected when `projection` is given); never throws on bad input. */
  analyze(input: string, lang: Lang, projection?: null): AnalyzeResult<Analysis>;
  analyze(input: string, lang: Lang, projection: Projection | null): AnalyzeResult;
  analyze(input: string, lang: Lang, projection: Projection | null = null): AnalyzeResult {
    const parsed = parseAddressInput(input);
    if (typeof parsed !== 'number' && !('mac' in parsed)) return { ok: false, code: parseErrorCode(parsed), error: parsed, detail: parseErrorDetail(parsed, lang) };
    return { ok: true, analysis: this.analysisOf(this.factsOf(parsed), lang, projection, derivedFromOf(parsed, input)) };
  }
}
