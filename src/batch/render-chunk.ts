/**
 * Renders a chunk of bulk items into one byte array: each item is
 * `{"input":…,"analysis":{…}}` or `{"input":…,"error":{"code":…,"detail":…}}`, as NDJSON
 * lines or as JSON array elements. Pure and synchronous, so the same code serves the HTTP
 * batch (inline or on the pool) and the CLI.
 */
import type { Analyzer } from '../analysis/analyzer.js';
import type { Lang } from '../i18n/lang.js';
import { parseErrorCode, parseErrorDetail } from '../i18n/parse-errors.js';
import { parseMac } from '../mac/parse.js';
import { RenderTarget } from '../render/render-target.js';

/** How items are separated: one per line, or comma-separated array elements. */
export type ItemStyle = 'ndjson' | 'json';

/** A rendered chunk and the count of each outcome. */
export interface RenderedChunk {
  readonly bytes: Uint8Array;
  readonly analysed: number;
  readonly invalid: number;
}

const encoder = new TextEncoder();
const INPUT = encoder.encode('{"input":');
const ANALYSIS = encoder.encode(',"analysis":');
const ERROR = encoder.encode(',"error":');

function put(out: Uint8Array, pos: number, bytes: Uint8Array): number {
  out.set(bytes, pos);
  return pos + bytes.length;
}

function putText(out: Uint8Array, pos: number, text: string): number {
  return pos + encoder.encodeInto(text, out.subarray(pos)).written;
}

/**
 * Renders `inputs` in `lang`. With style 'json', `leadingComma` puts a comma before the first
 * item (when an earlier chunk of the same array has items).
 */
export function renderChunk(analyzer: Analyzer, inputs: readonly string[], lang: Lang, style: ItemStyle, leadingComma = false): RenderedChunk {
  // Worst case per item: the analysis, the input escaped as \uXXXX (6 bytes a character), framing.
  let capacity = 0;
  for (const input of inputs) capacity += analyzer.maxBytes + 6 * input.length + 64;
  const target = new RenderTarget(capacity);
  const out = target.bytes;
  let pos = 0;
  let analysed = 0;
  let invalid = 0;
  for (let i = 0; i < inputs.length; i++) {
    if (style === 'json' && (i > 0 || leadingComma)) out[pos++] = 44; // ,
    const input = inputs[i];
    pos = put(out, pos, INPUT);
    pos = putText(out, pos, JSON.stringify(input));
    const mac = parseMac(input);
    if (typeof mac === 'number') {
      pos = put(out, pos, ANALYSIS);
      pos = analyzer.renderInto(mac, lang, target, pos);
      analysed++;
    } else {
      pos = put(out, pos, ERROR);
      pos = putText(out, pos, JSON.stringify({ code: parseErrorCode(mac), detail: parseErrorDetail(mac, lang) }));
      invalid++;
    }
    out[pos++] = 125; // }
    if (style === 'ndjson') out[pos++] = 10;
  }
  return { bytes: out.subarray(0, pos), analysed, invalid };
}
