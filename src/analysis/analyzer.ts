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
import { high24, low24, writeMacOctets } from '../mac/octets.js';
import { parseAddressInput, type DerivedError } from '../mac/derived.js';
import type { MacParseError } from '../mac/parse.js';
import type { RegistryMeta } from '../registry/artifact.js';
import { SharedIndex, type BlockMatch } from '../registry/shared-index.js';
import type { RegistrySnapshot } from '../registry/snapshot.js';
import { headFragment, tailFragment } from '../registry/fragment-ids.js';
import { vendorRecordText } from '../registry/vendor-fragments.js';
import { derivedFacts } from '../special/derived-facts.js';
import { SpecialIndex } from '../special/special-index.js';
import { LocalFragments } from '../render/fragment-store.js';
import { putShort as put, RenderTarget } from '../render/render-target.js';
import { bitsFragments, utf8 } from './fragments.js';
import { unpackFragments, type SpecialTable } from './special-table.js';
import { addressTemplates, blockTemplate } from './templates.js';
import { ProjectedParts, type FullFragments } from './projected-parts.js';
import type { Projection } from './projection.js';
import { FIXED_HINTS, hintFragments, platformBuckets, platformPrefixes, siteFragments } from '../hints/hint-fragments.js';
import type { Overlay } from '../hints/overlay.js';
import { PLATFORMS } from '../hints/platforms.js';
import type { Analysis } from './types.js';
import type { Width } from '../registry/widths.js';

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
const VENDOR_MEMBER = utf8(',"vendor":');
const SPECIAL_MEMBER = utf8(',"special":');
const HINTS_MEMBER = utf8(',"hints":[');
const BITS_SUFFIX = ',"vendor":'.length;

/** Projections whose fragments an analyzer keeps (the least recently made go first). */
const PROJECTIONS_KEPT = 32;

const decoder = new TextDecoder();
const encoder = new TextEncoder();

// The per-thread fragment store: the address templates, a block template per width, then
// for each language the bits objects (followed by ,"vendor":) and the special entries.
const ADDRESS_HEAD = 0;
const ADDRESS_TAIL = 1;
const FIRST_LANG_FRAGMENT = 5;

// Per prefix width, indexed by (width - 24) >> 2 (0: MA-L, 1: MA-M, 3: MA-S): the block
// template's fragment and the block size. Arrays, not keyed objects: this runs per request.
const BLOCK_FRAGMENT = [2, 3, -1, 4];
const BLOCK_SIZE = [2 ** 24, 2 ** 20, 0, 2 ** 12];
const VENDOR_WIDTHS = [24, 28, 0, 36] as const;

/**
 * Closes an object whose members (from `open` to `end`) were written with leading commas:
 * the first comma becomes `{` (or `{}` is written when there is none); returns the end.
 */
