/**
 * Known-bad URLs stopped before the request and every hop checked (docs/decisions/002-known-bad-rules.md,
 * docs/decisions/003-every-hop.md), through the background as main.ts wires it (fakeBrowser, the real local
 * service, an in-memory declarativeNetRequest): hops of a redirect chain are checked, a late
 * verdict acts on the chain the tab is on, a navigation the rules stopped ends on the blocked
 * page in every state, and "Proceed anyway" opens the way before the page navigates.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startService, type ScanningService } from '../../../service/server';
import { startBackground } from '@/src/background/main';
import { createRouter, type SenderLike } from '@/src/background/router';
import type { App } from '@/src/background/app';
import { waitFor } from '../harness/worker';
import { EXTENSION_ID, EXTENSION_ORIGIN, freshBrowser } from '../harness/app';
import { createFakeDnr, type FakeDnr } from '../harness/fake-dnr';
import { fakeEvent } from '../harness/fake-event';
import { postsWith } from '../../../shared/service-log';
import { whenIdle } from '@/src/background/idle';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 150, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

const pageSender: SenderLike = { id: EXTENSION_ID, url: `${EXTENSION_ORIGIN}/blocked.html`, origin: EXTENSION_ORIGIN };

let app: App;
let route: ReturnType<typeof createRouter>;
let dnr: FakeDnr;
beforeEach(async () => {
  freshBrowser();
  svc.resetFaults();
  svc.clearLog();
  dnr = createFakeDnr();
  Object.assign(fakeBrowser.declarativeNetRequest, dnr.api);
  // fakeBrowser leaves webRequest events unimplemented (fakeBrowser has no contextMenus): a plain event.
  Object.assign(fakeBrowser.webRequest, { onBeforeRedirect: fakeEvent() });
  app = startBackground();
  route = createRouter(app);
  await app.settings.set({ serviceUrl: svc.baseUrl, apiKey: svc.demoKey, stripQuery: true });
});

const base = { parentFrameId: -1, timeStamp: 0, processId: 1 };
const start = (tabId: number, url: string) =>
  fakeBrowser.webNavigation.onBeforeNavigate.trigger({ ...base, tabId, url, frameId: 0 } as never);
const redirect = (tabId: number, url: string, redirectUrl: string) =>
  (fakeBrowser.webRequest.onBeforeRedirect as unknown as ReturnType<typeof fakeEvent>).trigger({
    tabId,
    url,
    redirectUrl,
    frameId: 0,
    type: 'main_frame',
    statusCode: 302,
  } as never);
const commit = async (tabId: number, url: string, qualifiers: string[] = []) => {
  await fakeBrowser.tabs.update(tabId, { url });
  await fakeBrowser.webNavigation.onCommitted.trigger({
    ...base,
    tabId,
    url,
    frameId: 0,
    transitionType: 'link',
    transitionQualifiers: qualifiers,
  } as never);
};
const failed = (tabId: number, url: string, error = 'net::ERR_BLOCKED_BY_CLIENT') =>
  fakeBrowser.webNavigation.onErrorOccurred.trigger({ ...base, tabId, url, frameId: 0, error } as never);
const tabUrl = async (id: number) => (await fakeBrowser.tabs.get(id)).url ?? '';
const settle = () => whenIdle();

async function blockedDetails(tabId: number, ms = 10_000) {
  const url = await waitFor(
    async () => ((await tabUrl(tabId)).includes('/blocked.html?t=') ? tabUrl(tabId) : null),
    ms,
  );
  const token = new URL(url).searchParams.get('t')!;
  const r = await route({ type: 'blocked.details', token }, pageSender);
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r.data as { url: string; firstUrl: string | null; reason: string; riskScore: number | null };
}

async function newTab(url = 'about:blank') {
  return (await fakeBrowser.tabs.create({ url })).id!;
}

describe('every hop is checked (docs/decisions/003-every-hop.md)', () => {
  it('a safe page answering 302 to a phishing page: the hop is scanned and the tab blocked, naming both', async () => {
    const tabId = await newTab();
    const safe = 'http://safe-start.test/go';
    const bad = 'http://phish-hop.test/login';
    await start(tabId, safe);
    await redirect(tabId, safe, bad);
    await commit(tabId, bad); // the bad page loads while its scan runs
    const d = await blockedDetails(tabId);
    expect(d).toMatchObject({ url: bad, firstUrl: safe, riskScore: 88 });
    expect(postsWith(svc.log, 'phish-hop.test').length).toBe(1);
  });

  it('a bad hop in the middle (A → B → C): the late verdict for B still blocks the tab showing C', async () => {
    svc.setProcessingDelay(400);
    const tabId = await newTab();
    const [a, b, c] = ['http://start-mid.test/', 'http://phish-mid.test/x', 'http://end-mid.test/'];
    await start(tabId, a);
    await redirect(tabId, a, b);
    await redirect(tabId, b, c);
    await commit(tabId, c);
    expect(await tabUrl(tabId)).toBe(c);
    const d = await blockedDetails(tabId);
    expect(d).toMatchObject({ url: b, firstUrl: a });
    svc.setProcessingDelay(150);
  });

  it('a meta refresh (client redirect) to a bad page: linked at commit, the blocked page names the first page', async () => {
    const tabId = await newTab();
    const [a, b] = ['http://start-meta.test/', 'http://phish-meta.test/login'];
    await start(tabId, a);
    await commit(tabId, a);
    await start(tabId, b);
    await commit(tabId, b, ['client_redirect']);
    expect(await blockedDetails(tabId)).toMatchObject({ url: b, firstUrl: a });
  });

  it("after the person's own next navigation, a late verdict for the old chain does not act", async () => {
    svc.setProcessingDelay(600);
    const tabId = await newTab();
    const [a, b, next] = ['http://start-left.test/', 'http://phish-left.test/', 'http://elsewhere.test/'];
    await start(tabId, a);
    await redirect(tabId, a, b);
    await commit(tabId, b);
    await start(tabId, next);
    await commit(tabId, next);
    await waitFor(() => svc.scans().find((s) => s.url.includes('phish-left') && s.state === 'COMPLETED') ?? null);
    // The engine acts on a verdict before it caches it: once cached, whatever it did is done.
    await waitFor(() => app.cache.get(b) ?? null);
    await whenIdle();
    expect(await tabUrl(tabId)).toBe(next);
    svc.setProcessingDelay(150);
  });

  it('strict mode holds the tab on a redirect hop whose verdict is not in yet', async () => {
    const safe = 'http://strict-start.test/';
    const hop = 'http://strict-hop.test/next';
    // The first URL is known safe already: only the hop is unknown.
    await route({ type: 'scan.url', url: safe, reason: 'popup', tabId: await newTab() }, pageSender);
    await waitFor(() => svc.scans().find((x) => x.url === safe && x.state === 'COMPLETED') ?? null);
    await settle();
    svc.setProcessingDelay(800);
    await app.settings.set({ strictMode: true, strictTimeoutMs: 10_000 });
    const tabId = await newTab();
    await start(tabId, safe);
    await settle();
    expect(await tabUrl(tabId)).toBe('about:blank'); // not held: its verdict is known
    await redirect(tabId, safe, hop);
    const held = await blockedDetails(tabId);
    expect(held).toMatchObject({ reason: 'strict:pending', url: hop, firstUrl: safe });
    // The hop's verdict (safe) releases the tab to it.
    await waitFor(async () => ((await tabUrl(tabId)) === hop ? true : null));
    svc.setProcessingDelay(150);
  });
});

describe('a navigation the request-blocking rules stopped (docs/decisions/002-known-bad-rules.md)', () => {
  it('ends on the blocked page in every state: a block-listed host while paused and not configured', async () => {
    await app.settings.set({ blocklist: ['evil.test'], serviceUrl: '', apiKey: '' });
    await route({ type: 'pause.set', until: null }, pageSender);
    expect(dnr.outcome('http://www.evil.test/x')).toBe('block');
    const tabId = await newTab();
    await start(tabId, 'http://www.evil.test/x');
    await failed(tabId, 'http://www.evil.test/x');
    expect(await blockedDetails(tabId)).toMatchObject({
      url: 'http://www.evil.test/x',
      reason: 'blocklist',
      firstUrl: null,
    });
  });

  it('a cached bad verdict: the rule is there before the second visit, and the error moves the tab', async () => {
    const url = 'http://phish-twice.test/login';
    const t1 = await newTab();
    await start(t1, url);
    await blockedDetails(t1);
    await app.netRules.syncNow();
    expect(dnr.outcome(`${url}?again=1`)).toBe('block');
    const t2 = await newTab();
    await failed(t2, `${url}?again=1`); // Firefox: no onBeforeNavigate reaches us first in this order
    expect(await blockedDetails(t2)).toMatchObject({ url: `${url}?again=1`, riskScore: 88 });
  });

  it('a redirect hop the rules stopped: the blocked page names the hop and the link opened', async () => {
    await app.settings.set({ blocklist: ['evil-hop.test'] });
    const tabId = await newTab();
    await start(tabId, 'http://start-err.test/');
    await redirect(tabId, 'http://start-err.test/', 'http://evil-hop.test/');
    await failed(tabId, 'http://evil-hop.test/');
    expect(await blockedDetails(tabId)).toMatchObject({
      url: 'http://evil-hop.test/',
      firstUrl: 'http://start-err.test/',
    });
  });

  it('any other failed navigation is left alone', async () => {
    const tabId = await newTab('http://unknown-fail.test/');
    await failed(tabId, 'http://unknown-fail.test/', 'net::ERR_NAME_NOT_RESOLVED');
    await settle();
    expect(await tabUrl(tabId)).toBe('http://unknown-fail.test/');
  });

  it('Chromium: the error page the rule left is a history entry, so "Go back" steps over it', async () => {
    await app.settings.set({ blocklist: ['evil-back.test'] });
    const tabId = await newTab();
    await commit(tabId, 'http://before.test/');
    await start(tabId, 'http://evil-back.test/');
    await failed(tabId, 'http://evil-back.test/');
    const blockedUrl = await waitFor(async () =>
      (await tabUrl(tabId)).includes('blocked.html') ? tabUrl(tabId) : null,
    );
    await commit(tabId, blockedUrl);
    const token = new URL(blockedUrl).searchParams.get('t')!;
    expect(await route({ type: 'blocked.back', token }, pageSender)).toEqual({ ok: true, data: { steps: 2 } });
  });

  it('"Proceed anyway" answers once the rules let the host through', async () => {
    const url = 'http://phish-proceed-rules.test/';
    const tabId = await newTab();
    await start(tabId, url);
    await blockedDetails(tabId);
    await app.netRules.syncNow();
    expect(dnr.outcome(url, tabId)).toBe('block');
    const token = new URL(await tabUrl(tabId)).searchParams.get('t')!;
    expect(await route({ type: 'blocked.proceed', token }, pageSender)).toEqual({ ok: true, data: { url } });
    expect(dnr.outcome(url, tabId)).toBe('allow');
  });
});
