// The browser installer's decisions (docs/decisions/019-toolchain.md): which browser version is good enough, and
// whether to use, install or upgrade it. Examples first; ensureBrowser only carries them out.
import { describe, expect, test } from 'vitest';
import { MIN_MAJOR, browserAction, parseMajor } from '../../../scripts/lib/browsers.mjs';

describe('parseMajor', () => {
  test.each([
    ['Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)', 156],
    ['Chromium 150.0.7871.2 built on Debian GNU/Linux 12 (bookworm)', 150],
    ['Mozilla Firefox 153.7.0esr', 153],
    ['Mozilla Firefox 140.3.1esr', 140],
    ['Google Chrome 131.0.6778.85 ', 131],
    ['', null],
    ['no version here', null],
  ])('%j → %j', (line, major) => expect(parseMajor(line)).toBe(major));
});

describe('browserAction', () => {
  const base = { found: true, explicit: false, major: 156, min: 150, canApt: true };
  test.each([
    ['found, new enough', {}, 'use'],
    ['found, exactly the minimum', { major: 150 }, 'use'],
    ['found, version unreadable', { major: null }, 'use'],
    ['missing, root with apt-get', { found: false, major: null }, 'install'],
    ['missing, no apt-get', { found: false, major: null, canApt: false }, 'fail'],
    ['too old (firefox-esr 140 from stale lists), root', { major: 140 }, 'upgrade'],
    ['too old, no apt-get', { major: 140, canApt: false }, 'fail'],
    [
      'too old but chosen with CHROME_PATH/FIREFOX_PATH: never replaced behind the person',
      { major: 140, explicit: true },
      'fail',
    ],
  ] as const)('%s → %s', (_name, patch, action) => {
    expect(browserAction({ ...base, ...patch }).action).toBe(action);
  });

  test('the Firefox minimum excludes the firefox-esr 140 that stale package lists install', () => {
    expect(MIN_MAJOR.firefox).toBeGreaterThan(140);
    expect(browserAction({ ...base, major: 140, min: MIN_MAJOR.firefox }).action).toBe('upgrade');
  });
});
