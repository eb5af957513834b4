/**
 * POOL_WARM_UP: the process pool's workers start with the service and have started before any
 * HTTP thread's /readyz says ready; a reload starts the new snapshot's pool before requests switch
 * to it. Checked on the real service: its logs, /readyz, the process's threads, and batches.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './helpers/server.js';

const threadsOf = (s: RunningServer) => readdirSync(`/proc/${s.child.pid}/task`).length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  for (const started = Date.now(); !(await ok()); await sleep(25)) if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
}

// A batch of `count` lines (more than one chunk: it runs on the pool), answered as NDJSON.
async function batch(s: RunningServer, count: number): Promise<string[]> {
  const body = Array.from({ length: count }, (_, i) => JSON.stringify(i % 2 ? '00:03:93:ab:12:34' : 'B8-27-EB-00-00-01')).join('\n');
  const res = await fetch(`${s.url}/api/mac/batch`, { method: 'POST', headers: { 'Content-Type': 'application/x-ndjson', Accept: 'application/x-ndjson' }, body });
  expect(res.status).toBe(200);
  return (await res.text()).trim().split('\n');
}

describe('POOL_WARM_UP', () => {
  it('warms the pool before /readyz answers 200, one pool for both HTTP threads, and the workers stay', async () => {
    const cold = await startServer({ HTTP_THREADS: '2', POOL_THREADS: '2', POOL_WARM_UP: '0' });
    const coldThreads = threadsOf(cold);
    await cold.stop();

    const dir = mkdtempSync(join(tmpdir(), 'mac-warm-'));
    const overlay = join(dir, 'sites.csv');
    writeFileSync(overlay, 'prefix,length,name,note\n52:54:00,24,Lab,\n');
    const s = await startServer({ HTTP_THREADS: '2', POOL_THREADS: '2', POOL_WARM_UP: '1', REGISTRY_OVERLAY: overlay });
    try {
      // Until both threads are warm, /readyz answers either 503 (warming, in the asked
      // language) or 200 (a thread already warm); once both are, always 200.
      const answers: number[] = [];
      await until('both pools warm', async () => {
        const res = await fetch(`${s.url}/readyz?lang=fr`);
        answers.push(res.status);
        if (res.status === 503) {
          expect(res.headers.get('retry-after')).toBe('1');
          expect(((await res.json()) as { detail: string }).detail).toMatch(/prépare ses threads de traitement en masse/);
        } else {
          expect(res.status).toBe(200);
          await res.body?.cancel();
        }
        return s.logs.filter((l) => l.msg === 'pool warm').length === 2;
      });
      const warm = s.logs.filter((l) => l.msg === 'pool warm');
      for (const l of warm) expect(l.warmMs as number).toBeGreaterThan(0);
      for (let i = 0; i < 4; i++) expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
      // One pool of two workers for the process (not one per HTTP thread), started before any
      // batch (the cold service has none).
      expect(threadsOf(s)).toBe(coldThreads + 2);

      // A batch on a warm pool answers every line, then the workers stay past the 10 s idle stop.
      const lines = await batch(s, 5000);
      expect(lines).toHaveLength(5000);
      expect((JSON.parse(lines[1]) as { analysis: { vendor: { name: string } } }).analysis.vendor.name).toBe('Apple, Inc.');
      await sleep(11_000);
      expect(threadsOf(s)).toBe(coldThreads + 2);

      // A reload (the overlay edited, then SIGHUP): both threads wait for the new snapshot's pool
      // to be warm before they switch to it; the old pool closes once neither holds it.
      writeFileSync(overlay, 'prefix,length,name,note\n52:54:00,24,Lab 2,\n');
      const before = s.logs.length;
      s.child.kill('SIGHUP');
      await until('both threads switched', () => s.logs.slice(before).filter((l) => l.msg === 'registry snapshot switched').length === 2);
      // 'pool warm' is the main thread's line, 'switched' the HTTP thread's own: they reach
      // stdout by different routes, so the first may come after the second.
      await until('both new pools warm', () => s.logs.slice(before).filter((l) => l.msg === 'pool warm').length === 2);
      expect(s.logs.slice(before).filter((l) => l.msg === 'pool warm')).toHaveLength(2);
      await until('the old pool closed', () => threadsOf(s) === coldThreads + 2);
      expect(await batch(s, 5000)).toHaveLength(5000);
    } finally {
      await s.stop();
    }
  }, 90_000);
});
