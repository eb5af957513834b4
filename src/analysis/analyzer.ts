/**
 * The analysis engine: one per thread, attached to the process-wide shared registry index.
 * `renderInto` is the hot path: parse is done by the caller, then bit arithmetic, a few
 * binary searches and byte copies of precomputed fragments into a caller-owned buffer.
 */
import { createHash } from 'node:crypto';
import { LANGS, langIndex, type Lang } from '../i18n/lang.js';
import { parseErrorCode, parseErrorDetail } from '../i18n/parse-errors.js';
import { bitsKey } from '../mac/bits.js';
import { ADDRESS_FORMATS, OctetViews, writeFormat, writeOctets, writePrefix, type Dialect } from '../mac/format.js';
import { high24, low24, writeMacOctets } from '../mac/octets.js';
import { parseMac, type MacParseError } from '../mac/parse.js';
import { readIndexArtifact, type RegistryKind, type RegistryMeta } from '../registry/artifact.js';
import { defaultRegistryFile } from '../registry/paths.js';
import { SharedIndex, type BlockMatch, type SharedIndexHandle } from '../registry/shared-index.js';
import { headFragment, tailFragment } from '../registry/vendor-fragments.js';
import { CATALOGUE } from '../special/catalogue.js';
import { resolveEntries, SpecialIndex } from '../special/special-index.js';
import { catalogueProblems } from '../special/validate.js';
import { bitsFragments, specialFragments, utf8 } from './fragments.js';
import type { Analysis } from './types.js';

/** What another thread needs to build its own Analyzer on the same shared index. */
export interface AnalyzerHandle {
  readonly index: SharedIndexHandle;
  readonly meta: RegistryMeta;
}

/** Result of analysing one input string. */
export type AnalyzeResult =
  | { readonly ok: true; readonly analysis: Analysis }
  | { readonly ok: false; readonly code: 'missing_mac' | 'invalid_mac'; readonly error: MacParseError; readonly detail: string };

const KIND: Readonly<Record<24 | 28 | 36, RegistryKind>> = { 24: 'MA-L', 28: 'MA-M', 36: 'MA-S' };
const CANONICAL: Dialect = { groupDigits: 2, separator: ':', upper: true };
const WIDTHS = [24, 28, 36] as const;

// Constant JSON pieces, encoded once.
const OPEN = utf8('{"address":{');
const FORMAT_OPENERS = ADDRESS_FORMATS.map((f, i) => utf8(`${i > 0 ? '",' : ''}"${f.key}":"`));
const AFTER_ADDRESS = utf8('"},"bits":');
const VENDOR_KEY = utf8(',"vendor":');
const SPECIAL_KEY = utf8(',"special":');
const NULL = utf8('null');
const PREFIX_KEY = utf8('"prefix":"');
const LAST_KEY = utf8('","last":"');
const BLOCK_MIDDLE: Record<number, Uint8Array> = {};
const BLOCK_END: Record<number, Uint8Array> = {};
for (const w of WIDTHS) {
  BLOCK_MIDDLE[w] = utf8(`","prefixLength":${w},"registry":"${KIND[w]}","block":{"first":"`);
  BLOCK_END[w] = utf8(`","size":${2 ** (48 - w)}},`);
}

// Short constants are copied in JS: cheaper than a native call for a dozen bytes.
function put(out: Uint8Array, pos: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) out[pos + i] = bytes[i];
  return pos + bytes.length;
}

const decoder = new TextDecoder();

