/**
 * The bulk answers as values, for the library and the MCP tools: one batch item, and an extract
 * answer. The HTTP routes write the same answers as bytes (render-chunk.ts), from the same facts.
 */
import type { Analyzer } from '../analysis/analyzer.js';
import type { Projection } from '../analysis/projection.js';
import type { BatchItem, ExtractResult } from '../analysis/types.js';
import type { Lang } from '../i18n/lang.js';
import { derivedFromOf } from '../mac/derived.js';
import { extractMacs, foundAt } from '../extract/extract.js';

/** The batch item of `input`: its analysis in `lang` cut to `projection`, or why it is not an address. */
export function batchItem(analyzer: Analyzer, input: string, lang: Lang, projection: Projection | null): BatchItem {
  const result = analyzer.analyze(input, lang, projection);
  return result.ok ? { input, analysis: result.analysis } : { input, error: { code: result.code, detail: result.detail } };
}

/** The extract answer of the UTF-8 text `bytes`: each distinct address (at most `maxItems`) with its line, context and analysis. */
export function extractAnswer(analyzer: Analyzer, bytes: Uint8Array, lang: Lang, projection: Projection | null, maxItems: number): ExtractResult {
  const found = extractMacs(bytes, maxItems);
  const items = Array.from({ length: found.count }, (_, i) => {
    const { input, line, context, mac, derived } = foundAt(bytes, found.items, i);
    return { input, line, context, analysis: analyzer.analysisOf(analyzer.factsOf(derived ?? mac), lang, projection, derivedFromOf(derived, input)) };
  });
  return { count: found.count, truncated: found.truncated, items };
}
