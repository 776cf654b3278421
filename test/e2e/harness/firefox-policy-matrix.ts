// Installs a Firefox enterprise policy for one add-on, the way an administrator does on Linux
// (toolchain note 22): `policies.json` in the `distribution` folder beside the Firefox binary,
// `{"policies": {"3rdparty": {"Extensions": {"<gecko id>": {...}}}}}`, which Firefox hands to the
// add-on as storage.managed. Firefox reads it at start-up: install it before launching.
//
// The file applies to every Firefox started from this installation while it exists, so it lives
// only as long as a test needs it (remove() in afterAll, and on process exit as a last resort),
// and the e2e lock (/tmp/linklens-e2e.lock) keeps other test runs from starting Firefox meanwhile.
import { accessSync, constants, existsSync, mkdirSync, realpathSync, renameSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findBrowser } from '../../../scripts/lib/browsers.mjs';

/** The distribution folder of the Firefox the tests run (`/usr/lib/firefox-esr/distribution` on Debian). */
export function firefoxDistributionDir(executable = findBrowser('firefox')): string | null {
  if (!executable) return null;
  return join(dirname(realpathSync(executable)), 'distribution');
}

/** Why this process cannot install a Firefox policy, or null when it can. */
export function firefoxPolicyBlocker(): string | null {
  const dir = firefoxDistributionDir();
  if (!dir) return 'Firefox not found';
  const uid = process.getuid?.();
  if (uid !== 0) return `not running as root (uid ${uid ?? 'unknown'}): ${dir} belongs to root`;
  const file = join(dir, 'policies.json');
  if (existsSync(file)) return `${file} exists already (not ours): it is left alone`;
  try {
    if (existsSync(dir)) accessSync(realpathSync(dir), constants.W_OK);
  } catch {
    return `${dir} is not writable`;
  }
  return null;
}

export interface InstalledFirefoxPolicy {
  path: string;
  remove(): void;
}

export function installFirefoxPolicy(addonId: string, values: Record<string, unknown>): InstalledFirefoxPolicy {
  const blocker = firefoxPolicyBlocker();
  if (blocker) throw new Error(`Cannot install a Firefox policy: ${blocker}`);
  const dir = firefoxDistributionDir()!;
  const path = join(dir, 'policies.json');
  const createdDir = !existsSync(dir);
  mkdirSync(dir, { recursive: true, mode: 0o755 });
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
    if (createdDir) {
      try {
        // Only when empty; Debian's own distribution folder (search plugins) stays.
        rmdirSync(dir);
      } catch {
        // not empty, or gone
      }
    }
  };
  process.on('exit', remove);
  try {
    // Written whole, then renamed: Firefox never reads half a file.
    const temp = join(dir, `.policies.json.${process.pid}.tmp`);
    writeFileSync(temp, JSON.stringify({ policies: { '3rdparty': { Extensions: { [addonId]: values } } } }, null, 2), { mode: 0o644 });
    renameSync(temp, path);
  } catch (error) {
    remove();
    throw error;
  }
  return { path, remove };
}
