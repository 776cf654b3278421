/**
 * Values fixed at build time (wxt.config.ts / vitest.config.ts `define`). Absent (undefined)
 * wherever neither defines it, e.g. scripts run by tsx.
 */
/** Top-level domains that count as the public web in test builds only (privacy.ts). */
declare const __LINKLENS_PUBLIC_TEST_TLDS__: readonly string[] | undefined;
/** The content script's English strings as a fallback (unit tests only: src/content/strings.ts). */
declare const __LINKLENS_CONTENT_ENGLISH__: boolean | undefined;
/** True in test builds (LINKLENS_TEST_BUILD=1, wxt.config.ts) and unit tests: the `test.idle` message answers. */
declare const __LINKLENS_TEST_BUILD__: boolean | undefined;
