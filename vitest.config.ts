import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import preact from '@preact/preset-vite';

export default defineConfig({
  // WxtVitest does not apply vite.plugins from wxt.config so preact() is added here too.
  plugins: [WxtVitest(), preact()],
  // Unit tests are a test build: their made-up hosts (`*.test`, `*.example`) count as the web
  // (src/shared/url/privacy.ts; wxt.config.ts sets `.test` for browser-test builds only).
  // The content script's English fallback strings (src/content/strings.ts): tests have no _locales.
  // The background's idle probe answers (src/background/idle.ts), as in browser-test builds.
  define: {
    __LINKLENS_PUBLIC_TEST_TLDS__: JSON.stringify(['test', 'example']),
    __LINKLENS_CONTENT_ENGLISH__: 'true',
    __LINKLENS_TEST_BUILD__: 'true',
  },
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/service/**/*.test.ts', 'test/contract/**/*.test.ts'],
    environment: 'node',
    // A fresh in-memory private store per test (Node has no IndexedDB).
    setupFiles: ['test/unit/setup-db.ts', 'test/unit/setup-suffix-list.ts'],
    testTimeout: 20_000,
    pool: 'threads',
  },
});
