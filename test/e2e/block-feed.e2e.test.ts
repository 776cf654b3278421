// The organization's block feed (policy blockFeedUrl) in a running browser: a host the security
// team adds to the feed is blocked at the extension's next refresh by the browser's own rules, so
// the blocked site's server receives nothing; with the feed server gone, the last copy stays in
// force and the failure shows as a policy problem. One definition, both browsers (the policy is
// machine-wide: run under the shared e2e lock).
//
// The refresh: the policy's interval has a floor of 15 minutes, so the test does not wait for it.
// It fires the extension's own refresh alarm early (alarms.create with the same name from an
// extension page, the way the browser fires it when the period is up); the background's alarm
// handler then fetches exactly as it does on schedule. The unit tests check the period itself
// (test/unit/background/remote/remote-policy.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selectedBrowsers } from './harness';
import { waitFor } from './harness/wait-for';
import { browserPolicyBlocker } from './harness/browser-policy';
import { blockedDetails, visitBlocked } from './harness/blocked-page';
import { blocksDomain } from './harness/block-rules';
import { startFeedServer, type FeedServer } from './harness/feed-server';
import { siteHits } from './harness/site-hits';
import { request, startWorld, stopWorld, waitForPolicy, type World as BaseWorld } from './harness/world';
import type { BlockedDetailsData, ReportingStatusData } from '../../src/shared/messaging/protocol';

/** The feed's refresh alarm (src/background/remote/remote-policy.ts REMOTE_ALARMS; that module needs the extension's APIs). */
const FEED_ALARM = 'linklens-block-feed';

interface World extends BaseWorld {
  feed: FeedServer;
}

/** The feed's refresh alarm, fired now from an extension page (see the header). */
async function fireRefresh(w: World): Promise<void> {
  const page = await w.driver.openExtensionPage('popup.html');
  await page.evaluate((name) => {
    const g = globalThis as unknown as {
      browser?: { alarms: { create(n: string, o: object): unknown } };
      chrome?: { alarms: { create(n: string, o: object): unknown } };
    };
    return void (g.browser ?? g.chrome)!.alarms.create(name, { when: Date.now() });
  }, FEED_ALARM);
  await page.close();
}

/** Opens `url` from a web page, as a click would, and returns the blocked page's details. */
async function navigateToBlocked(w: World, url: string): Promise<BlockedDetailsData> {
  const { tab, token } = await visitBlocked(w, url, 'start-feed.test');
  const details = await blockedDetails(w, token);
  await tab.close();
  return details;
}

async function hostAddedToTheFeedIsBlocked(w: World): Promise<void> {
  // The first read, when the policy named the feed, happened at start.
  await waitFor(
    'the first feed read',
    () => w.feed.requests.length,
    (n) => n >= 1,
    30_000,
  );
  expect(blocksDomain((await w.driver.extensionRules()).dynamic, 'fleet-found.test')).toBe(false);

  // The security team adds a host; one refresh later the browser blocks it.
  w.feed.publish('# fleet feed\nalready-known.test\nfleet-found.test\n');
  const before = w.feed.requests.length;
  await fireRefresh(w);
  const asked = await waitFor(
    'the refresh',
    () => w.feed.requests.slice(before),
    (r) => r.length >= 1,
    30_000,
  );
  // It asked with the ETag of the copy it had; the file changed, so the server sent it.
  expect(asked[0]).toMatchObject({ status: 200, ifNoneMatch: w.feed.requests[before - 1]!.etag });
  await waitFor(
    'the block rule for the new feed host',
    () => w.driver.extensionRules(),
    (r) => blocksDomain(r.dynamic, 'fleet-found.test'),
    20_000,
  );

  const details = await navigateToBlocked(w, w.pages.url('fleet-found.test', '/login'));
  expect(details.rule).toEqual({ rule: 'orgBlockList', entry: 'fleet-found.test' });
  expect(siteHits(w, 'fleet-found.test')).toBe(0);
}

async function feedServerDownKeepsTheLastCopy(w: World): Promise<void> {
  await w.feed.stop();
  await fireRefresh(w);
  // The failed fetch is seen where policy problems are shown (options, reporting.status).
  await waitFor(
    'the feed problem',
    () => request<ReportingStatusData>(w, { type: 'reporting.status' }),
    (s) => s.policyProblems.includes('blockFeedUrl:unreachable'),
    30_000,
    250,
  );
  expect(blocksDomain((await w.driver.extensionRules()).dynamic, 'fleet-found.test')).toBe(true);
  const details = await navigateToBlocked(w, w.pages.url('fleet-found.test', '/again'));
  expect(details.rule).toEqual({ rule: 'orgBlockList', entry: 'fleet-found.test' });
  expect(siteHits(w, 'fleet-found.test')).toBe(0);
}

for (const kind of selectedBrowsers()) {
  const label = kind === 'firefox' ? 'Firefox' : 'Chromium';
  const blocker = browserPolicyBlocker(kind);
  describe(`${label}: the organization's block feed${blocker ? ` [SKIPPED: ${blocker}]` : ''}`, () => {
    const w = {} as World;
    beforeAll(async () => {
      if (blocker) return;
      w.feed = await startFeedServer('# fleet feed\nalready-known.test\n');
      Object.assign(
        w,
        await startWorld(kind, {
          policy: (svc) => ({
            serviceUrl: svc.baseUrl,
            apiKey: svc.demoKey,
            blockFeedUrl: w.feed.url,
            remoteRefreshMinutes: 15,
          }),
        }),
      );
      await waitForPolicy(w, 'the policy in settings.get', (d) => d.managedKeys.includes('blockFeedUrl'), 250);
    }, 90_000);
    afterAll(async () => {
      await stopWorld(w);
      await w.feed?.stop().catch(() => undefined);
    });

    test.skipIf(blocker !== null)(
      'a host added to the feed is blocked after one refresh, before its request',
      () => hostAddedToTheFeedIsBlocked(w),
      120_000,
    );
    test.skipIf(blocker !== null)(
      'the feed server down: the last copy stays in force, the failure is a policy problem',
      () => feedServerDownKeepsTheLastCopy(w),
      90_000,
    );
    test.skipIf(blocker !== null)('no extension errors', async () => {
      expect(await w.driver.takeErrors()).toEqual([]);
    });
  });
}
