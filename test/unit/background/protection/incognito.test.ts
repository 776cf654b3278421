/**
 * docs/decisions/011-private-windows.md: private windows. The popup's "Check again" and "Check all links" follow
 * scanIncognito; a tab whose window cannot be told counts as private; what is learnt about a
 * private window's URLs (verdict, job, ledger line, history) lives in memory only.
 * The background as wired in main.ts, over fakeBrowser and the real local service.
 */
import { describe, it, expect, beforeAll, afterAll, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startService, type ScanningService } from '../../../service/server';
import { startBackground } from '@/src/background/main';
import { createRouter, type SenderLike } from '@/src/background/router';
import type { App } from '@/src/background/app';
import { readAll } from '@/src/background/state/kv';
import { incognitoUrls } from '@/src/background/state/incognito-urls';
import { forgetMemoryOnly, readHistory, readLedger } from '@/src/background/state/ledger';
import { createVerdictCache } from '@/src/background/cache/verdict-cache';
import { waitFor } from '../harness/worker';
import { postsWith } from '../../../shared/service-log';
import { EXTENSION_ID, EXTENSION_ORIGIN, freshBrowser } from '../harness/app';
import { contentSender } from '../harness/senders';
import { whenIdle } from '@/src/background/idle';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 50, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

/** The popup: an extension page without a tab of its own. */
const popupSender: SenderLike = { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}/popup.html`, origin: EXTENSION_ORIGIN };

let app: App;
let route: ReturnType<typeof createRouter>;
/** Tabs the fake browser reports as in a private window. */
const privateTabs = new Set<number>();

beforeEach(async () => {
  vi.restoreAllMocks();
  freshBrowser();
  svc.resetFaults();
  svc.clearLog();
  privateTabs.clear();
  const realGet = fakeBrowser.tabs.get.bind(fakeBrowser.tabs);
  vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation((async (id: number) => {
    const tab = await realGet(id);
    return tab && { ...tab, incognito: privateTabs.has(id) };
  }) as never);
  app = startBackground();
  route = createRouter(app);
  await app.settings.set({ serviceUrl: svc.baseUrl, apiKey: svc.demoKey, stripQuery: true });
});

async function privateTab(url: string): Promise<number> {
  const tab = await fakeBrowser.tabs.create({ url });
  const id = tab.id!;
  privateTabs.add(id);
  // The fake browser's tabs are never private and its tabs.onCreated says so; a real browser
  // tells the background that a tab in a private window is private (tab-privacy.ts).
  await fakeBrowser.tabs.onCreated.trigger({ ...tab, incognito: true });
  return id;
}

describe('the popup in a private window follows scanIncognito', () => {
  it('"Check again" for a private tab sends nothing while scanIncognito is off', async () => {
    const url = 'http://phish-private-again.example/';
    const tabId = await privateTab(url);
    const r = await route({ type: 'scan.url', url, reason: 'popup', force: true, tabId }, popupSender);
    expect(r).toEqual({ ok: true, data: { kind: 'skipped', reason: 'incognito' } });
    await whenIdle();
    expect(postsWith(svc.log, 'phish-private-again')).toEqual([]);
  });

  it('"Check again" without a tab (window unknown) counts as private', async () => {
    const r = await route({ type: 'scan.url', url: 'http://phish-no-tab.example/', reason: 'popup' }, popupSender);
    expect(r).toEqual({ ok: true, data: { kind: 'skipped', reason: 'incognito' } });
    expect(postsWith(svc.log, 'phish-no-tab')).toEqual([]);
  });

  it('"Check all links" in a private tab checks none while scanIncognito is off', async () => {
    const tabId = await privateTab('http://links-private.example/');
    // The page's links as the background reads them (collect-in-page.ts, scripting.executeScript).
    (fakeBrowser as unknown as { scripting: unknown }).scripting = {
      executeScript: async () => [{ result: ['http://pl-private-a.example/', 'http://phish-pl-private.example/'] }],
    };
    const preview = await route({ type: 'scan.pagePreview', tabId }, popupSender).finally(
      () => void delete (fakeBrowser as unknown as { scripting?: unknown }).scripting,
    );
    expect(preview).toMatchObject({ ok: true, data: { toSend: 0, skipped: 2 } });
    const r = await route({ type: 'scan.pageLinks', tabId }, popupSender);
    expect(r).toEqual({ ok: true, data: { total: 0, done: 0, flagged: 0, running: false } });
    await whenIdle();
    expect(postsWith(svc.log, 'private')).toEqual([]);
  });

  it('with scanIncognito on, "Check again" for a private tab does check', async () => {
    await app.settings.set({ scanIncognito: true });
    const url = 'http://phish-private-on.example/';
    const tabId = await privateTab(url);
    await route({ type: 'scan.url', url, reason: 'popup', tabId }, popupSender);
    await waitFor(() => postsWith(svc.log, 'phish-private-on').length > 0);
  });
});

describe('a navigation in a tab whose window cannot be told', () => {
  it('counts as private: nothing is sent while scanIncognito is off', async () => {
    vi.spyOn(fakeBrowser.tabs, 'get').mockRejectedValue(new Error('No tab with id'));
    await fakeBrowser.webNavigation.onBeforeNavigate.trigger({
      tabId: 4242,
      url: 'http://phish-unknown-tab.example/',
      frameId: 0,
      parentFrameId: -1,
      timeStamp: Date.now(),
      processId: 1,
    } as never);
    await whenIdle();
    expect(postsWith(svc.log, 'phish-unknown-tab')).toEqual([]);
  });
});

describe('what a private window learns stays in memory', () => {
  it('verdict, job, ledger line and history of a private navigation are never written; gone after a restart', async () => {
    await app.settings.set({ scanIncognito: true });
    const url = 'http://phish-private-nav.example/login';
    const tabId = await privateTab(url);
    await fakeBrowser.webNavigation.onBeforeNavigate.trigger({
      tabId,
      url,
      frameId: 0,
      parentFrameId: -1,
      timeStamp: Date.now(),
      processId: 1,
    } as never);
    // Blocked as in any window...
    await waitFor(async () => ((await fakeBrowser.tabs.get(tabId))?.url ?? '').includes('blocked.html'));
    await waitFor(async () =>
      (await readHistory()).some((h) => h.url.includes('phish-private-nav') && h.band !== null),
    );
    // ...and listed in the ledger while the background runs,
    expect((await readLedger()).map((e) => e.url)).toContain('http://phish-private-nav.example/login');
    // but nothing of it reached the private store.
    expect(JSON.stringify(await readAll('db'))).not.toContain('phish-private-nav');
    // A new background life knows nothing of it.
    incognitoUrls.clear();
    forgetMemoryOnly();
    const next = createVerdictCache();
    await next.init();
    expect(next.get('http://phish-private-nav.example/login')).toBeNull();
    expect(JSON.stringify(await readLedger())).not.toContain('phish-private-nav');
    expect(JSON.stringify(await readHistory())).not.toContain('phish-private-nav');
  });

  it('the same navigation in a normal window is stored as before', async () => {
    const url = 'http://phish-normal-nav.example/login';
    const tabId = (await fakeBrowser.tabs.create({ url })).id!;
    await fakeBrowser.webNavigation.onBeforeNavigate.trigger({
      tabId,
      url,
      frameId: 0,
      parentFrameId: -1,
      timeStamp: Date.now(),
      processId: 1,
    } as never);
    await waitFor(async () => ((await fakeBrowser.tabs.get(tabId))?.url ?? '').includes('blocked.html'));
    await waitFor(async () => JSON.stringify(await readAll('db')).includes('v:http://phish-normal-nav.example/login'));
    const db = await readAll('db');
    expect(JSON.stringify(db.ledger)).toContain('phish-normal-nav');
  });
});

describe('a content script cannot say which window it is in (window-kind.ts)', () => {
  it('a hover in a private tab claiming a normal window sends nothing; the same hover in a normal tab does', async () => {
    const page = 'https://forum.example/';
    const privateId = await privateTab(page);
    const normalId = (await fakeBrowser.tabs.create({ url: page })).id!;
    // Fields a page may add to its message: the schema drops them, the window is the sender's.
    const claim = { windowKind: 'normal', incognito: false };
    const fromPrivate = await route(
      { type: 'link.hover', url: 'http://phish-hover-private.example/', ...claim },
      contentSender(privateId, { url: page, incognito: true }),
    );
    expect(fromPrivate.ok).toBe(true);
    await route(
      { type: 'link.hover', url: 'http://phish-hover-normal.example/', ...claim },
      contentSender(normalId, { url: page }),
    );
    // Both hovers were asked within one batch window: the POST that carries the normal one
    // would carry the private one too, had it been taken for a normal window's.
    await waitFor(() => postsWith(svc.log, 'phish-hover-normal').length > 0);
    expect(postsWith(svc.log, 'phish-hover-private')).toEqual([]);
  });

  it('a sender whose tab has no incognito flag counts as private: its hover sends nothing; with scanIncognito on it is sent and kept off disk', async () => {
    const page = 'https://forum.example/';
    const tabId = (await fakeBrowser.tabs.create({ url: page })).id!;
    // The tab as a sender may carry it: no flag at all (only its own code to say which window).
    const noFlag = (s: SenderLike): SenderLike => ({ ...s, tab: { id: tabId, url: page } });
    const normalId = (await fakeBrowser.tabs.create({ url: page })).id!;
    const unflagged = await route(
      { type: 'link.hover', url: 'http://phish-hover-noflag.example/' },
      noFlag(contentSender(tabId, { url: page })),
    );
    expect(unflagged).toEqual({ ok: true, data: { status: 'unknown' } });
    await route(
      { type: 'link.hover', url: 'http://phish-hover-flagged.example/' },
      contentSender(normalId, { url: page }),
    );
    // One batch window for both: the POST that carries the normal tab's hover would carry the other too.
    await waitFor(() => postsWith(svc.log, 'phish-hover-flagged').length > 0);
    expect(postsWith(svc.log, 'phish-hover-noflag')).toEqual([]);

    await app.settings.set({ scanIncognito: true });
    const url = 'http://phish-hover-noflag-scanned.example/';
    await route({ type: 'link.hover', url }, noFlag(contentSender(tabId, { url: page })));
    await waitFor(() => postsWith(svc.log, 'phish-hover-noflag-scanned').length > 0);
    await waitFor(() => app.cache.get(url));
    await whenIdle();
    expect(JSON.stringify(await readAll('db'))).not.toContain('phish-hover-noflag');
  });
});

describe('the window privacy of a tab, as the tab events of the browser told it (tab-privacy.ts)', () => {
  it('a tab announced by tabs.onCreated as normal: its navigation is sent even while tabs.get never answers', async () => {
    const url = 'http://phish-announced-normal.example/login';
    const tabId = (await fakeBrowser.tabs.create({ url })).id!;
    // Were the navigation path to ask the browser, it would wait here for ever and send nothing.
    vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation((() => new Promise(() => undefined)) as never);
    await fakeBrowser.webNavigation.onBeforeNavigate.trigger({
      tabId,
      url,
      frameId: 0,
      parentFrameId: -1,
      timeStamp: Date.now(),
      processId: 1,
    } as never);
    await waitFor(() => postsWith(svc.log, 'phish-announced-normal').length > 0);
  });

  it('a tab announced as private stays private for the navigation path, whatever tabs.get would say', async () => {
    const url = 'http://phish-announced-private.example/login';
    const tab = await fakeBrowser.tabs.create({ url });
    await fakeBrowser.tabs.onCreated.trigger({ ...tab, incognito: true });
    // tabs.get (mocked in beforeEach) says "normal" for this tab: the browser's event wins.
    await fakeBrowser.webNavigation.onBeforeNavigate.trigger({
      tabId: tab.id!,
      url,
      frameId: 0,
      parentFrameId: -1,
      timeStamp: Date.now(),
      processId: 1,
    } as never);
    await whenIdle();
    expect(postsWith(svc.log, 'phish-announced-private')).toEqual([]);
  });

  it('a closed tab is forgotten: its id is asked about again', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'http://closed.example/' });
    const get = vi.spyOn(fakeBrowser.tabs, 'get');
    get.mockClear();
    expect(await app.tabPrivacy.kind(tab.id!)).toBe('normal');
    expect(get).not.toHaveBeenCalled();
    await fakeBrowser.tabs.onRemoved.trigger(tab.id!, { windowId: 0, isWindowClosing: false } as never);
    await app.tabPrivacy.kind(tab.id!);
    expect(get).toHaveBeenCalledWith(tab.id);
  });
});
