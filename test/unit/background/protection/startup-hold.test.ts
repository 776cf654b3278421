/**
 * The first pages after the browser starts, with the service set by the organization's policy:
 * the policy store's first read takes seconds, and until it answers Linklens has no key. A page
 * opened meanwhile is held on the blocked page ("Linklens is starting"), then checked under the
 * settings in force and let through or blocked; nothing is sent for it before the policy is read.
 * Over fakeBrowser with the real local service; a browser restart is a new background over the
 * same stores, with storage.managed slow to answer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startService, type ScanningService } from '../../../service/server';
import { startBackground } from '@/src/background/main';
import { createRouter } from '@/src/background/router';
import { whenIdle } from '@/src/background/idle';
import type { BlockedDetailsData } from '@/src/shared/messaging/protocol';
import { ask, blockedToken, navigate, setPolicy, setupApp, tabUrl } from '../harness/app';
import { createSettingsStore } from '@/src/background/state/settings-store';
import { createMemorySecretStore } from '@/src/background/state/secret-store';
import { setDbBackend } from '@/src/background/state/kv';
import { createMemoryBackend } from '@/src/background/state/db-backend';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 50, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

const w = setupApp(() => svc);

/** A new background over the same stores (the browser restarted), its policy read held until `release()`. */
async function restartWithSlowPolicy(): Promise<() => void> {
  let release: () => void = () => undefined;
  const slow = new Promise<void>((r) => (release = r));
  const real = fakeBrowser.storage.managed.get.bind(fakeBrowser.storage.managed);
  vi.spyOn(fakeBrowser.storage.managed, 'get').mockImplementation((async (k: null) => {
    await slow;
    return real(k);
  }) as never);
  for (const ev of Object.values(fakeBrowser.webNavigation))
    (ev as { removeAllListeners?: () => void }).removeAllListeners?.();
  w.app = startBackground();
  w.route = createRouter(w.app);
  return () => release();
}

const posted = (needle: string) =>
  svc.log.filter((e) => e.method === 'POST' && JSON.stringify(e.body ?? '').includes(needle));

describe('the first pages after a start, with the service set by policy', () => {
  for (const strict of [false, true]) {
    it(`a phishing page is held, then checked and blocked; nothing is sent before the policy is read (strict mode ${strict ? 'on' : 'off'})`, async () => {
      await setPolicy(w, { serviceUrl: svc.baseUrl, apiKey: svc.demoKey, strictMode: strict, strictFailMode: 'block' });
      const release = await restartWithSlowPolicy();
      const url = `http://phish-start-${strict}.example/login`;
      const tabId = await navigate(url);
      const token = await blockedToken(tabId);
      const held = await ask<BlockedDetailsData>(w, { type: 'blocked.details', token });
      expect(held).toMatchObject({ pending: true, reason: 'strict:starting' });
      expect(posted(`phish-start-${strict}`)).toEqual([]);
      release();
      await vi.waitFor(
        async () => expect((await ask<BlockedDetailsData>(w, { type: 'blocked.details', token })).pending).toBe(false),
        { timeout: 10_000 },
      );
      const after = await ask<BlockedDetailsData>(w, { type: 'blocked.details', token });
      expect(after.reason).toBe('band:malicious');
      expect(posted(`phish-start-${strict}`)).toHaveLength(1);
      expect(await tabUrl(tabId)).toContain('/blocked.html?t=');
    });
  }

  it('a safe page is held, then opens once its verdict is in', async () => {
    await setPolicy(w, { serviceUrl: svc.baseUrl, apiKey: svc.demoKey });
    const release = await restartWithSlowPolicy();
    const url = 'http://safe-start.example/';
    const tabId = await navigate(url);
    const token = await blockedToken(tabId);
    expect(await ask<BlockedDetailsData>(w, { type: 'blocked.details', token })).toMatchObject({
      pending: true,
      reason: 'strict:starting',
    });
    release();
    await vi.waitFor(async () => expect(await tabUrl(tabId)).toBe(url), { timeout: 10_000 });
    expect(posted('safe-start.example')).toHaveLength(1);
  });

  it('a load the startup rule stopped before the background woke is held, checked, and let through once its verdict is in', async () => {
    await setPolicy(w, { serviceUrl: svc.baseUrl, apiKey: svc.demoKey });
    const release = await restartWithSlowPolicy();
    release(); // this time the policy store answers at once
    const url = 'http://woken-start.example/';
    const tab = await fakeBrowser.tabs.create({ url });
    // The browser's startup rule stopped the load; the background hears only the failure.
    await fakeBrowser.webNavigation.onErrorOccurred.trigger({
      tabId: tab.id!,
      url,
      frameId: 0,
      parentFrameId: -1,
      error: 'net::ERR_BLOCKED_BY_CLIENT',
      timeStamp: Date.now(),
      processId: 1,
    } as never);
    // Held on the blocked page while its check runs, not let through unchecked …
    await blockedToken(tab.id!);
    // … then, safe, let through (a release, not a "Proceed anyway").
    await vi.waitFor(async () => expect(await tabUrl(tab.id!)).toBe(url), { timeout: 10_000 });
    expect(posted('woken-start.example')).toHaveLength(1);
    const passes = await ask<{ items: Array<{ kind: string; host: string }> }>(w, { type: 'exceptions.list' });
    expect(passes.items).toEqual([]);
  });

  it('at the browser start, a page already open (loaded before the worker listened) is checked and blocked when bad', async () => {
    const url = 'http://phish-open-at-start.example/login';
    const tab = await fakeBrowser.tabs.create({ url });
    await w.app.navigation.recheckOpenTabs();
    await blockedToken(tab.id!);
    expect(posted('phish-open-at-start.example')).toHaveLength(1);
  });

  it('a new install checks the pages already open, as a start does (Chromium installs a command-line extension anew at every start, without onStartup)', async () => {
    const url = 'http://phish-open-at-install.example/login';
    const tab = await fakeBrowser.tabs.create({ url });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    await blockedToken(tab.id!);
    expect(posted('phish-open-at-install.example')).toHaveLength(1);
  });

  it('an update checks no open page again (its pages were checked while it ran)', async () => {
    const url = 'http://phish-open-at-update.example/login';
    await fakeBrowser.tabs.create({ url });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update' } as never);
    await whenIdle();
    expect(posted('phish-open-at-update.example')).toEqual([]);
  });

  it('without a policy that sets the service, nothing is held', async () => {
    await setPolicy(w, { blocklist: ['bad.example'] });
    const release = await restartWithSlowPolicy();
    const url = 'http://plain-start.example/';
    const tabId = await navigate(url);
    expect(await tabUrl(tabId)).toBe(url);
    release();
  });
});

describe('a fresh profile: no policy was ever read', () => {
  /** A store over an empty private store, its policy read held, installed the given way. */
  async function freshStore(installType: string) {
    vi.spyOn(fakeBrowser.management, 'getSelf').mockResolvedValue({ installType } as never);
    const never = new Promise<never>(() => undefined);
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockReturnValue(never as never);
    setDbBackend(createMemoryBackend(true)); // an empty private store: a fresh profile
    return createSettingsStore(createMemorySecretStore());
  }

  it("installed by an administrator's policy: navigations wait for the first read", async () => {
    const st = await (await freshStore('admin')).get();
    expect(st).toMatchObject({ starting: true, policyLive: false });
  });

  it('installed by the person: nothing waits (a policy configuring the service would have been read before)', async () => {
    const st = await (await freshStore('normal')).get();
    expect(st.starting).toBe(false);
  });
});
