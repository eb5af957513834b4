/**
 * V8's gc() in this thread, for the few places that know a large amount of memory has just
 * become garbage: a pool worker gone idle after a burst (workers/batch-worker.ts), and a thread
 * that let go of a replaced registry snapshot or of a burst's batch memory
 * (src/server/collect-garbage.ts).
 *
 * Node exposes gc() only under --expose-gc, and V8 reads that flag when it makes a context: the
 * flag is set at run time and the function taken from a new context.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** What gc() takes here: nothing (a major collection), or the "last-resort" flavour (V8 12 and later). */
export type FullCollection = (options?: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let gc: FullCollection | undefined;

/** This thread's gc(), made on first use. */
export function fullCollection(): FullCollection {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as FullCollection;
  }
  return gc;
}
