/**
 * Pool workers in total never run more tasks than POOL_THREADS, however many HTTP threads
 * (each with its own pool) submit work: the slots are one counter in shared memory. Checked
 * with real threads and real pools on the real registry.
 */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../src/analysis/load-registry.js';
import { createPoolSlotsBuffer, PoolSlots } from '../src/batch/pool-slots.js';
import type * as PoolModule from '../src/batch/pool.js';
import type { RenderedChunk } from '../src/batch/render-chunk.js';

// Each thread takes a slot `rounds` times, holds it a few ms, and records the most holders seen.
const HOLDER = `
const { workerData, parentPort } = require('node:worker_threads');
(async () => {
  const { PoolSlots } = await import(workerData.module);
  const slots = new PoolSlots(workerData.slots, workerData.limit);
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
    const slots = createPoolSlotsBuffer();
    const seen = new SharedArrayBuffer(8);
    const module = new URL('../dist/src/batch/pool-slots.js', import.meta.url).href;
    const threads = Array.from({ length: 6 }, () => new Worker(HOLDER, { eval: true, workerData: { module, slots, seen, limit: 2, rounds: 25 } }));
    await Promise.all(threads.map((w) => new Promise((resolve, reject) => w.once('message', resolve).once('error', reject))));
    await Promise.all(threads.map((w) => w.terminate()));
    expect(Atomics.load(new Int32Array(seen), 1)).toBe(2); // reached, never passed
    expect(new PoolSlots(slots, 2).running()).toBe(0);
  });
});

describe('two pools (two HTTP threads) on one slot', () => {
  it('run one task at a time between them; the other waits, counted as queued, then runs', async () => {
    const { startBatchPool } = (await import(new URL('../dist/src/batch/pool.js', import.meta.url).href)) as typeof PoolModule;
    const handle = loadRegistry();
    const slots = createPoolSlotsBuffer();
    const options = { threads: 1, slots, maxQueue: 4, faultInjection: false, heapMb: 256 };
    const a = startBatchPool(handle, options);
    const b = startBatchPool(handle, options);
    const shared = new PoolSlots(slots, 1);
    const text = `${Array.from({ length: 150_000 }, (_, i) => `00:03:93:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:01`).join('\n')}\n`;
    const task = () => ({ kind: 'render', source: { lines: new TextEncoder().encode(text), format: 'text' }, lang: 'en', style: 'ndjson', leadingComma: false }) as const;
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
