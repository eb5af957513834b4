/**
 * Constant parts of the analysis JSON with their digit patches, built once per projection from
 * the format data: the `address` object around the variable-length link-local address, and
 * the block members of a vendor for each prefix width.
 */
import { ADDRESS_FORMATS, DigitPatch, LINK_LOCAL_PREFIX, planDigits, planFormat, type Dialect } from '../mac/format.js';
import { writeMacOctets } from '../mac/octets.js';
import type { RenderTarget } from '../render/render-target.js';
import type { BlockMatch } from '../registry/shared-index.js';
import { writeFirstSeen } from '../registry/first-seen.js';
import { blockMask } from './members.js';
import { utf8 } from './pieces.js';
import type { Width } from '../registry/widths.js';
import { REGISTRY_OF_WIDTH } from '../registry/kinds.js';

/** A template and the digits to patch into it after copying. */
export interface Template {
  readonly bytes: Uint8Array;
  readonly digits: DigitPatch;
}


// Builds a template from text pieces and plans: [text, plan, text, plan, …].
function assemble(pieces: readonly Piece[]): Template {
  const parts: Uint8Array[] = [];
  const patches: DigitPatch[] = [];
  let length = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      const b = utf8(piece);
      parts.push(b);
      length += b.length;
    } else {
      parts.push(piece.template);
      patches.push(piece.digits.shifted(length));
      length += piece.template.length;
    }
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return { bytes, digits: DigitPatch.concat(patches) };
}

/** A piece of a template: text, or a digit plan. */
type Piece = string | { template: Uint8Array; digits: DigitPatch };

/**
 * The `address` member of the formats `keys`, in templates: `head` from `,"address":{` to the
 * link-local prefix and `tail` from the end of the link-local address to `}`; when `keys`
 * leaves the link-local address out, `head` holds everything and `tail` is null. Digits read
 * OctetViews.all.
 */
export function addressTemplates(keys: readonly string[]): { readonly head: Template; readonly tail: Template | null } {
  const parts: Piece[][] = [[keys.includes('kind') ? ',"address":{"kind":"EUI-48"' : ',"address":{']];
  let current = parts[0];
  ADDRESS_FORMATS.filter((f) => keys.includes(f.key)).forEach((f, i) => {
    current.push(`${i > 0 || keys.includes('kind') ? ',' : ''}"${f.key}":"`);
    if (f.dialect === 'linkLocal') {
      current.push(LINK_LOCAL_PREFIX);
      parts.push((current = ['"']));
    } else current.push(planFormat(f), '"');
  });
  current.push('}');
  return { head: assemble(parts[0]), tail: parts.length > 1 ? assemble(parts[1]) : null };
}

const PREFIX: Dialect = { groupDigits: 2, separator: ':', upper: true };

/**
 * The members of a vendor that its block gives, in the analysis' order; `block.firstSeen` is
 * the block member with its first-seen date only (the projection `vendor.block.firstSeen`).
 */
export const BLOCK_MEMBERS = ['prefix', 'prefixLength', 'registry', 'block', 'block.firstSeen'] as const;

/** True when the block members `members` end in a first-seen date, which the renderer writes after the template, with the block's closing brace (BlockPatcher.writeSeen). */
export function endsInFirstSeen(members: readonly string[]): boolean {
  return members.includes('block') || members.includes('block.firstSeen');
}

// The block members `members` of a block of width `width`, each with a leading comma; the
// block member ends open, after `"firstSeen":`.
function blockPieces(width: Width, members: readonly string[]): Piece[] {
  const pieces: Piece[] = [];
  for (const m of BLOCK_MEMBERS) {
    if (!members.includes(m)) continue;
    if (m === 'prefix') pieces.push(',"prefix":"', planDigits(PREFIX, width / 4, 0), '"');
    else if (m === 'prefixLength') pieces.push(`,"prefixLength":${width}`);
    else if (m === 'registry') pieces.push(`,"registry":"${REGISTRY_OF_WIDTH[width]}"`);
    else if (m === 'block') pieces.push(',"block":{"first":"', planDigits(PREFIX, 12, 0), '","last":"', planDigits(PREFIX, 12, 6), `","mask":"${blockMask(width, false)}","size":${2 ** (48 - width)},"firstSeen":`);
    else if (!members.includes('block')) pieces.push(',"block":{"firstSeen":');
  }
  return pieces;
}

/** The block members `members` of a block of width `width`, each with a leading comma; digits read a 12-octet array: the block's first address, then its last. */
export function blockTemplate(width: Width, members: readonly string[]): Template {
  return assemble(blockPieces(width, members));
}

// The block size, by width index ((width - 24) >> 2: 0 MA-L, 1 MA-M, 3 MA-S).
const BLOCK_SIZE = [2 ** 24, 2 ** 20, 0, 2 ** 12];

/** Writes a block's first and last addresses into a copied block template. */
export class BlockPatcher {
  private readonly octets = new Uint8Array(12);
  private readonly last = this.octets.subarray(6);

  /** Patches block `match` (width index `wi`) into the template copied at `start`, with `digits` (the full or the projected template's). */
  patch(match: BlockMatch, wi: number, digits: DigitPatch, target: RenderTarget, start: number): void {
    const size = BLOCK_SIZE[wi];
    const first = match.prefix * size;
    writeMacOctets(first, this.octets);
    writeMacOctets(first + size - 1, this.last);
    digits.apply(target.bytes, target.view, start, this.octets);
  }

  /** Writes the first-seen date of block `match` and the block's closing brace at `pos`; returns the end. */
  writeSeen(match: BlockMatch, out: Uint8Array, pos: number): number {
    pos = writeFirstSeen(out, pos, match.seen);
    out[pos] = 125; // }
    return pos + 1;
  }
}
