import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Installs the Debian packages the system suites need (as root on Debian), and says at the
    // end which suites were skipped and why (test/system/).
    globalSetup: ['test/system/provision.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
