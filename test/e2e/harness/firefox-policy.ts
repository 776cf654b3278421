// Installs a Firefox enterprise policy for one add-on, the way an administrator does: a
// `policies.json` in the `distribution` folder next to the Firefox binary, with
// `{"policies": {"3rdparty": {"Extensions": {"<add-on id>": {...}}}}}` (Firefox fills storage.managed from policies.json), which
// Firefox hands to the add-on as storage.managed. Firefox reads it at start-up only, so install
// it before launching. Machine-wide like the Chromium policy file: run under the e2e lock, and
// it is removed in afterAll and, as a last resort, when the test process exits. Needs root.
import { existsSync, mkdirSync, realpathSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findBrowser } from '../../../scripts/lib/browsers.mjs';

export const FIREFOX_ADDON_ID = 'linklens@linklens.dev';

/** Why a policies.json cannot be installed here, or null. */
export function firefoxPolicyBlocker(): string | null {
  const uid = process.getuid?.();
  if (uid === undefined) return 'this platform has no POSIX user ids';
  if (uid !== 0) return `not running as root (uid ${uid}): the distribution folder next to Firefox is root's`;
  if (!findBrowser('firefox')) return 'Firefox not found';
  return null;
}

/** The `distribution` folder of the Firefox that the tests launch (Debian: /usr/lib/firefox-esr/distribution). */
export function firefoxDistributionDir(): string {
  const bin = findBrowser('firefox');
  if (!bin) throw new Error('Firefox not found');
  return join(dirname(realpathSync(bin)), 'distribution');
}

export function installFirefoxPolicy(
  values: Record<string, unknown>,
  addonId = FIREFOX_ADDON_ID,
): { path: string; remove(): void } {
  const dir = firefoxDistributionDir();
  const path = join(dir, 'policies.json');
  if (existsSync(path)) throw new Error(`${path} already exists: refusing to replace a policy this test did not write`);
  mkdirSync(dir, { recursive: true });
  const temp = join(dirname(dir), `.policies.${process.pid}.tmp`);
  writeFileSync(temp, JSON.stringify({ policies: { '3rdparty': { Extensions: { [addonId]: values } } } }, null, 2), {
    mode: 0o644,
  });
  renameSync(temp, path);
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    process.off('exit', remove);
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.on('exit', remove);
  return { path, remove };
}
