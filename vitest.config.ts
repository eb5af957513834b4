import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Suites that run with nothing beside them, after the rest: build.test.ts runs `npm start`,
// whose build rewrites dist/ (which the other suites' servers load), and bounds its start time.
const ALONE = ['test/build.test.ts'];

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
          // Two files at a time even on 2 cores (vitest's default there is one): most suites
          // wait on servers, sockets and child processes more than they compute (the whole
          // suite took 514 s one file at a time, 374 s two at a time, on 2 cores).
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
