// What a person sees first, in both browsers against the local scanning service: the first-run
// page's three steps (opened by the install itself), the options page's side navigation (deep
// links, back and forward, the keyboard), "Go back to safety" on the blocked page (to the page
// before, or to a new-tab page when there is none), and the popup's credits after a 402.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selectedBrowsers } from './harness';
import type { JourneyPage } from './harness/driver';
import { focusedElement, tabTo } from './harness/keyboard';
import { waitForOptionsGroup, type OptionsGroup } from './harness/options-page';
import { configureWorld, request, startWorld, stopWorld, tabUrls, type World } from './harness/pages-world';
import { waitFor } from './harness/wait-for';
import { isBlockedPage } from './harness/blocked-page';
import type { SettingsData, TabStatusData } from '../../src/shared/messaging/protocol';

/** Which group the options page shows, the link marked current, and the hash: read from the page. */
const optionsState = (page: JourneyPage) =>
  page.evaluate(() => ({
    hash: location.hash,
    shown: [...document.querySelectorAll<HTMLElement>('[data-group]')]
      .filter((g) => !g.hidden)
      .map((g) => g.dataset.group),
    current: document.querySelector('.side-nav [aria-current=page]')?.textContent ?? null,
  }));

/**
 * Runs `act` (a key, a click, history.back(), a typed address) and resolves once the page's own
 * hashchange reported `hash` and the page shows `group`.
 */
async function groupAfter(
  page: JourneyPage,
  group: OptionsGroup,
  act: () => Promise<unknown>,
  hash = `#${group}`,
): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __nextHash?: Promise<string> };
    w.__nextHash = new Promise((r) => addEventListener('hashchange', () => r(location.hash), { once: true }));
  });
  await act();
  expect(await page.evaluate(() => (window as unknown as { __nextHash: Promise<string> }).__nextHash)).toBe(hash);
  await waitForOptionsGroup(page, group);
}

