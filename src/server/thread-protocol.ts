/** Messages between the main thread and the HTTP threads. */
import type { MessagePort } from 'node:worker_threads';
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import type { PreviousSnapshot } from '../http/served-snapshot.js';
import type { Asset } from '../web/assets.js';
import type { Config } from './config.js';
import type { EngineName } from './engines/engine-app.js';

/** What an HTTP thread is started with (the registry follows in a message). */
export interface HttpThreadData {
  readonly config: Config;
  /** The HTTP engine chosen at start, and whether its threads can share a port. */
  readonly engine: EngineName;
  readonly sharedPort: boolean;
  readonly port: number;
  /** The operational endpoints' own port (ADMIN_PORT, probed), or null: they are on `port`. */
  readonly adminPort: number | null;
  readonly slot: number;
  readonly metrics: SharedArrayBuffer;
  /** The request-body memory budget shared by every thread (body-budget.ts). */
  readonly bodyBudget: SharedArrayBuffer;
  /** The rate limit buckets shared by every thread (rate-limit.ts). */
  readonly rateLimits: SharedArrayBuffer;
  /** Registry reload counters, written by the main thread (reload-stats.ts). */
  readonly reloads: SharedArrayBuffer;
  /** The process pool's load by thread (pool-load.ts), and this thread's port to it (pool-client.ts; null without a pool). */
  readonly poolLoad: SharedArrayBuffer;
  readonly poolPort: MessagePort | null;
  /** The web page's files, loaded once by the main thread. */
  readonly web: ReadonlyMap<string, Asset>;
}

/**
 * Main → HTTP thread: the registry to serve (threads boot while it loads; later, a reloaded
 * snapshot with what it replaced), with its number in the process pool (pool-host.ts), or drain.
 */
export type ToHttpThread =
  | { readonly type: 'registry'; readonly analyzer: AnalyzerHandle; readonly snapshot: number; readonly previous: PreviousSnapshot | null }
  | { readonly type: 'drain' };

/** HTTP thread → main. */
export type FromHttpThread =
  | { readonly type: 'listening' }
  /** The process pool's workers have started (POOL_WARM_UP) on the snapshot it serves: `ms` the slowest worker's start. */
  | { readonly type: 'warm'; readonly ms: number }
  | { readonly type: 'listen-failed' }
  | { readonly type: 'drained' }
  /**
   * The thread collected for the shared memory it took on (src/batch/shared-memory.ts): the main
   * thread, whose handles on it (the pool tasks it relayed) keep it allocated, collects too.
   */
  | { readonly type: 'collect-relayed' };
