/**
 * The service in a real memory cgroup (as root, v1 or v2): the limit is read at start, the memory
 * settings follow from it, and a burst of the largest batches gets 503s, never the OOM killer,
 * while single GETs go on being answered. Both engines.
 */
import { describe, expect, it } from 'vitest';
import { alive, burstBody, runBurst, serviceInCgroup } from '../bench/memory-burst.js';
import { untilWarm } from '../bench/service-process.js';
import { memoryPlan } from '../src/batch/memory-plan.js';
import { ENGINES } from './helpers/server.js';
import { systemSuite } from './system/requirements.js';

const READY = systemSuite('memory-limit');
const MiB = 1024 * 1024;
let serial = 0;
const name = () => `mac-analysis-test-${process.pid}-${serial++}`;

// The start-up log line that gives the limit and what was derived from it.
const memoryLine = (logs: ReadonlyArray<Record<string, unknown>>) => logs.find((l) => String(l.msg).startsWith('memory limit'))!;

describe.runIf(READY)('a burst of the largest batches within a memory limit', () => {
  const body = burstBody(); // 1,000,000 addresses in 63 MB of text, the largest body allowed
  describe.each(ENGINES)('%s engine', (engine) => {
    it.each([256, 384])('%i MB: nothing killed, each batch whole or 503 with Retry-After, one at least whole, 396 of 400 GETs answered', async (limitMb) => {
      const { cgroup, service } = await serviceInCgroup(name(), limitMb, { HTTP_ENGINE: engine });
      try {
        await untilWarm(service);
        const outcome = await runBurst(service.port, body, 8, 400);
        expect(cgroup.oomKills()).toBe(0);
        expect(alive(service)).toBe(true);
        for (const b of outcome.batches) {
          if (b.status === 200) expect(b.whole).toBe(true);
          else expect([b.status, b.retryAfter]).toEqual([503, '1']);
        }
        expect(outcome.batches.filter((b) => b.status === 200).length).toBeGreaterThanOrEqual(1);
        expect(outcome.gets.answered).toBeGreaterThanOrEqual(396);
        expect(cgroup.peak()).toBeLessThan(limitMb * MiB);
        // And it still serves whole after the burst, to a client that asks again after
        // Retry-After while the threads collect what the burst left.
        let again = await runBurst(service.port, body, 1, 0);
        for (let tries = 1; tries < 5 && again.batches[0].status === 503; tries++) {
          await new Promise((r) => setTimeout(r, 1000 * Number(again.batches[0].retryAfter)));
          again = await runBurst(service.port, body, 1, 0);
        }
        expect(again.batches[0]).toMatchObject({ status: 200, whole: true });
      } finally {
        if (alive(service)) await service.stop();
        await cgroup.remove();
      }
    }, 120_000);
  });
});

describe.runIf(READY)('the memory settings a limit gives, in the start-up log', () => {
  const start = async (limitMb: number | null, env: Record<string, string> = {}) => {
    const { cgroup, service } = await serviceInCgroup(name(), limitMb, { POOL_WARM_UP: '0', HTTP_THREADS: '2', POOL_THREADS: '2', ...env });
    await service.stop();
    await cgroup.remove();
    return memoryLine(service.logs);
  };

  it('follows the limit: the budget, the largest bodies and the heap grow with it, and the figures are the plan of that limit', async () => {
    const lines = [];
    for (const limitMb of [200, 256, 384, 1024]) {
      const line = await start(limitMb);
      const plan = memoryPlan({ limit: { bytes: limitMb * MiB, source: String(line.limitFile) }, httpThreads: 2, poolThreads: 2, batchMaxBytes: 64 * MiB });
      expect(line).toMatchObject({ msg: 'memory limit and budgets', limitBytes: limitMb * MiB, bodyBudgetBytes: plan.bodyBudgetBytes, poolWorkerHeapMb: plan.poolWorkerHeapMb, vendorCacheMb: plan.vendorCacheMb, bulkOutputBuffers: 4 });
      expect(String(line.limitFile)).toMatch(/mac-analysis-test-\d+-\d+\/memory\.(limit_in_bytes|max)$/);
      lines.push(line);
    }
    const budgets = lines.map((l) => Number(l.bodyBudgetBytes));
    expect(budgets).toEqual([...budgets].sort((a, b) => a - b));
    // 200 MB cannot take a body of 64 MiB: BATCH_MAX_BYTES is lowered to the budget, and said.
    expect(lines[0]).toMatchObject({ batchMaxBytes: lines[0].bodyBudgetBytes });
    expect(lines[1]).toMatchObject({ batchMaxBytes: 64 * MiB, largestBodies: { text: 64 * MiB } });
    // JSON takes more memory per byte than text: its largest body is smaller where memory is short.
    expect((lines[1].largestBodies as { json: number }).json).toBeLessThan(64 * MiB);
    // 1 GB takes every body whole: the heap is four times the largest JSON body.
    expect(lines[3]).toMatchObject({ largestBodies: { text: 64 * MiB, json: 64 * MiB }, poolWorkerHeapMb: 256 });
  }, 60_000);

  it('takes an explicit value over a derived one, and refuses one that cannot fit, saying what fits', async () => {
    expect(await start(256, { BODY_BUDGET_BYTES: '8000000', BATCH_MAX_BYTES: '8000000' })).toMatchObject({ bodyBudgetBytes: 8_000_000, batchMaxBytes: 8_000_000 });
    expect(await start(256, { POOL_WORKER_HEAP_MB: '300', BULK_OUTPUT_BUFFERS: '3' })).toMatchObject({ poolWorkerHeapMb: 300, bulkOutputBuffers: 3 });
    const fits = memoryPlan({ limit: { bytes: 256 * MiB, source: 'x' }, httpThreads: 2, poolThreads: 2, batchMaxBytes: 64 * MiB }).bodyBudgetBytes;
    await expect(start(256, { BODY_BUDGET_BYTES: String(fits + 1) })).rejects.toThrow(new RegExp(`BODY_BUDGET_BYTES \\(${fits + 1}\\) does not fit under the memory limit of 256 MiB .*: at most ${fits} with 2 HTTP threads and 2 pool workers`));
  }, 60_000);

  it('refuses a limit below what the service needs, with the figure', async () => {
    await expect(start(120)).rejects.toThrow(/the memory limit of 120 MiB .* is below the \d+ MiB this service needs with 2 HTTP threads and 2 pool workers; .*\(1 and 1 need \d+ MiB\)/);
  }, 30_000);

  it('keeps the fixed defaults in a cgroup without a limit', async () => {
    expect(await start(null)).toMatchObject({ msg: 'memory limit: none, fixed defaults', limitBytes: null, bodyBudgetBytes: 256 * MiB, poolWorkerHeapMb: 512, vendorCacheMb: 32, batchMaxBytes: 64 * MiB, bulkOutputBuffers: 24 });
  }, 30_000);
});
