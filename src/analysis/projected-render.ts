/**
 * The projected render (`fields`, docs/API.md): the analysis of an address cut to the members
 * asked for, from fragments cut once per projection (projected-parts.ts) out of the analyzer's
 * own, so a projected answer copies bytes like a whole one and never renders the whole to cut it.
 */
import { langIndex, type Lang } from '../i18n/lang.js';
import { bitsKey } from '../mac/bits.js';
import { OctetViews, writeLinkLocalSuffix } from '../mac/format.js';
import { putShort as put, type RenderTarget } from '../render/render-target.js';
import { derivedFacts } from '../special/derived-facts.js';
import { utf8 } from './fragments.js';
import type { Facts } from './lookup.js';
import { ProjectedParts, type FullFragments } from './projected-parts.js';
import type { Projection } from './projection.js';
import { BlockPatcher } from './templates.js';

const NULL = utf8('null');
const VENDOR_MEMBER = utf8(',"vendor":');
const SPECIAL_MEMBER = utf8(',"special":');
const HINTS_MEMBER = utf8(',"hints":[');
// Projections kept per analyzer (the least recently made one goes first).
const PROJECTIONS_KEPT = 32;
const encoder = new TextEncoder();

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

/** Renders projected analyses from the facts of the analyzer's look-ups. */
export class ProjectedRenderer {
  private readonly projections = new Map<string, ProjectedParts>();
  private readonly views = new OctetViews();
  private readonly blocks = new BlockPatcher();

  /** `full` gives the analyzer's fragments to cut projections from. */
  constructor(private readonly full: () => FullFragments) {}

  // The fragments of `projection`, made on first use.
  private partsOf(projection: Projection): ProjectedParts {
    let parts = this.projections.get(projection.key);
    if (parts === undefined) {
      if (this.projections.size >= PROJECTIONS_KEPT) this.projections.delete(this.projections.keys().next().value!);
      parts = new ProjectedParts(projection, this.full());
      this.projections.set(projection.key, parts);
    }
    return parts;
  }

  /**
   * Writes the analysis of `mac` (its `facts`) projected to `projection` (projection.ts) into `target` at
   * `pos`, with `derivedFrom` when the input was an EUI-64 or IPv6 address (`from`); returns
   * the end. Needs the analyzer's `maxBytes` free plus the length of `from.value`.
   */
  renderInto(mac: number, facts: Facts, lang: Lang, projection: Projection, target: RenderTarget, pos: number, from: { readonly kind: string; readonly value: string } | null = null): number {
    const parts = this.partsOf(projection);
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
    if (parts.vendor !== null) pos = this.writeProjectedVendor(facts, parts, li, target, put(out, pos, VENDOR_MEMBER));
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
  private writeProjectedVendor(facts: Facts, parts: ProjectedParts, li: number, target: RenderTarget, pos: number): number {
    const out = target.bytes;
    const m = facts.block;
    if (m === null) return put(out, pos, NULL);
    const open = pos;
    if (parts.vendorHeadKept) pos = put(out, pos, parts.vendorHead(m.record));
    if (parts.blocks !== null) {
      const wi = (m.width - 24) >>> 2;
      const template = parts.blocks[wi];
      const start = pos;
      pos = put(out, pos, template.bytes);
      this.blocks.patch(m, wi, template.digits, target, start);
      if (parts.blockDated) pos = this.blocks.writeSeen(m, out, pos);
    }
    if (parts.vendorTailKept) pos = put(out, pos, parts.vendorTail(m.record, li));
    return closeObject(out, open, pos);
  }
}
