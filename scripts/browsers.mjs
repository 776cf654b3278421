#!/usr/bin/env node
// Finds, installs or upgrades the browsers the browser suite drives, and says what it did (so
// README's commands work on a fresh machine): `node scripts/browsers.mjs` (both) or `node scripts/browsers.mjs firefox`. It is the same
// code path `npm test` and `npm start` take (scripts/lib/browsers.mjs): on a fresh Debian machine
// as root it refreshes the package lists, installs Debian's chromium / firefox-esr, and checks the
// version against the minimum; `.ci/run` calls it so CI exercises that path.
import { BROWSERS, MIN_MAJOR, browserVersion, ensureBrowser } from './lib/browsers.mjs';

const wanted = process.argv.slice(2);
const kinds = wanted.length ? wanted : Object.keys(BROWSERS);
let failed = false;
for (const kind of kinds) {
  if (!(kind in BROWSERS)) {
    console.error(`Unknown browser "${kind}" (use ${Object.keys(BROWSERS).join(', ')}).`);
    failed = true;
    continue;
  }
  try {
    const path = ensureBrowser(kind);
    console.log(`${BROWSERS[kind].label} ready: ${browserVersion(path) || path} (minimum ${MIN_MAJOR[kind]})`);
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
