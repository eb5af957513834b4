/**
 * One full garbage collection in a thread that has just let go of a replaced registry snapshot,
 * or of the shared memory of bulk work (a batch's body, the chunks it relayed) after a burst.
 *
 * A snapshot's shared index (12-14 MB) is one SharedArrayBuffer held by the main thread, by
 * every HTTP thread and by its pool's workers; it is freed only once each of those threads has
 * collected its last reference, along with the records decoded from the file. A thread that
 * allocates little (an HTTP thread between bursts, the main thread when no batch runs) may not
 * run a full collection for minutes, so the old snapshots pile up: twelve reloads 5 s apart took
 * the process from 217 to 397 MB, and 363 after 15 s idle. With one collection in each thread as
 * it lets go, the same reloads stay between 242 and 258 MB and end where they started
 * (docs/DATA.md, "Keeping the data fresh").
 *
 * The main thread decodes each new registry file, which grows its heap by 100 MB or more for a
 * moment. On Node 20 a major collection gives those pages back (heap 204 → 37 MB in a probe); on
 * Node 22 and 24 it keeps them (24: 279 → 134 MB) until V8's memory reducer runs, 20 s or more
 * later, and the "last-resort" flavour gives them back (278 → 6 MB, 70-90 ms). V8 11 (Node 20)
 * does not know that option: given an options object, it makes no major collection.
 *
 * A batch's body (18 MB for 1,000,000 addresses) is shared memory too, held by the HTTP thread
 * that read it, by the main thread that relayed its tasks and by the workers that rendered
 * them. The workers collect once idle (workers/batch-worker.ts); without a collection in the
 * other two, RSS stays well above its start after a burst of such batches.
 */
import { performance } from 'node:perf_hooks';
import { fullCollection } from '../batch/full-collection.js';

// The "last-resort" flavour: V8 12 (Node 22) and later.
const LAST_RESORT = Number(process.versions.v8.split('.')[0]) >= 12;
// The callers waiting for the next collection, and whether one of them asked to shrink.
let waiting: ((ms: number) => void)[] = [];
let shrinking = false;

/**
 * Runs one full collection on this thread shortly (once for however many calls come meanwhile),
 * off the current call stack so that what the caller let go of is unreachable; `done` gets its
 * milliseconds (every caller's `done` is called). `shrink` also gives the heap's free pages back
 * to the system (for the thread that decoded the file).
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
