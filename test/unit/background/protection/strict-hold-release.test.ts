/**
 * Strict mode's hold rule (shared/policy/strict-hold.ts) stops a top-level load before its
 * request; the background then decides (navigation-strict.ts releaseHeld), through the wired
 * background (fakeBrowser + the real local service): a load strict mode allows is let through
 * once and loaded again; one it holds stays on the blocked page; nothing else (another error,
 * strict mode off, a load already let through) loads anything again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startService, type ScanningService } from '../../../service/server';
import { ask, blockedToken, knownStatus, setupApp, tabUrl } from '../harness/app';
import { waitFor } from '../harness/worker';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { hasPass } from '@/src/background/overrides/exceptions';
import { fakeEvent } from '../harness/fake-event';
import { whenIdle } from '@/src/background/idle';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 100, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

// fakeBrowser leaves webRequest events unimplemented (fakeBrowser has no contextMenus): plain events, installed
// before setupApp's worker starts (fakeBrowser.reset() leaves webRequest alone).
const requestErrors = fakeEvent();
beforeEach(() => {
  requestErrors.removeAllListeners();
  Object.assign(fakeBrowser.webRequest, { onBeforeRedirect: fakeEvent(), onErrorOccurred: requestErrors });
});

const w = setupApp(
  () => svc,
  () => ({ strictMode: true, strictFailMode: 'block', strictTimeoutMs: 5000 }),
);
const base = { parentFrameId: -1, timeStamp: 0, processId: 1, frameId: 0 };

/** The browser's side of a held load: the navigation starts, the rule stops its request. */
async function heldLoad(
  url: string,
  error = 'net::ERR_BLOCKED_BY_CLIENT',
): Promise<{ tabId: number; reloads: () => number }> {
  const tabId = (await fakeBrowser.tabs.create({ url: 'about:blank' })).id!;
  const update = vi.spyOn(fakeBrowser.tabs, 'update');
  await fakeBrowser.webNavigation.onBeforeNavigate.trigger({ ...base, tabId, url } as never);
  await fakeBrowser.webNavigation.onErrorOccurred.trigger({ ...base, tabId, url, error } as never);
  await whenIdle();
  return {
    tabId,
    reloads: () => update.mock.calls.filter(([id, p]) => id === tabId && (p as { url?: string }).url === url).length,
  };
}

/** A verdict in the cache, learned by the popup's check (from a normal tab: one without counts as private). */
async function learnVerdict(url: string): Promise<void> {
  const tabId = (await fakeBrowser.tabs.create({ url: 'https://popup-tab.example/' })).id!;
  await ask(w, { type: 'scan.url', url, reason: 'popup', tabId });
  await waitFor(async () => (await knownStatus(w.app, url)) === 'verdict' || null);
}

describe('strict mode: a load the hold rule stopped', () => {
  it('with a verdict that allows: let through once (a release pass) and loaded again', async () => {
    const url = 'https://safe-released.example/';
    await learnVerdict(url);
    const { tabId, reloads } = await heldLoad(url);
    await waitFor(async () => (reloads() === 1 ? true : null));
    expect(await hasPass(tabId, url, false)).toBe(true);
    expect(await tabUrl(tabId)).toBe(url);
  });

  it('a private host strict mode never sends: let through at once, nothing sent', async () => {
    const url = 'http://192.168.1.20/router';
    const { reloads } = await heldLoad(url);
    await waitFor(async () => (reloads() === 1 ? true : null));
    expect(svc.log.filter((e) => e.method === 'POST' && JSON.stringify(e.body ?? '').includes('192.168'))).toEqual([]);
  });

  it('an unknown page: held on the blocked page, not loaded again', async () => {
    const url = 'https://unknown-held.example/';
    const { tabId, reloads } = await heldLoad(url);
    await blockedToken(tabId);
    expect(reloads()).toBe(0);
  });

  it('a known-bad page: blocked, not loaded again', async () => {
    const url = 'https://phish-held.example/login';
    await learnVerdict(url);
    const { tabId, reloads } = await heldLoad(url);
    await blockedToken(tabId);
    expect(reloads()).toBe(0);
  });

  it('another error (the person stopped it, the network failed) is not a hold: nothing is loaded again', async () => {
    // Chromium's Stop, Firefox's Stop (NS_BINDING_ABORTED) and refused connection.
    const errors = ['net::ERR_ABORTED', 'Error code 2152398850', 'Error code 2152398861'];
    const urls = errors.map((_, i) => `https://safe-aborted-${i}.example/`);
    for (const u of urls) await learnVerdict(u);
    const loads = [];
    for (const [i, e] of errors.entries()) loads.push(await heldLoad(urls[i]!, e));
    expect(loads.map((l) => l.reloads())).toEqual([0, 0, 0]);
  });

  it('Firefox names its rules’ stop NS_ERROR_ABORT: let through once, like Chromium’s', async () => {
    const url = 'https://safe-firefox.example/';
    await learnVerdict(url);
    const { reloads } = await heldLoad(url, 'Error code 2147500036');
    await waitFor(async () => (reloads() === 1 ? true : null));
  });

  it('a load already let through once and failing again is not loaded a third time (no loop)', async () => {
    const url = 'https://safe-twice.example/';
    await learnVerdict(url);
    const { tabId, reloads } = await heldLoad(url);
    await waitFor(async () => (reloads() === 1 ? true : null));
    await fakeBrowser.webNavigation.onBeforeNavigate.trigger({ ...base, tabId, url } as never);
    await fakeBrowser.webNavigation.onErrorOccurred.trigger({
      ...base,
      tabId,
      url,
      error: 'net::ERR_BLOCKED_BY_CLIENT',
    } as never);
    await whenIdle();
    expect(reloads()).toBe(1);
  });

  it('strict mode off: the hold rule is not there, and a failed load is left as it is', async () => {
    const url = 'https://safe-not-strict.example/';
    await learnVerdict(url);
    await w.app.settings.set({ strictMode: false });
    const { reloads } = await heldLoad(url);
    await whenIdle();
    expect(reloads()).toBe(0);
  });
});

