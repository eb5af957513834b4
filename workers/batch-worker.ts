/**
 * Piscina worker for bulk work, one pure function of one task: prepare a large body (parse,
 * validate, or scan pasted text), or render a chunk of batch or extract items. It attaches to
 * the process's shared registry index (received once, in workerData) instead of loading its own.
 */
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import { Analyzer } from '../src/analysis/analyzer.js';
import { chunkInputs } from '../src/batch/lines.js';
import { runChunk } from '../src/batch/run-chunk.js';
import { prepareBody, type PrepareOutcome } from '../src/batch/prepare.js';
import type { RenderedChunk } from '../src/batch/render-chunk.js';
import { FAULT_INPUT, FAULT_STALL_INPUT, type BatchTask, type BatchWorkerData, type RenderTask, type WarmOutcome, type WarmTask } from '../src/batch/tasks.js';
import { lowerThreadPriority } from '../src/batch/thread-priority.js';
import { fullCollection } from '../src/batch/full-collection.js';

const STALL_MS = 3000;

const data = workerData as BatchWorkerData;
const analyzer = new Analyzer(data.analyzer, data.vendorCacheBytes);
// Bulk work gives way to the HTTP threads (nice 10): GET latency holds while batches run.
lowerThreadPriority(10);

// Piscina posts `valueSymbol` and transfers `transferableSymbol`: the bytes move, uncopied.
class Moved<T extends object> {
  constructor(
    private readonly value: T,
    private readonly buffer: ArrayBufferLike,
  ) {}
  get [transferableSymbol](): ArrayBufferLike {
    return this.buffer;
  }
  get [valueSymbol](): T {
    return this.value;
  }
}

// move() marks it: Piscina then posts its value and transfers the buffer (the result's own).
// Shared memory is not transferred: the caller reads it as it is.
function moved<T extends object>(value: T, bytes: Uint8Array | null): T {
  return bytes && bytes.buffer instanceof ArrayBuffer ? (move(new Moved(value, bytes.buffer)) as unknown as T) : value;
}

// Chaos testing (FAULT_INJECTION): a batch chunk holding FAULT_INPUT fails, one holding
// FAULT_STALL_INPUT takes long, so a test can act while it holds its pool worker.
function injectFaults(task: RenderTask): void {
  const inputs = chunkInputs(task.source);
  if (inputs.includes(FAULT_INPUT)) throw new Error('fault injection: batch worker throws');
  if (inputs.includes(FAULT_STALL_INPUT)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, STALL_MS);
}

// Waits (at most WARM_WAIT_MS) until every worker of the pool holds a warm task: each has then
// started. Nothing is rendered ahead: V8 compiles the renderers during the first batch.
const WARM_WAIT_MS = 30_000;
function warm(task: WarmTask): WarmOutcome {
  Atomics.add(task.arrived, 0, 1);
  Atomics.notify(task.arrived, 0);
  const deadline = Date.now() + WARM_WAIT_MS;
  for (let n = Atomics.load(task.arrived, 0); n < task.workers && Date.now() < deadline; n = Atomics.load(task.arrived, 0)) {
    Atomics.wait(task.arrived, 0, n, deadline - Date.now());
  }
  return { ms: performance.now() };
}

// A burst of batches grows the worker's heap, and V8 keeps what it grew while the worker lives.
// One full collection once the worker has had no task for IDLE_COLLECT_MS gives most of it back.
// The burst also fills the worker's vendor cache, which outlives the pauses between a client's
// batches but not a quiet spell: it goes after IDLE_FORGET_MS, with another collection.
const IDLE_COLLECT_MS = 5000;
const IDLE_FORGET_MS = 20_000;
const collect = fullCollection();
// Each timer is armed by the first task and pushed back by every later one (refresh).
const idleTimers: NodeJS.Timeout[] = [];
function collectWhenIdle(): void {
  if (idleTimers.length > 0) for (const timer of idleTimers) timer.refresh();
  else {
    // No argument: gc(undefined) is a minor collection on Node 22 and 24.
    idleTimers.push(setTimeout(() => collect(), IDLE_COLLECT_MS).unref());
    idleTimers.push(
      setTimeout(() => {
        analyzer.forgetVendors();
        collect();
      }, IDLE_FORGET_MS).unref(),
    );
  }
}

/** Runs one task; result bytes are moved to the caller, not copied. */
export default function runBatchTask(task: BatchTask): RenderedChunk | PrepareOutcome | WarmOutcome {
  try {
    return runTask(task);
  } finally {
    collectWhenIdle(); // counted from the task's end
  }
}

function runTask(task: BatchTask): RenderedChunk | PrepareOutcome | WarmOutcome {
  switch (task.kind) {
    case 'render':
    case 'render-extract':
    case 'enrich': {
      if (data.faultInjection && task.kind === 'render') injectFaults(task);
      const chunk = runChunk(analyzer, task);
      return moved(chunk, chunk.bytes);
    }
    case 'prepare': {
      const outcome = prepareBody(task);
      return moved(outcome, 'prepared' in outcome ? outcome.prepared.bytes : null);
    }
    case 'warm':
      return warm(task);
  }
}
