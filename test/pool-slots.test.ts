/**
 * Pool workers in total never run more tasks than POOL_THREADS, however many HTTP threads
 * (each with its own pool) submit work: the slots are one counter in shared memory. Checked
 * with real threads and real pools on the real registry.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../src/analysis/load-registry.js';
import { createPoolSlotsBuffer, PoolSlots, reclaimPoolSlots } from '../src/batch/pool-slots.js';
import type * as PoolModule from '../src/batch/pool.js';
import type { RenderedChunk } from '../src/batch/render-chunk.js';

// Each thread takes a slot `rounds` times, holds it a few ms, and records the most holders seen.
const HOLDER = `
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  const { PoolSlots } = await import(workerData.module);
  const slots = new PoolSlots(workerData.slots, workerData.limit, workerData.owner);
  const seen = new Int32Array(workerData.seen);
  for (let i = 0; i < workerData.rounds; i++) {
    await slots.acquire();
    const now = Atomics.add(seen, 0, 1) + 1;
    for (let max = Atomics.load(seen, 1); now > max && Atomics.compareExchange(seen, 1, max, now) !== max; max = Atomics.load(seen, 1));
    await new Promise((r) => setTimeout(r, 2));
    Atomics.sub(seen, 0, 1);
    slots.release();
  }
  parentPort.postMessage('done');
})();
`;

describe('PoolSlots', () => {
  it('lets at most `limit` holders in across threads, and all of them through', async () => {
    const slots = createPoolSlotsBuffer(6);
    const seen = new SharedArrayBuffer(8);
    const module = new URL('../dist/src/batch/pool-slots.js', import.meta.url).href;
    const threads = Array.from({ length: 6 }, (_, owner) => new Worker(HOLDER, { eval: true, workerData: { module, slots, seen, limit: 2, rounds: 25, owner } }));
    await Promise.all(threads.map((w) => new Promise((resolve, reject) => w.once('message', resolve).once('error', reject))));
    await Promise.all(threads.map((w) => w.terminate()));
    expect(Atomics.load(new Int32Array(seen), 1)).toBe(2); // reached, never passed
    expect(new PoolSlots(slots, 2, 0).running()).toBe(0);
    expect(Array.from(new Int32Array(slots))).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('gives back the slots of a thread that ended holding them', async () => {
    const slots = createPoolSlotsBuffer(2);
    const module = new URL('../dist/src/batch/pool-slots.js', import.meta.url).href;
    const dying = new Worker(
      `const { workerData } = require('node:worker_threads');
       import(workerData.module).then(({ PoolSlots }) => { const s = new PoolSlots(workerData.slots, 2, 1); s.tryAcquire(); s.tryAcquire(); process.exit(1); });`,
      { eval: true, workerData: { module, slots } },
    );
    await new Promise((resolve) => dying.once('exit', resolve));
    const mine = new PoolSlots(slots, 2, 0);
    expect(mine.running()).toBe(2);
    expect(mine.tryAcquire()).toBe(false);
    const waiting = mine.acquire(); // woken by the reclaim, not by its 1 s safety net
    const started = performance.now();
    expect(reclaimPoolSlots(slots, 1)).toBe(2);
    await waiting;
    expect(performance.now() - started).toBeLessThan(500);
    expect(mine.running()).toBe(1);
    expect(reclaimPoolSlots(slots, 1)).toBe(0);
    mine.release();
    expect(Array.from(new Int32Array(slots))).toEqual([0, 0, 0]);
  });
});

describe('two pools (two HTTP threads) on one slot', () => {
  it('run one task at a time between them; the other waits, counted as queued, then runs', async () => {
    const { startBatchPool } = (await import(new URL('../dist/src/batch/pool.js', import.meta.url).href)) as typeof PoolModule;
    const handle = loadRegistry();
    const slots = createPoolSlotsBuffer(2);
    const options = { threads: 1, slots, maxQueue: 4, faultInjection: false, heapMb: 256, keepWarm: false };
    const a = startBatchPool(handle, { ...options, slotOwner: 0 });
    const b = startBatchPool(handle, { ...options, slotOwner: 1 });
    const shared = new PoolSlots(slots, 1, 0);
    const text = `${Array.from({ length: 150_000 }, (_, i) => `00:03:93:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:01`).join('\n')}\n`;
    const task = () => ({ kind: 'render', source: { lines: new TextEncoder().encode(text), format: 'text' }, lang: 'en', style: 'ndjson', leadingComma: false, fields: null, into: null }) as const;
    let mostRunning = 0;
    let bWaited = false;
    const poll = setInterval(() => {
      mostRunning = Math.max(mostRunning, shared.running());
      if (b.queued() > 0 && a.busy() > 0) bWaited = true;
    }, 1);
    try {
      const results: RenderedChunk[] = await Promise.all([a.run(task()), b.run(task())]);
      for (const r of results) expect(r.analysed).toBe(150_000);
      expect(mostRunning).toBe(1);
      expect(bWaited).toBe(true);
      expect(shared.running()).toBe(0);
      expect(a.queued() + b.queued() + a.busy() + b.busy()).toBe(0);
    } finally {
      clearInterval(poll);
      await Promise.all([a.close(), b.close()]);
    }
  }, 60_000);
});