describe('strict mode: the request’s own error comes first (Chromium)', () => {
  /** The navigation starts, and the request the rule stopped reports its error (webRequest). */
  async function stoppedRequest(url: string, o: { method?: string; error?: string } = {}) {
    const tabId = (await fakeBrowser.tabs.create({ url: 'about:blank' })).id!;
    const update = vi.spyOn(fakeBrowser.tabs, 'update');
    await fakeBrowser.webNavigation.onBeforeNavigate.trigger({ ...base, tabId, url } as never);
    const request = {
      tabId,
      url,
      frameId: 0,
      type: 'main_frame',
      method: o.method ?? 'GET',
      error: o.error ?? 'net::ERR_BLOCKED_BY_CLIENT',
    };
    const reloads = () =>
      update.mock.calls.filter(([id, p]) => id === tabId && (p as { url?: string }).url === url).length;
    const navigationError = () =>
      fakeBrowser.webNavigation.onErrorOccurred.trigger({ ...base, tabId, url, error: request.error } as never);
    return { tabId, reloads, requestError: () => requestErrors.trigger(request), navigationError };
  }

  it('a page strict mode allows is let through from the request’s error; the navigation’s error after it loads nothing more', async () => {
    const url = 'https://safe-early.example/';
    await learnVerdict(url);
    const l = await stoppedRequest(url);
    await l.requestError();
    await waitFor(async () => (l.reloads() === 1 ? true : null));
    expect(await hasPass(l.tabId, url, false)).toBe(true);
    await l.navigationError();
    await whenIdle();
    expect(l.reloads()).toBe(1);
  });

  it('both errors at once: one release', async () => {
    const url = 'https://safe-both.example/';
    await learnVerdict(url);
    const l = await stoppedRequest(url);
    await Promise.all([l.requestError(), l.navigationError()]);
    await waitFor(async () => (l.reloads() === 1 ? true : null));
    await whenIdle();
    expect(l.reloads()).toBe(1);
  });

  it('a POST, another error, or a known-bad page: nothing is loaded from the request’s error', async () => {
    const post = 'https://safe-post.example/';
    const refused = 'https://safe-refused.example/';
    const bad = 'https://phish-early.example/login';
    for (const u of [post, refused, bad]) await learnVerdict(u);
    const loads = [
      await stoppedRequest(post, { method: 'POST' }),
      await stoppedRequest(refused, { error: 'net::ERR_CONNECTION_REFUSED' }),
      await stoppedRequest(bad),
    ];
    for (const l of loads) await l.requestError();
    await whenIdle();
    expect(loads.map((l) => l.reloads())).toEqual([0, 0, 0]);
  });

  it('an unknown page: the request’s error loads nothing; the navigation holds it on the blocked page', async () => {
    const url = 'https://unknown-early.example/';
    const l = await stoppedRequest(url);
    await l.requestError();
    await blockedToken(l.tabId);
    expect(l.reloads()).toBe(0);
  });
});
