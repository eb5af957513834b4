/**
 * The process's HTTP threads (main thread): HTTP_THREADS of them, started at once on the shared
 * port (each alive before any registry is loaded: http-thread.ts), told of every snapshot the
 * service serves, replaced with backoff when one crashes, and drained on shutdown.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import type { PoolHost } from '../batch/pool-host.js';
import type { PreviousSnapshot } from '../http/served-snapshot.js';
import { httpThreadYoungMb, type Config } from './config.js';
import type { EngineChoice } from './engines/choose-engine.js';
import type { FromHttpThread, HttpThreadData, ToHttpThread } from './thread-protocol.js';

const THREAD_ENTRY = new URL('./http-thread.js', import.meta.url);

/** What every thread is started with but its slot and its port to the pool (thread-protocol.ts). */
export type SharedThreadData = Omit<HttpThreadData, 'slot' | 'poolPort'>;

/** What the threads need from the service. */
export interface ThreadsOptions {
  readonly config: Config;
  readonly engine: EngineChoice;
  readonly data: SharedThreadData;
  readonly pools: PoolHost | null;
  readonly logger: Logger;
  /** A thread collected for the shared memory it took on: this thread collects too (collect-garbage.ts). */
  readonly collectRelayed: () => void;
}

/** The HTTP threads, and the snapshot they serve. */
export class HttpThreads {
  /** Resolves once every thread listens; rejects when one cannot. */
  readonly listening: Promise<void>;
  private readonly threads = new Map<number, Worker>();
  // The snapshot served, and its number in the pool host (0 without a pool). Only this field
  // holds it here: a replaced snapshot is garbage once the threads release it.
  private served: AnalyzerHandle | null = null;
  private snapshot = 0;
  private draining = false;

  /** Starts every thread. */
  constructor(private readonly o: ThreadsOptions) {
    this.listening = Promise.all(Array.from({ length: o.config.httpThreads }, (_, slot) => this.start(slot, 0))).then(() => undefined);
    this.listening.catch(() => undefined); // the service awaits it
  }

  /** Serves `next` from now on, on every thread and on any started later; `previous` is what it replaced (null at start). */
  publish(next: AnalyzerHandle, previous: PreviousSnapshot | null): void {
    this.served = next;
    this.snapshot = this.o.pools?.publish(next, this.threads.keys()) ?? 0;
    for (const w of this.threads.values()) w.postMessage({ type: 'registry', analyzer: next, snapshot: this.snapshot, previous } satisfies ToHttpThread);
  }

  /** Tells every thread to drain; once the last has ended, the pool closes and "stopped" is logged. */
  drain(): void {
    this.draining = true;
    for (const w of this.threads.values()) w.postMessage({ type: 'drain' } satisfies ToHttpThread);
  }

  /** The version of the snapshot served (null before the first). */
  get version(): string | null {
    return this.served?.meta.version ?? null;
  }

  /** Threads still running. */
  get size(): number {
    return this.threads.size;
  }

  // Starts the thread of `slot` (its `restarts`-th replacement); resolves once it listens.
  private start(slot: number, restarts: number): Promise<void> {
    const { config, engine, data, pools, logger } = this.o;
    return new Promise((resolve, reject) => {
      const poolPort = pools?.connect(slot) ?? null;
      const workerData: HttpThreadData = { ...data, slot, poolPort };
      // A young generation sized for the engine (config.ts), not V8's default, which grows under load.
      const worker = new Worker(THREAD_ENTRY, { workerData, transferList: poolPort ? [poolPort] : [], resourceLimits: { maxYoungGenerationSizeMb: httpThreadYoungMb(config, engine.engine) } });
      const born = Date.now();
      this.threads.set(slot, worker);
      // A replacement thread starts on the snapshot being served now.
      if (this.served !== null) {
        pools?.hold(this.snapshot, slot);
        worker.postMessage({ type: 'registry', analyzer: this.served, snapshot: this.snapshot, previous: null } satisfies ToHttpThread);
      }
      worker.on('message', (m: FromHttpThread) => {
        if (m.type === 'listening') {
          if (restarts > 0) logger.info({ slot, restarts }, 'replacement HTTP thread listening');
          resolve();
        }
        // readyMs: process start to this thread's /readyz answering 200 (POOL_WARM_UP).
        if (m.type === 'warm') logger.info({ slot, warmMs: Math.round(m.ms), readyMs: Math.round(performance.now()) }, 'pool warm');
        if (m.type === 'listen-failed') reject(new Error(`cannot listen on ${config.host}:${data.port}`));
        if (m.type === 'collect-relayed') this.o.collectRelayed();
      });
      worker.on('error', (err) => logger.error({ err, slot }, 'HTTP thread failed'));
      worker.on('exit', (code) => this.ended(slot, code, restarts, born));
    });
  }

  // A thread ended: the last of a drain closes the pool; any other is replaced, with backoff.
  private ended(slot: number, code: number, restarts: number, born: number): void {
    const { pools, logger } = this.o;
    this.threads.delete(slot);
    // Its tasks that still wait are dropped; those running finish, their answers unread.
    const tasks = pools?.disconnect(slot);
    if (tasks && tasks.dropped + tasks.running > 0) logger.warn({ slot, ...tasks }, 'pool tasks of an ended HTTP thread dropped or left to finish');
    if (this.draining) {
      if (this.threads.size === 0) {
        void pools?.close();
        logger.info('stopped');
      }
      return;
    }
    logger.error({ slot, code, restarts }, 'HTTP thread exited; starting a replacement');
    // Back off when a slot crash-loops; a thread that lived a minute starts the count anew.
    const attempt = Date.now() - born > 60_000 ? 0 : restarts;
    const backoff = Math.min(5000, 100 * 2 ** attempt);
    setTimeout(() => {
      if (!this.draining) this.start(slot, attempt + 1).catch((err: unknown) => logger.error({ err, slot }, 'replacement failed'));
    }, backoff);
  }
}
