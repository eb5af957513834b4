import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: ['test/**/*.test.ts'],
    // Two files at a time even on 2 cores (vitest's default there is one). Every suite runs
    // beside another: the ones bound by how soon a server reacts (the body budget, reloads,
    // warm-ups) wait for what they need (a metric, a log line), not for a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Installs the Debian packages the system suites need (as root on Debian), and says at the
    // end which suites were skipped and why (test/system/).
    globalSetup: ['test/system/provision.ts'],
  },
});
