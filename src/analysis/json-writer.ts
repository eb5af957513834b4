/**
 * The one JSON writer of an analysis: the whole answer and every `fields` projection, from the
 * facts of a look-up (lookup.ts), the pieces of its language (pieces.ts) and the vendor values
 * of the shared index (vendor-values.ts), as an answer plan says (plan.ts). Members are written
 * with a leading comma; an object's first comma becomes its `{`. Digits are patched into
 * templates; the rest is byte copies. A block's whole vendor member is written once per thread and
 * language, then copied (fragment-cache.ts).
 */
import type { ANALYSIS_MEMBERS } from '../contract/openapi-types.js';
import type { DerivedFrom } from '../mac/derived.js';
import { OctetViews, writeLinkLocalSuffix } from '../mac/format.js';
// Pieces and templates are copied with putBytes; the short keys go through putShort.
import { putBytes as copy, putShort as put, putText, type RenderTarget } from '../render/render-target.js';
import { ADDRESS, IAB, NAME, PRIVATE, SHORT_NAME, type VendorValues } from '../registry/vendor-values.js';
import { derivedFacts } from '../special/derived-facts.js';
import type { Facts } from './lookup.js';
import { blockMembers, eui64Address, pickMembers } from './members.js';
import { utf8, type LangPieces } from './pieces.js';
import type { AnswerPlan, VendorPlan } from './plan.js';
import type { TopField } from './projection.js';
import type { BlockMatch } from '../registry/shared-index.js';
import { BlockPatcher } from './templates.js';
import type { FragmentCache } from './fragment-cache.js';

// Member keys as written (a leading comma), named by the document's members: a member it renames
// or drops fails the build here.
const member = (name: TopField) => `,"${name}":`;
const vendorKey = (name: (typeof ANALYSIS_MEMBERS)['vendor'][number], value = '') => utf8(`,"${name}":${value}`);
const NULL = utf8('null');
const ADDRESS_MEMBER = member('address');
const BITS = utf8(member('bits'));
const VENDOR = utf8(member('vendor'));
const SPECIAL = utf8(member('special'));
const HINTS = utf8(`${member('hints')}[`);
const NAME_KEY = vendorKey('name');
const SHORT_NAME_KEY = vendorKey('shortName');
const ADDRESS_KEY = vendorKey('address');
const PRIVATE_TRUE = vendorKey('private', 'true');
const PRIVATE_FALSE = vendorKey('private', 'false');
const IAB_TRUE = vendorKey('iab', 'true');

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

// The members of `value` as JSON, each with a leading comma ('' when it has none).
function members(value: object): string {
  const json = JSON.stringify(value);
  return json.length === 2 ? '' : `,${json.slice(1, -1)}`;
}

/** Writes analyses as JSON; one per thread and snapshot. */
export class JsonWriter {
  private readonly views = new OctetViews();
  private readonly blocks = new BlockPatcher();

  /**
   * Writes from `pieces` (by language index) and the snapshot's `vendors`, keeping the whole
   * vendor member of each of its `blockCount` blocks in `kept` (key: language index × blockCount
   * + block; analyzer.ts gives the keys above to the CSV rows).
   */
  constructor(
    private readonly pieces: readonly LangPieces[],
    private readonly vendors: VendorValues,
    private readonly kept: FragmentCache,
    private readonly blockCount: number,
  ) {}

  /** Upper bound of the bytes one analysis takes, `derivedFrom` aside. */
  maxBytes(): number {
    return 2048 + 3 * this.vendors.maxLength() + 3 * Math.max(...this.pieces.map((p) => p.maxLength()));
  }

