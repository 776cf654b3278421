// Runs once before the browser suite (vitest.e2e.config.ts): makes sure each selected browser
// exists and the extension is built for it, so `npx vitest run -c vitest.e2e.config.ts` works on
// its own. scripts/test.mjs does the same first (with clearer messages); then this is a no-op.
import { ensureBrowser, selectedBrowsers, BROWSERS } from '../../../scripts/lib/browsers.mjs';
import { ensureBuilt } from '../../../scripts/lib/build.mjs';
import { REPO_ROOT } from './paths';

export default function setup(): void {
  if (process.env.LINKLENS_E2E_PREPARED === '1') return; // scripts/test.mjs did it just now
  for (const kind of selectedBrowsers()) {
    // Forked test workers inherit process.env, so the harness finds the same executable.
    process.env[BROWSERS[kind].env] = ensureBrowser(kind);
    ensureBuilt(REPO_ROOT, kind);
  }
}
