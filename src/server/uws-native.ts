/**
 * Loads uWebSockets.js's native binary for this Node.js, and only that. The npm fork's own
 * entry point falls back to a slow, partial pure-Node emulation when its binary cannot load
 * (any Node.js but 16/18/20): that fallback is never loaded here. The binary is required
 * directly, and when it cannot load the reason is given (the node:http engine serves then).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The native module's API (the fork's type declarations). */
export type UwsModule = typeof import('uWebSockets.js');

/** The native build for this process, or why there is none. */
export type UwsLoad = { readonly uws: UwsModule; readonly binary: string } | { readonly uws: null; readonly binary: string; readonly reason: string };

const require = createRequire(import.meta.url);
let loaded: UwsLoad | null = null;

/** The binary's file name for this platform, architecture and Node ABI. */
export function uwsBinaryName(): string {
  return `uws_${process.platform}_${process.arch}_${process.versions.modules}.node`;
}

/** Loads the native build once (later calls return the same outcome). */
export function loadUwsNative(): UwsLoad {
  if (loaded) return loaded;
  const binary = uwsBinaryName();
  try {
    const dir = join(dirname(require.resolve('uWebSockets.js/package.json')), 'binaries');
    loaded = { uws: require(join(dir, binary)) as UwsModule, binary };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const reason =
      err.code === 'MODULE_NOT_FOUND'
        ? `no binary for Node.js ${process.version} (ABI ${process.versions.modules}): the build has ABIs 93, 108 and 115 (Node 16, 18, 20)`
        : `${binary} does not load: ${err.message.split('\n')[0]}`;
    loaded = { uws: null, binary, reason };
  }
  return loaded;
}
