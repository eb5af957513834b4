/**
 * The analysis engine: one per thread, attached to the process-wide shared registry index.
 * `renderInto` is the hot path: parse is done by the caller, then bit arithmetic, a few
 * binary searches and byte copies of precomputed fragments into a caller-owned buffer.
 */
import { createHash } from 'node:crypto';
import { LANGS, langIndex, type Lang } from '../i18n/lang.js';
import { parseErrorCode, parseErrorDetail } from '../i18n/parse-errors.js';
import { bitsKey, BITS_KEYS } from '../mac/bits.js';
import { DigitPatch, OctetViews, writeLinkLocalSuffix } from '../mac/format.js';
import { parseAddressInput, type DerivedError } from '../mac/derived.js';
import type { MacParseError } from '../mac/parse.js';
import type { RegistryMeta } from '../registry/artifact.js';
import { SharedIndex } from '../registry/shared-index.js';
import type { RegistrySnapshot } from '../registry/snapshot.js';
import { headFragment, tailFragment } from '../registry/fragment-ids.js';
import { vendorRecordText } from '../registry/vendor-fragments.js';
import { derivedFacts } from '../special/derived-facts.js';
import { SpecialIndex } from '../special/special-index.js';
import { LocalFragments } from '../render/fragment-store.js';
import { putShort as put, RenderTarget } from '../render/render-target.js';
import { bitsFragments, utf8 } from './fragments.js';
import { unpackFragments, type SpecialTable } from './special-table.js';
import { addressTemplates, BlockPatcher, blockTemplate } from './templates.js';
import type { FullFragments } from './projected-parts.js';
import { ProjectedRenderer } from './projected-render.js';
import type { Projection } from './projection.js';
import { FIXED_HINTS, hintFragments, siteFragments } from '../hints/hint-fragments.js';
import type { Overlay } from '../hints/overlay.js';
import { AddressLookup, type Facts } from './lookup.js';
import type { Analysis } from './types.js';

/** What another thread needs to build its own Analyzer on the same shared index. */
export interface AnalyzerHandle extends RegistrySnapshot {
  /** The special-address catalogue, compiled once per process (special-table.ts). */
  readonly special: SpecialTable;
  /** The operator's named ranges (REGISTRY_OVERLAY), or null. */
  readonly overlay: Overlay | null;
}

/** Result of analysing one input string. */
export type AnalyzeResult =
  | { readonly ok: true; readonly analysis: Analysis }
  | { readonly ok: false; readonly code: 'missing_mac' | 'invalid_mac'; readonly error: MacParseError | DerivedError; readonly detail: string };


const VENDOR_NULL = utf8('null,"special":');
const SPECIAL_KEY = utf8(',"special":');
const NULL = utf8('null');
const HINTS_KEY = utf8(',"hints":[');
const BITS_SUFFIX = ',"vendor":'.length;

const decoder = new TextDecoder();
const encoder = new TextEncoder();

// The per-thread fragment store: the address templates, a block template per width, then
// for each language the bits objects (followed by ,"vendor":) and the special entries.
const ADDRESS_HEAD = 0;
const ADDRESS_TAIL = 1;
const FIRST_LANG_FRAGMENT = 5;

// Per prefix width, indexed by (width - 24) >> 2 (0: MA-L, 1: MA-M, 3: MA-S): the block
// template's fragment. An array, not a keyed object: this runs per request.
const BLOCK_FRAGMENT = [2, 3, -1, 4];

/** Analyses addresses against the shared registry index and the special catalogue. */
export class Analyzer {
  readonly meta: RegistryMeta;
  /**
   * Version of everything a rendered analysis depends on: the registry snapshot and the
   * texts built into the code (labels, special entries). ETags derive from it.
   */
  readonly renderVersion: string;
  /** Upper bound of the bytes one analysis renders to. */
  readonly maxBytes: number;
  /** The shared registry index this analyzer reads. */
  readonly index: SharedIndex;
  private readonly local: LocalFragments;
  private readonly perLang: number;
  /** Where the hint fragments start within a language's fragments (hint-fragments.ts order). */
  private readonly hintsBase: number;
  /** Where the site (overlay) hint fragments start, after the other hints. */
  private readonly sitesBase: number;
  private readonly addressHead: DigitPatch;
  private readonly addressTail: DigitPatch;
  private readonly blockDigits: readonly DigitPatch[];
  private readonly views = new OctetViews();
  private readonly blocks = new BlockPatcher();
  private readonly projected: ProjectedRenderer;
  private readonly lookup: AddressLookup;
  private readonly target: RenderTarget;

