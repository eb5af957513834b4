/**
 * Piscina worker for bulk analysis: one pure function of one chunk. It attaches to the
 * process's shared registry index (received once, in workerData) instead of loading its own.
 */
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import { Analyzer, type AnalyzerHandle } from '../src/analysis/analyzer.js';
import { chunkInputs, type ChunkSource } from '../src/batch/lines.js';
import { renderChunk, type ItemStyle, type RenderedChunk } from '../src/batch/render-chunk.js';
import type { Lang } from '../src/i18n/lang.js';

/** What the pool is started with. */
export interface BatchWorkerData {
  readonly analyzer: AnalyzerHandle;
  /** Chaos testing (FAULT_INJECTION): an input equal to FAULT_INPUT makes the task throw. */
  readonly faultInjection: boolean;
}

/** One chunk to render. */
export interface BatchTask {
  readonly source: ChunkSource;
  readonly lang: Lang;
  readonly style: ItemStyle;
  readonly leadingComma: boolean;
}

/** The input that makes a task fail when fault injection is on. */
export const FAULT_INPUT = '__fault:worker-throws__';

const data = workerData as BatchWorkerData;
const analyzer = new Analyzer(data.analyzer);

// Piscina posts `valueSymbol` and transfers `transferableSymbol`: the bytes move, uncopied.
class MovedChunk {
  constructor(private readonly chunk: RenderedChunk) {}
  get [transferableSymbol](): ArrayBufferLike {
    return this.chunk.bytes.buffer;
  }
  get [valueSymbol](): RenderedChunk {
    return this.chunk;
  }
}

/** Renders one chunk of a batch; the bytes are moved to the caller, not copied. */
export default function renderBatchChunk(task: BatchTask): RenderedChunk {
  const inputs = chunkInputs(task.source);
  if (data.faultInjection && inputs.includes(FAULT_INPUT)) throw new Error('fault injection: batch worker throws');
  const chunk = renderChunk(analyzer, inputs, task.lang, task.style, task.leadingComma);
  // move() marks it: Piscina then posts its value and transfers its buffer (the chunk's own).
  return move(new MovedChunk(chunk)) as unknown as RenderedChunk;
}
