// Finds the browsers the browser suite drives, and installs Debian's package when it may
// (CHROME_PATH, else /usr/bin/chromium, chromium-browser, google-chrome; and npm test finds Firefox the way
// it finds Chromium: docs/decisions/018-tests.md). Shared by scripts/test.mjs and the e2e
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
 * The oldest major version the browser suite is known to need. Firefox: the harness reads
 * extension errors from the browser window's chrome scope over WebDriver BiDi, which firefox-esr
 * 153 lists and 140 does not (apt-get update first, or the browsers are too old). Chromium: declarativeNetRequest session rules
 * with tab ids and MV3 service-worker control over CDP; tested on 156, and stale Debian lists give
 * 150, which we accept.
 */
export const MIN_MAJOR = { chromium: 150, firefox: 150 };

/** The major version in a `--version` line ("Chromium 156.0.8078.79 built on …", "Mozilla Firefox 153.7.0esr"). */
export function parseMajor(versionLine) {
  const m = /(?:^|\s)(\d{2,4})\.\d+/.exec(String(versionLine ?? ''));
  return m ? Number(m[1]) : null;
}

/**
 * What to do about one browser (pure; examples in test/unit/scripts/browsers.test.ts):
 * 'use' it, 'install' it, 'upgrade' it, or 'fail' with a reason. An explicit CHROME_PATH /
 * FIREFOX_PATH is the person's choice: never upgraded behind their back, only reported.
 * @param {{found: boolean, explicit: boolean, major: number | null, min: number, canApt: boolean}} s
 * @returns {{action: 'use' | 'install' | 'upgrade' | 'fail', why: string}}
 */
export function browserAction({ found, explicit, major, min, canApt: apt }) {
  if (!found)
    return apt
      ? { action: 'install', why: 'not found' }
      : { action: 'fail', why: 'not found and cannot install (not root, or no apt-get)' };
  if (major === null) return { action: 'use', why: 'version unknown: using it as found' };
  if (major >= min) return { action: 'use', why: `version ${major} ≥ ${min}` };
  if (explicit) return { action: 'fail', why: `version ${major} < ${min}, and it was chosen explicitly` };
  return apt
    ? { action: 'upgrade', why: `version ${major} < ${min}` }
    : { action: 'fail', why: `version ${major} < ${min} and cannot upgrade (not root, or no apt-get)` };
}

/** `<path> --version`, or '' when it cannot be run. */
export function browserVersion(path) {
  const r = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  return (r.stdout ?? '').trim();
}

function aptInstall(pkg, log) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  // A fresh machine's package lists are stale (apt-get update first, or the browsers are too old): without the update, apt-get
  // installs Chromium 150 and firefox-esr 140. Always refresh first.
  log(`apt-get update, then apt-get install ${pkg} ...`);
  return run(['update', '-q']) && run(['install', '-y', '-q', pkg]);
}

/**
 * Finds the browser, checks its version against MIN_MAJOR, and (root with apt-get) installs or
 * upgrades Debian's package after refreshing the package lists. Throws an Error saying how to get
 * a suitable one otherwise. `report` receives what was decided and done, one line.
 * @param {'chromium' | 'firefox'} kind
 * @param {{log?: (line: string) => void}} [options]
 * @returns {string}
 */
export function ensureBrowser(kind, { log = console.log } = {}) {
  const spec = BROWSERS[kind];
  const min = MIN_MAJOR[kind];
  const found = findBrowser(kind);
  const major = found ? parseMajor(browserVersion(found)) : null;
  const plan = browserAction({ found: !!found, explicit: !!process.env[spec.env], major, min, canApt: canApt() });
  if (plan.action === 'use') {
    log(`${spec.label}: ${found} (${plan.why})`);
    return /** @type {string} */ (found);
  }
  if (plan.action === 'fail') {
    throw new Error(
      `${spec.label}: ${plan.why}.\n${howToGet(kind)}\n  The browser suite needs ${spec.label} ${min} or newer.`,
    );
  }
  log(
    `${spec.label} ${plan.why}: ${plan.action === 'install' ? 'installing' : 'upgrading'} Debian's ${spec.aptPackage} (apt-get, root) ...`,
  );
  const ok = aptInstall(spec.aptPackage, log);
  const after = ok ? findBrowser(kind) : undefined;
  if (!after) throw new Error(`apt-get could not install ${spec.aptPackage}.\n${howToGet(kind)}`);
  const afterMajor = parseMajor(browserVersion(after));
  if (afterMajor !== null && afterMajor < min) {
    throw new Error(
      `${spec.label}: apt-get gave version ${afterMajor}, older than the ${min} the browser suite needs. Point ${spec.env} at a newer ${spec.label}.`,
    );
  }
  log(
    `${spec.label}: ${after} (${plan.action === 'install' ? 'installed' : 'upgraded'}: version ${afterMajor ?? 'unknown'})`,
  );
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
  const wanted = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = wanted.filter((w) => !(w in BROWSERS));
  if (unknown.length)
    throw new Error(`LINKLENS_E2E_BROWSERS: unknown browser(s) ${unknown.join(', ')} (use chromium, firefox).`);
  return /** @type {Array<'chromium' | 'firefox'>} */ (Object.keys(BROWSERS).filter((k) => wanted.includes(k)));
}
