// Firefox: a way to run test code in the extension's content-script world. WebDriver BiDi lists
// no realm for an extension's content scripts (only pages and its own sandboxes), and there is
// no CDP. So the Firefox driver can run a copy of the built extension whose manifest also holds
// the `scripting` permission: its own extension page (the driver's control page) then injects
// the test's function with scripting.executeScript, which Firefox runs in the same
// content-script sandbox as Linklens' own content script (one per extension and document):
// same `browser` APIs, same storage access, and messages the browser stamps with the tab's
// sender exactly like the real content script's. Nothing else of the build changes; the
// permission is used by the test's control page only, never by Linklens' code.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A copy of `extensionDir` whose manifest adds `scripting`. Returns the copy's directory. */
export function withScriptingPermission(extensionDir: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'linklens-cs-access-'));
  cpSync(extensionDir, dir, { recursive: true });
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { permissions?: string[] };
  manifest.permissions = [...new Set([...(manifest.permissions ?? []), 'scripting'])];
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return dir;
}

/**
 * The source of an expression, run in an extension page, that injects `fn(arg)` into the top
 * frame of `tabId` and evaluates to its (awaited) result. `fn` must be self-contained: it is
 * serialized, as scripting.executeScript serializes it again.
 */
export function injectExpression(tabId: number, fn: (arg: never) => unknown, arg: unknown): string {
  return `(async () => {
    const [r] = await browser.scripting.executeScript({ target: { tabId: ${JSON.stringify(tabId)}, frameIds: [0] }, func: ${fn.toString()}, args: [${JSON.stringify(arg ?? null)}] });
    if (!r) throw new Error('executeScript returned no result');
    if (r.error) throw new Error('in the content script: ' + String(r.error && r.error.message || r.error));
    return r.result;
  })()`;
}
