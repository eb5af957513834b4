/**
 * One full garbage collection in a thread that has just let go of a replaced registry snapshot.
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
 */
import { performance } from 'node:perf_hooks';
import { fullCollection } from '../batch/full-collection.js';

// The "last-resort" flavour: V8 12 (Node 22) and later.
const LAST_RESORT = Number(process.versions.v8.split('.')[0]) >= 12;
let scheduled = false;

/**
 * Runs one full collection on this thread shortly (once for however many calls come meanwhile),
 * off the current call stack so that what the caller let go of is unreachable; `done` gets its
 * milliseconds. `shrink` also gives the heap's free pages back to the system (for the thread
 * that decoded the file).
 */
export function collectSoon(done: (ms: number) => void, shrink = false): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    const collect = fullCollection();
    const started = performance.now();
    if (shrink && LAST_RESORT) collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    else collect();
    done(performance.now() - started);
  }, 50).unref();
}
