import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { polyfillMetadataPlugin } from './scripts/lib/polyfill-metadata';

// Fixed public key for development and test builds, so the unpacked extension's id is stable
// (policy files and tests name it): Chromium derives the id from this key. The private half is
// not needed for unpacked loads and is not kept. Store builds (LINKLENS_STORE=1) leave it out:
// the Chrome Web Store assigns its own key.
export const DEV_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAugAQfSQdEYevb9Ikf9O2suDvx3e372aRWjXZSe9KuiejHPR6nYbRY1La/VNuGGYbdoLNr4nSEpYOx1YBg/Q9KZTFi3CE36iYgAii4f81E1R15tQ7UmzUo54zbZmjiFgFhYkJxRv7EEpxzfwemyYSdaSeVtoxADvVW+cnmsEVL5ked1WVa0sLxGknQseDEm3c5d+MiYwg+fy0h/S/S2exrwhFFqSDdIkAUSUUmCqWSDe2YCcSBHDCcRz2BHuoLl0Vb/vj2oPhPkNN8bSXgNRRrJexHwZAwDYG0re9rhg7FdHl46h26YmaWDgGxarpi0aZYiiUAUvXJMYTfxwAjPmxeQIDAQAB';
/** The id Chromium derives from DEV_PUBLIC_KEY (sha256 → first 32 hex digits → a..p). */
export const DEV_EXTENSION_ID = 'agngngjdpdjnnagefhncdooclophbehk';
/**
 * `wxt zip` (npm run zip) makes the packages people upload, and the Chrome Web Store refuses a
 * manifest with `key` ("key field is not allowed in manifest"), so zips leave the development key
 * out unless LINKLENS_MANIFEST_KEY names one on purpose (e.g. a self-hosted package's own key).
 * `wxt build` (tests, `npm start`) keeps it. `process.argv` is the only place the command shows:
 * WXT runs the zip's build with command 'build'.
 */
const ZIPPING = process.argv.slice(2).includes('zip');
const DEV_KEY =
  process.env.LINKLENS_STORE === '1'
    ? undefined
    : (process.env.LINKLENS_MANIFEST_KEY ?? (ZIPPING ? undefined : DEV_PUBLIC_KEY));

/**
 * Host names under these top-level domains count as the public web (src/shared/url/privacy.ts)
 * in TEST builds only: scripts/lib/build.mjs sets LINKLENS_TEST_BUILD=1 for the browser tests,
 * the demo and the benchmarks, which map `*.test` to loopback servers. Anything else (`npm run
 * build`, `npm run zip`, `wxt`) treats `.test` like any name outside the public suffix list: an
 * intranet name that is never sent.
 */
const TEST_BUILD = process.env.LINKLENS_TEST_BUILD === '1' && !ZIPPING;
const PUBLIC_TEST_TLDS = TEST_BUILD ? ['test'] : [];

export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  modules: ['@wxt-dev/webextension-polyfill'],
  // MV3 for Firefox too (its default is MV2): one background model, one manifest shape.
  manifestVersion: 3,
  vite: () => ({
    plugins: [preact(), polyfillMetadataPlugin()],
    build: {
      sourcemap: false,
      // terser, not esbuild, minifies: 1.5 % smaller worker and content script, 10 % smaller
      // options page (docs/decisions/009-bundle-weight.md), for ~4 s more build. Safe options only: nothing "unsafe_*",
      // which could break zod's and the polyfill's constructors.
      minify: 'terser',
      terserOptions: { compress: { passes: 3, ecma: 2020 }, format: { ecma: 2020 } },
    },
    // The content script reads its strings from _locales only (src/content/strings.ts says why).
    // Test builds answer the background's idle probe (src/background/idle.ts); no other build does.
    define: {
      __LINKLENS_PUBLIC_TEST_TLDS__: JSON.stringify(PUBLIC_TEST_TLDS),
      __LINKLENS_CONTENT_ENGLISH__: 'false',
      __LINKLENS_TEST_BUILD__: JSON.stringify(TEST_BUILD),
    },
  }),
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: [
      'storage',
      'alarms',
      'contextMenus',
      'notifications',
      'tabs',
      'webNavigation',
      // The sign-in guard is registered only while the policy protects sign-in domains
      // (docs/decisions/016-organizations.md; src/background/signin/guard-registration.ts). No install warning.
      'scripting',
      // Block rules stop known-bad URLs before the request (docs/decisions/002-known-bad-rules.md); blocking needs no host
      // access, so not declarativeNetRequestWithHostAccess (a declarativeNetRequest block needs no host permission).
      'declarativeNetRequest',
      // Observing server redirects hop by hop (non-blocking onBeforeRedirect).
      'webRequest',
      ...(browser === 'firefox' ? [] : ['unlimitedStorage']),
    ],
    host_permissions: ['<all_urls>'],
    // The content script (entrypoints/content-script.ts) is a plain script, listed here rather than
    // through WXT's defineContentScript, whose wrapper costs every page load and lets a page end it
    // (the entrypoint says why). Every frame runs its own copy (docs/decisions/013-content-script.md: links in same-origin
    // iframes); about:blank and srcdoc frames written by the page get one too.
    content_scripts: [
      {
        matches: ['http://*/*', 'https://*/*'],
        js: ['content-script.js'],
        all_frames: true,
        match_about_blank: true,
        run_at: 'document_idle',
      },
      // The hold guard (entrypoints/hold-guard.ts): password fields and form submissions wait
      // while the top page's verdict is pending. document_start, so its capture listeners come
      // before any of the page's; top frames only (the verdict it waits for is the top page's).
      {
        matches: ['http://*/*', 'https://*/*'],
        js: ['hold-guard.js'],
        all_frames: false,
        run_at: 'document_start',
      },
    ],
    action: { default_title: '__MSG_extName__' },
    content_security_policy: {
      extension_pages: "script-src 'self'; object-src 'self'; frame-ancestors 'none'",
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'linklens@linklens.dev',
              // 140: the first Firefox that knows data_collection_permissions, so every install
              // shows the data-collection consent (addons-linter warns about anything older).
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['browsingActivity'] },
            },
            // Firefox for Android learned data_collection_permissions in 142.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {
          storage: { managed_schema: 'managed_schema.json' },
          ...(DEV_KEY ? { key: DEV_KEY } : {}),
        }),
  }),
});
