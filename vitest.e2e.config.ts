import { defineConfig } from 'vitest/config';

// The browser suite: real Chromium / Firefox with the built extension. One file at a time in one
// forked process: each test file launches its own browser, and the machine has 2 cores.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    globalSetup: ['test/e2e/harness/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
