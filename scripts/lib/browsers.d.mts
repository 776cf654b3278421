// Types for browsers.mjs (plain JS so `node scripts/test.mjs` runs without a TS loader).
export type BrowserKind = 'chromium' | 'firefox';
export declare const BROWSERS: Record<BrowserKind, { label: string; env: string; names: string[]; aptPackage: string }>;
export declare function findBrowser(kind: BrowserKind): string | undefined;
export declare function ensureBrowser(kind: BrowserKind, options?: { log?: (line: string) => void }): string;
export declare function selectedBrowsers(): BrowserKind[];
export declare const MIN_MAJOR: Record<BrowserKind, number>;
export declare function parseMajor(versionLine: string | null | undefined): number | null;
export declare function browserAction(s: {
  found: boolean;
  explicit: boolean;
  major: number | null;
  min: number;
  canApt: boolean;
}): { action: 'use' | 'install' | 'upgrade' | 'fail'; why: string };
export declare function browserVersion(path: string): string;
