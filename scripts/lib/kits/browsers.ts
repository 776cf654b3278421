/**
 * The Chromium browsers the Windows and macOS kits target, and where each reads an extension's
 * policy: Windows under `Software\Policies\<vendor>\<browser>\3rdparty\extensions\<id>\policy`
 * (HKLM or HKCU), macOS from the preference domain `<bundle id>.extensions.<id>`.
 */
export interface ChromiumTarget {
  /** Short name used in file names and ADMX names ("chrome", "edge"). */
  slug: 'chrome' | 'edge';
  displayName: string;
  /** Registry path under HKLM/HKCU of the browser's own policies. */
  policyRoot: string;
  /** The browser's macOS bundle id, the stem of its preference domains. */
  bundleId: string;
}

export const CHROMIUM_TARGETS: readonly ChromiumTarget[] = [
  {
    slug: 'chrome',
    displayName: 'Google Chrome',
    policyRoot: 'Software\\Policies\\Google\\Chrome',
    bundleId: 'com.google.Chrome',
  },
  {
    slug: 'edge',
    displayName: 'Microsoft Edge',
    policyRoot: 'Software\\Policies\\Microsoft\\Edge',
    bundleId: 'com.microsoft.Edge',
  },
];

/** The registry key (without hive) holding the extension's policy values. */
export const extensionPolicyKey = (t: ChromiumTarget, id: string): string =>
  `${t.policyRoot}\\3rdparty\\extensions\\${id}\\policy`;

/** The macOS preference domain of the extension's policy. */
export const extensionPreferenceDomain = (t: ChromiumTarget, id: string): string => `${t.bundleId}.extensions.${id}`;

/** Chrome and Edge extension ids: 32 letters a-p. Anything else would make a key nobody reads. */
export const isChromiumExtensionId = (id: string): boolean => /^[a-p]{32}$/.test(id);