  /**
   * Writes the analysis of the address of `facts` in the language of index `li`, as `plan` keeps
   * it, into `target` at `pos`, with `derivedFrom` when the address came from another
   * identifier (`from`); returns the end. Needs maxBytes() free, plus 6 bytes per character of
   * `from.value`.
   */
  write(facts: Facts, li: number, plan: AnswerPlan, target: RenderTarget, pos: number, from: DerivedFrom | null): number {
    const out = target.bytes;
    const pieces = this.pieces[li];
    const open = pos;
    const address = plan.address;
    // A 64-bit identifier's address and block are written from their values (members.ts): they are rare.
    if (address !== null && facts.eui64 !== null) pos = putText(out, pos, ADDRESS_MEMBER + JSON.stringify(pickMembers(eui64Address(facts.eui64), plan.addressKeys!)));
    else if (address !== null) {
      const views = this.views;
      views.fill(facts.mac);
      let start = pos;
      pos = copy(out, pos, address.head.bytes);
      address.head.digits.apply(out, target.view, start, views.all);
      if (address.tail !== null) {
        pos = writeLinkLocalSuffix(out, pos, views.modifiedEui64);
        start = pos;
        pos = copy(out, pos, address.tail.bytes);
        address.tail.digits.apply(out, target.view, start, views.all);
      }
    }
    if (plan.bits !== null) pos = copy(out, put(out, pos, BITS), plan.bits.json(pieces.bits[facts.bits]));
    if (plan.vendor !== null) pos = this.writeVendor(facts, plan, pieces, target, put(out, pos, VENDOR), li);
    if (plan.special !== null) {
      pos = put(out, pos, SPECIAL);
      if (facts.special < 0) pos = put(out, pos, NULL);
      else {
        pos = copy(out, pos, plan.special.json(pieces.special[facts.special]));
        const derived = plan.derived ? derivedFacts(facts.mac) : null;
        // In place of the entry's closing brace: ,"derived":{…}}
        if (derived !== null) pos = putText(out, pos - 1, `${out[pos - 2] === 123 ? '' : ','}"derived":${JSON.stringify(derived)}}`);
      }
    }
    if (plan.hints !== null) {
      pos = put(out, pos, HINTS);
      if (facts.site >= 0) pos = copy(out, pos, plan.hints.json(pieces.sites[facts.site]));
      if (facts.hint >= 0) {
        if (facts.site >= 0) out[pos++] = 44; // ,
        pos = copy(out, pos, plan.hints.json(pieces.hints[facts.hint]));
      }
      out[pos++] = 93; // ]
    }
    if (from !== null && plan.derivedFrom !== null) {
      pos = putText(out, pos, `,"derivedFrom":${JSON.stringify(pickMembers(from, plan.derivedFrom))}`);
    }
    return closeObject(out, open, pos);
  }

  // The vendor member's value: null, or the kept members of the record and its block. A whole
  // member of a MAC-48's block is the same for every address of the block: it is kept.
  private writeVendor(facts: Facts, plan: AnswerPlan, pieces: LangPieces, target: RenderTarget, pos: number, li: number): number {
    const m = facts.block;
    if (m === null) return put(target.bytes, pos, NULL);
    const v = plan.vendor!;
    if (!v.whole || facts.eui64 !== null) return this.writeVendorMembers(facts, m, v, pieces, target, pos);
    const key = li * this.blockCount + m.block;
    const copied = this.kept.copy(key, target.bytes, pos);
    if (copied >= 0) return copied;
    const end = this.writeVendorMembers(facts, m, v, pieces, target, pos);
    this.kept.keep(key, target.bytes, pos, end);
    return end;
  }

  // The vendor members `v` keeps of block `m` and its record.
  private writeVendorMembers(facts: Facts, m: BlockMatch, v: VendorPlan, pieces: LangPieces, target: RenderTarget, pos: number): number {
    const out = target.bytes;
    const k = v.kept;
    const vendors = this.vendors;
    const record = m.record;
    const open = pos;
    if (k.name) pos = vendors.writeJson(record, NAME, target, put(out, pos, NAME_KEY));
    if (k.shortName) pos = vendors.writeJson(record, SHORT_NAME, target, put(out, pos, SHORT_NAME_KEY));
    if (v.blocks !== null && facts.eui64 !== null) pos = putText(out, pos, members(pickMembers(blockMembers(m, true), v.blockMembers)));
    else if (v.blocks !== null) {
      const wi = (m.width - 24) >>> 2;
      const template = v.blocks[wi];
      const start = pos;
      pos = copy(out, pos, template.bytes);
      this.blocks.patch(m, wi, template.digits, target, start);
      if (v.blockDated) pos = this.blocks.writeSeen(m, out, pos);
    }
    if (k.address) pos = vendors.writeJson(record, ADDRESS, target, put(out, pos, ADDRESS_KEY));
    if (k.country || k.flag) {
      const country = pieces.country(vendors.country(record));
      pos = copy(out, pos, k.country ? (k.flag ? country.both : country.countryMember) : country.flagMember);
    }
    const flags = vendors.flagsOf(record);
    if (k.private) pos = put(out, pos, (flags & PRIVATE) !== 0 ? PRIVATE_TRUE : PRIVATE_FALSE);
    if (k.iab && (flags & IAB) !== 0) pos = put(out, pos, IAB_TRUE);
    return closeObject(out, open, pos);
  }
}
