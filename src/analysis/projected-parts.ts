/**
 * The fragments of one projection (projection.ts), built from the analyzer's full fragments
 * the first time each is needed and kept: a projected answer then copies bytes as a full one
 * does, and never renders the whole analysis to cut it. Every member is written with a
 * leading comma (`,"key":value`); the writer turns the first comma of an object into `{`.
 */
import { LANGS } from '../i18n/lang.js';
import { FIELD_TREE, type Projection } from './projection.js';
import { addressTemplates, BLOCK_MEMBERS, endsInFirstSeen, projectedBlockTemplate, type Template } from './templates.js';
import type { Width } from '../registry/widths.js';

const encoder = new TextEncoder();

/** The full fragments a projection is cut from, by language index. */
export interface FullFragments {
  /** The `bits` object of a bits key. */
  bits(li: number, key: number): string;
  /** The `special` object of an entry (without `derived`). */
  special(li: number, entry: number): string;
  /** A hint object, by its index among the hint fragments (hint-fragments.ts order). */
  hint(li: number, index: number): string;
  /** A site hint object, by overlay entry. */
  site(li: number, index: number): string;
  /** The members of a vendor record that do not depend on its block, as one JSON object. */
  vendorRecord(record: number, li: number): string;
}

/** `,"key":value` for each member of `object` named in `keys`, in the object's own order. */
export function pickMembers(object: Record<string, unknown>, keys: readonly string[]): string {
  let out = '';
  for (const [k, v] of Object.entries(object)) if (keys.includes(k)) out += `,${JSON.stringify(k)}:${JSON.stringify(v)}`;
  return out;
}

// `{…}` from members written with leading commas.
function asObject(members: string): string {
  return members.length === 0 ? '{}' : `{${members.slice(1)}}`;
}

const HEAD_MEMBERS = ['name', 'shortName'];
const TAIL_MEMBERS = ['address', 'country', 'flag', 'private', 'iab'];

// Lazily filled tables, one per language.
function perLang<T>(): T[][] {
  return LANGS.map(() => []);
}

/** The projected fragments of one projection over one analyzer's full fragments. */
export class ProjectedParts {
  /** The address templates (head from `,"address":{`, tail after the link-local address), or null when not kept. */
  readonly address: { readonly head: Template; readonly tail: Template | null } | null;
  readonly bits: readonly string[] | null;
  readonly vendor: readonly string[] | null;
  /** True when the vendor's name or short name is kept; `vendorTailKept`: a member after the block. */
  readonly vendorHeadKept: boolean;
  readonly vendorTailKept: boolean;
  /** The block members' templates by width index ((width - 24) >> 2), or null when none is kept. */
  readonly blocks: readonly Template[] | null;
  /** True when the block templates end in `"firstSeen":` (the renderer writes the date and `}`). */
  readonly blockDated: boolean;
  readonly special: readonly string[] | null;
  /** True when `special.derived` is kept. */
  readonly derived: boolean;
  readonly hints: readonly string[] | null;
  readonly derivedFrom: readonly string[] | null;
  private readonly bitsCache = perLang<Uint8Array>();
  private readonly specialCache = perLang<Uint8Array>();
  private readonly hintCache = perLang<Uint8Array>();
  private readonly siteCache = perLang<Uint8Array>();
  private readonly vendorHeadCache: Uint8Array[] = [];
  private readonly vendorTailCache = perLang<Uint8Array>();

  constructor(
    readonly projection: Projection,
    private readonly full: FullFragments,
  ) {
    const kept = <K extends keyof typeof FIELD_TREE>(top: K): readonly string[] | null => {
      if (!projection.members.has(top)) return null;
      return projection.members.get(top) ?? FIELD_TREE[top];
    };
    const address = kept('address');
    this.address = address && addressTemplates(address, ',"address":{', '}');
    this.bits = kept('bits');
    this.vendor = kept('vendor');
    this.vendorHeadKept = this.vendor?.some((m) => HEAD_MEMBERS.includes(m)) ?? false;
    this.vendorTailKept = this.vendor?.some((m) => TAIL_MEMBERS.includes(m)) ?? false;
    const blockMembers = this.vendor?.filter((m) => (BLOCK_MEMBERS as readonly string[]).includes(m)) ?? [];
    this.blocks = blockMembers.length === 0 ? null : [24, 28, 28, 36].map((w) => projectedBlockTemplate(w as Width, blockMembers));
    this.blockDated = endsInFirstSeen(blockMembers);
    this.special = kept('special');
    this.derived = this.special?.includes('derived') ?? false;
    this.hints = kept('hints');
    this.derivedFrom = kept('derivedFrom');
  }

  /** `,"bits":{…}` of a bits key in the language of index `li`. */
  bitsMember(li: number, key: number): Uint8Array {
    return (this.bitsCache[li][key] ??= encoder.encode(`,"bits":${asObject(pickMembers(JSON.parse(this.full.bits(li, key)), this.bits!))}`));
  }

  /** The kept members of a special entry, each with a leading comma (`derived` is written per address). */
  specialMembers(li: number, entry: number): Uint8Array {
    return (this.specialCache[li][entry] ??= encoder.encode(pickMembers(JSON.parse(this.full.special(li, entry)), this.special!)));
  }

  /** A hint object, projected. */
  hint(li: number, index: number): Uint8Array {
    return (this.hintCache[li][index] ??= encoder.encode(asObject(pickMembers(JSON.parse(this.full.hint(li, index)), this.hints!))));
  }

  /** A site hint object, projected. */
  site(li: number, index: number): Uint8Array {
    return (this.siteCache[li][index] ??= encoder.encode(asObject(pickMembers(JSON.parse(this.full.site(li, index)), this.hints!))));
  }

  /** The kept `name` and `shortName` of a vendor record, each with a leading comma. */
  vendorHead(record: number): Uint8Array {
    return (this.vendorHeadCache[record] ??= encoder.encode(pickMembers(JSON.parse(this.full.vendorRecord(record, 0)), this.vendor!.filter((m) => HEAD_MEMBERS.includes(m)))));
  }

  /** The kept members after the block (address, country, flag, private, iab) of a vendor record. */
  vendorTail(record: number, li: number): Uint8Array {
    return (this.vendorTailCache[li][record] ??= encoder.encode(pickMembers(JSON.parse(this.full.vendorRecord(record, li)), this.vendor!.filter((m) => TAIL_MEMBERS.includes(m)))));
  }

  /** `,"derivedFrom":{…}` of an EUI-64 or IPv6 input, or '' when the projection leaves it out. */
  derivedFromMember(kind: string, value: string): string {
    return this.derivedFrom === null ? '' : `,"derivedFrom":${asObject(pickMembers({ kind, value }, this.derivedFrom))}`;
  }
}