function closeObject(out: Uint8Array, open: number, end: number): number {
  if (end === open) out[end++] = 123; // {
  else out[open] = 123;
  out[end++] = 125; // }
  return end;
}

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
  private readonly special: SpecialIndex;
  private readonly local: LocalFragments;
  private readonly perLang: number;
  /** Where the hint fragments start within a language's fragments (hint-fragments.ts order). */
  private readonly hintsBase: number;
  /** Where the site (overlay) hint fragments start, after the other hints. */
  private readonly sitesBase: number;
  private readonly sites: SpecialIndex | null;
  private readonly platforms = platformPrefixes();
  // The top 12 bits of every platform prefix: most addresses skip the map lookup.
  private readonly platformBuckets = platformBuckets(this.platforms);
  private readonly addressHead: DigitPatch;
  private readonly addressTail: DigitPatch;
  private readonly blockDigits: readonly DigitPatch[];
  private readonly views = new OctetViews();
  private readonly blockOctets = new Uint8Array(12);
  private readonly blockLast = this.blockOctets.subarray(6);
  private readonly match: BlockMatch = { width: 24, prefix: 0, record: 0 };
  /**
   * What the last looked-up address's analysis is made of, besides the address itself: its
   * vendor record and block width (record × 4 + width index, -1 for none) and block prefix,
   * special entry, site and hint fragments (-1 for none). Two addresses with equal facts and
   * bits render the same bits, special and hints, and vendors that differ in their prefix
   * only (the CSV rows reuse them).
   */
  readonly lastFacts = { vendor: -1, prefix: 0, special: -1, site: -1, hint: -1 };

  /** Prefix width of the vendor block of the last looked-up address, 0 when it had none (for bulk summaries). */
  get lastVendorWidth(): 0 | Width {
    const v = this.lastFacts.vendor;
    return v < 0 ? 0 : VENDOR_WIDTHS[v & 3];
  }
  private readonly target: RenderTarget;

  /** Attaches to a shared index created by `loadRegistry` (load-registry.ts), in this or another thread. */
  constructor(readonly handle: AnalyzerHandle) {
    this.meta = handle.meta;
    this.index = SharedIndex.attach(handle.index);
    this.special = new SpecialIndex(handle.special.intervals);
    const perLang = LANGS.map((lang) => [
      ...bitsFragments(lang, ',"vendor":'),
      ...unpackFragments(handle.special.fragments[lang]),
      ...hintFragments(lang, handle.cids.names, handle.cids.prefixes),
      ...siteFragments(lang, handle.overlay),
    ]);
    this.perLang = perLang[0].length;
    this.sitesBase = perLang[0].length - (handle.overlay?.entries.length ?? 0);
    this.hintsBase = this.sitesBase - handle.cids.names.length - FIXED_HINTS;
    this.sites = handle.overlay ? new SpecialIndex(handle.overlay.intervals) : null;
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

  /**
   * Looks up what the analysis of `mac` is made of (vendor block, special entry, site, hint)
   * into `lastFacts`, without rendering it.
   *
   * The registry is searched for the address as it is. Failing that, a universal group
   * address is searched with its I/G bit cleared (a block assigns both the individual and
   * group addresses under its prefix); a local address has no vendor. Only historical
   * assignments (02:60:8C 3Com, AA:00:04 DEC, 11:11:11…) match a local or group prefix as is.
   */
  lookUp(mac: number): void {
    const f = this.lastFacts;
    const hi = high24(mac);
    const lo = low24(mac);
    const m = this.match;
    if (this.index.lookupBlock(hi, lo, m) || ((hi & 0x030000) === 0x010000 && this.index.lookupBlock(hi & 0xfeffff, lo, m))) {
      f.vendor = m.record * 4 + ((m.width - 24) >>> 2);
      f.prefix = m.prefix;
    } else {
      f.vendor = -1;
    }
    f.special = this.special.lookup(mac);
    f.site = this.sites === null ? -1 : this.sites.lookup(mac);
    f.hint = this.hintOf(mac);
  }

  /** Writes the analysis JSON of `mac` into `target` at `pos` (needs `maxBytes` free); returns the end. */
  renderInto(mac: number, lang: Lang, target: RenderTarget, pos: number): number {
    this.lookUp(mac);
    const facts = this.lastFacts;
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
    pos = this.writeVendor(li, target, pos);
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

  private readonly projections = new Map<string, ProjectedParts>();

  // The fragments of `projection`, made on first use.
  private partsOf(projection: Projection): ProjectedParts {
    let parts = this.projections.get(projection.key);
    if (parts === undefined) {
      if (this.projections.size >= PROJECTIONS_KEPT) this.projections.delete(this.projections.keys().next().value!);
      parts = new ProjectedParts(projection, this.fullFragments());
      this.projections.set(projection.key, parts);
    }
    return parts;
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

  /**
   * Writes the analysis of `mac` projected to `projection` (projection.ts) into `target` at
   * `pos`, with `derivedFrom` when the input was an EUI-64 or IPv6 address (`from`); returns
   * the end. Needs `maxBytes` free plus the length of `from.value`.
   */
  renderProjectedInto(mac: number, lang: Lang, projection: Projection, target: RenderTarget, pos: number, from: { readonly kind: string; readonly value: string } | null = null): number {
    const parts = this.partsOf(projection);
    this.lookUp(mac);
    const facts = this.lastFacts;
    const out = target.bytes;
    const li = langIndex(lang);
    const open = pos;
    const address = parts.address;
    if (address !== null) {
      const views = this.views;
      views.fill(mac);
      let start = pos;
      pos = put(out, pos, address.head.bytes);
      address.head.digits.apply(out, target.view, start, views.all);
      if (address.tail !== null) {
        pos = writeLinkLocalSuffix(out, pos, views.modifiedEui64);
        start = pos;
        pos = put(out, pos, address.tail.bytes);
        address.tail.digits.apply(out, target.view, start, views.all);
      }
    }
    if (parts.bits !== null) pos = put(out, pos, parts.bitsMember(li, bitsKey(mac)));
    if (parts.vendor !== null) pos = this.writeProjectedVendor(parts, li, target, put(out, pos, VENDOR_MEMBER));
    if (parts.special !== null) {
      pos = put(out, pos, SPECIAL_MEMBER);
      if (facts.special < 0) pos = put(out, pos, NULL);
      else {
        const members = pos;
        pos = put(out, pos, parts.specialMembers(li, facts.special));
        const derived = parts.derived ? derivedFacts(mac) : null;
        if (derived !== null) pos += encoder.encodeInto(`,"derived":${derived}`, out.subarray(pos)).written;
        pos = closeObject(out, members, pos);
      }
    }
    if (parts.hints !== null) {
      pos = put(out, pos, HINTS_MEMBER);
      if (facts.site >= 0) pos = put(out, pos, parts.site(li, facts.site));
      if (facts.hint >= 0) {
        if (facts.site >= 0) out[pos++] = 44; // ,
        pos = put(out, pos, parts.hint(li, facts.hint));
      }
      out[pos++] = 93; // ]
    }
    if (from !== null && parts.derivedFrom !== null) pos += encoder.encodeInto(parts.derivedFromMember(from.kind, from.value), out.subarray(pos)).written;
    return closeObject(out, open, pos);
  }

  // The vendor member's value, projected: null, or the record's and block's kept members.
  private writeProjectedVendor(parts: ProjectedParts, li: number, target: RenderTarget, pos: number): number {
    const out = target.bytes;
    if (this.lastFacts.vendor < 0) return put(out, pos, NULL);
    const m = this.match;
    const open = pos;
    if (parts.vendorHeadKept) pos = put(out, pos, parts.vendorHead(m.record));
    if (parts.blocks !== null) {
      const wi = (m.width - 24) >>> 2;
      const template = parts.blocks[wi];
      const start = pos;
      pos = put(out, pos, template.bytes);
      this.patchBlock(wi, template.digits, target, start);
    }
    if (parts.vendorTailKept) pos = put(out, pos, parts.vendorTail(m.record, li));
    return closeObject(out, open, pos);
  }

  // The hint of an address (its fragment's index among the hint fragments), or -1: a
  // platform's OUI or local range; else, for a local unicast address, the owner of its CID
  // (ELI quadrant) or, failing that, a randomized address of its quadrant.
  private hintOf(mac: number): number {
    const hi = high24(mac);
    if (this.platformBuckets[hi >>> 12] === 1) {
      const platform = this.platforms.get(hi);
      if (platform !== undefined) return platform;
    }
    if ((hi & 0x030000) !== 0x020000) return -1; // universal, or a group address
    const quadrant = (hi >>> 18) & 3;
    if (quadrant === 2) {
      const cid = this.index.lookupCid(hi);
      if (cid >= 0) return FIXED_HINTS + cid;
    }
    return PLATFORMS.length + quadrant;
  }

  // Writes the vendor member's value (the block lookUp found, if any) and the "special" key.
  private writeVendor(li: number, target: RenderTarget, pos: number): number {
    const out = target.bytes;
    const m = this.match;
    if (this.lastFacts.vendor < 0) return put(out, pos, VENDOR_NULL);
    const wi = (m.width - 24) >>> 2;
    const fragments = this.index.fragments;
    pos = fragments.copy(headFragment(m.record), target, pos);
    const start = pos;
    pos = this.local.copy(BLOCK_FRAGMENT[wi], target, pos);
    this.patchBlock(wi, this.blockDigits[wi], target, start);
    pos = fragments.copy(tailFragment(m.record, li), target, pos);
    return put(out, pos, SPECIAL_KEY);
  }

  // Patches the first and last addresses of the looked-up block (width index `wi`) into the
  // block template copied at `start`, with `digits` (the full or the projected template's).
  private patchBlock(wi: number, digits: DigitPatch, target: RenderTarget, start: number): void {
    const size = BLOCK_SIZE[wi];
    const first = this.match.prefix * size;
    writeMacOctets(first, this.blockOctets);
    writeMacOctets(first + size - 1, this.blockLast);
    digits.apply(target.bytes, target.view, start, this.blockOctets);
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
