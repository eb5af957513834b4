/**
 * An HTTP thread's side of the process pool (pool-host.ts): tasks go to the main thread through
 * the thread's MessagePort, their results come back by the same way (bytes of their own
 * transferred, shared memory as it is). One client per thread, for every snapshot it serves.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ChunkRunner } from './pool.js';
import type { PoolReply, PoolRequest } from './pool-host.js';
import { PoolLoad } from './pool-load.js';
import type { PrepareOutcome, PrepareRequest } from './prepare.js';
import type { RenderedChunk } from './render-chunk.js';
import { transferList, type ChunkTask } from './tasks.js';

/** The process pool as one snapshot's requests use it. */
export interface SnapshotPool extends ChunkRunner {
  /** True when a new batch may start: fewer than POOL_MAX_QUEUE tasks wait, over the whole process. */
  admits(): boolean;
  /** Starts the snapshot's workers (if they are not); resolves once all have started, with the slowest one's milliseconds. */
  warm(): Promise<number>;
}

type Pending = { readonly resolve: (value: unknown) => void; readonly reject: (err: Error) => void };

/** This thread's link to the process pool. */
export class PoolClient {
  private readonly pending = new Map<number, Pending>();
  private readonly load: PoolLoad;
  private lastId = 0;

  /** Talks to the pool host through `port`; `load` is the shared counters, `owner` this thread's slot; the pool has `threads` workers. */
  constructor(
    private readonly port: MessagePort,
    load: SharedArrayBuffer,
    private readonly owner: number,
    private readonly maxQueue: number,
    private readonly threads: number,
  ) {
    this.load = new PoolLoad(load);
    port.on('message', (m: PoolReply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(Object.assign(new Error(m.error.message), { name: m.error.name }, m.error.code ? { code: m.error.code } : {}));
    });
    // The port alone does not keep the thread alive: its sockets and timers do.
    port.unref();
  }

  /** The pool as requests on snapshot `snapshot` use it. */
  forSnapshot(snapshot: number): SnapshotPool {
    return {
      admits: () => this.load.totalQueued() < this.maxQueue,
      threads: this.threads,
      run: async (task: ChunkTask) => (await this.ask((id) => ({ id, snapshot, op: 'run', task }), transferList(task))) as RenderedChunk,
      prepare: async (request: PrepareRequest) => (await this.ask((id) => ({ id, snapshot, op: 'prepare', request }), transferList({ kind: 'prepare', ...request }))) as PrepareOutcome,
      warm: async () => (await this.ask((id) => ({ id, snapshot, op: 'warm' }), [])) as number,
    };
  }

  /** This thread will send no more tasks for `snapshot`. */
  release(snapshot: number): void {
    this.port.postMessage({ op: 'release', snapshot } satisfies PoolRequest);
  }

  /** This thread's tasks waiting for a worker, and running on one. */
  tasks(): { queued: number; busy: number } {
    return { queued: this.load.queued(this.owner), busy: this.load.busy(this.owner) };
  }

  // Posts the request `make` builds with a new id; settles with its reply.
  private ask(make: (id: number) => PoolRequest, transfer: ArrayBuffer[]): Promise<unknown> {
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.port.postMessage(make(id), transfer);
    });
  }
}
