/**
 * REQUIRE_SYSTEM_SUITES stays honest: every suite the package list names is a test file, and a
 * suite the fresh Debian 13 run may skip (SYSTEM_SUITES_RAN_ELSEWHERE in .ci/fresh-debian) is
 * one .ci/run has already run, required, on its own machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROOT_SUITES, systemPackages } from './system/requirements.js';

describe('the system suites CI runs', () => {
  it('every suite of test/system/packages.txt is a test file', () => {
    const suites = new Set([...systemPackages().flatMap((p) => p.suites), ...ROOT_SUITES.keys()]);
    expect([...suites].filter((s) => !existsSync(`test/${s}.test.ts`))).toEqual([]);
  });

  it('a suite the fresh run may skip is one .ci/run runs before it, with REQUIRE_SYSTEM_SUITES=1', () => {
    const fresh = readFileSync('.ci/fresh-debian', 'utf8');
    const run = readFileSync('.ci/run', 'utf8');
    const elsewhere = /SYSTEM_SUITES_RAN_ELSEWHERE=(\S+)/.exec(fresh)![1].split(',');
    expect(elsewhere).toEqual(['clickhouse']);
    expect(run).toMatch(/^export REQUIRE_SYSTEM_SUITES=1$/m);
    const freshRun = run.indexOf('.ci/fresh-debian --run');
    for (const suite of elsewhere) {
      const at = run.search(new RegExp(`^[^#\\n]*npx vitest run [^\\n]*test/${suite}\\.test\\.ts`, 'm'));
      expect(at, suite).toBeGreaterThan(0);
      expect(at, `${suite} runs before the fresh Debian`).toBeLessThan(freshRun);
    }
  });
});
