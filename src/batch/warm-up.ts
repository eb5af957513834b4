/**
 * Warms one thread's renderers before it takes real work: every style, input form and
 * language run until V8 has compiled them, on a sample of about 2,000 addresses from every
 * registry. A pool worker runs it when the pool starts, at start-up and after a reload.
 *
 * It does not fill the CSV rows' and projections' per-block caches (csv-rows.ts,
 * projected-parts.ts): filling them for every block costs each worker about 1.2 s and 100 MB
 * more, for every HTTP thread's pool (measured in docs/PERFORMANCE.md); they fill with the
 * first batch that needs them.
 */
import type { Analyzer } from '../analysis/analyzer.js';
import { LANGS } from '../i18n/lang.js';
import { formatMac, INPUT_SHAPES } from '../mac/format.js';
import { extractMacs, ITEM_FIELDS } from './extract.js';
import { ITEM_STYLES, renderChunk, renderExtractChunk } from './render-chunk.js';
import { chunkInputs, type LineFormat } from './lines.js';
import { shared } from './prepare.js';

const encoder = new TextEncoder();

/** Addresses a chunk of the warm-up renders at once (the bulk path's chunk size). */
const PER_CHUNK = 2000;

// Inputs beyond registry blocks: special and reserved addresses, local ones (randomized, a CID),
// the input forms (EUI-64, IPv6 link-local, Cisco dots) and invalid lines, one of each parse
// error (each error's object has a shape of its own: one the warm-up had not met deoptimized the
// parser in the first batch that had it).
const OTHER_INPUTS = [
  '01:80:c2:00:00:00', 'ff:ff:ff:ff:ff:ff', '33:33:00:00:00:01', '01:00:5e:00:00:fb', '00:00:5e:00:01:01', 'da:a1:19:00:00:01',
  '02:42:ac:11:00:02', '52:54:00:12:34:56', '0a:00:27:00:00:00', '7a:b3:c4:d5:e6:f7', '00:50:56:01:02:03', 'ac:de:48:00:11:22',
  '0200.5e10.0000', '00-03-93-ab-12-34', '0003.93ab.1234', '000393ab1234', '00:03:93:ff:fe:ab:12:34', 'fe80::203:93ff:feab:1234',
  'not a mac', '00:11:22:33:44', 'zz:zz:zz:zz:zz:zz', '00:11:22:33:44:55:66:77:88', '', '00-11:22-33:44-55', '0011223344',
  '000:11:22:33:44:55', '0011.2233', '00:11:22:33:44:55:66', 'a'.repeat(80),
];

/** One address in each vendor block record and width of the registry (the first address of its first block), as 12 hex digits. */
export function oneAddressPerBlock(analyzer: Analyzer): string[] {
  const seen = new Set<number>();
  const inputs: string[] = [];
  for (const width of [24, 28, 36] as const) {
    const blocks = analyzer.index.blocksOf(width);
    for (let i = 0; i < blocks.prefixes.length; i++) {
      const key = blocks.records[i] * 4 + ((width - 24) >> 2);
      if (seen.has(key)) continue;
      seen.add(key);
      inputs.push((blocks.prefixes[i] * 2 ** (48 - width)).toString(16).padStart(12, '0'));
    }
  }
  return inputs;
}

/** Renders the warm-up on `analyzer`'s thread; returns how many addresses it rendered. */
export function warmRenderers(analyzer: Analyzer): number {
  const blocks = oneAddressPerBlock(analyzer).filter((_, i) => i % 19 === 0);
  // Registry addresses written the four ways clients write them (as bare hex digits alone,
  // they never took the parser's other branches before the first real batch did).
  const shaped = blocks.map((hex, i) => formatMac(Number.parseInt(hex, 16), INPUT_SHAPES[i % INPUT_SHAPES.length]));
  const sample = [...OTHER_INPUTS, ...shaped].slice(0, PER_CHUNK);
  const text = encoder.encode(sample.join(' some text\n'));
  const extracted = extractMacs(text, PER_CHUNK);
  const found = extracted.items.subarray(0, extracted.count * ITEM_FIELDS);
  // The inputs as line bodies bring them, too: strings cut from a body are of other kinds (sliced,
  // copied) than the sample's, and code compiled on one kind alone was deoptimized by the other.
  // In shared memory, as a batch's chunks come.
  const lines = (format: LineFormat) => shared(encoder.encode(sample.map((s) => (format === 'ndjson' ? JSON.stringify(s) : s)).join('\n')));
  const forms = [sample, chunkInputs({ lines: lines('text'), format: 'text' }), chunkInputs({ lines: lines('ndjson'), format: 'ndjson' })];
  let rendered = 0;
  for (const lang of LANGS) {
    for (const style of ITEM_STYLES) {
      for (let round = 0; round < 3; round++) rendered += renderChunk(analyzer, forms[round], lang, style, round > 0).analysed + renderChunk(analyzer, OTHER_INPUTS, lang, style).invalid;
    }
    rendered += renderExtractChunk(analyzer, text, found, lang, false).analysed + renderExtractChunk(analyzer, text, found, lang, false, 'csv').analysed;
  }
  return rendered;
}
