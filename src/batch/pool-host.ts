/**
 * The service's one bulk pool, in the main thread: POOL_THREADS workers for the process, fed by
 * every HTTP thread through a MessagePort of its own (pool-client.ts), first come first served.
 * A pool belongs to one snapshot; a snapshot that is no longer current and that no thread holds
 * closes its pool and is forgotten, so its shared memory can go. The tasks relayed here hold
 * shared memory too, so `idle` runs (a collection) once the pool has been idle `idleMs`.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import type { BatchPool, PoolOptions, startBatchPool } from './pool.js';
import { PoolLoad } from './pool-load.js';
import type { PrepareRequest } from './prepare.js';
import type { RenderedChunk } from './render-chunk.js';
import type { ChunkTask } from './tasks.js';

/** HTTP thread → main: a task for a snapshot's pool, or the end of the thread's hold on a snapshot. */
export type PoolRequest =
  | { readonly id: number; readonly snapshot: number; readonly op: 'run'; readonly task: ChunkTask }
  | { readonly id: number; readonly snapshot: number; readonly op: 'prepare'; readonly request: PrepareRequest }
  | { readonly id: number; readonly snapshot: number; readonly op: 'warm' }
  | { readonly op: 'release'; readonly snapshot: number };

/** Main → HTTP thread: a task's result, or why it failed. */
export type PoolReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: { readonly name: string; readonly message: string; readonly code?: string } };

type TaskRequest = Extract<PoolRequest, { op: 'run' | 'prepare' }>;

interface Waiting {
  readonly owner: number;
  readonly request: TaskRequest;
  readonly port: MessagePort;
}

interface Snapshot {
  readonly handle: AnalyzerHandle;
  pool: BatchPool | null;
  /** The HTTP threads (slots) that may still send tasks for it. */
  readonly holders: Set<number>;
}

// The result's own bytes move back to the HTTP thread; shared memory passes as it is.
function resultTransfers(value: unknown): ArrayBuffer[] {
  const bytes = (value as Partial<RenderedChunk> | null)?.bytes;
  return bytes instanceof Uint8Array && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
}

/** What a PoolHost's owner is told. */
export interface PoolHostHooks {
  /** Runs once a replaced snapshot's pool has stopped, when this thread holds it no more. */
  readonly forgotten?: () => void;
  /** Runs once no task has run or waited for `idleMs` (default IDLE_MS) after the last one. */
  readonly idle?: () => void;
  readonly idleMs?: number;
}

/** How long the pool stays idle before `PoolHostHooks.idle` runs, by default. */
export const IDLE_MS = 5000;

/** The process's pool: snapshots, their pools, the queue and the HTTP threads' ports. */
export class PoolHost {
  private readonly snapshots = new Map<number, Snapshot>();
  private readonly ports = new Map<number, MessagePort>();
  private readonly queue: Waiting[] = [];
  private readonly load: PoolLoad;
  private running = 0;
  private current = 0;
  private lastId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private startPool: typeof startBatchPool | null = null;

  /** A host for pools of `options.threads` workers; `load` is the shared counters (pool-load.ts). */
  constructor(
    private readonly options: PoolOptions,
    load: SharedArrayBuffer,
    private readonly logger: Logger,
    private readonly hooks: PoolHostHooks = {},
  ) {
    this.load = new PoolLoad(load);
  }

  /** Loads the pools' module (Piscina), which a snapshot needs before it starts its pool (main.ts awaits it beside the registry). */
  async loadPools(): Promise<void> {
    this.startPool ??= (await import('./pool.js')).startBatchPool;
  }

  /** Makes `handle` the current snapshot, held by the HTTP threads `holders` it is about to be sent to; returns its id. */
  publish(handle: AnalyzerHandle, holders: Iterable<number>): number {
    const id = ++this.lastId;
    this.snapshots.set(id, { handle, pool: null, holders: new Set(holders) });
    const previous = this.current;
    this.current = id;
    this.forgetIfUnused(previous);
    // Kept warm, its workers boot and warm up now, beside the HTTP threads' own start, rather
    // than when the first thread asks (its 'warm' request then waits on the same promise).
    if (this.options.keepWarm && this.startPool) this.poolOf(id).warm().catch((err: unknown) => this.logger.error({ err, snapshot: id }, 'warming the pool failed'));
    return id;
  }

  /** `owner` is about to be sent snapshot `id` (a replacement thread, on the current one). */
  hold(id: number, owner: number): void {
    this.snapshots.get(id)?.holders.add(owner);
  }