  /** Attaches to a shared index created by `loadRegistry` (load-registry.ts), in this or another thread. */
  constructor(readonly handle: AnalyzerHandle) {
    this.meta = handle.meta;
    this.index = SharedIndex.attach(handle.index);
    const perLang = LANGS.map((lang) => [
      ...bitsFragments(lang, ',"vendor":'),
      ...unpackFragments(handle.special.fragments[lang]),
      ...hintFragments(lang, handle.cids.names, handle.cids.prefixes, handle.cids.dates),
      ...siteFragments(lang, handle.overlay),
    ]);
    this.perLang = perLang[0].length;
    this.sitesBase = perLang[0].length - (handle.overlay?.entries.length ?? 0);
    this.hintsBase = this.sitesBase - handle.cids.names.length - FIXED_HINTS;
    this.lookup = new AddressLookup(this.index, new SpecialIndex(handle.special.intervals), handle.overlay ? new SpecialIndex(handle.overlay.intervals) : null);
    this.projected = new ProjectedRenderer(() => this.fullFragments());
    const address = addressTemplates();
    const blocks = { 24: blockTemplate(24), 28: blockTemplate(28), 36: blockTemplate(36) };
    this.addressHead = address.head.digits;
    this.addressTail = address.tail!.digits;
    // Indexed like BLOCK_FRAGMENT; slot 2 (no width maps to it) repeats MA-M to keep one element type.
    this.blockDigits = [blocks[24].digits, blocks[28].digits, blocks[28].digits, blocks[36].digits];
    this.local = new LocalFragments([address.head.bytes, address.tail!.bytes, blocks[24].bytes, blocks[28].bytes, blocks[36].bytes, ...perLang.flat()]);
    this.maxBytes = 1024 + 2 * this.index.fragments.maxLength() + this.local.maxLength() * 3;
    this.target = new RenderTarget(this.maxBytes);
    const texts = createHash('sha256');
    for (const f of perLang.flat()) texts.update(f);
    const data = this.meta.version.slice(this.meta.version.lastIndexOf('-') + 1);
    this.renderVersion = `${data}${texts.digest('hex').slice(0, 6)}`;
  }

  /** Looks up what the analysis of `mac` is made of, without rendering it (lookup.ts). */
  lookUp(mac: number): Facts {
    return this.lookup.lookUp(mac);
  }

  /** Writes the analysis JSON of `mac` (its `facts`, when already looked up) into `target` at `pos` (needs `maxBytes` free); returns the end. */
  renderInto(mac: number, lang: Lang, target: RenderTarget, pos: number, facts: Facts = this.lookup.lookUp(mac)): number {
    const out = target.bytes;
    const views = this.views;
    const local = this.local;
    views.fill(mac);
    // address: template copies with digits patched in, around the variable link-local text
    let start = pos;
    pos = local.copy(ADDRESS_HEAD, target, pos);
    this.addressHead.apply(out, target.view, start, views.all);
    pos = writeLinkLocalSuffix(out, pos, views.modifiedEui64);
    start = pos;
    pos = local.copy(ADDRESS_TAIL, target, pos);
    this.addressTail.apply(out, target.view, start, views.all);
    const li = langIndex(lang);
    const langBase = FIRST_LANG_FRAGMENT + li * this.perLang;
    pos = local.copy(langBase + bitsKey(mac), target, pos);
    pos = this.writeVendor(facts, li, target, pos);
    const s = facts.special;
    if (s < 0) pos = put(out, pos, NULL);
    else {
      pos = local.copy(langBase + BITS_KEYS + s, target, pos);
      const derived = derivedFacts(mac);
      // In place of the entry's closing brace: ,"derived":{…}}
      if (derived !== null) pos += encoder.encodeInto(`,"derived":${derived}}`, out.subarray(pos - 1)).written - 1;
    }
    pos = put(out, pos, HINTS_KEY);
    const site = facts.site;
    if (site >= 0) pos = local.copy(langBase + this.sitesBase + site, target, pos);
    const hint = facts.hint;
    if (hint >= 0) {
      if (site >= 0) out[pos++] = 44; // ,
      pos = local.copy(langBase + this.hintsBase + hint, target, pos);
    }
    out[pos++] = 93; // ]
    out[pos++] = 125; // }
    return pos;
  }

