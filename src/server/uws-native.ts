/**
 * Which uWebSockets.js build runs. The npm fork silently falls back to a slow pure-Node
 * emulation when its native binary cannot load (any Node but 16/18/20); the service checks
 * this at start and refuses the fallback unless told otherwise.
 */
import uws from 'uWebSockets.js';

/** The loaded build: native (with its binary's name) or the JS fallback. */
export interface UwsBuild {
  readonly native: boolean;
  readonly binary: string;
}

/** Detects the build: native functions stringify as `[native code]`, the fallback's do not. */
export function uwsBuild(): UwsBuild {
  const native = /\[native code\]/.test(Function.prototype.toString.call(uws.App));
  const binary = native ? `uws_${process.platform}_${process.arch}_${process.versions.modules}.node` : 'JavaScript fallback (dist/index.js)';
  return { native, binary };
}
