/**
 * One full collection for however many threads' reasons come at once (src/server/collect-garbage.ts):
 * a reload and the end of a burst of batches may let go of memory in the same moment, and each
 * caller is told (the logs say which memory was collected).
 */
import { describe, expect, it } from 'vitest';
import { collectSoon } from '../src/server/collect-garbage.js';

describe('collectSoon', () => {
  it('runs one collection for calls that come together, and tells every caller its duration', async () => {
    const told: Array<[string, number]> = [];
    await new Promise<void>((resolve) => {
      collectSoon((ms) => told.push(['snapshot', ms]), true);
      collectSoon((ms) => told.push(['batch', ms]));
      collectSoon((ms) => {
        told.push(['last', ms]);
        resolve();
      });
    });
    expect(told.map(([who]) => who)).toEqual(['snapshot', 'batch', 'last']);
    expect(new Set(told.map(([, ms]) => ms)).size).toBe(1);
    // A full collection of this worker's heap: measured, so more than nothing and far under a second.
    expect(told[0][1]).toBeGreaterThan(0);
    expect(told[0][1]).toBeLessThan(1000);
  });

  it('collects what was let go: a weakly held object is gone after it', async () => {
    let held: object | null = { payload: new Uint8Array(1024) };
    const ref = new WeakRef(held);
    held = null;
    await new Promise<void>((resolve) => collectSoon(() => resolve()));
    expect(ref.deref()).toBeUndefined();
  });
});
