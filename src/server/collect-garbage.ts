/**
 * One full garbage collection in a thread that has just let go of a replaced snapshot or of a
 * burst's shared memory (a batch body, relayed chunks). A SharedArrayBuffer is freed only once
 * every thread holding it has collected it, and a thread that allocates little may not collect
 * for minutes, so old snapshots and bodies would pile up (docs/DATA.md, "Keeping the data
 * fresh"). On Node 22/24 only the "last-resort" flavour returns the heap's free pages at once;
 * V8 11 (Node 20) makes no major collection at all when given an options object.
 */
import { performance } from 'node:perf_hooks';
import { fullCollection } from '../batch/full-collection.js';

// The "last-resort" flavour: V8 12 (Node 22) and later.
const LAST_RESORT = Number(process.versions.v8.split('.')[0]) >= 12;
// The callers waiting for the next collection, and whether one of them asked to shrink.
let waiting: ((ms: number) => void)[] = [];
let shrinking = false;

/**
 * Runs one full collection on this thread soon (once for the calls meanwhile), off the caller's
 * stack; each `done` gets its milliseconds. `shrink` also returns free heap pages to the system.
 */
export function collectSoon(done: (ms: number) => void, shrink = false): void {
  shrinking ||= shrink;
  waiting.push(done);
  if (waiting.length > 1) return;
  setTimeout(() => {
    const callers = waiting;
    const lastResort = shrinking && LAST_RESORT;
    waiting = [];
    shrinking = false;
    const collect = fullCollection();
    const started = performance.now();
    if (lastResort) collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    else collect();
    const ms = performance.now() - started;
    for (const caller of callers) caller(ms);
  }, 50).unref();
}
