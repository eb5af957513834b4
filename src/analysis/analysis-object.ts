/**
 * The analysis of an address as a value, typed by the document (openapi-types.ts): what msgpack
 * packs and the in-process API returns. The whole analysis is one object literal of the
 * document's Analysis, so a member the document adds and this writer does not write is a compile
 * error; a projection cuts it (pickMembers), as the JSON writer (json-writer.ts) cuts its bytes.
 */
import type { Analysis, Hint, ProjectedAnalysis, Special, Vendor } from '../contract/openapi-types.js';
import type { DerivedFrom } from '../mac/derived.js';
import { ADDRESS, IAB, NAME, PRIVATE, SHORT_NAME, type VendorValues } from '../registry/vendor-values.js';
import type { BlockMatch } from '../registry/shared-index.js';
import { derivedFacts } from '../special/derived-facts.js';
import type { Facts } from './lookup.js';
import { blockMembers, eui64Address, macAddress, pickMembers } from './members.js';
import type { LangPieces } from './pieces.js';
import type { Projection } from './projection.js';

/** Builds analyses as values; one per thread and snapshot. */
export class ObjectWriter {
  /** Builds from `pieces` (by language index) and the snapshot's `vendors`. */
  constructor(
    private readonly pieces: readonly LangPieces[],
    private readonly vendors: VendorValues,
  ) {}

  /** The whole analysis of the address of `facts` in the language of index `li`, with `derivedFrom` when the address came from another identifier (`from`). */
  whole(facts: Facts, li: number, from: DerivedFrom | null): Analysis {
    const pieces = this.pieces[li];
    const hints: Hint[] = [];
    if (facts.site >= 0) hints.push(pieces.sites[facts.site].value);
    if (facts.hint >= 0) hints.push(pieces.hints[facts.hint].value);
    const analysis: Analysis = {
      address: facts.eui64 !== null ? eui64Address(facts.eui64) : macAddress(facts.mac),
      bits: pieces.bits[facts.bits].value,
      vendor: facts.block === null ? null : this.vendor(facts.block, pieces, facts.eui64 !== null),
      special: facts.special < 0 ? null : special(pieces.special[facts.special].value, facts.mac),
      hints,
    };
    if (from !== null) analysis.derivedFrom = { ...from };
    return analysis;
  }

  /** The analysis of the address of `facts` (whole), cut to `projection` when there is one. */
  analysis(facts: Facts, li: number, projection: Projection | null, from: DerivedFrom | null): Analysis | ProjectedAnalysis {
    const whole = this.whole(facts, li, from);
    return projection === null ? whole : project(whole, projection);
  }

  // The vendor member of block `m`, in the document's order.
  private vendor(m: BlockMatch, pieces: LangPieces, wide: boolean): Vendor {
    const vendors = this.vendors;
    const r = m.record;
    const country = pieces.country(vendors.country(r));
    const flags = vendors.flagsOf(r);
    const vendor: Vendor = {
      name: vendors.text(r, NAME),
      shortName: vendors.text(r, SHORT_NAME),
      ...blockMembers(m, wide),
      address: vendors.text(r, ADDRESS),
      country: country.country,
      flag: country.flag,
      private: (flags & PRIVATE) !== 0,
    };
    if ((flags & IAB) !== 0) vendor.iab = true;
    return vendor;
  }
}

// A special entry, with what its address says (`derived`) when its catalogue entry computes one.
function special(entry: Special, mac: number): Special {
  const derived = derivedFacts(mac);
  return derived === null ? entry : { ...entry, derived };
}

/** The members of `whole` that `projection` keeps, in the analysis' order; a member null in the whole analysis stays null. */
export function project(whole: Analysis, projection: Projection): ProjectedAnalysis {
  const out: Record<string, unknown> = {};
  for (const [top, kept] of projection.members) {
    const value = whole[top];
    if (value === undefined) continue;
    out[top] = kept === null || value === null ? value : Array.isArray(value) ? value.map((v) => pickMembers(v, kept)) : pickMembers(value, kept);
  }
  // The one cast: TypeScript cannot type an object built member by member from names known at run
  // time (the projection's). Each member is whole's, or whole's cut to the members named, which is
  // what ProjectedAnalysis describes (Analysis with every member optional, checked deep against it
  // by test/projection.test.ts).
  return out as ProjectedAnalysis;
}
