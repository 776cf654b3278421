import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// Fixed development key so the unpacked extension id is stable (policy files name it).
// Public key only; the private half is not needed for unpacked loads.
const DEV_KEY = process.env.LINKLENS_MANIFEST_KEY;

export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  modules: ['@wxt-dev/webextension-polyfill'],
  // MV3 for Firefox too (its default is MV2): one background model, one manifest shape.
  manifestVersion: 3,
  vite: () => ({
    plugins: [preact()],
    build: { sourcemap: false },
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
      ...(browser === 'firefox' ? [] : ['unlimitedStorage']),
    ],
    host_permissions: ['<all_urls>'],
    action: { default_title: '__MSG_extName__' },
    content_security_policy: {
      extension_pages: "script-src 'self'; object-src 'self'; frame-ancestors 'none'",
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'linklens@linklens.dev',
              strict_min_version: '128.0',
              data_collection_permissions: { required: ['browsingActivity'] },
            },
          },
        }
      : {
          storage: { managed_schema: 'managed_schema.json' },
          ...(DEV_KEY ? { key: DEV_KEY } : {}),
        }),
  }),
});
