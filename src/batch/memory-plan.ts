/**
 * The memory settings, derived from the container's memory limit (cgroup-limits.ts) as the
 * thread counts are from its CPU quota. Without a limit the defaults are fixed; with one, the
 * body budget is what the limit leaves once an idle service and a margin are taken off, and the
 * pool workers' heap, their vendor caches and the HTTP threads' output buffers shrink with it. The figures are
 * measured by `npm run bench:memory` (docs/OPERATIONS.md, "Memory"): what an idle service holds
 * per thread, and what a body costs while it is answered (batch/body-memory.ts).
 */
import { largestBody, MEMORY_PER_BODY_BYTE } from './body-memory.js';
import { memoryLimit, type MemoryLimit } from '../host/cgroup-limits.js';
import type { PrepareKind } from './prepare.js';
import { renderWindow, SLOT_BYTES } from './output-slots.js';
import { VENDOR_CACHE_MB } from './pool.js';

const MiB = 1024 * 1024;

/**
 * What an idle service holds, warm pool included, rounded up from bench:memory: the process (the
 * served snapshot's file for followers, 7.5 MB of shared memory, included), then each HTTP thread
 * and each pool worker.
 */
export const IDLE_BYTES = { process: 48 * MiB, httpThread: 10 * MiB, poolWorker: 20 * MiB } as const;

/** The defaults without a memory limit. */
export const UNLIMITED = { bodyBudgetBytes: 256 * MiB, poolWorkerHeapMb: 512, vendorCacheMb: VENDOR_CACHE_MB } as const;

/** Under a limit each pool worker's vendor cache gets this share of it, up to the default. */
const VENDOR_CACHE_SHARE = 1 / 64;

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
  /** VENDOR_CACHE_MB when set; derived when null or absent. */
  readonly vendorCacheMb?: number | null;
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
  /** Rendered vendor members each pool worker keeps at most, in MiB (counted in idleBytes). */
  readonly vendorCacheMb: number;
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

/** What the service holds idle with these threads, `outputBuffers` per HTTP thread and full vendor caches of `vendorCacheMb` per pool worker. */
export function idleBytes(httpThreads: number, poolThreads: number, outputBuffers: number, vendorCacheMb: number): number {
  return IDLE_BYTES.process + httpThreads * (IDLE_BYTES.httpThread + outputBuffers * SLOT_BYTES) + poolThreads * (IDLE_BYTES.poolWorker + vendorCacheMb * MiB);
}

// Each pool worker's vendor cache under a limit of `limit` bytes (null: none), in MiB: its share,
// or what the limit leaves beside the smallest useful body when that is less.
function vendorCacheFor(limit: number | null, httpThreads: number, poolThreads: number): number {
  if (limit === null) return UNLIMITED.vendorCacheMb;
  return Math.min(UNLIMITED.vendorCacheMb, Math.floor((limit * VENDOR_CACHE_SHARE) / MiB), largestVendorCache(limit, httpThreads, poolThreads));
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
  return idleBytes(httpThreads, poolThreads, buffers, 0) + 32 * MiB + SMALLEST_USEFUL_BODY * MEMORY_PER_BODY_BYTE.text;
}

/** The largest vendor cache per pool worker (MiB) a limit of `limit` bytes holds beside the smallest useful body. */
export function largestVendorCache(limit: number, httpThreads: number, poolThreads: number): number {
  const rest = limit - idleBytes(httpThreads, poolThreads, defaultOutputBuffers(poolThreads, true), 0) - marginOf(limit) - SMALLEST_USEFUL_BODY * MEMORY_PER_BODY_BYTE.text;
  return Math.max(0, Math.floor(rest / Math.max(1, poolThreads) / MiB));
}

/** The memory settings for `inputs`, before any explicit value replaces one. */
export function memoryPlan({ limit, httpThreads, poolThreads, batchMaxBytes, vendorCacheMb: explicitCache }: MemoryInputs): MemoryPlan {
  const vendorCacheMb = explicitCache ?? vendorCacheFor(limit.bytes, httpThreads, poolThreads);
  if (limit.bytes === null) {
    const outputBuffers = defaultOutputBuffers(poolThreads, false);
    return { limitBytes: null, source: null, idleBytes: idleBytes(httpThreads, poolThreads, outputBuffers, vendorCacheMb), marginBytes: 0, ...UNLIMITED, vendorCacheMb, outputBuffers };
  }
  const outputBuffers = defaultOutputBuffers(poolThreads, true);
  const idle = idleBytes(httpThreads, poolThreads, outputBuffers, vendorCacheMb);
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
    vendorCacheMb,
    outputBuffers,
  };
}

/**
 * The heap (MB) of each pool worker of a tool that runs one (the CLI, the library): the
 * service's plan for `threads` workers under this process's memory limit.
 */
export function toolPoolHeapMb(threads: number, limit: MemoryLimit = memoryLimit()): number {
  return memoryPlan({ limit, httpThreads: 1, poolThreads: threads, batchMaxBytes: 64 * MiB, vendorCacheMb: null }).poolWorkerHeapMb;
}
