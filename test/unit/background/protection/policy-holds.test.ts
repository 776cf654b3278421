/**
 * docs/decisions/005-policy-floor.md,
 * through the wired background (fakeBrowser + the real local service); and docs/decisions/006-nothing-lost.md outside
 * strict mode: a navigation that waited for credits still has its tab protected when they return.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startService, type ScanningService } from '../../../service/server';
import type { BlockedDetailsData, Reply, TabStatusData } from '@/src/shared/messaging/protocol';
import { ask, blockedToken, navigate, pageSender, setPolicy, setupApp, tabUrl } from '../harness/app';
import { waitFor } from '../harness/worker';
import { postsWith } from '../../../shared/service-log';
import { whenIdle } from '@/src/background/idle';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 100, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

const w = setupApp(() => svc);
const sentWith = (needle: string) => svc.log.filter((e) => JSON.stringify(e.body ?? '').includes(needle));
const reason = async (tabId: number) =>
  (await ask<BlockedDetailsData>(w, { type: 'blocked.details', token: await blockedToken(tabId) })).reason;
const send = (message: unknown): Promise<Reply> => w.route(message, pageSender);
const HOUR = 3_600_000;

describe('the policy blocklist holds in every state', () => {
  const BAD = 'org-bad.example';
  it.each([
    ['paused', async () => void (await ask(w, { type: 'pause.set', until: Date.now() + HOUR }))],
    ['not configured', async () => void (await w.app.settings.set({ apiKey: '', serviceUrl: '' }))],
    ['the person trusts the host', async () => void (await ask(w, { type: 'allowlist.add', host: BAD }))],
  ])('%s → blocked, nothing sent', async (_state, enter) => {
    await setPolicy(w, { blocklist: [BAD] });
    await enter();
    const tabId = await navigate(`http://login.${BAD}/`);
    expect(await reason(tabId)).toBe('blocklist');
    expect(sentWith(BAD)).toEqual([]);
  });

  it('an intranet host on the policy blocklist is blocked (it is never sent either)', async () => {
    await setPolicy(w, { blocklist: ['wiki.corp'] });
    const tabId = await navigate('http://wiki.corp/secret');
    expect(await reason(tabId)).toBe('blocklist');
    expect(sentWith('wiki.corp')).toEqual([]);
  });

  it('in a private window without scanIncognito', async () => {
    await setPolicy(w, { blocklist: [BAD] });
    const tabId = await navigate(`http://${BAD}/x`, { incognito: true });
    expect(await reason(tabId)).toBe('blocklist');
  });

  it("the person's own blocklist holds while paused too", async () => {
    await ask(w, { type: 'blocklist.add', host: 'my-bad.example' });
    await ask(w, { type: 'pause.set', until: null });
    expect(await reason(await navigate('http://my-bad.example/'))).toBe('blocklist');
  });
});

describe('the organization\'s block list: no "Proceed anyway" past it', () => {
  it('the blocked page offers none and the background refuses it, with allowProceed on', async () => {
    await setPolicy(w, { blocklist: ['org-listed.example'] });
    const url = 'http://login.org-listed.example/';
    const token = await blockedToken(await navigate(url));
    expect(await ask<BlockedDetailsData>(w, { type: 'blocked.details', token })).toMatchObject({
      reason: 'blocklist',
      rule: { rule: 'orgBlockList' },
      canProceed: false,
    });
    expect(await send({ type: 'blocked.proceed', token })).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
    expect(await reason(await navigate(url))).toBe('blocklist');
  });

  it("the person's own block list can still be proceeded past (they could remove the entry)", async () => {
    await ask(w, { type: 'blocklist.add', host: 'mine-listed.example' });
    const url = 'http://mine-listed.example/';
    const token = await blockedToken(await navigate(url));
    expect(await ask<BlockedDetailsData>(w, { type: 'blocked.details', token })).toMatchObject({
      rule: { rule: 'userBlockList' },
      canProceed: true,
    });
    expect(await ask(w, { type: 'blocked.proceed', token })).toEqual({ url });
  });

  it('an exception granted before the policy named the host stops counting at once', async () => {
    const url = 'http://phish-named-later.example/';
    const token = await blockedToken(await navigate(url));
    expect(await ask(w, { type: 'blocked.proceed', token })).toEqual({ url });
    expect(await tabUrl(await navigate(url))).toBe(url);

    await setPolicy(w, { blocklist: ['phish-named-later.example'] });
    // (The browser's rules: net-rules.examples.ts, "the organization's block list ranks above…".)
    expect(await reason(await navigate(url))).toBe('blocklist');
  });
});

describe('allowPause', () => {
  it('false: pausing is refused, resuming is not; the popup is told to hide the control', async () => {
    await setPolicy(w, { allowPause: false });
    expect(await send({ type: 'pause.set', until: Date.now() + HOUR })).toMatchObject({
      ok: false,
      error: { code: 'not_allowed' },
    });
    expect(await send({ type: 'pause.set', until: null })).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
    expect((await send({ type: 'pause.set', until: 0 })).ok).toBe(true);
    const tab = await fakeBrowser.tabs.create({ url: 'http://example.org/' });
    expect(await ask<TabStatusData>(w, { type: 'tab.status', tabId: tab.id! })).toMatchObject({
      canPause: false,
      pausedUntil: null,
    });
  });

  it('a pause in force ends when the policy turns pausing off: the next phishing page is blocked', async () => {
    await ask(w, { type: 'pause.set', until: null });
    const paused = await navigate('http://phish-while-paused.example/');
    await whenIdle();
    expect(await tabUrl(paused)).toBe('http://phish-while-paused.example/');
    expect(sentWith('phish-while-paused')).toEqual([]);

    await setPolicy(w, { allowPause: false });
    expect((await fakeBrowser.storage.session.get('pausedUntil')).pausedUntil ?? null).toBeNull();
    const tabId = await navigate('http://phish-after-pause.example/');
    expect(await reason(tabId)).toBe('band:malicious');
    // Allowed again later: the old pause does not come back.
    await setPolicy(w, { allowPause: true });
    const tab = await fakeBrowser.tabs.create({ url: 'http://example.org/' });
    expect(await ask<TabStatusData>(w, { type: 'tab.status', tabId: tab.id! })).toMatchObject({
      canPause: true,
      pausedUntil: null,
    });
  });
});

describe('allowUserAllowlist', () => {
  it("false: the person's trusted host is checked and blocked; the policy's allowlist still applies", async () => {
    await ask(w, { type: 'allowlist.add', host: 'phish-mine.example' });
    await setPolicy(w, { allowUserAllowlist: false, allowlist: ['phish-org-trusted.example'] });
    expect(await reason(await navigate('http://phish-mine.example/'))).toBe('band:malicious');
    const trusted = await navigate('http://phish-org-trusted.example/');
    await whenIdle();
    expect(await tabUrl(trusted)).toBe('http://phish-org-trusted.example/');
    expect(sentWith('phish-org-trusted')).toEqual([]);
  });

  it('false: "Trust this site" is refused and hidden; the stored entries come back when the policy allows them again', async () => {
    await ask(w, { type: 'allowlist.add', host: 'kept.example' });
    await setPolicy(w, { allowUserAllowlist: false });
    expect(await send({ type: 'allowlist.add', host: 'new.example' })).toMatchObject({
      ok: false,
      error: { code: 'locked' },
    });
    expect(await send({ type: 'allowlist.remove', host: 'kept.example' })).toMatchObject({
      ok: false,
      error: { code: 'locked' },
    });
    expect(await send({ type: 'settings.set', patch: { allowlist: ['sneaky.example'] } })).toMatchObject({
      ok: true,
      data: { refused: { allowlist: expect.any(String) } },
    });
    const tab = await fakeBrowser.tabs.create({ url: 'http://example.org/' });
    expect((await ask<TabStatusData>(w, { type: 'tab.status', tabId: tab.id! })).canTrust).toBe(false);
    expect((await ask<{ settings: { allowlist: string[] } }>(w, { type: 'settings.get' })).settings.allowlist).toEqual(
      [],
    );

    await setPolicy(w, {});
    expect((await ask<{ settings: { allowlist: string[] } }>(w, { type: 'settings.get' })).settings.allowlist).toEqual([
      'kept.example',
    ]);
  });

  it('the person cannot set a policy-only key themselves', async () => {
    const r = await ask<{ refused: Record<string, string> }>(w, {
      type: 'settings.set',
      patch: { allowPause: false, allowUserAllowlist: false, lockAll: true },
    });
    expect(Object.keys(r.refused).sort()).toEqual(['allowPause', 'allowUserAllowlist', 'lockAll']);
  });
});

describe('allowProceed turned off by a policy', () => {
  it('ends an exception granted while it was allowed', async () => {
    const url = 'http://phish-exception.example/';
    const token = await blockedToken(await navigate(url));
    expect(await ask(w, { type: 'blocked.proceed', token })).toEqual({ url });
    expect(await tabUrl(await navigate(url))).toBe(url);

    await setPolicy(w, { allowProceed: false });
    expect(await reason(await navigate(url))).toBe('band:malicious');
    // And it does not come back if proceeding is allowed again.
    await setPolicy(w, { allowProceed: true });
    expect(await reason(await navigate(url))).toBe('band:malicious');
  });

  it('ends a one-shot pass too (passes come only from the blocked page)', async () => {
    const url = 'http://phish-pass.example/';
    const tabId = await navigate(url);
    const token = await blockedToken(tabId);
    expect((await w.route({ type: 'blocked.proceed', token }, pageSender)).ok).toBe(true);
    await setPolicy(w, { allowProceed: false });
    expect(await reason(await navigate(url, { tabId }))).toBe('band:malicious');
  });
});

describe('credits (not strict): the tab is still protected when they return', () => {
  it('a phishing navigation that waited for credits moves its tab to the blocked page once they are bought', async () => {
    svc.setCredits(0);
    const url = 'http://phish-waits-credits.example/login';
    const tabId = await navigate(url);
    await waitFor(() => w.app.engine.problem()?.code === 'insufficient_credits');
    expect(await tabUrl(tabId)).toBe(url);
    await ask(w, { type: 'credits.purchase', amount: 5 });
    expect(await reason(tabId)).toBe('band:malicious');
  });
});

describe('a URL held back leaves only under the settings in force when it leaves', () => {
  it.each<[string, string, () => Promise<unknown>]>([
    [
      'the person trusts the host meanwhile',
      'http://waits-then-trusted.example/a',
      () => ask(w, { type: 'allowlist.add', host: 'waits-then-trusted.example' }),
    ],
    [
      'the policy adds the host to its allowlist',
      'http://waits-then-allowed.example/a',
      () => setPolicy(w, { allowlist: ['waits-then-allowed.example'] }),
    ],
    [
      'the query is to be stripped now',
      'http://waits-query.example/a?token=secret',
      () => w.app.settings.set({ stripQuery: true }),
    ],
  ])('waiting for credits, then %s: nothing more is sent once credits are back', async (_n, url, change) => {
    await w.app.settings.set({ stripQuery: false });
    svc.setCredits(0);
    await navigate(url);
    await waitFor(() => w.app.engine.problem()?.code === 'insufficient_credits');
    const host = new URL(url).hostname;
    const before = postsWith(svc.log, host).length;
    expect(before).toBe(1); // the one answered 402
    await change();
    await ask(w, { type: 'credits.purchase', amount: 5 });
    await whenIdle();
    expect(postsWith(svc.log, host).length).toBe(before);
  });
});
