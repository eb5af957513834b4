/**
 * Which HTTP engine serves (HTTP_ENGINE=auto|uws|node), and why: `auto` takes uWS where its
 * native binary loads (Node 20: the fast path) and node:http elsewhere (Node 22, 24). The
 * node engine shares the port between threads with `reusePort`, which Node has from 22.12
 * (and 23.1); older Node.js serves it with one HTTP thread.
 */
import { loadUwsNative, type UwsLoad } from '../uws-native.js';
import type { EngineName } from './engine-app.js';

/** The engine chosen, why, and what it can do on this Node.js. */
export interface EngineChoice {
  readonly engine: EngineName;
  readonly reason: string;
  /** The uWS binary for this Node.js, and whether it loaded. */
  readonly uws: { readonly binary: string; readonly native: boolean };
  /** Several HTTP threads can listen on one port. */
  readonly sharedPort: boolean;
}

/** A named engine that cannot run here. */
export class EngineUnavailable extends Error {
  override readonly name = 'EngineUnavailable';
}

/** True when net.Server#listen takes `reusePort` (Node 22.12+, 23.1+). */
export function nodeHasReusePort(version: string = process.versions.node): boolean {
  const [major, minor] = version.split('.').map(Number);
  return major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
}

/** Chooses the engine for `requested`; throws EngineUnavailable when the one named cannot run. */
export function chooseEngine(requested: 'auto' | 'uws' | 'node', load: () => UwsLoad = loadUwsNative, reusePort = nodeHasReusePort()): EngineChoice {
  const uws = load();
  const native = uws.uws !== null;
  const status = { binary: uws.binary, native };
  if (requested === 'uws') {
    if (uws.uws === null) throw new EngineUnavailable(`HTTP_ENGINE=uws, but uWebSockets.js cannot run on this Node.js: ${uws.reason}. Use HTTP_ENGINE=node (or auto), or Node.js 20.`);
    return { engine: 'uws', reason: 'HTTP_ENGINE=uws', uws: status, sharedPort: true };
  }
  if (requested === 'node') return { engine: 'node', reason: 'HTTP_ENGINE=node', uws: status, sharedPort: reusePort };
  if (uws.uws !== null) return { engine: 'uws', reason: `auto: the native uWS build ${uws.binary} loads`, uws: status, sharedPort: true };
  return { engine: 'node', reason: `auto: ${uws.reason}`, uws: status, sharedPort: reusePort };
}
