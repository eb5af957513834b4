/**
 * One chunk task rendered with an analyzer: what a pool worker does with it (workers/
 * batch-worker.ts), and what the calling thread does when there is no pool (the HTTP routes'
 * small bodies, the CLI on one thread).
 */
import type { Analyzer } from '../analysis/analyzer.js';
import { enrichChunk } from './enrich.js';
import { chunkInputs } from './lines.js';
import { renderChunk, renderExtractChunk, type RenderedChunk } from './render-chunk.js';
import type { ChunkTask } from './tasks.js';

/** Renders `task` with `analyzer`: its bytes (a view of `task.into` when they fit) and counts. */
export function runChunk(analyzer: Analyzer, task: ChunkTask): RenderedChunk {
  switch (task.kind) {
    case 'render':
      return renderChunk(analyzer, chunkInputs(task.source), task.lang, task.style, task.leadingComma, task.fields, task.into);
    case 'render-extract':
      return renderExtractChunk(analyzer, task.text, task.items, task.lang, task.leadingComma, task.style, task.fields, task.into);
    case 'enrich':
      return enrichChunk(analyzer, task.records, task.plan, task.lang, task.into);
  }
}
