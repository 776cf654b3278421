// Types for build.mjs (plain JS so `node scripts/test.mjs` runs without a TS loader).
import type { BrowserKind } from './browsers.mjs';
export declare const TARGETS: Record<BrowserKind, { outDir: string; args: string[] }>;
export declare function staleReason(root: string, target: BrowserKind): string | undefined;
export declare function ensureBuilt(
  root: string,
  target: BrowserKind,
  options?: { force?: boolean; log?: (line: string) => void },
): string;
