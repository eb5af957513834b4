/**
 * The CLI's bulk rendering: chunk tasks rendered on a pool of worker threads (or on the main
 * thread) and written to stdout in input order, a few per worker ahead, with their counts added
 * up. Each chunk renders into a lent output slot (output-slots.ts), given back once written: a new
 * buffer per chunk cost a quarter of the CLI's time (allocated, faulted in, freed).
 */
import { Analyzer, type AnalyzerHandle } from '../analysis/analyzer.js';
import { ADDRESS_KINDS, noKinds } from '../batch/address-kinds.js';
import { PASS_REASONS } from '../batch/enrich-plan.js';
import { toolPoolHeapMb } from '../batch/memory-plan.js';
import { OutputSlots } from '../batch/output-slots.js';
import { startBatchPool, VENDOR_CACHE_MB, type BatchPool } from '../batch/pool.js';
import type { RenderedChunk } from '../batch/render-chunk.js';
import { runChunk } from '../batch/run-chunk.js';
import type { ChunkTask } from '../batch/tasks.js';
import { write } from './output.js';

/** Chunks rendered in order on `threads` pool workers (0: on this thread). */
export class OrderedChunks {
  /** The counts of the chunks written so far. */
  readonly totals = { analysed: 0, invalid: 0, kinds: noKinds(), passed: PASS_REASONS.map(() => 0) };
  private readonly pool: BatchPool | null;
  private readonly analyzer: Analyzer | null;
  private readonly inFlight: Array<{ readonly chunk: Promise<RenderedChunk>; readonly slot: Uint8Array }> = [];
  private readonly ahead: number;
  private readonly slots: OutputSlots;

  /** Renders on `threads` workers of a pool of its own, over the registry of `handle`. */
  constructor(handle: AnalyzerHandle, threads: number) {
    this.pool = threads > 0 ? startBatchPool(handle, { threads, faultInjection: false, heapMb: toolPoolHeapMb(threads), keepWarm: false, vendorCacheMb: VENDOR_CACHE_MB }) : null;
    this.analyzer = this.pool ? null : new Analyzer(handle, VENDOR_CACHE_MB * 1024 * 1024);
    this.ahead = Math.max(2, threads * 2);
    this.slots = new OutputSlots(this.ahead + 2);
  }

  /** Renders the task `make` gives for a lent slot, then writes the chunks beyond the window. */
  async submit(make: (into: Uint8Array) => ChunkTask): Promise<void> {
    const slot = await this.slots.take();
    const task = make(slot);
    this.inFlight.push({ slot, chunk: this.pool ? this.pool.run(task) : Promise.resolve(runChunk(this.analyzer!, task)) });
    while (this.inFlight.length > this.ahead) await this.writeNext();
  }

  /** Writes every chunk in flight. */
  async drain(): Promise<void> {
    while (this.inFlight.length > 0) await this.writeNext();
  }

  /** Stops the pool, once every chunk in flight has settled. */
  async close(): Promise<void> {
    await Promise.allSettled(this.inFlight.map(({ chunk }) => chunk));
    await this.pool?.close();
  }

  private async writeNext(): Promise<void> {
    const { chunk: next, slot } = this.inFlight.shift()!;
    const chunk = await next;
    const { totals } = this;
    totals.analysed += chunk.analysed;
    totals.invalid += chunk.invalid;
    for (const k of ADDRESS_KINDS) totals.kinds[k] += chunk.kinds[k];
    chunk.passed?.forEach((n, i) => (totals.passed[i] += n));
    await write(chunk.bytes, () => this.slots.give(slot));
  }
}
