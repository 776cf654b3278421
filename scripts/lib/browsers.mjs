// Finds the browsers the browser suite drives, and installs Debian's package when it may
// (issue 2 §1: CHROME_PATH, else /usr/bin/chromium, chromium-browser, google-chrome; issue 6:
// "npm test finds Firefox the way it finds Chromium"). Shared by scripts/test.mjs and the e2e
// global setup, so `npx vitest -c vitest.e2e.config.ts` behaves like `npm test`.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { spawnSync } from 'node:child_process';

/** @type {Record<'chromium' | 'firefox', {label: string, env: string, names: string[], aptPackage: string}>} */
export const BROWSERS = {
  chromium: {
    label: 'Chromium',
    env: 'CHROME_PATH',
    names: ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'],
    aptPackage: 'chromium',
  },
  firefox: {
    label: 'Firefox',
    env: 'FIREFOX_PATH',
    names: ['firefox-esr', 'firefox'],
    aptPackage: 'firefox-esr',
  },
};

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** /usr/bin first (the Debian packages), then the rest of PATH. */
function candidates(names) {
  const dirs = ['/usr/bin', ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)];
  return [...new Set(names.flatMap((name) => dirs.map((dir) => join(dir, name))))];
}

/**
 * The browser's executable, or undefined when none is found. An explicit env path that does not
 * exist is an error (a typo should not silently fall back to another browser).
 * @param {'chromium' | 'firefox'} kind
 * @returns {string | undefined}
 */
export function findBrowser(kind) {
  const spec = BROWSERS[kind];
  const explicit = process.env[spec.env];
  if (explicit) {
    if (!isExecutable(explicit)) {
      throw new Error(`${spec.env}=${explicit} is not an executable file. Fix or unset ${spec.env}.`);
    }
    return explicit;
  }
  return candidates(spec.names).find(isExecutable);
}

function canApt() {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return root && candidates(['apt-get']).some(isExecutable);
}

function howToGet(kind) {
  const spec = BROWSERS[kind];
  return (
    `${spec.label} was not found (looked at $${spec.env}, then ${spec.names.join(', ')} in /usr/bin and PATH).\n` +
    `  Install it:   sudo apt-get install -y ${spec.aptPackage}     (Debian/Ubuntu)\n` +
    `  or point to one:   ${spec.env}=/path/to/${spec.names[0]} npm test`
  );
}

/**
 * Finds the browser; when missing and we are root with apt-get, installs Debian's package.
 * Throws an Error whose message says how to get one otherwise.
 * @param {'chromium' | 'firefox'} kind
 * @param {{log?: (line: string) => void}} [options]
 * @returns {string}
 */
export function ensureBrowser(kind, { log = console.log } = {}) {
  const found = findBrowser(kind);
  if (found) return found;
  if (!canApt()) throw new Error(howToGet(kind));

  const spec = BROWSERS[kind];
  log(`${spec.label} not found: installing Debian's ${spec.aptPackage} with apt-get (root) ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  // Install first from the existing package lists; update them only when that fails.
  const ok = run(['install', '-y', '-q', spec.aptPackage]) || (run(['update', '-q']) && run(['install', '-y', '-q', spec.aptPackage]));
  const after = ok ? findBrowser(kind) : undefined;
  if (!after) throw new Error(`apt-get could not install ${spec.aptPackage}.\n${howToGet(kind)}`);
  return after;
}

/**
 * The browsers the browser suite runs in: all of them, unless LINKLENS_E2E_BROWSERS names a subset
 * (e.g. `LINKLENS_E2E_BROWSERS=chromium` while iterating). Tests for other browsers are then not
 * defined at all, rather than reported as skipped.
 * @returns {Array<'chromium' | 'firefox'>}
 */
export function selectedBrowsers() {
  const raw = process.env.LINKLENS_E2E_BROWSERS;
  if (!raw) return ['chromium', 'firefox'];
  const wanted = raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const unknown = wanted.filter((w) => !(w in BROWSERS));
  if (unknown.length) throw new Error(`LINKLENS_E2E_BROWSERS: unknown browser(s) ${unknown.join(', ')} (use chromium, firefox).`);
  return /** @type {Array<'chromium' | 'firefox'>} */ (Object.keys(BROWSERS).filter((k) => wanted.includes(k)));
}
