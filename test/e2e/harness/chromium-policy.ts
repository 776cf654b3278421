// Installs a Chromium enterprise policy for one extension, the way an administrator does on
// Linux (a Chromium policy file fills storage.managed): a JSON file in /etc/chromium/policies/managed/ with
// `{"3rdparty": {"extensions": {"<id>": {...}}}}`, which Chromium validates against the
// extension's managed_schema.json and hands to it as storage.managed. Only root can write there.
//
// The file is machine-wide: every Chromium started (or reloading policy) while it exists applies
// it to an extension with this id. So it lives only as long as a test needs it, and is removed
// in afterAll and, as a last resort, when the test process exits.
import { existsSync, mkdirSync, renameSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BrowserContext } from 'playwright-core';

export const CHROMIUM_POLICY_DIR = '/etc/chromium/policies/managed';

/** Why this process cannot install a policy file, or null when it can. */
export function policyInstallBlocker(): string | null {
  const uid = process.getuid?.();
  if (uid === undefined) return 'this platform has no POSIX user ids; Chromium policy files are a Linux /etc feature';
  if (uid !== 0)
    return `not running as root (uid ${uid}): only root can write ${CHROMIUM_POLICY_DIR}, which Chromium reads policy from`;
  return null;
}

export interface InstalledPolicy {
  path: string;
  /** Replaces the extension's policy values (atomically: Chromium never reads half a file). */
  write(values: Record<string, unknown>): void;
  /** Deletes the file and the directories this helper created. Safe to call twice. */
  remove(): void;
}

/**
 * Writes `<dir>/<fileName>` with a 3rdparty policy for `extensionId`. Call before launching
 * Chromium so the first storage.managed read already sees it.
 */
export function installExtensionPolicy(
  extensionId: string,
  values: Record<string, unknown>,
  fileName = 'linklens-test.json',
  dir = CHROMIUM_POLICY_DIR,
): InstalledPolicy {
  const path = join(dir, fileName);
  // Directories we create, deepest first, so remove() can take them away again when empty.
  const created: string[] = [];
  for (let d = dir; !existsSync(d); d = dirname(d)) created.push(d);
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  // The temporary file sits next to the policy directory, not in it: Chromium reads every file
  // there. Same file system, so the rename is atomic.
  const temp = join(dirname(dir), `.${fileName}.${process.pid}.tmp`);

  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    process.off('exit', remove);
    for (const p of [path, temp]) {
      try {
        unlinkSync(p);
      } catch {
        // already gone
      }
    }
    for (const d of created) {
      try {
        rmdirSync(d); // only succeeds when empty: someone else's policies stay
      } catch {
        break;
      }
    }
  };
  const write = (v: Record<string, unknown>) => {
    if (removed) throw new Error(`${path} was already removed`);
    writeFileSync(temp, JSON.stringify({ '3rdparty': { extensions: { [extensionId]: v } } }, null, 2), { mode: 0o644 });
    renameSync(temp, path);
  };

  // Last resort if afterAll never runs (an interrupted run): 'exit' handlers must be synchronous.
  process.on('exit', remove);
  try {
    write(values);
  } catch (error) {
    remove();
    throw error;
  }
  return { path, write, remove };
}

/**
 * Makes Chromium re-read its policy now, as an administrator would: chrome://policy →
 * "Reload policies" (a cr-button with id `reload-policies` inside the page's shadow DOM, which
 * Playwright's CSS locators pierce). Chromium also notices file changes by itself, later.
 */
export async function reloadChromiumPolicies(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto('chrome://policy');
    await page.locator('#reload-policies').click();
  } finally {
    await page.close();
  }
}
