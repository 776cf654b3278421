import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import preact from '@preact/preset-vite';

export default defineConfig({
  // WxtVitest does not apply vite.plugins from wxt.config (toolchain note 4).
  plugins: [WxtVitest(), preact()],
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/service/**/*.test.ts', 'test/contract/**/*.test.ts'],
    environment: 'node',
    // A fresh in-memory private store per test (Node has no IndexedDB).
    setupFiles: ['test/unit/setup-db.ts'],
    testTimeout: 20_000,
    pool: 'threads',
  },
});