  /**
   * Writes the analysis of `mac` projected to `projection` (projection.ts) into `target` at
   * `pos`, with `derivedFrom` when the input was an EUI-64 or IPv6 address (`from`); returns
   * the end. Needs `maxBytes` free plus the length of `from.value`.
   */
  renderProjectedInto(mac: number, lang: Lang, projection: Projection, target: RenderTarget, pos: number, from: { readonly kind: string; readonly value: string } | null = null, facts: Facts = this.lookup.lookUp(mac)): number {
    return this.projected.renderInto(mac, facts, lang, projection, target, pos, from);
  }

  // Where projected fragments are cut from: this analyzer's own fragments, as text.
  private fullFragments(): FullFragments {
    const local = this.local;
    const text = (li: number, i: number) => decoder.decode(local.bytes(FIRST_LANG_FRAGMENT + li * this.perLang + i));
    const shared = this.index.fragments;
    return {
      bits: (li, key) => text(li, key).slice(0, -BITS_SUFFIX),
      special: (li, entry) => text(li, BITS_KEYS + entry),
      hint: (li, index) => text(li, this.hintsBase + index),
      site: (li, index) => text(li, this.sitesBase + index),
      vendorRecord: (record, li) => vendorRecordText(shared, record, li),
    };
  }

  // Writes the vendor member's value (the block of `facts`, if any) and the "special" key.
  private writeVendor(facts: Facts, li: number, target: RenderTarget, pos: number): number {
    const out = target.bytes;
    const m = facts.block;
    if (m === null) return put(out, pos, VENDOR_NULL);
    const wi = (m.width - 24) >>> 2;
    const fragments = this.index.fragments;
    pos = fragments.copy(headFragment(m.record), target, pos);
    const start = pos;
    pos = this.local.copy(BLOCK_FRAGMENT[wi], target, pos);
    this.blocks.patch(m, wi, this.blockDigits[wi], target, start);
    pos = this.blocks.writeSeen(m, out, pos);
    out[pos++] = 44; // ,
    pos = fragments.copy(tailFragment(m.record, li), target, pos);
    return put(out, pos, SPECIAL_KEY);
  }

  /** The analysis JSON bytes of `mac`: a view of this analyzer's buffer, valid until its next call. */
  renderBytes(mac: number, lang: Lang): Uint8Array {
    return this.target.bytes.subarray(0, this.renderInto(mac, lang, this.target, 0));
  }

  /** The analysis JSON bytes of `mac` projected (renderProjectedInto): a view of this analyzer's buffer, valid until its next call. */
  renderProjectedBytes(mac: number, lang: Lang, projection: Projection, from: { readonly kind: string; readonly value: string } | null = null): Uint8Array {
    const target = from === null ? this.target : new RenderTarget(this.maxBytes + 8 * from.value.length);
    return target.bytes.subarray(0, this.renderProjectedInto(mac, lang, projection, target, 0, from));
  }

  /** The analysis JSON text of `mac`. */
  render(mac: number, lang: Lang): string {
    return decoder.decode(this.renderBytes(mac, lang));
  }

  /** Parses and analyses one input (projected when `projection` is given); never throws on bad input. */
  analyze(input: string, lang: Lang, projection: Projection | null = null): AnalyzeResult {
    const parsed = parseAddressInput(input);
    if (typeof parsed !== 'number' && !('mac' in parsed)) return { ok: false, code: parseErrorCode(parsed), error: parsed, detail: parseErrorDetail(parsed, lang) };
    const mac = typeof parsed === 'number' ? parsed : parsed.mac;
    const from = typeof parsed === 'number' ? null : { kind: parsed.kind, value: input };
    if (projection !== null) return { ok: true, analysis: JSON.parse(decoder.decode(this.renderProjectedBytes(mac, lang, projection, from))) as Analysis };
    const analysis = JSON.parse(this.render(mac, lang)) as Analysis;
    return { ok: true, analysis: from === null ? analysis : { ...analysis, derivedFrom: from } };
  }
}
