/**
 * The package's library (src/library) as compiled: analyzeMany on its worker path (from
 * POOL_FROM_INPUTS inputs, `threads` workers) gives, item for item, what it gives on the calling
 * thread; leaving early stops its workers. The pool's heap comes from the memory plan.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as Library from '../src/library/index.js';
import { toolPoolHeapMb } from '../src/batch/memory-plan.js';

// The compiled library: its pool starts workers from dist/workers/.
const { analyzeMany, POOL_FROM_INPUTS } = (await import(new URL('../dist/src/library/index.js', import.meta.url).href)) as typeof Library;

// Distinct inputs: registered, local, multicast, EUI-64 and a few that are not addresses.
function* inputs(n: number): Generator<string> {
  for (let i = 0; i < n; i++) {
    if (i % 997 === 0) yield `not a mac ${i}`;
    else if (i % 5 === 0) yield `02:00:${((i >> 16) & 255).toString(16).padStart(2, '0')}:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:01`;
    else yield `00:03:93:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:${(i % 7).toString(16).padStart(2, '0')}`;
  }
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('analyzeMany', () => {
  const n = POOL_FROM_INPUTS + 20_000;

  it('on two workers gives, item for item and in order, what the calling thread gives', async () => {
    const fields = 'address.canonical,vendor.name,bits.ul,hints.id';
    const [pooled, inline] = await Promise.all([all(analyzeMany(inputs(n), { fields, threads: 2, lang: 'fr' })), all(analyzeMany(inputs(n), { fields, threads: 0, lang: 'fr' }))]);
    expect(pooled).toHaveLength(n);
    expect(pooled).toEqual(inline);
    expect(pooled.filter((i) => 'error' in i)).toHaveLength(Math.ceil(n / 997));
  }, 120_000);

  it('whole analyses on the worker path are the calling thread\'s too', async () => {
    const [pooled, inline] = await Promise.all([all(analyzeMany(inputs(n), { threads: 2 })), all(analyzeMany(inputs(n), { threads: 0 }))]);
    expect(pooled[n - 1]).toEqual(inline[n - 1]);
    expect(pooled.slice(POOL_FROM_INPUTS - 5, POOL_FROM_INPUTS + 5)).toEqual(inline.slice(POOL_FROM_INPUTS - 5, POOL_FROM_INPUTS + 5));
  }, 120_000);

  it('left early (break) on the worker path, it waits for the chunks under way and stops its workers, with no stray answer (an uncaught error before)', async () => {
    let seen = 0;
    for await (const item of analyzeMany(inputs(10 * n), { threads: 2 })) {
      expect(item.input).toBeTypeOf('string');
      if (++seen === POOL_FROM_INPUTS + 10_000) break;
    }
    expect(seen).toBe(POOL_FROM_INPUTS + 10_000);
  }, 120_000);
});

describe('the pool heap of a tool (CLI, library)', () => {
  it('is the memory plan\'s: 512 MB with no limit, less and at least 64 MB under one', () => {
    expect(toolPoolHeapMb(2, { bytes: null, source: null })).toBe(512);
    const tight = toolPoolHeapMb(2, { bytes: 256 * 1024 * 1024, source: 'test' });
    expect(tight).toBeGreaterThanOrEqual(64);
    expect(tight).toBeLessThan(512);
  });
});

describe('the types of an answer', () => {
  it('follow the options: the whole analysis without fields, some members with them, either when the options\' type cannot tell (checked by the compiler: npm test builds first)', () => {
    // Never called: the compiler checks these types, a wrong one fails the build.
    const typed = (analyze: typeof Library.analyze, options: Library.AnalysisOptions) => {
      expectTypeOf(analyze('00:03:93:ab:12:34')).resolves.toEqualTypeOf<Library.Analysis>();
      expectTypeOf(analyze('00:03:93:ab:12:34', { lang: 'fr' })).resolves.toEqualTypeOf<Library.Analysis>();
      expectTypeOf(analyze('00:03:93:ab:12:34', { fields: 'vendor.name' })).resolves.toEqualTypeOf<Library.ProjectedAnalysis>();
      expectTypeOf(analyze('00:03:93:ab:12:34', { fields: ['vendor.name'], lang: 'fr' })).resolves.toEqualTypeOf<Library.ProjectedAnalysis>();
      expectTypeOf(analyze('00:03:93:ab:12:34', options)).resolves.toEqualTypeOf<Library.Analysis | Library.ProjectedAnalysis>();
    };
    expect(typeof typed).toBe('function');
  });
});
