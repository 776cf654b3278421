// An organization's block list with wildcard and path entries, and its actions by category, in a
// running browser under a managed policy: the browser's own rules stop the request, so the
// blocked site's server receives nothing, while the rest of a path-blocked site still loads.
// One definition, both browsers (the policy is machine-wide: run under the shared e2e lock).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selectedBrowsers } from './harness';
import type { JourneyDriver } from './harness/driver';
import { waitFor } from './harness/wait-for';
import { backgroundIdle } from './harness/background-idle';
import { browserPolicyBlocker } from './harness/browser-policy';
import { blockedDetails, visitBlocked } from './harness/blocked-page';
import { blocksByRegex } from './harness/block-rules';
import { siteHits } from './harness/site-hits';
import { request, startWorld, stopWorld, waitForPolicy, type World } from './harness/world';
import type { BlockedDetailsData, LinksLookupData } from '../../src/shared/messaging/protocol';

/** Requests `host` received, only those under `path` if given. */
const hits = (w: World, host: string, path?: string) =>
  siteHits(w, host, path === undefined ? undefined : (p) => p.startsWith(path));

/** The organization's message, with markup that must stay characters (branding). */
const ORG_MESSAGE = 'Call the <b>IT desk</b> on 1234 first.';

/** Opens `url` from a web page, as a click would, and returns the blocked page's details. */
async function navigateToBlocked(
  w: World,
  url: string,
  onPage?: (tab: Awaited<ReturnType<JourneyDriver['openWebPage']>>) => Promise<void>,
): Promise<BlockedDetailsData> {
  const { tab, token } = await visitBlocked(w, url, 'start-org.test');
  const details = await blockedDetails(w, token);
  await onPage?.(tab);
  await tab.close();
  return details;
}

async function pathEntryBlocksOnlyItsPath(w: World): Promise<void> {
  const bad = w.pages.url('shop-paths.test', '/phish/login?next=1');
  await waitFor(
    'the path rule in the browser',
    () => w.driver.extensionRules(),
    (r) => blocksByRegex(r.dynamic, bad),
    20_000,
  );
  const details = await navigateToBlocked(w, bad);
  expect(details.rule).toEqual({ rule: 'orgBlockList', entry: 'shop-paths.test/phish/*' });
  expect(hits(w, 'shop-paths.test', '/phish/')).toBe(0);

  // The rest of the site is not on the list: it loads.
  const ok = w.pages.url('shop-paths.test', '/cart');
  const tab = await w.driver.openTab(ok);
  await waitFor(
    'the cart page served',
    () => hits(w, 'shop-paths.test', '/cart'),
    (n) => n >= 1,
    20_000,
  );
  // A late redirect or load would be the background's: once it is idle, none is coming.
  await backgroundIdle(w.driver);
  expect(await tab.currentUrl()).toBe(ok);
  await tab.close();
  expect(hits(w, 'shop-paths.test', '/phish/')).toBe(0);
}

async function wildcardEntryBlocksSubdomains(w: World): Promise<void> {
  const bad = w.pages.url('login.wild-org.test', '/');
  const details = await navigateToBlocked(w, bad, async (tab) => {
    // The organization's brand and message on the blocked page, as text.
    const shown = await waitFor(
      'the brand and the message',
      () =>
        tab.evaluate(() => ({
          brand: document.querySelector('.brand-name')?.textContent ?? null,
          message: document.querySelector('.org-message')?.textContent ?? null,
          bold: document.querySelectorAll('.org-message b').length,
        })),
      (x) => x.brand !== null && x.message !== null,
      15_000,
    );
    expect(shown).toEqual({ brand: 'Example Corp', message: ORG_MESSAGE, bold: 0 });
  });
  expect(details.rule).toEqual({ rule: 'orgBlockList', entry: '*.wild-org.test' });
  expect(hits(w, 'login.wild-org.test')).toBe(0);
}

async function categoryBlockStopsTheRequest(w: World): Promise<void> {
  // The local service scores "adult" URLs 60 (adult_content): a warning by the thresholds alone.
  const url = w.pages.url('adult-videos.test', '/adult');
  await request(w, { type: 'scan.url', url, reason: 'popup' });
  const found = await waitFor(
    'a verdict for the adult page',
    () => request<LinksLookupData>(w, { type: 'links.lookup', urls: [url] }),
    (d) => d[url]?.status === 'verdict',
    15_000,
  );
  expect(found[url]).toMatchObject({ action: 'block', categories: ['adult_content'] });
  await waitFor(
    'a block rule for the adult page',
    () => w.driver.extensionRules(),
    (r) => blocksByRegex(r.dynamic, url),
    10_000,
  );
  const details = await navigateToBlocked(w, url);
  expect(details.rule).toEqual({ rule: 'categoryAction', level: 'block', score: 60, category: 'adult_content' });
  expect(hits(w, 'adult-videos.test')).toBe(0);
}

for (const kind of selectedBrowsers()) {
  const label = kind === 'firefox' ? 'Firefox' : 'Chromium';
  const blocker = browserPolicyBlocker(kind);
  describe(`${label}: the organization's wildcard and path entries and category actions${blocker ? ` [SKIPPED: ${blocker}]` : ''}`, () => {
    let w: World;
    beforeAll(async () => {
      if (blocker) return;
      w = await startWorld(kind, {
        policy: (svc) => ({
          serviceUrl: svc.baseUrl,
          apiKey: svc.demoKey,
          blocklist: ['shop-paths.test/phish/*', '*.wild-org.test'],
          categoryActions: { adult_content: 'block', scam: 'warn' },
          brandName: 'Example Corp',
          brandAccentColor: '#0b5fff',
          customWarningMessage: ORG_MESSAGE,
        }),
      });
      await waitForPolicy(
        w,
        'the policy in settings.get',
        (d) => d.managedKeys.includes('categoryActions') && d.managedKeys.includes('blocklist'),
        250,
      );
    }, 90_000);
    afterAll(() => stopWorld(w ?? {}));

    test.skipIf(blocker !== null)(
      'a path entry blocks that path before its request, and the rest of the site loads',
      () => pathEntryBlocksOnlyItsPath(w),
      90_000,
    );
    test.skipIf(blocker !== null)(
      "a *. entry blocks a subdomain before its request; the blocked page shows the organization's brand and message as text",
      () => wildcardEntryBlocksSubdomains(w),
      60_000,
    );
    test.skipIf(blocker !== null)(
      'a category the policy blocks is blocked before its request, though its score only warns',
      () => categoryBlockStopsTheRequest(w),
      60_000,
    );
    test.skipIf(blocker !== null)('no extension errors', async () => {
      expect(await w.driver.takeErrors()).toEqual([]);
    });
  });
}
