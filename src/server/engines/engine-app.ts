/** What an HTTP thread does with an engine's app besides registering routes on it. */
import type { RouteApp } from '../../http/engine.js';

/** An engine's app: routes, then a listener, then closing. */
export interface EngineApp extends RouteApp {
  /** Listens on `host`:`port`; resolves false when it cannot. `reusePort`: share the port with the other threads. */
  listen(host: string, port: number, reusePort: boolean): Promise<boolean>;
  /** Stops accepting connections (a drain); open ones go on. */
  stopListening(): void;
  /** Closes every connection. */
  closeAll(): void;
}

/** The two engines. */
export type EngineName = 'uws' | 'node';
