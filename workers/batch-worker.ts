/**
 * Piscina worker for bulk analysis: one pure function of one chunk. It attaches to the
 * process's shared registry index (received once, in workerData) instead of loading its own.
 */
import { move, workerData } from 'piscina';
import { Analyzer, type AnalyzerHandle } from '../src/analysis/analyzer.js';
import { renderChunk, type ItemStyle } from '../src/batch/render-chunk.js';
import type { Lang } from '../src/i18n/lang.js';

/** What the pool is started with. */
export interface BatchWorkerData {
  readonly analyzer: AnalyzerHandle;
  /** Chaos testing (FAULT_INJECTION): an input equal to FAULT_INPUT makes the task throw. */
  readonly faultInjection: boolean;
}

/** One chunk to render. */
export interface BatchTask {
  readonly inputs: readonly string[];
  readonly lang: Lang;
  readonly style: ItemStyle;
  readonly leadingComma: boolean;
}

/** The input that makes a task fail when fault injection is on. */
export const FAULT_INPUT = '__fault:worker-throws__';

const data = workerData as BatchWorkerData;
const analyzer = new Analyzer(data.analyzer);

/** Renders one chunk of a batch; the bytes are moved to the caller, not copied. */
export default function renderBatchChunk(task: BatchTask): Uint8Array {
  if (data.faultInjection && task.inputs.includes(FAULT_INPUT)) throw new Error('fault injection: batch worker throws');
  // Exactly the rendered bytes, in a buffer of their own that can be transferred.
  const bytes = renderChunk(analyzer, task.inputs, task.lang, task.style, task.leadingComma).bytes.slice();
  return move(bytes) as Uint8Array;
}
