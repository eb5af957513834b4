/**
 * The process's one bulk pool (pool-host.ts), as two HTTP threads' clients (pool-client.ts) use
 * it through their ports: at most POOL_THREADS tasks run in the whole process, the others wait
 * in one queue and are counted per thread; a snapshot stays while a thread holds it; an ended
 * thread's waiting tasks are dropped. Real Piscina workers on the real registry.
 */
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRegistry } from '../src/analysis/load-registry.js';
import type * as ClientModule from '../src/batch/pool-client.js';
import type * as HostModule from '../src/batch/pool-host.js';
import type * as LoadModule from '../src/batch/pool-load.js';
import type { RenderTask } from '../src/batch/tasks.js';

// The compiled modules: the pool starts its workers from dist/workers/.
const dist = (path: string) => new URL(`../dist/src/batch/${path}`, import.meta.url).href;
const { PoolHost } = (await import(dist('pool-host.js'))) as typeof HostModule;
const { PoolClient } = (await import(dist('pool-client.js'))) as typeof ClientModule;
const { createPoolLoadBuffer, PoolLoad } = (await import(dist('pool-load.js'))) as typeof LoadModule;

const handle = loadRegistry();
const lines = (n: number) => `${Array.from({ length: n }, (_, i) => `00:03:93:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:01`).join('\n')}\n`;
const task = (n: number): RenderTask => ({ kind: 'render', source: { lines: new TextEncoder().encode(lines(n)), format: 'text' }, lang: 'en', style: 'ndjson', leadingComma: false, fields: null, into: null });

let host: HostModule.PoolHost | null = null;
afterEach(async () => {
  await host?.close();
  host = null;
});

async function start(threads: number, maxQueue = 64, hooks: HostModule.PoolHostHooks = {}) {
  const load = createPoolLoadBuffer(2);
  host = new PoolHost({ threads, faultInjection: false, heapMb: 256, keepWarm: false, vendorCacheMb: 0 }, load, pino({ level: 'silent' }), hooks);
  await host.loadPools();
  const id = host.publish(handle, [0, 1]);
  const clients = [0, 1].map((owner) => new PoolClient(host!.connect(owner), load, owner, maxQueue, threads));
  return { host, load: new PoolLoad(load), id, clients };
}

describe('the process pool', () => {
  it('runs one task at a time for two threads when POOL_THREADS=1; the other waits, counted as queued, then runs', async () => {
    const { load, id, clients } = await start(1);
    const [a, b] = clients.map((c) => c.forSnapshot(id));
    let mostRunning = 0;
    let waited = false;
    const poll = setInterval(() => {
      mostRunning = Math.max(mostRunning, load.busy(0) + load.busy(1));
      if (load.totalQueued() > 0 && load.busy(0) + load.busy(1) === 1) waited = true;
    }, 1);
    try {
      const results = await Promise.all([a.run(task(150_000)), b.run(task(150_000))]);
      for (const r of results) expect(r.analysed).toBe(150_000);
      expect(new TextDecoder().decode(results[1].bytes).split('\n')[0]).toContain('"input":"00:03:93:00:00:01"');
      expect(mostRunning).toBe(1);
      expect(waited).toBe(true);
      expect([load.queued(0), load.busy(0), load.queued(1), load.busy(1)]).toEqual([0, 0, 0, 0]);
    } finally {
      clearInterval(poll);
    }
  }, 60_000);

  it('admits a batch while fewer than POOL_MAX_QUEUE tasks wait, over both threads', async () => {
    const { load, id, clients } = await start(1, 1);
    const [a, b] = clients.map((c) => c.forSnapshot(id));
    const first = a.run(task(100_000));
    const second = a.run(task(1000));
    for (let i = 0; i < 200 && load.totalQueued() < 1; i++) await new Promise((r) => setTimeout(r, 5));
    expect(load.queued(0)).toBe(1);
    expect(b.admits()).toBe(false);
    await Promise.all([first, second]);
    expect(b.admits()).toBe(true);
  }, 60_000);

  it('keeps a replaced snapshot while a thread holds it, and forgets it once released', async () => {
    const { host, id, clients } = await start(1);
    const next = host.publish(handle, [0, 1]);
    expect(next).not.toBe(id);
    expect((await clients[0].forSnapshot(id).run(task(3000))).analysed).toBe(3000);
    clients[0].release(id);
    clients[1].release(id);
    await expect(clients[0].forSnapshot(id).run(task(10))).rejects.toThrow(`registry snapshot ${id} is not held by this pool`);
    // The current one stays, held or not.
    clients[0].release(next);
    clients[1].release(next);
    expect((await clients[1].forSnapshot(next).run(task(10))).analysed).toBe(10);
  }, 60_000);

  it('drops the waiting tasks of a thread that ended; its running one finishes, and the others run', async () => {
    const { host, load, id, clients } = await start(1);
    const running = clients[0].forSnapshot(id).run(task(100_000));
    void clients[1].forSnapshot(id).run(task(1000)).catch(() => undefined);
    void clients[1].forSnapshot(id).run(task(1000)).catch(() => undefined);
    const later = clients[0].forSnapshot(id).run(task(2000));
    for (let i = 0; i < 200 && load.totalQueued() < 3; i++) await new Promise((r) => setTimeout(r, 5));
    expect(host.disconnect(1)).toEqual({ dropped: 2, running: 0 });
    expect(load.queued(1)).toBe(0);
    expect((await running).analysed).toBe(100_000);
    expect((await later).analysed).toBe(2000);
    expect([load.queued(0), load.busy(0), load.queued(1), load.busy(1)]).toEqual([0, 0, 0, 0]);
  }, 60_000);

  it('says it is idle once no task has run or waited for idleMs after the last one, once per burst', async () => {
    const idleAt: number[] = [];
    const { id, clients } = await start(1, 64, { idle: () => idleAt.push(Date.now()), idleMs: 300 });
    const a = clients[0].forSnapshot(id);
    await Promise.all([a.run(task(5000)), a.run(task(5000)), clients[1].forSnapshot(id).run(task(5000))]);
    // A task 150 ms after the burst: the idle time counts from its end.
    await new Promise((r) => setTimeout(r, 150));
    await a.run(task(10));
    const lastEnd = Date.now();
    expect(idleAt).toEqual([]);
    await new Promise((r) => setTimeout(r, 600));
    expect(idleAt).toHaveLength(1);
    expect(idleAt[0] - lastEnd).toBeGreaterThanOrEqual(290);
    // The next burst, the next call.
    await a.run(task(10));
    await new Promise((r) => setTimeout(r, 600));
    expect(idleAt).toHaveLength(2);
  }, 60_000);
});
