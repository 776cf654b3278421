// A managed policy for Linklens in either browser, installed the way an administrator does, so a
// journey written once runs under policy in Chromium and Firefox:
// - Chromium: /etc/chromium/policies/managed/<file>.json, `3rdparty.extensions.<id>`
//   (chromium-policy.ts; a Chromium policy file fills storage.managed);
// - Firefox: policies.json in the `distribution` folder next to the Firefox executable,
//   `policies.3rdparty.Extensions.<gecko id>` (Firefox fills storage.managed from policies.json; docs/admin/deployment.md "Firefox").
// Both are machine-wide and need root: the caller holds the shared e2e lock, installs before
// launching the browser (Firefox reads policies at start-up only) and removes in afterAll.
import type { BrowserKind } from '../../../scripts/lib/browsers.mjs';
import { findBrowser } from '../../../scripts/lib/browsers.mjs';
import { installExtensionPolicy, policyInstallBlocker } from './chromium-policy';
import { installFirefoxPolicy } from './firefox-policy';

/** wxt.config.ts DEV_EXTENSION_ID: Chromium derives it from the development manifest `key`. */
export const DEV_EXTENSION_ID = 'agngngjdpdjnnagefhncdooclophbehk';
/** wxt.config.ts browser_specific_settings.gecko.id. */
export const GECKO_ID = 'linklens@linklens.dev';

export interface BrowserPolicy {
  path: string;
  remove(): void;
}

/** Why this process cannot install a policy for `kind`, or null when it can. */
export function browserPolicyBlocker(kind: BrowserKind): string | null {
  const root = policyInstallBlocker();
  if (root) return root;
  if (kind === 'firefox' && !findBrowser('firefox')) return 'Firefox not found';
  return null;
}

export function installBrowserPolicy(kind: BrowserKind, values: Record<string, unknown>): BrowserPolicy {
  if (kind === 'chromium') {
    const p = installExtensionPolicy(DEV_EXTENSION_ID, values);
    return { path: p.path, remove: p.remove };
  }
  return installFirefoxPolicy(values, GECKO_ID);
}
