/**
 * The memory settings, derived from the container's memory limit (cgroup-limits.ts) as the
 * thread counts are from its CPU quota. Without a limit the defaults are fixed; with one, the
 * body budget is what the limit leaves once an idle service and a margin are taken off, and the
 * pool workers' heap and the HTTP threads' output buffers shrink with it. The figures are
 * measured by `npm run bench:memory` (docs/OPERATIONS.md, "Memory"): what an idle service holds
 * per thread, and what a body costs while it is answered (batch/body-memory.ts).
 */
import { largestBody, MEMORY_PER_BODY_BYTE } from '../batch/body-memory.js';
import type { MemoryLimit } from '../batch/cgroup-limits.js';
import type { PrepareKind } from '../batch/prepare.js';
import { renderWindow, SLOT_BYTES } from '../batch/output-slots.js';

const MiB = 1024 * 1024;

/** What an idle service holds, warm pool included, rounded up from bench:memory: the process, then each HTTP thread and each pool worker. */
export const IDLE_BYTES = { process: 40 * MiB, httpThread: 10 * MiB, poolWorker: 20 * MiB } as const;

/** The defaults without a memory limit. */
export const UNLIMITED = { bodyBudgetBytes: 256 * MiB, poolWorkerHeapMb: 512 } as const;

/** Heap limits a derived pool worker gets, in MB. */
const HEAP_MB = { min: 64, max: UNLIMITED.poolWorkerHeapMb } as const;

/** The smallest body the service must be able to take to be worth running: below it the limit is refused. */
const SMALLEST_USEFUL_BODY = MiB;

/** What the memory settings are made of. */
export interface MemoryInputs {
  readonly limit: MemoryLimit;
  readonly httpThreads: number;
  readonly poolThreads: number;
  readonly batchMaxBytes: number;
}

/** The memory settings and how they came about. */
export interface MemoryPlan {
  /** The limit read at start, in bytes, or null. */
  readonly limitBytes: number | null;
  /** The cgroup file it came from. */
  readonly source: string | null;
  /** What the service holds idle with its threads, output buffers included (an estimate from measured figures). */
  readonly idleBytes: number;
  /** Kept free under the limit: socket buffers, page cache, a heap that grows between collections. */
  readonly marginBytes: number;
  readonly bodyBudgetBytes: number;
  readonly poolWorkerHeapMb: number;
  /** Output buffers (SLOT_BYTES each) per HTTP thread. */
  readonly outputBuffers: number;
}

/** The output buffers an HTTP thread gets by default: without a limit, enough for four answers at once; with one, two per pool worker. */
export function defaultOutputBuffers(poolThreads: number, limited: boolean): number {
  return limited ? Math.max(2, 2 * poolThreads) : 4 * renderWindow(poolThreads);
}

/** What is kept free under a limit of `limit` bytes. */
export function marginOf(limit: number): number {
  return Math.max(32 * MiB, Math.round(limit / 8));
}

/** What the service holds idle with these threads and `outputBuffers` per HTTP thread. */
export function idleBytes(httpThreads: number, poolThreads: number, outputBuffers: number): number {
  return IDLE_BYTES.process + httpThreads * (IDLE_BYTES.httpThread + outputBuffers * SLOT_BYTES) + poolThreads * IDLE_BYTES.poolWorker;
}

/** The pool worker heap (MB) for bodies up to these sizes by kind: four times the largest body a worker parses into strings. */
export function heapFor(maxParsedBody: number): number {
  return Math.min(HEAP_MB.max, Math.max(HEAP_MB.min, Math.ceil((4 * maxParsedBody) / MiB)));
}

/** The kinds a pool worker parses into strings (the heap must hold them). */
const PARSED: readonly PrepareKind[] = ['json', 'msgpack'];

/** The largest body a worker parses into strings under `budget`. */
export function largestParsed(budget: number, batchMaxBytes: number): number {
  return Math.max(...PARSED.map((k) => largestBody(k, budget, batchMaxBytes)));
}

/** Why a limit cannot hold the service: the limit it needs at least, in bytes. */
export function floorBytes(httpThreads: number, poolThreads: number): number {
  const buffers = defaultOutputBuffers(poolThreads, true);
  return idleBytes(httpThreads, poolThreads, buffers) + 32 * MiB + SMALLEST_USEFUL_BODY * MEMORY_PER_BODY_BYTE.text;
}

/** The memory settings for `inputs`, before any explicit value replaces one. */
export function memoryPlan({ limit, httpThreads, poolThreads, batchMaxBytes }: MemoryInputs): MemoryPlan {
  if (limit.bytes === null) {
    const outputBuffers = defaultOutputBuffers(poolThreads, false);
    return { limitBytes: null, source: null, idleBytes: idleBytes(httpThreads, poolThreads, outputBuffers), marginBytes: 0, ...UNLIMITED, outputBuffers };
  }
  const outputBuffers = defaultOutputBuffers(poolThreads, true);
  const idle = idleBytes(httpThreads, poolThreads, outputBuffers);
  const margin = marginOf(limit.bytes);
  // In bytes of text bodies (body-memory.ts): what the rest of the limit holds while being answered.
  const bodyBudgetBytes = Math.max(0, Math.floor((limit.bytes - idle - margin) / MEMORY_PER_BODY_BYTE.text));
  return {
    limitBytes: limit.bytes,
    source: limit.source,
    idleBytes: idle,
    marginBytes: margin,
    bodyBudgetBytes,
    poolWorkerHeapMb: heapFor(largestParsed(bodyBudgetBytes, batchMaxBytes)),
    outputBuffers,
  };
}
