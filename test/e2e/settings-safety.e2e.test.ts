// Settings a person (or an attacker's file) changes in the options page, in Chromium and Firefox
// with the built extension, the real local scanning service and a second loopback server that
// records what it receives (docs/decisions/007-private-store.md, docs/decisions/008-key-binding.md, docs/decisions/006-nothing-lost.md):
// - the stored API key never follows a new service URL: saving another URL with an empty key
//   field, then "Test connection", then a navigation, send the second server nothing; only the
//   confirmation naming both origins lets the key go there (which shows the assertion can fail);
// - importing a settings file that names one key changes that key only; a file that would clear
//   the service URL is shown first and changes nothing when cancelled;
// - a hostile file's allowlist entries `login.mybank.com@com` and `mybank.com:443@com` are refused
//   with the reason in words (read as a URL they are all of .com), the review flags a longer hover
//   delay, and after applying, a .com address is still sent to the service;
// - nothing Linklens keeps is in storage.local (readable by Firefox content scripts); the
//   extension's IndexedDB holds it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extensionDir, selectedBrowsers, startPageServer, type PageServer } from './harness';
import type { JourneyDriver, JourneyPage } from './harness/driver';
import { chromiumDriver } from './harness/driver-chromium';
import { firefoxDriver } from './harness/driver-firefox';
import { startRecordingServer, type RecordingServer } from './harness/recording-server';
import { waitFor } from './harness/wait-for';
import { request } from './harness/world';
import { startService, type ScanningService } from '../service/server';
import { postsFor } from '../shared/service-log';
import type { SettingsData, TabStatusData } from '../../src/shared/messaging/protocol';
import { showOptionsGroup } from './harness/options-page';

const DRIVERS = { chromium: chromiumDriver, firefox: firefoxDriver };

interface World {
  driver: JourneyDriver;
  svc: ScanningService;
  other: RecordingServer;
  pages: PageServer;
}

/** Texts of the notices in one options section. */
const notices = (page: JourneyPage, section: string) =>
  page.evaluate(
    (id) => [...document.querySelectorAll(`section#${id} .notice`)].map((n) => n.textContent ?? ''),
    section,
  );

async function openOptions(w: World): Promise<JourneyPage> {
  const page = await w.driver.openExtensionPage('options.html');
  await waitFor(
    'the options page',
    () => page.evaluate(() => document.querySelectorAll('section#connection input').length),
    (n) => n > 0,
  );
  return page;
}