async function firstRun(w: World): Promise<void> {
  // The install opened the first-run page by itself (nothing was configured when it ran).
  const probe = await w.driver.openExtensionPage('popup.html');
  await waitFor(
    'the first-run tab opened on install',
    () => tabUrls(probe),
    (urls) => urls.includes(w.driver.extensionUrl('firstrun.html')),
    15_000,
  );
  await probe.close();

  const page = await w.driver.openExtensionPage('firstrun.html');
  const step = () =>
    page.evaluate(() => document.querySelector('.steps [aria-current=step]')?.textContent?.replace(/^\S+\s/, '') ?? '');
  await waitFor('step 1', step, (s) => s === 'Connect to your scanning service', 10_000);
  await page.fillByLabel('Service URL', w.svc.baseUrl);
  await page.fillByLabel('API key', w.svc.demoKey);
  await page.click('button', 'Save and continue');
  await waitFor('step 2', step, (s) => s === 'Test the connection', 10_000);
  const saved = await request<SettingsData>(w, { type: 'settings.get' });
  expect(saved.settings.serviceUrl).toBe(w.svc.baseUrl);
  expect(saved.apiKeyHint).toBe(`…${w.svc.demoKey.slice(-4)}`);
  // Focus follows the step (the heading), so a keyboard user goes on from there.
  await waitFor(
    'focus on the step',
    () => focusedElement(page),
    (f) => f?.tag === 'h2' && f.name === 'Test the connection',
    5000,
  );
  await page.click('button', 'Test connection');
  await waitFor('step 3', step, (s) => s === 'Done', 30_000);
  const done = await page.evaluate(() => document.querySelector('main')?.textContent ?? '');
  expect(done).toContain(`Connected. Balance: ${w.svc.getCredits().toLocaleString('en-US')} credits.`);
  expect(done).toContain('Linklens now checks the pages you open');
  // The key never reaches the page.
  expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(w.svc.demoKey);
  await page.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function optionsNavigation(w: World): Promise<void> {
  await configureWorld(w); // the first-run test did it, but each test stands on its own
  // A deep link to a group, and one to a section inside another group.
  const page = await w.driver.openExtensionPage('options.html#protection');
  await waitFor(
    'the Protection group',
    () => optionsState(page),
    (s) => s.shown.length === 1 && s.shown[0] === 'protection',
    15_000,
  );
  expect(await optionsState(page)).toEqual({ hash: '#protection', shown: ['protection'], current: 'Protection' });
  // #credits names a section: its group (Account) is shown, and the section scrolled to.
  await groupAfter(page, 'account', () => page.evaluate(() => void (location.hash = 'credits')), '#credits');
  expect(await optionsState(page)).toEqual({ hash: '#credits', shown: ['account'], current: 'Account' });

  // The keyboard: the side navigation's links are reached with Tab and followed with Enter; focus
  // then goes to the group's first heading. (From its first link: Tab goes on from what has focus.)
  await page.evaluate(() => document.querySelector<HTMLElement>('.side-nav a')?.focus());
  await tabTo(page, 'Lists', 10);
  await groupAfter(page, 'lists', () => page.press('Enter'));
  expect(await optionsState(page)).toEqual({ hash: '#lists', shown: ['lists'], current: 'Lists' });
  await waitFor(
    'focus on the group',
    () => focusedElement(page),
    (f) => f?.tag === 'h2' && f.name === 'Trusted and blocked sites',
    5000,
  );
  // A click with the pointer.
  await groupAfter(page, 'advanced', () => page.click('link', 'Advanced'));
  expect((await optionsState(page)).shown).toEqual(['advanced']);

  // Back and forward move between the groups as between pages.
  await groupAfter(page, 'lists', () => page.evaluate(() => history.back()));
  expect(await optionsState(page)).toEqual({ hash: '#lists', shown: ['lists'], current: 'Lists' });
  await groupAfter(page, 'advanced', () => page.evaluate(() => history.forward()));
  expect(await optionsState(page)).toEqual({ hash: '#advanced', shown: ['advanced'], current: 'Advanced' });
  await page.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function goBackToSafety(w: World): Promise<void> {
  await configureWorld(w); // the first-run test did it, but each test stands on its own
  // From a page: back to that page.
  const start = w.pages.url('safe-first-look.test', '/');
  const tab = await w.driver.openWebPage(start);
  await tab.evaluate((u) => void (location.href = u), w.pages.url('phish-first-look.test', '/login'));
  await waitFor(
    'the blocked page',
    () => tab.currentUrl(),
    (u) => isBlockedPage(w, u),
    20_000,
  );
  await waitFor('its actions', () => tab.evaluate(() => !!document.querySelector('.blocked-actions')), Boolean, 10_000);
  await waitFor(
    '"Go back to safety" focused first',
    () => focusedElement(tab),
    (f) => f?.tag === 'button' && f.name === 'Go back to safety',
    5000,
  );
  await tab.click('button', 'Go back to safety');
  await waitFor(
    'the page before',
    () => tab.currentUrl(),
    (u) => u === start,
    10_000,
  );
  await tab.close();

  // Nothing before it: a blank tab whose only entry the address replaces, as a link opened in a new
  // tab has. The new-tab page takes the tab's place. (The test browsers' new-tab page may be blank:
  // puppeteer turns Firefox's off.)
  const probe = await w.driver.openExtensionPage('popup.html');
  const tabsNow = () =>
    probe.evaluate(async () => {
      const api = ((globalThis as unknown as { browser?: unknown }).browser ??
        (globalThis as unknown as { chrome: unknown }).chrome) as {
        tabs: { query(q: object): Promise<{ id?: number; url?: string; pendingUrl?: string }[]> };
      };
      // A tab that has not committed its first page yet says where it is going in pendingUrl (Chromium).
      return (await api.tabs.query({})).map((t) => ({ id: t.id ?? -1, url: t.url || t.pendingUrl || '' }));
    });
  const lone = await w.driver.openWebPage('about:blank');
  await lone.evaluate((u) => location.replace(u), w.pages.url('phish-first-look-2.test', '/login'));
  await waitFor(
    'the blocked page',
    () => lone.currentUrl(),
    (u) => isBlockedPage(w, u),
    20_000,
  );
  const loneId = await w.driver.tabIdOf(lone); // by its URL: now the only one showing it
  await waitFor(
    'its actions',
    () => lone.evaluate(() => !!document.querySelector('.blocked-actions')),
    Boolean,
    10_000,
  );
  expect(
    await lone.evaluate(() => history.length),
    'nothing but the blocked site behind the blocked page',
  ).toBeLessThanOrEqual(2);
  const before = (await tabsNow()).map((t) => t.id);
  // The tab goes away under the click: a driver error about the closed tab is the expected end.
  await lone.click('button', 'Go back to safety').catch((e: unknown) => {
    if (!/closed|detached|target|no such|discarded/i.test(String(e))) throw e;
  });
  const tabs = await waitFor(
    'the blocked tab replaced by a new-tab page',
    tabsNow,
    (all) => !all.some((t) => t.id === loneId) && all.some((t) => !before.includes(t.id) && t.url !== ''),
    10_000,
  );
  const opened = tabs.filter((t) => !before.includes(t.id));
  expect(opened, `tabs now: ${JSON.stringify(tabs)}`).toHaveLength(1);
  // Chromium's new-tab page is chrome://newtab, chrome://new-tab-page or, with no default search
  // provider's own page, chrome://new-tab-page-third-party.
  expect(opened[0]!.url).toMatch(
    /^(chrome:\/\/(newtab|new-tab-page|new-tab-page-third-party)\/?|about:(newtab|home|blank))$/,
  );
  expect(tabs.some((t) => isBlockedPage(w, t.url))).toBe(false);
  await probe.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function creditsAfter402(w: World): Promise<void> {
  await configureWorld(w); // the first-run test did it, but each test stands on its own
  const header = (popup: JourneyPage) =>
    popup.evaluate(() => document.querySelector('.popup .credits')?.textContent ?? null);
  const site = await w.driver.openWebPage(w.pages.url('safe-credits.test', '/'));
  const tabId = await w.driver.tabIdOf(site);
  await waitFor(
    'a verdict',
    () => request<TabStatusData>(w, { type: 'tab.status', tabId }),
    (d) => d.status.kind === 'verdict',
    15_000,
  );
  // The header shows the balance the service last stated (scans spend credits without saying so).
  const { balance } = await request<{ balance: number }>(w, { type: 'credits.get' });
  let popup = await w.driver.openExtensionPage(`popup.html?tabId=${tabId}`);
  await waitFor(
    'the balance in the header',
    () => header(popup),
    (h) => h === `Credits: ${balance.toLocaleString('en-US')}`,
    10_000,
  );
  await popup.close();

  // The account runs dry elsewhere; the next check is answered 402.
  w.svc.setCredits(0);
  try {
    const next = await w.driver.openWebPage(w.pages.url('safe-credits-2.test', '/'));
    const nextId = await w.driver.tabIdOf(next);
    await waitFor(
      'the credits problem',
      () => request<TabStatusData>(w, { type: 'tab.status', tabId: nextId }),
      (d) => d.problem?.code === 'insufficient_credits',
      20_000,
    );
    popup = await w.driver.openExtensionPage(`popup.html?tabId=${nextId}`);
    await waitFor(
      'the header after the 402',
      () => header(popup),
      (h) => h === 'Credits: 0',
      10_000,
    );
    // And the fix is offered beside it.
    expect(
      await popup.evaluate(() => [...document.querySelectorAll('button')].map((b) => b.textContent?.trim())),
    ).toContain('Buy credits');
    await popup.close();
    await next.close();
  } finally {
    w.svc.setCredits(balance);
    await request(w, { type: 'credits.get' });
  }
  await site.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

for (const kind of selectedBrowsers()) {
  describe(`${kind === 'firefox' ? 'Firefox' : 'Chromium'}: what a person sees first`, () => {
    let w: World;
    beforeAll(async () => {
      w = await startWorld(kind, { configure: false });
    }, 60_000);
    afterAll(async () => {
      await stopWorld(w ?? {});
    });

    test('first run: the install opens it; connect, test, done in three steps', () => firstRun(w), 90_000);
    test(
      'options: a deep link opens its group; the side navigation works by keyboard and pointer; back and forward move between groups',
      () => optionsNavigation(w),
      60_000,
    );
    test(
      'blocked page: "Go back to safety" returns to the page before, or puts a new-tab page in place of a tab with nothing before',
      () => goBackToSafety(w),
      90_000,
    );
    test("popup: the header's credits follow a 402", () => creditsAfter402(w), 90_000);
  });
}
