/**
 * "You were there" through the wired background (fakeBrowser + the real local service): a page
 * committed in a normal window is a visit, password.typed from its top frame marks it, and a
 * later bad verdict for another page of the site (another tab's navigation) tells the person;
 * private windows keep nothing; the policy's block list and the feed tell as well, and end the
 * site's "Proceed anyway" exception and "Trust" entry.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startService, type ScanningService } from '../../../service/server';
import type { Reply, SettingsData } from '@/src/shared/messaging/protocol';
import type { WereThereAlert } from '@/src/shared/visits/kept';
import { addException, hasException } from '@/src/background/overrides/exceptions';
import { ask, EXTENSION_ID, navigate, setPolicy, setupApp } from '../harness/app';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 50, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

const w = setupApp(() => svc);

/** A tab in a private window: fakeBrowser makes every tab a normal one, so this one is never created there. */
const PRIVATE_TAB = 777;

/** fakeBrowser's tabs are all in normal windows; PRIVATE_TAB is the browser's answer for a private one. */
function windows() {
  const real = fakeBrowser.tabs.get.bind(fakeBrowser.tabs);
  vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation((async (id: number) =>
    id === PRIVATE_TAB ? { id, incognito: true } : real(id)) as never);
}

async function visit(url: string, incognito = false): Promise<number> {
  const tabId = incognito ? PRIVATE_TAB : (await fakeBrowser.tabs.create({ url } as never)).id!;
  await fakeBrowser.webNavigation.onCommitted.trigger({
    tabId,
    url,
    frameId: 0,
    parentFrameId: -1,
    timeStamp: Date.now(),
    processId: 1,
    transitionType: 'link',
    transitionQualifiers: [],
  } as never);
  return tabId;
}

const hosts = async () => w.app.visits.store.hosts();
const alerts = () => ask<WereThereAlert[]>(w, { type: 'visits.wereThere' });
const typedPassword = (tabId: number, url: string, extra: Record<string, unknown> = {}): Promise<Reply> =>
  w.route(
    { type: 'password.typed' },
    { id: EXTENSION_ID, url, frameId: 0, tab: { id: tabId, incognito: false, url }, ...extra },
  );
const notified = () =>
  vi.mocked(fakeBrowser.notifications.create).mock.calls.filter(([id]) => String(id).startsWith('werethere:'));

/** Until the clock has moved past `host`'s visit: a later verdict is then later than it, not at the same millisecond. */
async function pastVisitOf(host: string) {
  const at = (await w.app.visits.store.get(host))?.lastAt ?? 0;
  await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(at));
}

describe('You were there, wired', () => {
  it('typed into a password field, the site flagged later by another tab: told with the advice', async () => {
    windows();
    const tab = await visit('http://shop-a.example/login');
    await vi.waitFor(async () => expect(await hosts()).toContain('shop-a.example'));
    expect(await typedPassword(tab, 'http://shop-a.example/login')).toEqual({ ok: true, data: null });
    await vi.waitFor(async () => expect((await w.app.visits.store.get('shop-a.example'))?.passwordAt).not.toBeNull());
    // Another page of the same site, opened in another tab, is phishing.
    await navigate('http://shop-a.example/phish');
    const [entry] = await vi.waitFor(
      async () => {
        const a = await alerts();
        if (a.length === 0) throw new Error('no entry yet');
        return a;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(entry).toMatchObject({
      host: 'shop-a.example',
      action: 'block',
      band: 'malicious',
      riskScore: 88,
      advice: true,
      source: 'scan',
    });
    expect(notified().map(([id]) => id)).toEqual(['werethere:shop-a.example']);
  });

  it('without typing: told, no advice', async () => {
    windows();
    await visit('http://shop-b.example/');
    await vi.waitFor(async () => expect(await hosts()).toContain('shop-b.example'));
    await navigate('http://shop-b.example/phish');
    const a = await vi.waitFor(
      async () => {
        const got = await alerts();
        if (got.length === 0) throw new Error('no entry yet');
        return got;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(a).toEqual([expect.objectContaining({ host: 'shop-b.example', advice: false })]);
  });

  it('a private window keeps no visit and no password mark; frames below the top mark nothing', async () => {
    windows();
    const tab = await visit('http://private-shop.example/', true);
    await typedPassword(tab, 'http://private-shop.example/', { tab: { id: tab, incognito: true } });
    await typedPassword(tab, 'http://private-shop.example/', { tab: { id: tab } });
    const normal = await visit('http://framed.example/');
    await vi.waitFor(async () => expect(await hosts()).toContain('framed.example'));
    await typedPassword(normal, 'http://evil-frame.example/', { frameId: 3 });
    expect(await hosts(), 'kept hosts').toEqual(['framed.example']);
    expect((await w.app.visits.store.get('framed.example'))?.passwordAt).toBeNull();
  });

  it('the policy naming a visited site on its block list tells too', async () => {
    windows();
    await visit('http://shop-c.example/');
    await vi.waitFor(async () => expect(await hosts()).toContain('shop-c.example'));
    await pastVisitOf('shop-c.example');
    await setPolicy(w, { blocklist: ['shop-c.example'] });
    await vi.waitFor(async () =>
      expect(await alerts()).toEqual([
        expect.objectContaining({ host: 'shop-c.example', source: 'orgList', action: 'block' }),
      ]),
    );
  });

  it("the feed's call ends the site's Proceed-anyway exception and Trust entry", async () => {
    windows();
    await visit('http://shop-d.example/');
    await vi.waitFor(async () => expect(await hosts()).toContain('shop-d.example'));
    await ask(w, { type: 'allowlist.add', host: 'shop-d.example', scope: 'host' });
    await addException('shop-d.example', -1);
    await pastVisitOf('shop-d.example');
    expect(await w.app.visits.siteTurnedBad('shop-d.example', { key: 'feed:42', action: 'block' }, 'feed')).toEqual({
      tell: true,
      advice: false,
    });
    expect(await hasException('shop-d.example')).toBe(false);
    expect((await ask<SettingsData>(w, { type: 'settings.get' })).settings.allowlist).not.toContain('shop-d.example');
    // Told once: the same feed entry again adds nothing.
    expect(await w.app.visits.siteTurnedBad('shop-d.example', { key: 'feed:42', action: 'block' }, 'feed')).toEqual({
      tell: false,
      reason: 'same-verdict',
    });
    expect(notified()).toHaveLength(1);
  });

  it('clearing forgets the visits and the entries', async () => {
    windows();
    await visit('http://shop-e.example/');
    await vi.waitFor(async () => expect(await hosts()).toContain('shop-e.example'));
    await ask(w, { type: 'visits.clear' });
    expect(await hosts()).toEqual([]);
    expect(await alerts()).toEqual([]);
  });
});
