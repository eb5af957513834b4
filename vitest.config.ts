import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Suites that run one at a time, after the rest: build.test.ts runs `npm start`, whose build
// rewrites dist/ (which the other suites' servers load), and bounds its start time; the others
// bound how soon a server reacts (timeouts, signals, reloads, warm-ups, refills) and flaked
// beside another suite on 2 cores.
const ALONE = ['test/build.test.ts', 'test/hostile.test.ts', 'test/lifecycle.test.ts', 'test/reload.test.ts', 'test/warm-up.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ALONE,
          // Two files at a time even on 2 cores (vitest's default there is one). The whole suite
          // took 514 s one file at a time, 368-376 s all two at a time (when four timing-bound
          // tests flaked), 479 s with those suites alone (measured on 2 cores).
          maxWorkers: Math.max(2, availableParallelism() - 1),
          // Installs the Debian packages the system suites need (as root on Debian), and says
          // at the end which suites were skipped and why (test/system/). Here only: vitest
          // runs the globalSetup of every project that has files to run.
          globalSetup: ['test/system/provision.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
