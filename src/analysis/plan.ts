/**
 * What an answer keeps of the analysis, resolved once per projection (projection.ts; the whole
 * analysis is the projection that keeps everything): the members of each part, and the JSON
 * templates and picked pieces the JSON writer (json-writer.ts) copies. The value writer
 * (analysis-object.ts) cuts its whole analysis to the same projection (pickMembers), and the
 * golden answers hold both to the same bytes.
 */
import { FIELD_TREE, type Projection } from './projection.js';
import type { ObjectPiece } from './pieces.js';
import { addressTemplates, BLOCK_MEMBERS, blockTemplate, endsInFirstSeen, type Template } from './templates.js';
import type { Width } from '../registry/widths.js';

/** The members kept of one part made of pieces, and each piece's JSON cut to them (made on first use). */
export class Picker {
  private readonly cut = new WeakMap<ObjectPiece, Uint8Array>();

  /** `keys`: the members kept, null for all. */
  constructor(readonly keys: readonly string[] | null) {}

  /** The JSON of `piece` cut to the kept members. */
  json(piece: ObjectPiece): Uint8Array {
    if (this.keys === null) return piece.whole;
    let bytes = this.cut.get(piece);
    if (bytes === undefined) this.cut.set(piece, (bytes = piece.json(this.keys)));
    return bytes;
  }
}

/** A member of `vendor` (FIELD_TREE). */
export type VendorMember = (typeof FIELD_TREE.vendor)[number];

/** The vendor members kept. */
export interface VendorPlan {
  /** Whether each member is kept, by name: a new member needs no change here. */
  readonly kept: Readonly<Record<VendorMember, boolean>>;
  /** The block members kept (BLOCK_MEMBERS), in order. */
  readonly blockMembers: readonly string[];
  /** Their templates by width index ((width - 24) >> 2; slot 2 repeats MA-M), or null when none is kept. */
  readonly blocks: readonly Template[] | null;
  /** True when the block templates end in `"firstSeen":` (the writer writes the date and `}`). */
  readonly blockDated: boolean;
  /** True when every member is kept: the vendor is then the same for every address of its block. */
  readonly whole: boolean;
}

/** A projection resolved for the writers. */
export class AnswerPlan {
  /** The address formats kept, in order, or null when `address` is not. */
  readonly addressKeys: readonly string[] | null;
  /** Their templates (head from `,"address":{`, tail after the link-local address). */
  readonly address: { readonly head: Template; readonly tail: Template | null } | null;
  readonly bits: Picker | null;
  readonly vendor: VendorPlan | null;
  readonly special: Picker | null;
  /** True when `special.derived` is kept. */
  readonly derived: boolean;
  readonly hints: Picker | null;
  readonly derivedFrom: readonly string[] | null;

  /** The plan of `projection`; null: the whole analysis. */
  constructor(readonly projection: Projection | null) {
    const kept = (top: keyof typeof FIELD_TREE): readonly string[] | null => {
      if (projection === null) return FIELD_TREE[top];
      if (!projection.members.has(top)) return null;
      return projection.members.get(top) ?? FIELD_TREE[top];
    };
    // A part kept whole copies its pieces as they are; `written` says which members its pieces hold.
    const picker = (top: 'bits' | 'special' | 'hints', written: (member: string) => boolean = () => true): Picker | null => {
      const keys = kept(top);
      if (keys === null) return null;
      return new Picker(projection === null || projection.members.get(top) === null ? null : keys.filter(written));
    };
    this.addressKeys = kept('address');
    this.address = this.addressKeys && addressTemplates(this.addressKeys);
    this.bits = picker('bits');
    const vendor = kept('vendor');
    if (vendor === null) this.vendor = null;
    else {
      const blockMembers = vendor.filter((m) => (BLOCK_MEMBERS as readonly string[]).includes(m));
      this.vendor = {
        kept: Object.fromEntries(FIELD_TREE.vendor.map((m) => [m, vendor.includes(m)])) as Record<VendorMember, boolean>,
        blockMembers,
        blocks: blockMembers.length === 0 ? null : [24, 28, 28, 36].map((w) => blockTemplate(w as Width, blockMembers)),
        blockDated: endsInFirstSeen(blockMembers),
        whole: FIELD_TREE.vendor.every((m) => vendor.includes(m)),
      };
    }
    const special = kept('special');
    // `derived` is computed per address, not part of an entry's piece.
    this.special = picker('special', (m) => m !== 'derived');
    this.derived = special?.includes('derived') ?? false;
    this.hints = picker('hints');
    this.derivedFrom = kept('derivedFrom');
  }
}

// Plans kept per thread (the least recently made one goes first).
const PLANS_KEPT = 32;
const plans = new Map<string, AnswerPlan>();
const WHOLE = new AnswerPlan(null);

/** The plan of `projection` (null: the whole analysis); kept for the next answers. */
export function planOf(projection: Projection | null): AnswerPlan {
  if (projection === null) return WHOLE;
  let plan = plans.get(projection.key);
  if (plan === undefined) {
    if (plans.size >= PLANS_KEPT) plans.delete(plans.keys().next().value!);
    plans.set(projection.key, (plan = new AnswerPlan(projection)));
  }
  return plan;
}