/** Turns a registry artifact file into a shared index plus metadata (done once per process). */
export function loadRegistry(file = defaultRegistryFile()): AnalyzerHandle {
  const artifact = readIndexArtifact(file);
  const index = SharedIndex.create(artifact);
  return { index: index.handle, meta: artifact.meta };
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
  private readonly index: SharedIndex;
  private readonly special: SpecialIndex;
  private readonly bits: Uint8Array[][];
  private readonly specials: Uint8Array[][];
  private readonly views = new OctetViews();
  private readonly blockOctets = new Uint8Array(6);
  private readonly match: BlockMatch = { width: 24, prefix: 0, record: 0 };
  private scratch: Uint8Array;

  /** Attaches to a shared index created by `loadRegistry` (in this or another thread). */
  constructor(readonly handle: AnalyzerHandle) {
    const problems = catalogueProblems(CATALOGUE);
    if (problems.length > 0) throw new Error(`special-address catalogue: ${problems.join('; ')}`);
    this.meta = handle.meta;
    this.index = SharedIndex.attach(handle.index);
    this.special = new SpecialIndex(resolveEntries(CATALOGUE));
    this.bits = LANGS.map((lang) => bitsFragments(lang));
    this.specials = LANGS.map((lang) => specialFragments(this.special.entries, lang));
    const longest = (xs: Uint8Array[][]) => Math.max(...xs.flat().map((x) => x.length));
    this.maxBytes = 1024 + 2 * this.index.maxFragmentLength() + longest(this.bits) + longest(this.specials);
    this.scratch = new Uint8Array(this.maxBytes);
    const texts = createHash('sha256');
    for (const f of [...this.bits.flat(), ...this.specials.flat()]) texts.update(f);
    const data = this.meta.version.slice(this.meta.version.lastIndexOf('-') + 1);
    this.renderVersion = `${data}${texts.digest('hex').slice(0, 6)}`;
  }

  /** Loads the registry file and returns an analyzer on it. */
  static fromFile(file?: string): Analyzer {
    return new Analyzer(loadRegistry(file));
  }

  /** Writes the analysis JSON of `mac` into `out` at `pos` (needs `maxBytes` free); returns the end. */
  renderInto(mac: number, lang: Lang, out: Uint8Array, pos: number): number {
    const views = this.views;
    views.fill(mac);
    pos = put(out, pos, OPEN);
    for (let i = 0; i < ADDRESS_FORMATS.length; i++) {
      pos = put(out, pos, FORMAT_OPENERS[i]);
      pos = writeFormat(out, pos, views, ADDRESS_FORMATS[i]);
    }
    pos = put(out, pos, AFTER_ADDRESS);
    const li = langIndex(lang);
    pos = put(out, pos, this.bits[li][bitsKey(mac)]);
    pos = put(out, pos, VENDOR_KEY);
    pos = this.writeVendor(mac, li, out, pos);
    pos = put(out, pos, SPECIAL_KEY);
    const s = this.special.lookup(mac);
    pos = s < 0 ? put(out, pos, NULL) : put(out, pos, this.specials[li][s]);
    out[pos++] = 125; // }
    return pos;
  }

  // The registry is searched for the address as it is. Failing that, a universal group
  // address is searched with its I/G bit cleared (a block assigns both the individual and
  // group addresses under its prefix); a local address has no vendor. Only historical
  // assignments (02:60:8C 3Com, AA:00:04 DEC, 11:11:11…) match a local or group prefix as is.
  private writeVendor(mac: number, li: number, out: Uint8Array, pos: number): number {
    const hi = high24(mac);
    const lo = low24(mac);
    const m = this.match;
    const found =
      this.index.lookupBlock(hi, lo, m) || ((hi & 0x030000) === 0x010000 && this.index.lookupBlock(hi & 0xfeffff, lo, m));
    if (!found) return put(out, pos, NULL);
    const w = m.width;
    pos = this.index.writeFragment(headFragment(m.record), out, pos);
    pos = put(out, pos, PREFIX_KEY);
    const first = m.prefix * 2 ** (48 - w);
    const block = this.blockOctets;
    writeMacOctets(first, block);
    pos = writePrefix(out, pos, block, w / 4);
    pos = put(out, pos, BLOCK_MIDDLE[w]);
    pos = writeOctets(out, pos, block, 6, CANONICAL);
    pos = put(out, pos, LAST_KEY);
    writeMacOctets(first + 2 ** (48 - w) - 1, block);
    pos = writeOctets(out, pos, block, 6, CANONICAL);
    pos = put(out, pos, BLOCK_END[w]);
    return this.index.writeFragment(tailFragment(m.record, li), out, pos);
  }

  /** The analysis JSON text of `mac`. */
  render(mac: number, lang: Lang): string {
    const end = this.renderInto(mac, lang, this.scratch, 0);
    return decoder.decode(this.scratch.subarray(0, end));
  }

  /** Parses and analyses one input; never throws on bad input. */
  analyze(input: string, lang: Lang): AnalyzeResult {
    const mac = parseMac(input);
    if (typeof mac !== 'number') {
      return { ok: false, code: parseErrorCode(mac), error: mac, detail: parseErrorDetail(mac, lang) };
    }
    return { ok: true, analysis: JSON.parse(this.render(mac, lang)) as Analysis };
  }
}
