// While a page's check runs (without strict mode the page loads meanwhile), its password field
// does not take the password and its form waits for the verdict (src/content/hold/,
// shared/policy/pending-hold.ts), in Chromium and Firefox. The check takes 6 s (the service's
// "slow" rule: 5 × 1.2 s); the person types the password and presses Enter at once, on the real
// keyboard. Asserted on what the site's server received (harness/login-site.ts: its page script
// reports every key, input and value of the field it gets hold of):
//
// | page                       | what the site's server gets                         | tab ends on        |
// | -------------------------- | --------------------------------------------------- | ------------------ |
// | phishing (verdict blocks)  | the page's GET only: no POST, nothing with the key  | the blocked page   |
// | safe                       | the POST with the typed password, after the verdict | the signed-in page |
// | phishing, the setting off  | the keys (its script) and the POST, before verdict  | (the blocked page) |
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extensionDir, selectedBrowsers } from './harness';
import type { JourneyDriver, JourneyPage } from './harness/driver';
import { chromiumDriver } from './harness/driver-chromium';
import { firefoxDriver } from './harness/driver-firefox';
import { startLoginSite, type LoginSite } from './harness/login-site';
import { waitFor } from './harness/wait-for';
import { request } from './harness/world';
import { isBlockedPage } from './harness/blocked-page';
import { startService, type ScanningService } from '../service/server';
import enJson from '../../public/_locales/en/messages.json';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };
/** ×5 for hosts with "slow" in their name (test/service/README.md): a 6 s check. */
const PROCESSING_MS = 1200;
const CHECK_MS = 5 * PROCESSING_MS;
/** The note's words, as the person reads them under the field. */
const NOTE = (enJson as Record<string, { message: string }>).cs_hold_checking!.message;

interface World {
  driver: JourneyDriver;
  svc: ScanningService;
  site: LoginSite;
}

/** When the service was first asked about `host` (its check can end no sooner than CHECK_MS later). */
const askedAt = (w: World, host: string) =>
  w.svc.log.find((e) => e.method === 'POST' && JSON.stringify(e.body ?? '').includes(host))?.at;

/** Opens the sign-in page while its check runs, and types the password and Enter into it at once. */
async function signInAtOnce(w: World, host: string, password: string): Promise<JourneyPage> {
  const tab = await w.driver.openWebPage(w.site.url(host));
  await tab.evaluate(() => document.getElementById('pw')!.focus());
  for (const ch of password) await tab.press(ch);
  await tab.press('Enter');
  const asked = askedAt(w, host);
  // Typed while the check was still running: otherwise this journey proves nothing.
  expect(asked, 'the navigation asked the service').toBeDefined();
  expect(Date.now()).toBeLessThan(asked! + CHECK_MS - 1000);
  return tab;
}

async function phishingGetsNothing(w: World): Promise<void> {
  const host = `slow-phish-${w.driver.kind}.test`;
  const password = `hunter2x${w.driver.kind}`;
  const tab = await signInAtOnce(w, host, password);
  await waitFor(
    'the blocked page',
    () => tab.currentUrl(),
    (u) => isBlockedPage(w, u),
    CHECK_MS + 15_000,
  );
  const got = w.site.to(host);
  expect(got.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /login']);
  expect(got.filter((r) => r.body.includes(password) || r.path.includes(password))).toEqual([]);
  await tab.close();
}

async function safeSiteGetsItAfterTheVerdict(w: World): Promise<void> {
  const host = `slow-shop-${w.driver.kind}.test`;
  const password = `correcthorse${w.driver.kind}`;
  const tab = await signInAtOnce(w, host, password);
  // The note under the field while it waits (text in a closed shadow root: the accessibility tree sees it).
  await waitFor(
    'the note under the field',
    () => tab.accessibleNodes(),
    (nodes) => nodes.some((n) => n.name.includes(NOTE.slice(0, 30))),
    CHECK_MS - 2000,
  );
  const post = await waitFor(
    'the sign-in POST',
    () => w.site.to(host).find((r) => r.method === 'POST' && r.path === '/signin'),
    (r) => r !== undefined,
    CHECK_MS + 15_000,
  );
  expect(new URLSearchParams(post!.body).get('pw')).toBe(password);
  expect(new URLSearchParams(post!.body).get('user')).toBe('alex');
  // Not before the verdict could exist, and the page's script learnt nothing of the password before it either.
  const verdictAt = askedAt(w, host)! + CHECK_MS;
  expect(post!.at).toBeGreaterThanOrEqual(verdictAt - 100);
  const early = w.site.to(host).filter((r) => r.path === '/leak' && r.at < verdictAt - 100);
  expect(early).toEqual([]);
  await waitFor(
    'the signed-in page',
    () => tab.currentUrl(),
    (u) => u === w.site.url(host, '/signin'),
    10_000,
  );
  await tab.close();
}

/**
 * The control: with the setting off the same typing on a phishing page reaches its server before
 * the verdict (the kit's script reads the keys, the form posts), so the journeys above can fail.
 */
async function offLetsItThrough(w: World): Promise<void> {
  await request(w, { type: 'settings.set', patch: { holdWhileChecking: false } });
  try {
    const host = `slow-phish-off-${w.driver.kind}.test`;
    const password = `leakedpw${w.driver.kind}`;
    await signInAtOnce(w, host, password);
    const post = await waitFor(
      'the sign-in POST',
      () => w.site.to(host).find((r) => r.method === 'POST' && r.path === '/signin'),
      (r) => r !== undefined,
      CHECK_MS,
    );
    expect(post!.at).toBeLessThan(askedAt(w, host)! + CHECK_MS);
    expect(new URLSearchParams(post!.body).get('pw')).toBe(password);
    expect(w.site.to(host).some((r) => r.path === '/leak' && r.body.includes(password))).toBe(true);
  } finally {
    await request(w, { type: 'settings.set', patch: { holdWhileChecking: true } });
  }
}

for (const kind of selectedBrowsers()) {
  describe(`${kind === 'firefox' ? 'Firefox' : 'Chromium'}: passwords and forms wait while the page is checked`, () => {
    const w = {} as World;
    beforeAll(async () => {
      w.site = await startLoginSite();
      w.svc = await startService({ processingDelayMs: PROCESSING_MS, keepAliveMs: 500 });
      w.driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind) });
      await request(w, { type: 'settings.set', patch: { serviceUrl: w.svc.baseUrl, apiKey: w.svc.demoKey } });
    }, 60_000);
    afterAll(async () => {
      await w.driver?.close();
      await w.site?.stop();
      await w.svc?.stop();
    });

    test(
      'a phishing page: the password typed and Enter pressed at once reach nothing; the tab ends on the blocked page',
      () => phishingGetsNothing(w),
      60_000,
    );
    test(
      'a safe page: the same submission reaches its server, password intact, once the verdict is in',
      () => safeSiteGetsItAfterTheVerdict(w),
      60_000,
    );
    test(
      'turned off: the same typing on a phishing page reaches its server before the verdict',
      () => offLetsItThrough(w),
      60_000,
    );
  });
}
