/**
 * The messages between the bulk pool (pool.ts) and its worker (workers/batch-worker.ts): what
 * the pool is started with and the tasks it runs, in one module both import.
 */
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import type { Lang } from '../i18n/lang.js';
import type { ChunkSource } from './lines.js';
import type { PrepareRequest } from './prepare.js';
import type { ExtractStyle, ItemStyle } from './bulk-formats.js';
import type { FieldsKey } from './csv-rows.js';
import type { EnrichPlan } from './enrich-plan.js';

/** What the pool is started with. */
export interface BatchWorkerData {
  readonly analyzer: AnalyzerHandle;
  /** Bytes of rendered vendor members each worker keeps (VENDOR_CACHE_MB). */
  readonly vendorCacheBytes: number;
  /** Chaos testing (FAULT_INJECTION): an input equal to FAULT_INPUT makes the task throw. */
  readonly faultInjection: boolean;
}

/** One chunk of a batch to render. */
export interface RenderTask {
  readonly kind: 'render';
  readonly source: ChunkSource;
  readonly lang: Lang;
  readonly style: ItemStyle;
  readonly leadingComma: boolean;
  /** What `fields` asked for (render-chunk.ts). */
  readonly fields: FieldsKey;
  /** A lent output slot (shared memory, output-slots.ts) the bytes are written into, if they fit. */
  readonly into: Uint8Array | null;
}

/** Addresses found in a text, to render (always JSON array elements); both arrays are shared views. */
export interface RenderExtractTask {
  readonly kind: 'render-extract';
  readonly text: Uint8Array;
  readonly items: Uint32Array;
  readonly lang: Lang;
  readonly leadingComma: boolean;
  readonly style: ExtractStyle;
  /** What `fields` asked for (render-chunk.ts). */
  readonly fields: FieldsKey;
  /** As in RenderTask. */
  readonly into: Uint8Array | null;
}

/** Records to enrich (enrich.ts): bytes of their own (moved) or a view of shared memory. */
export interface EnrichTask {
  readonly kind: 'enrich';
  readonly records: Uint8Array;
  readonly plan: EnrichPlan;
  readonly lang: Lang;
  /** As in RenderTask. */
  readonly into: Uint8Array | null;
}

/** A task that renders a chunk. */
export type ChunkTask = RenderTask | RenderExtractTask | EnrichTask;

/** A whole body to prepare (its bytes are transferred). */
export interface PrepareTask extends PrepareRequest {
  readonly kind: 'prepare';
}

/**
 * Answers once the worker that takes it has started and attached the registry. `arrived` counts
 * the workers that took theirs: each waits for all `workers`, so that no worker takes two.
 */
export interface WarmTask {
  readonly kind: 'warm';
  readonly arrived: Int32Array;
  readonly workers: number;
}

/** What a warm task reports: the worker's milliseconds from its thread's start to ready. */
export interface WarmOutcome {
  readonly ms: number;
}

/** Any task of the pool. */
export type BatchTask = ChunkTask | PrepareTask | WarmTask;

/** The input that makes a task fail when fault injection is on. */
export const FAULT_INPUT = '__fault:worker-throws__';

/** The input that makes a task hold its pool worker for STALL_MS when fault injection is on. */
export const FAULT_STALL_INPUT = '__fault:worker-stalls__';

/**
 * The buffers to transfer with `task`: bytes in an ArrayBuffer of their own move (to the worker,
 * or to the pool's thread); views of shared memory pass as they are, uncopied; strings are cloned.
 */
export function transferList(task: BatchTask): ArrayBuffer[] {
  const bytes = task.kind === 'render' ? ('lines' in task.source ? task.source.lines : null) : task.kind === 'prepare' ? task.body : task.kind === 'enrich' ? task.records : null;
  return bytes && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
}
