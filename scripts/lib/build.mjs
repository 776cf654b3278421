// Builds the extension for the browser suite, only when the build is missing or older than its
// sources: several people (or agents) may run the suite at once, so an up-to-date build is
// reused rather than rewritten under a running browser.
//
// These are TEST builds (LINKLENS_TEST_BUILD=1, read by wxt.config.ts): the browser tests, the
// demo (`npm start`) and the benchmarks map `*.test` host names to loopback servers and treat
// them as the web, which only a test build does (src/shared/url/privacy.ts). `npm run build` and
// `npm run zip` make the real thing, where `.test` is not a public name. A sidecar file next to
// the output (`<outDir>.build.json`) records that a build is a test build; a build made the other
// way (e.g. CI's `npm run build`) is therefore rebuilt here before the suite uses it.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

/** What `wxt build` reads. A directory's own mtime changes when a file is added or removed. */
const INPUTS = [
  'entrypoints',
  'src',
  'public',
  'assets',
  'wxt.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

/** @type {Record<'chromium' | 'firefox', {outDir: string, args: string[]}>} */
export const TARGETS = {
  chromium: { outDir: '.output/chrome-mv3', args: ['build'] },
  // --mv3: WXT builds Firefox as MV2 unless told otherwise; Linklens ships MV3 to both browsers.
  firefox: { outDir: '.output/firefox-mv3', args: ['build', '-b', 'firefox', '--mv3'] },
};

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * Why the build in outDir cannot be reused, or undefined when it can.
 * @param {string} root
 * @param {'chromium' | 'firefox'} target
 */
export function staleReason(root, target) {
  const manifestPath = join(root, TARGETS[target].outDir, 'manifest.json');
  if (!existsSync(manifestPath)) return 'no build yet';
  const built = statSync(manifestPath).mtimeMs;
  const sources = Math.max(...INPUTS.map((p) => newestMtime(join(root, p))));
  if (sources > built) return 'sources changed since the last build';
  // wxt.config.ts gives Chromium test builds the fixed development `key` (stable id for policy
  // tests) unless LINKLENS_STORE=1; a build made the other way round is not reusable.
  const wantKey = target === 'chromium' && process.env.LINKLENS_STORE !== '1';
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return 'unreadable manifest.json';
  }
  if (Boolean(manifest.key) !== wantKey) return 'manifest key presence differs from LINKLENS_STORE';
  const sidecar = sidecarPath(root, target);
  if (!existsSync(sidecar) || statSync(sidecar).mtimeMs < built) return 'not a test build (made by npm run build?)';
  try {
    if (JSON.parse(readFileSync(sidecar, 'utf8')).testBuild !== true) return 'not a test build';
  } catch {
    return 'unreadable build record';
  }
  return undefined;
}

/** Where ensureBuilt records how the build in outDir was made. */
function sidecarPath(root, target) {
  return join(root, `${TARGETS[target].outDir}.build.json`);
}

/**
 * Runs `wxt build` for the target unless the existing build is up to date.
 * Returns the absolute extension directory; throws when the build fails.
 * @param {string} root
 * @param {'chromium' | 'firefox'} target
 * @param {{force?: boolean, log?: (line: string) => void}} [options]
 * @returns {string}
 */
export function ensureBuilt(root, target, { force = false, log = console.log } = {}) {
  const { outDir, args } = TARGETS[target];
  const reason = force ? 'forced' : staleReason(root, target);
  if (reason) {
    log(`Building ${outDir} (${reason}): wxt ${args.join(' ')}`);
    const wxt = join(root, 'node_modules', '.bin', 'wxt');
    // NODE_ENV: the production build whoever asks. Run from inside vitest (a browser test file on
    // its own), the environment says NODE_ENV=test, and Vite then builds the pages' libraries in
    // their development form (a third larger), which `npm test` would later reuse as up to date.
    const env = { ...process.env, NODE_ENV: 'production', LINKLENS_TEST_BUILD: '1' };
    const result = spawnSync(wxt, args, { cwd: root, stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`wxt ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    writeFileSync(sidecarPath(root, target), JSON.stringify({ testBuild: true }) + '\n');
  }
  return join(root, outDir);
}
