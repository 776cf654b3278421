/**
 * docs/decisions/004-fail-closed.md, through the wired background (fakeBrowser +
 * the real local service): with strict mode and fail mode "block", every outcome that is not a
 * verdict ends on the blocked page with its reason; and docs/decisions/006-nothing-lost.md for strict mode: a tab
 * blocked while waiting for credits gets its verdict when they return.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type ScanningService } from '../../../service/server';
import type { BlockedDetailsData } from '@/src/shared/messaging/protocol';
import { ask, blockedToken, navigate, setPolicy, setupApp, tabUrl } from '../harness/app';
import { waitFor } from '../harness/worker';
import { postsWith } from '../../../shared/service-log';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { whenIdle } from '@/src/background/idle';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 100, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

const w = setupApp(
  () => svc,
  () => ({ strictMode: true, strictFailMode: 'block', strictTimeoutMs: 600 }),
);
const details = (token: string) => ask<BlockedDetailsData>(w, { type: 'blocked.details', token });
/** Asks as the blocked page does, until the token settles (or `until` holds). */
const settled = (token: string, until: (d: BlockedDetailsData) => boolean = (d) => !d.pending) =>
  waitFor(async () => {
    const d = await details(token);
    return until(d) ? d : null;
  });

describe('strict mode, fail mode block', () => {
  it('key rejected (401): the blocked page names it; the next navigation is blocked at once, sending nothing', async () => {
    await w.app.settings.set({ apiKey: 'llk_not_a_key' });
    const tabId = await navigate('http://safe-shop-401.example/');
    const d = await settled(await blockedToken(tabId));
    expect(d).toMatchObject({ pending: false, reason: 'strict:key-rejected', riskScore: null });
    expect(await tabUrl(tabId)).toContain('/blocked.html?t=');

    const tab2 = await navigate('http://another-401.example/');
    const d2 = await details(await blockedToken(tab2));
    expect(d2).toMatchObject({ pending: false, reason: 'strict:key-rejected' });
    expect(postsWith(svc.log, 'another-401')).toEqual([]);
  });

  it("a page that used up its tab's budget (navigating in a loop) cannot open its next page unchecked: blocked, nothing sent", async () => {
    await setPolicy(w, { budgets: { navigationsPerTabPerMinute: 2 } });
    // The budget's one check at once (bucketSize(2) = 1) goes to the page's first navigation.
    const tabId = await navigate('http://safe-looper.example/1');
    await waitFor(
      async () =>
        ((await tabUrl(tabId)) === 'http://safe-looper.example/1' && postsWith(svc.log, 'safe-looper').length === 1) ||
        null,
    );
    const next = 'http://safe-looper-next.example/';
    await navigate(next, { tabId });
    const d = await settled(await blockedToken(tabId));
    expect(d).toMatchObject({ pending: false, reason: 'strict:budget', riskScore: null });
    expect(postsWith(svc.log, 'safe-looper-next')).toEqual([]);
  });

  it('key lacking the scope (403) is a rejected key too', async () => {
    await w.app.settings.set({ apiKey: svc.readOnlyKey });
    const tabId = await navigate('http://safe-403.example/');
    expect(await settled(await blockedToken(tabId))).toMatchObject({ reason: 'strict:key-rejected' });
  });

  it('service unreachable: held until the timeout, then blocked with that reason', async () => {
    // The key is bound to the service it was entered for: a new address needs it entered again.
    await w.app.settings.set({ serviceUrl: 'http://127.0.0.1:1', apiKey: svc.demoKey });
    const tabId = await navigate('http://safe-down.example/', { idle: false });
    const token = await blockedToken(tabId);
    expect((await details(token)).pending).toBe(true);
    expect(await settled(token)).toMatchObject({ pending: false, reason: 'strict:unreachable' });
    expect(await tabUrl(tabId)).toContain('/blocked.html?t=');
  });

  it('malformed answers: blocked with that reason once the timeout passed', async () => {
    svc.setFaults({ rateMalformed: 1, paths: ['/v1/scans'] });
    const tabId = await navigate('http://safe-malformed.example/');
    expect(await settled(await blockedToken(tabId))).toMatchObject({ pending: false, reason: 'strict:malformed' });
  });

  it('a scan that FAILED at the service is not a verdict: blocked', async () => {
    const tabId = await navigate('http://fail-at-service.example/');
    expect(await settled(await blockedToken(tabId))).toMatchObject({ pending: false, reason: 'strict:scan-failed' });
  });

  it('not configured: blocked (public hosts); private hosts are never sent and load', async () => {
    await w.app.settings.set({ apiKey: '', serviceUrl: '' });
    const tabId = await navigate('http://anything-unconfigured.example/');
    expect(await details(await blockedToken(tabId))).toMatchObject({ pending: false, reason: 'strict:not-configured' });
    const local = await navigate('http://192.168.1.20/router');
    expect(await tabUrl(local)).toBe('http://192.168.1.20/router');
  });

  it('fail mode allow: the same rejected key lets the page load (the setting is honoured)', async () => {
    await w.app.settings.set({ apiKey: 'llk_not_a_key', strictFailMode: 'allow' });
    const tabId = await navigate('http://safe-allow-401.example/');
    await whenIdle();
    expect(await tabUrl(tabId)).toBe('http://safe-allow-401.example/');
  });

  it('out of credits: blocked at once with that reason, still awaiting; when credits are bought the verdict replaces it', async () => {
    svc.setCredits(0);
    const url = 'http://phish-strict-credits.example/login';
    const tabId = await navigate(url);
    const token = await blockedToken(tabId);
    const first = await settled(token, (d) => d.reason === 'strict:credits');
    expect(first).toMatchObject({ pending: false, awaiting: true, riskScore: null });

    await ask(w, { type: 'credits.purchase', amount: 10 });
    const after = await settled(token, (d) => d.riskScore !== null);
    expect(after).toMatchObject({ reason: 'band:malicious', riskScore: 88, awaiting: false });
    expect(await tabUrl(tabId)).toContain(`/blocked.html?t=${token}`);
  });

  it('out of credits, a safe site: when credits return the tab is let through to it', async () => {
    svc.setCredits(0);
    const url = 'http://safe-strict-credits.example/';
    const tabId = await navigate(url);
    const token = await blockedToken(tabId);
    await settled(token, (d) => d.reason === 'strict:credits');
    await ask(w, { type: 'credits.purchase', amount: 10 });
    await waitFor(async () => (await tabUrl(tabId)) === url);
    expect((await details(token)).reason).toBe('strict:released');
  });

  it('a meta refresh whose page commits after the tab was sent to the blocked page: that page is held too', async () => {
    await w.app.settings.set({ apiKey: 'llk_not_a_key' });
    // The rejected key is known (a first navigation found it): strict mode blocks at once.
    await blockedToken(await navigate('http://learn-401.example/'));
    const tabId = (await fakeBrowser.tabs.create({ url: 'about:blank' })).id!;
    const [a, b] = ['http://start-meta-race.example/', 'http://hop-meta-race.example/login'];
    const ev = (url: string) =>
      ({ tabId, url, frameId: 0, parentFrameId: -1, timeStamp: Date.now(), processId: 1 }) as never;
    const commit = async (url: string, qualifiers: string[]) => {
      await fakeBrowser.tabs.update(tabId, { url });
      await fakeBrowser.webNavigation.onCommitted.trigger({
        ...(ev(url) as object),
        transitionType: 'link',
        transitionQualifiers: qualifiers,
      } as never);
    };
    // The browser is quicker than the worker: page A loads and its meta refresh starts the
    // navigation to B while the check of A is still under way. One of the two checks sends the
    // tab to the blocked page…
    await fakeBrowser.webNavigation.onBeforeNavigate.trigger(ev(a));
    await commit(a, []);
    await fakeBrowser.webNavigation.onBeforeNavigate.trigger(ev(b));
    await blockedToken(tabId);
    await whenIdle();
    // …but B's document commits after that (its navigation won over the blocked page's).
    await commit(b, ['client_redirect']);
    const token = await waitFor(async () => {
      const u = await tabUrl(tabId);
      return u.includes('/blocked.html?t=') ? new URL(u).searchParams.get('t') : null;
    });
    expect(await details(token)).toMatchObject({ pending: false, reason: 'strict:key-rejected', url: b });
  });

  it('a web document that commits with no check holding its tab (the worker heard only the commit): blocked too', async () => {
    await w.app.settings.set({ apiKey: 'llk_not_a_key' });
    // The rejected key is known (a first navigation found it): strict mode blocks at once.
    await blockedToken(await navigate('http://learn-401-commit.example/'));
    const tabId = (await fakeBrowser.tabs.create({ url: 'about:blank' })).id!;
    const url = 'http://hop-commit-only.example/login';
    // No onBeforeNavigate: nothing claimed the tab, no check of this document ran or is running.
    await fakeBrowser.tabs.update(tabId, { url });
    await fakeBrowser.webNavigation.onCommitted.trigger({
      tabId,
      url,
      frameId: 0,
      parentFrameId: -1,
      timeStamp: Date.now(),
      processId: 1,
      transitionType: 'link',
      transitionQualifiers: ['client_redirect'],
    } as never);
    const token = await blockedToken(tabId);
    expect(await details(token)).toMatchObject({ pending: false, reason: 'strict:key-rejected', url });
  });
});