  /** The MessagePort for the HTTP thread `owner` (transfer it to the thread). */
  connect(owner: number): MessagePort {
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (m: PoolRequest) => this.receive(owner, port1, m));
    this.ports.set(owner, port1);
    return port2;
  }

  /**
   * The HTTP thread `owner` has ended: its waiting tasks are dropped, its running ones finish
   * (their answers go nowhere; on a replaced snapshot nobody else holds, its pool stops at once),
   * and its holds end. Returns how many tasks were dropped and running.
   */
  disconnect(owner: number): { dropped: number; running: number } {
    this.ports.get(owner)?.close();
    this.ports.delete(owner);
    let dropped = 0;
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i].owner !== owner) continue;
      this.queue.splice(i, 1);
      dropped++;
    }
    this.load.addQueued(owner, -dropped);
    for (const [id, s] of this.snapshots) {
      s.holders.delete(owner);
      this.forgetIfUnused(id);
    }
    return { dropped, running: this.load.busy(owner) };
  }

  /** Stops every pool (at shutdown, once the HTTP threads have ended). */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    for (const port of this.ports.values()) port.close();
    await Promise.all([...this.snapshots.values()].map((s) => s.pool?.close()));
  }

  private receive(owner: number, port: MessagePort, m: PoolRequest): void {
    if (m.op === 'release') {
      this.snapshots.get(m.snapshot)?.holders.delete(owner);
      this.forgetIfUnused(m.snapshot);
      return;
    }
    if (!this.snapshots.has(m.snapshot)) {
      this.reply(port, { id: m.id, ok: false, error: { name: 'Error', message: `registry snapshot ${m.snapshot} is not held by this pool` } });
      return;
    }
    if (m.op === 'warm') {
      this.settle(port, m.id, this.poolOf(m.snapshot).warm());
      return;
    }
    this.queue.push({ owner, request: m, port });
    this.load.addQueued(owner, 1);
    this.next();
  }

  // Starts waiting tasks while fewer than POOL_THREADS run.
  private next(): void {
    while (this.running < this.options.threads && this.queue.length > 0) {
      const { owner, request, port } = this.queue.shift()!;
      this.load.addQueued(owner, -1);
      this.load.addBusy(owner, 1);
      this.running++;
      const pool = this.poolOf(request.snapshot);
      const done = request.op === 'run' ? pool.run(request.task) : pool.prepare(request.request);
      void this.settle(
        port,
        request.id,
        done.finally(() => {
          this.load.addBusy(owner, -1);
          this.running--;
          this.next();
          if (this.running === 0) this.idleSoon();
        }),
      );
    }
  }

  // Arms (or re-arms) the idle hook, counted from the last task's end.
  private idleSoon(): void {
    const idle = this.hooks.idle;
    if (!idle) return;
    if (this.idleTimer) this.idleTimer.refresh();
    else
      this.idleTimer = setTimeout(() => {
        this.idleTimer = undefined;
        if (this.running === 0 && this.queue.length === 0) idle();
      }, this.hooks.idleMs ?? IDLE_MS).unref();
  }

  private async settle(port: MessagePort, id: number, outcome: Promise<unknown>): Promise<void> {
    try {
      const value = await outcome;
      this.reply(port, { id, ok: true, value }, resultTransfers(value));
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      const code = (err as NodeJS.ErrnoException).code;
      this.reply(port, { id, ok: false, error: { name: err.name, message: err.message, ...(code ? { code } : {}) } });
    }
  }

  // A port whose thread has ended drops the message.
  private reply(port: MessagePort, reply: PoolReply, transfer: ArrayBuffer[] = []): void {
    try {
      port.postMessage(reply, transfer);
    } catch (err) {
      this.logger.error({ err }, 'a pool answer could not be posted to its HTTP thread');
    }
  }

  private poolOf(id: number): BatchPool {
    const s = this.snapshots.get(id);
    if (!s) throw new Error(`registry snapshot ${id} is not held by this pool`);
    if (!this.startPool) throw new Error('the pools\' module is not loaded (PoolHost.loadPools)');
    return (s.pool ??= this.startPool(s.handle, this.options));
  }

  // A snapshot that is not the current one and that no thread holds: its pool closes.
  private forgetIfUnused(id: number): void {
    const s = this.snapshots.get(id);
    if (!s || id === this.current || s.holders.size > 0) return;
    this.snapshots.delete(id);
    const forgotten = this.hooks.forgotten ?? (() => undefined);
    if (!s.pool) return forgotten();
    s.pool.close().then(forgotten, (err: unknown) => this.logger.error({ err, snapshot: id }, 'stopping a replaced snapshot\'s pool failed'));
  }
}
