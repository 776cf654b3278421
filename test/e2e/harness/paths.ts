// Where things are, independent of the working directory the tests run from.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { TARGETS } from '../../../scripts/lib/build.mjs';
import type { BrowserKind } from '../../../scripts/lib/browsers.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The built, unpacked extension for a browser (`wxt build`, `wxt build -b firefox --mv3`). */
export function extensionDir(browser: BrowserKind): string {
  return join(REPO_ROOT, TARGETS[browser].outDir);
}
