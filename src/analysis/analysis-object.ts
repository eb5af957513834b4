/**
 * The analysis of an address as a value (types.ts), from the same facts, pieces and plan as the
 * JSON writer (json-writer.ts): what msgpack packs and the in-process API returns.
 */
import { formatMac } from '../mac/format.js';
import { ADDRESS, IAB, NAME, PRIVATE, SHORT_NAME, type VendorValues } from '../registry/vendor-values.js';
import type { BlockMatch } from '../registry/shared-index.js';
import { derivedFacts } from '../special/derived-facts.js';
import type { DerivedFrom } from '../mac/derived.js';
import { derivedFromObject } from './json-writer.js';
import type { Facts } from './lookup.js';
import { blockMembers, eui64Address } from './members.js';
import type { LangPieces } from './pieces.js';
import type { AnswerPlan, VendorPlan } from './plan.js';
import type { Analysis, HintInfo, VendorInfo } from './types.js';

/** An analysis as a plan keeps it: the whole Analysis, or some of its members. */
export type AnalysisValue = { -readonly [K in keyof Analysis]?: Analysis[K] extends object | null ? Partial<NonNullable<Analysis[K]>> | null : Analysis[K] };

/** Builds analyses as values; one per thread and snapshot. */
export class ObjectWriter {
  /** Builds from `pieces` (by language index) and the snapshot's `vendors`. */
  constructor(
    private readonly pieces: readonly LangPieces[],
    private readonly vendors: VendorValues,
  ) {}

  /** The analysis of the address of `facts` in the language of index `li`, as `plan` keeps it, with `derivedFrom` when the address came from another identifier (`from`). */
  analysis(facts: Facts, li: number, plan: AnswerPlan, from: DerivedFrom | null): AnalysisValue {
    const pieces = this.pieces[li];
    const a: AnalysisValue = {};
    if (plan.addressKeys !== null) a.address = facts.eui64 !== null ? eui64Address(facts.eui64, plan.addressKeys) : Object.fromEntries(plan.addressKeys.map((k) => [k, k === 'kind' ? 'EUI-48' : formatMac(facts.mac, k)]));
    if (plan.bits !== null) a.bits = pieces.bits[facts.bits].pick(plan.bits.keys);
    if (plan.vendor !== null) a.vendor = facts.block === null ? null : this.vendor(facts.block, plan.vendor, pieces, facts.eui64 !== null);
    if (plan.special !== null) {
      if (facts.special < 0) a.special = null;
      else {
        const special = { ...pieces.special[facts.special].pick(plan.special.keys) };
        const derived = plan.derived ? derivedFacts(facts.mac) : null;
        if (derived !== null) special.derived = derived;
        a.special = special;
      }
    }
    if (plan.hints !== null) {
      const hints: Partial<HintInfo>[] = [];
      if (facts.site >= 0) hints.push(pieces.sites[facts.site].pick(plan.hints.keys));
      if (facts.hint >= 0) hints.push(pieces.hints[facts.hint].pick(plan.hints.keys));
      a.hints = hints as HintInfo[];
    }
    if (from !== null && plan.derivedFrom !== null) a.derivedFrom = derivedFromObject(from, plan.derivedFrom) as Analysis['derivedFrom'];
    return a;
  }

  // The vendor member: the kept members of the record and its block, in the analysis' order.
  private vendor(m: BlockMatch, v: VendorPlan, pieces: LangPieces, wide: boolean): Partial<VendorInfo> {
    const k = v.kept;
    const vendors = this.vendors;
    const r = m.record;
    const out: Partial<VendorInfo> & Record<string, unknown> = {};
    if (k.name) out.name = vendors.text(r, NAME);
    if (k.shortName) out.shortName = vendors.text(r, SHORT_NAME);
    Object.assign(out, blockMembers(m, v.blockMembers, wide));
    if (k.address) out.address = vendors.text(r, ADDRESS);
    if (k.country || k.flag) {
      const country = pieces.country(vendors.country(r));
      if (k.country) out.country = country.country;
      if (k.flag) out.flag = country.flag;
    }
    const flags = vendors.flagsOf(r);
    if (k.private) out.private = (flags & PRIVATE) !== 0;
    if (k.iab && (flags & IAB) !== 0) out.iab = true;
    return out;
  }
}
