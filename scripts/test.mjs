#!/usr/bin/env node
// `npm test`: runs every suite and ends with one plain line `N passed, N failed` summing them all
// (CI reads that line, not vitest's summary).
//   1. unit + service + contract tests: vitest.config.ts
//   2. browser tests: vitest.e2e.config.ts, after finding (or installing) the browsers and
//      building the extension for each of them
// Options: --unit-only, --browser-only. Env: CHROME_PATH, FIREFOX_PATH, LINKLENS_E2E_BROWSERS.
// Skipped and todo tests are reported separately and never counted as passed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSERS, ensureBrowser, selectedBrowsers } from './lib/browsers.mjs';
import { ensureBuilt } from './lib/build.mjs';
import { countResults } from './lib/vitest-report.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = join(ROOT, 'test-results');
const VITEST = join(ROOT, 'node_modules', '.bin', 'vitest');

function parseArgs(argv) {
  const known = new Set(['--unit-only', '--browser-only']);
  const unknown = argv.filter((a) => !known.has(a));
  if (unknown.length) throw new Error(`Unknown option(s): ${unknown.join(' ')}. Use --unit-only or --browser-only.`);
  const unitOnly = argv.includes('--unit-only');
  const browserOnly = argv.includes('--browser-only');
  if (unitOnly && browserOnly) throw new Error('--unit-only and --browser-only exclude each other.');
  return { unit: !browserOnly, browser: !unitOnly };
}

function heading(text) {
  console.log(`\n=== ${text} ===`);
}

function runVitest(name, configArgs, env) {
  const out = join(RESULTS_DIR, `${name}.json`);
  rmSync(out, { force: true });
  const args = ['run', ...configArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const result = spawnSync(VITEST, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  let report;
  try {
    report = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    report = undefined;
  }
  return countResults(report, result.status ?? 1);
}

/** Finds the browsers and builds the extension for each; a failure here fails the suite. */
function prepareBrowserSuite() {
  // Tells test/e2e/harness/global-setup.ts that browsers and builds are already taken care of.
  const env = { LINKLENS_E2E_PREPARED: '1' };
  for (const kind of selectedBrowsers()) {
    const path = ensureBrowser(kind);
    env[BROWSERS[kind].env] = path;
    ensureBuilt(ROOT, kind);
  }
  return env;
}

function main() {
  const which = parseArgs(process.argv.slice(2));
  mkdirSync(RESULTS_DIR, { recursive: true });
  const suites = [];

  if (which.unit) {
    heading('Unit, service and contract tests (vitest.config.ts)');
    suites.push({ name: 'unit/service/contract', ...runVitest('unit', ['--passWithNoTests'], {}) });
  }
  if (which.browser) {
    heading('Browser tests (vitest.e2e.config.ts)');
    let env;
    try {
      env = prepareBrowserSuite();
    } catch (error) {
      console.error(`\nThe browser suite cannot run:\n${error instanceof Error ? error.message : error}\n`);
    }
    suites.push(
      env
        ? { name: 'browser', ...runVitest('e2e', ['-c', 'vitest.e2e.config.ts'], env) }
        : {
            name: 'browser',
            passed: 0,
            failed: 1,
            skipped: 0,
            files: 0,
            note: 'not run: browser or build missing (see above)',
          },
    );
  }

  heading('Summary');
  for (const s of suites) {
    console.log(
      `${s.name}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (${s.files} test file${s.files === 1 ? '' : 's'})${s.note ? ` — ${s.note}` : ''}`,
    );
  }
  const sum = (key) => suites.reduce((n, s) => n + s[key], 0);
  const skipped = sum('skipped');
  if (skipped) console.log(`skipped or todo: ${skipped} (not counted as passed)`);
  const failed = sum('failed');
  console.log(`${sum('passed')} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

try {
  main();
} catch (error) {
  // Bad options and the like: still end with the line CI reads.
  console.error(error instanceof Error ? error.message : error);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
}
