/** Messages between the main thread and the HTTP threads. */
import type { AnalyzerHandle } from '../analysis/analyzer.js';
import type { Config } from './config.js';

/** What an HTTP thread is started with. */
export interface HttpThreadData {
  readonly config: Config;
  readonly analyzer: AnalyzerHandle;
  readonly port: number;
  readonly slot: number;
  readonly metrics: SharedArrayBuffer;
}

/** Main → HTTP thread. */
export type ToHttpThread = { readonly type: 'drain' };

/** HTTP thread → main. */
export type FromHttpThread =
  | { readonly type: 'listening' }
  | { readonly type: 'listen-failed' }
  | { readonly type: 'drained' };
