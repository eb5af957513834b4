/**
 * Constant parts of the analysis JSON with their digit patches, built once per thread from
 * the format data: the `address` object around the variable-length link-local address, and
 * the block fields of a vendor for each prefix width.
 */
import { ADDRESS_FORMATS, DigitPatch, LINK_LOCAL_PREFIX, planDigits, planFormat, type Dialect } from '../mac/format.js';
import { utf8 } from './fragments.js';

/** A template and the digits to patch into it after copying. */
export interface Template {
  readonly bytes: Uint8Array;
  readonly digits: DigitPatch;
}

/** Registry kind of each prefix width. */
const KIND = { 24: 'MA-L', 28: 'MA-M', 36: 'MA-S' } as const;

// Builds a template from text pieces and plans: [text, plan, text, plan, …].
function assemble(pieces: ReadonlyArray<string | { template: Uint8Array; digits: DigitPatch }>): Template {
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

/**
 * The `address` object in two templates: from `{"address":{` to the link-local prefix, and
 * from the end of the link-local address to `"bits":`. Digits read OctetViews.all.
 */
export function addressTemplates(): { readonly head: Template; readonly tail: Template } {
  const split = ADDRESS_FORMATS.findIndex((f) => f.dialect === 'linkLocal');
  const head: Array<string | ReturnType<typeof planFormat>> = ['{"address":{'];
  ADDRESS_FORMATS.slice(0, split).forEach((f, i) => head.push(`${i > 0 ? '",' : ''}"${f.key}":"`, planFormat(f)));
  head.push(`"${split > 0 ? ',' : ''}"${ADDRESS_FORMATS[split].key}":"${LINK_LOCAL_PREFIX}`);
  const tail: Array<string | ReturnType<typeof planFormat>> = [];
  ADDRESS_FORMATS.slice(split + 1).forEach((f) => tail.push(`","${f.key}":"`, planFormat(f)));
  tail.push('"},"bits":');
  return { head: assemble(head), tail: assemble(tail) };
}

const PREFIX: Dialect = { groupDigits: 2, separator: ':', upper: true };

/**
 * The block fields of a vendor of prefix width `width`, after `{"name":…,`: prefix at its
 * true width, length, registry kind, first and last address, size. Digits read a 12-octet
 * array: the block's first address, then its last.
 */
export function blockTemplate(width: 24 | 28 | 36): Template {
  return assemble([
    '"prefix":"',
    planDigits(PREFIX, width / 4, 0),
    `","prefixLength":${width},"registry":"${KIND[width]}","block":{"first":"`,
    planDigits(PREFIX, 12, 0),
    '","last":"',
    planDigits(PREFIX, 12, 6),
    `","size":${2 ** (48 - width)}},`,
  ]);
}