/** Opens Advanced and picks a settings file in the import field (the change event a file chooser fires). */
async function chooseSettingsFile(page: JourneyPage, json: string): Promise<void> {
  await showOptionsGroup(page, 'advanced');
  await page.evaluate((text) => {
    const input = document.querySelector<HTMLInputElement>('#import-settings')!;
    const files = new DataTransfer();
    files.items.add(new File([text], 'settings.json', { type: 'application/json' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, json);
}

async function configure(w: World): Promise<void> {
  await request(w, { type: 'settings.set', patch: { serviceUrl: w.svc.baseUrl, apiKey: w.svc.demoKey } });
}

async function keyStaysWithItsService(w: World): Promise<void> {
  await configure(w);
  const options = await openOptions(w);
  // A new service URL, the key field left empty, Save.
  await options.fillByLabel('Service URL', w.other.url);
  await options.click('button', 'Save');
  await waitFor(
    '"Saved."',
    () => notices(options, 'connection'),
    (t) => t.some((s) => s.includes('Saved.')),
  );
  const warning = await waitFor(
    'the stored key named with its origin',
    () => notices(options, 'connection'),
    (t) => t.some((s) => s.includes(`was entered for ${w.svc.baseUrl}`)),
  );
  expect(warning.join('\n')).toContain('Linklens sends it nowhere else');
  const stored = await request<SettingsData>(w, { type: 'settings.get' });
  expect(stored.storedKey).toMatchObject({ origin: w.svc.baseUrl, inUse: false });

  // "Test connection" with the new URL typed and the key field empty: nothing is sent there.
  await options.click('button', 'Test connection');
  const outcome = await waitFor(
    'the outcome',
    () => notices(options, 'connection'),
    (t) => t.some((s) => s.includes('belongs to another service')),
  );
  expect(outcome.join('\n')).toContain(w.svc.baseUrl);

  // A navigation: Linklens has no key for this service, so it checks nothing and sends nothing.
  const tab = await w.driver.openWebPage(w.pages.url('phish-bank.test', '/after-url-change'));
  const status = await request<TabStatusData>(w, { type: 'tab.status', tabId: await w.driver.tabIdOf(tab) });
  expect(status.configured).toBe(false);
  await tab.close();
  expect(w.other.received).toEqual([]);

  // The confirmation naming both origins is the one way the key goes there.
  await options.click('button', `Use the stored key with ${w.other.url}`);
  expect(w.other.received).toEqual([]);
  await options.click('button', 'Confirm');
  await waitFor(
    'the key in use',
    () => request<SettingsData>(w, { type: 'settings.get' }),
    (s) => s.storedKey?.inUse === true,
  );
  await options.click('button', 'Test connection');
  await waitFor(
    'the second server to be asked',
    () => w.other.carrying(w.svc.demoKey).length,
    (n) => n > 0,
  );
  await options.close();
  await request(w, { type: 'settings.set', patch: { serviceUrl: w.svc.baseUrl, apiKey: w.svc.demoKey } });
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function importOneKey(w: World): Promise<void> {
  await configure(w);
  await request(w, {
    type: 'settings.set',
    patch: { hoverDelayMs: 450, warnThreshold: 40, allowlist: ['docs.example.com'] },
  });
  const before = (await request<SettingsData>(w, { type: 'settings.get' })).settings;
  const options = await openOptions(w);

  await chooseSettingsFile(options, JSON.stringify({ hoverDelayMs: 200 }));
  const done = await waitFor(
    'the import outcome',
    () => notices(options, 'backup'),
    (t) => t.some((s) => s.includes('Settings imported.')),
  );
  expect(done.join('\n')).toContain('Check a link 200 ms after you point at it, instead of 450 ms');
  const after = await request<SettingsData>(w, { type: 'settings.get' });
  expect(after.settings).toEqual({ ...before, hoverDelayMs: 200 });
  expect(after.apiKeyHint).toBe(`…${w.svc.demoKey.slice(-4)}`);

  // A file that would clear the service URL is shown first; Cancel changes nothing.
  await chooseSettingsFile(options, JSON.stringify({ serviceUrl: '', scanNavigations: false, notARealSetting: 1 }));
  const review = await waitFor(
    'the review',
    () => notices(options, 'backup'),
    (t) => t.some((s) => s.includes('Review before importing')),
  );
  expect(review.join('\n')).toContain('Linklens stops checking links: no service is set.');
  expect(review.join('\n')).toContain('Turns checks off.');
  expect(review.join('\n')).toContain('notARealSetting — not a Linklens setting');
  await options.click('button', 'Cancel');
  await waitFor(
    '"Import cancelled"',
    () => notices(options, 'backup'),
    (t) => t.some((s) => s.includes('Import cancelled')),
  );
  expect((await request<SettingsData>(w, { type: 'settings.get' })).settings).toEqual({ ...before, hoverDelayMs: 200 });
  await options.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function hostileAllowlist(w: World): Promise<void> {
  await configure(w);
  await request(w, { type: 'settings.set', patch: { hoverDelayMs: 300, allowlist: [] } });
  const options = await openOptions(w);
  await chooseSettingsFile(
    options,
    JSON.stringify({
      allowlist: ['login.mybank.com@com', 'mybank.com:443@com', 'docs.example.net'],
      hoverDelayMs: 900,
    }),
  );
  const review = await waitFor(
    'the review',
    () => notices(options, 'backup'),
    (t) => t.some((s) => s.includes('Review before importing')),
  );
  const text = review.join('\n');
  expect(text).toContain('Check a link 900 ms after you point at it, instead of 300 ms');
  expect(text).toContain('Lowers protection: Links are checked later after you point at them.');
  expect(text).toContain('Never check docs.example.net or any site under it');
  expect(text).toContain('Not added to “Trusted sites”, each with its reason:');
  expect(text).toContain('login.mybank.com@com — The entry contains “@”');
  expect(text).toContain('mybank.com:443@com — The entry contains “@”');
  expect(text).not.toContain('Never check com ');
  await options.click('button', 'Apply these changes');
  await waitFor(
    '"Settings imported."',
    () => notices(options, 'backup'),
    (t) => t.some((s) => s.includes('Settings imported.')),
  );
  await options.close();
  const after = (await request<SettingsData>(w, { type: 'settings.get' })).settings;
  expect(after.allowlist).toEqual(['docs.example.net']);
  expect(after.hoverDelayMs).toBe(900);

  // A .com address is still checked: the service receives it.
  const url = 'https://login.mybank.com/after-import';
  await request(w, { type: 'scan.url', url, reason: 'popup', force: true });
  await waitFor(
    `the service to receive ${url}`,
    () => postsFor(w.svc.log, url),
    (n) => n === 1,
  );
  await request(w, { type: 'settings.set', patch: { hoverDelayMs: 300, allowlist: [] } });
  expect(await w.driver.takeErrors()).toEqual([]);
}

async function nothingInStorageLocal(w: World): Promise<void> {
  await configure(w);
  // A verdict, a ledger line and history: what a content script must not read.
  const url = w.pages.url('phish-bank.test', '/storage-check');
  const tab = await w.driver.openWebPage(url);
  await waitFor(
    'the blocked page',
    () => tab.currentUrl(),
    (u) => u.includes('blocked.html'),
    20_000,
  );
  await tab.close();
  const page = await w.driver.openExtensionPage('popup.html');
  const seen = await page.evaluate(async () => {
    const g = globalThis as unknown as {
      browser?: { storage: { local: { get(k: null): Promise<object> } } };
      chrome?: { storage: { local: { get(k: null): Promise<object> } } };
    };
    const local = await (g.browser ?? g.chrome)!.storage.local.get(null);
    const kept = await new Promise<string[]>((resolve, reject) => {
      const req = indexedDB.open('linklens');
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const keys = req.result.transaction('kv').objectStore('kv').getAllKeys();
        keys.onsuccess = () => resolve(keys.result.map(String));
        keys.onerror = () => reject(keys.error);
      };
    });
    return { local, kept };
  });
  expect(seen.local).toEqual({});
  expect(seen.kept).toEqual(expect.arrayContaining(['settings', 'ledger', 'history']));
  expect(seen.kept.some((k) => k.startsWith('v:') && k.includes('phish-bank.test'))).toBe(true);
  await page.close();
  expect(await w.driver.takeErrors()).toEqual([]);
}

for (const kind of selectedBrowsers()) {
  describe(`${kind === 'firefox' ? 'Firefox' : 'Chromium'}: settings and the private store`, () => {
    const w = {} as World;
    beforeAll(async () => {
      w.pages = await startPageServer();
      w.svc = await startService({ processingDelayMs: 200, keepAliveMs: 500 });
      w.other = await startRecordingServer();
      w.driver = await DRIVERS[kind]({ extensionDir: extensionDir(kind) });
    });
    afterAll(async () => {
      await w.driver?.close();
      await w.other?.stop();
      await w.pages?.stop();
      await w.svc?.stop();
    });

    test('the stored API key never follows a new service URL without the confirmation naming both origins', () =>
      keyStaysWithItsService(w));
    test('importing a file naming one key changes that key only; a file clearing the service URL asks first', () =>
      importOneKey(w));
    test('a hostile file cannot allowlist .com through "name@com" entries; each is refused with why, and .com is still checked', () =>
      hostileAllowlist(w));
    test('nothing Linklens keeps is in storage.local; the extension IndexedDB holds it', () =>
      nothingInStorageLocal(w));
  });
}
