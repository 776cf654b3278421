/**
 * The untrusted tier over the wired background (fakeBrowser + the real local service), docs/decisions/001-content-tier.md:
 * what a content script learns (docs/decisions/001-content-tier.md), where pushes go (docs/decisions/001-content-tier.md), that it grants no pass
 * (docs/decisions/001-content-tier.md), and the budgets on what pages can spend (docs/decisions/010-budgets.md). Each assertion is about what the
 * service received or what the reply holds, so a refusal never passes for a success.
 */
import { describe, it, expect, beforeAll, afterAll, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startService, type ScanningService } from '../../../service/server';
import { submittedUrls } from '../../../shared/service-log';
import { startBackground } from '@/src/background/main';
import { createRouter, type SenderLike } from '@/src/background/router';
import type { App } from '@/src/background/app';
import { createFrameLinks } from '@/src/background/content-tier/frame-links';
import { createToken } from '@/src/background/protection/blocked-tokens';
import { grantPass, hasPass } from '@/src/background/overrides/exceptions';
import { bucketSize, DEFAULT_BUDGETS } from '@/src/shared/policy/budgets';
import { MAX_PASSES } from '@/src/shared/policy/passes';
import type { TabStatusData } from '@/src/shared/messaging/protocol';
import { waitFor } from '../harness/worker';
import { freshBrowser, knownStatus, pageSender } from '../harness/app';
import { contentSender, pageInTab } from '../harness/senders';
import { whenIdle } from '@/src/background/idle';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 50, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

const frameSender = (tabId: number, frameId = 0, documentId?: string, url = 'https://evil.example/'): SenderLike =>
  contentSender(tabId, { url, tabUrl: 'https://evil.example/', frameId, documentId });

let app: App;
let route: ReturnType<typeof createRouter>;
let pushes: Array<{ tabId: number; message: { type: string; links?: Record<string, unknown> }; options: unknown }>;

function boot() {
  app = startBackground();
  route = createRouter(app);
}

beforeEach(async () => {
  freshBrowser();
  svc.resetFaults();
  svc.clearLog();
  pushes = [];
  vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockImplementation(
    (async (tabId: number, message: never, options: unknown) => void pushes.push({ tabId, message, options })) as never,
  );
  boot();
  await app.settings.set({ serviceUrl: svc.baseUrl, apiKey: svc.demoKey });
});

const sent = () => submittedUrls(svc.log);

/** A verdict in the cache, learned elsewhere (our own page's check: not budgeted). */
/** A normal (not private) tab for the popup's checks: a check with no tab counts as private. */
async function popupTab(): Promise<number> {
  return (await fakeBrowser.tabs.create({ url: 'https://popup-tab.example/' })).id!;
}

async function known(url: string) {
  await route({ type: 'scan.url', url, reason: 'popup', tabId: await popupTab() }, pageSender);
  await waitFor(async () => (await knownStatus(app, url)) === 'verdict' || null);
}

describe('links.lookup: only what a warning needs (docs/decisions/001-content-tier.md)', () => {
  it('a page asking about URLs the person visited elsewhere learns nothing of the safe ones, and no timestamps', async () => {
    const safe = 'https://bank-visited.example/account';
    const bad = 'https://phish-seen.example/login';
    await known(safe);
    await known(bad);
    const r = await route({ type: 'links.lookup', urls: [safe, bad, 'https://never.example/'] }, frameSender(5));
    expect(r.ok).toBe(true);
    const data = (r as { data: Record<string, unknown> }).data;
    // The safe, visited URL reads exactly like one never checked.
    expect(data[safe]).toEqual({ status: 'unknown' });
    expect(data['https://never.example/']).toEqual({ status: 'unknown' });
    expect(data[bad]).toMatchObject({
      status: 'verdict',
      action: 'block',
      band: 'malicious',
      categories: ['phishing'],
    });
    expect(JSON.stringify(data)).not.toMatch(/checkedAt|scn_/);
    // Our own pages still get the full answer.
    const full = await route({ type: 'links.lookup', urls: [safe] }, pageInTab(40));
    expect(full).toMatchObject({ ok: true, data: { [safe]: { status: 'verdict', action: 'allow', band: 'safe' } } });
  });

  it('a scan running for another tab is not disclosed either (pending reads as unknown)', async () => {
    svc.setProcessingDelay(2000);
    await route({ type: 'scan.url', url: 'https://running.example/', reason: 'popup' }, pageSender);
    const r = await route({ type: 'links.lookup', urls: ['https://running.example/'] }, frameSender(6));
    expect(r).toEqual({ ok: true, data: { 'https://running.example/': { status: 'unknown' } } });
    svc.setProcessingDelay(50);
  });

  it('hovering a URL whose scan another tab started: "no warning", and no steps or end pushed (docs/decisions/017-surfaces.md progress is for own scans only)', async () => {
    svc.setProcessingDelay(1500);
    const url = 'https://opened-elsewhere.example/';
    await route({ type: 'scan.url', url, reason: 'popup', tabId: await popupTab() }, pageSender);
    // The other tab's scan is at the service before the hover.
    await waitFor(() => submittedUrls(svc.log).includes(url) || null);
    const r = await route({ type: 'link.hover', url }, frameSender(6));
    expect(r).toEqual({ ok: true, data: { status: 'unknown' } });
    await waitFor(async () => (await knownStatus(app, url)) === 'verdict' || null);
    await whenIdle();
    expect(pushes.filter((p) => JSON.stringify(p.message).includes('opened-elsewhere'))).toEqual([]);
    svc.setProcessingDelay(50);
  });

  it('a document may ask about a bounded number of links; past it, nothing more is disclosed', () => {
    const links = createFrameLinks(3);
    const frame = { tabId: 1, frameId: 0, documentId: 'doc-a' };
    expect(['a', 'b', 'c', 'a'].map((u) => links.note(frame, u))).toEqual([true, true, true, true]);
    expect(links.note(frame, 'd')).toBe(false);
    // Another document of the same frame, or another frame, has its own bound.
    expect(links.note({ ...frame, documentId: 'doc-b' }, 'd')).toBe(true);
    expect(links.note({ ...frame, frameId: 3 }, 'd')).toBe(true);
    // The frame navigated (onCommitted): its links start afresh.
    links.forgetFrame(1, 0);
    expect(links.has(frame, 'a')).toBe(false);
    expect(links.note(frame, 'd')).toBe(true);
  });

  it("the top frame's new page takes the old page's subframes with it (script-made frames report no commit); a subframe's takes only its own", () => {
    const links = createFrameLinks();
    const top = { tabId: 1, frameId: 0 };
    const sub = { tabId: 1, frameId: 9 };
    const other = { tabId: 2, frameId: 9 };
    for (const f of [top, sub, other]) links.note(f, 'https://x.example/');
    links.forgetFrame(1, 9);
    expect([top, sub, other].map((f) => links.has(f, 'https://x.example/'))).toEqual([true, false, true]);
    links.note(sub, 'https://x.example/');
    links.forgetFrame(1, 0);
    expect([top, sub, other].map((f) => links.has(f, 'https://x.example/'))).toEqual([false, false, true]);
  });

  it('memory stays bounded however many frames report however long links: the oldest documents go first', () => {
    const links = createFrameLinks(10_000, 500, 100_000);
    const long = (doc: number, n: number) => `https://l.example/${doc}/${n}/${'x'.repeat(980)}`;
    // 60 documents × 20 links of ~1 KB: 1.2 MB asked for, 100 KB allowed.
    for (let doc = 0; doc < 60; doc++)
      for (let n = 0; n < 20; n++) expect(links.note({ tabId: 1, frameId: doc }, long(doc, n))).toBe(true);
    const kept = Array.from({ length: 60 }, (_, doc) => links.has({ tabId: 1, frameId: doc }, long(doc, 0)));
    expect(kept.filter(Boolean).length).toBeLessThanOrEqual(5);
    expect(kept.slice(-4)).toEqual([true, true, true, true]); // the newest stay
    // One document alone is held to a quarter of the total: past it, it learns nothing more.
    const greedy = { tabId: 3, frameId: 0 };
    const answers = Array.from({ length: 40 }, (_, n) => links.note(greedy, long(999, n)));
    const took = answers.filter(Boolean).length;
    expect(took * long(999, 10).length).toBeLessThanOrEqual(100_000 / 4);
    expect(took).toBeGreaterThanOrEqual(20);
    expect(answers.slice(took)).toEqual(Array(40 - took).fill(false));
  });
});

describe('pushes go to the frame that asked (docs/decisions/001-content-tier.md)', () => {
  it('a hover in a sub-frame gets its block verdict pushed to that frame and document only', async () => {
    const raw = 'http://malware-frame.example/a#frag';
    const r = await route({ type: 'link.hover', url: raw }, frameSender(5, 7, 'doc-7'));
    // The check this hover started: its step's name only (docs/decisions/017-surfaces.md), no scan id.
    expect(r).toEqual({ ok: true, data: { status: 'pending', progress: 'submitting' } });
    // Another frame of the tab hovered a safe link: it hears only of that link, never a verdict.
    const plain = 'http://plain-frame.example/';
    await route({ type: 'link.hover', url: plain }, frameSender(5, 0, 'doc-0'));
    const isVerdictPush = (p: (typeof pushes)[number]) =>
      Object.values(p.message.links ?? {}).some((i) => (i as { status: string }).status === 'verdict');
    const push = await waitFor(
      () => pushes.find((p) => JSON.stringify(p.message).includes('malware-frame') && isVerdictPush(p)) ?? null,
    );
    expect(push).toMatchObject({
      tabId: 5,
      options: { frameId: 7, documentId: 'doc-7' },
      message: { type: 'links.update', links: { [raw]: { status: 'verdict', action: 'block' } } },
    });
    await waitFor(async () => (await knownStatus(app, plain)) === 'verdict' || null);
    await whenIdle();
    const updates = pushes.filter((p) => p.message.type === 'links.update');
    expect(updates.filter(isVerdictPush)).toHaveLength(1);
    // Every push names one frame and only the link that frame hovered; what is not the warning
    // is a step name or "no warning" (the safe verdict's end), never more.
    for (const p of updates) {
      const [url, ...more] = Object.keys(p.message.links ?? {});
      expect(more).toEqual([]);
      expect(p.options).toEqual(
        url === raw ? { frameId: 7, documentId: 'doc-7' } : { frameId: 0, documentId: 'doc-0' },
      );
      const info = p.message.links![url!] as Record<string, unknown>;
      if (info.status !== 'verdict')
        expect(info).toSatisfy(
          (i: Record<string, unknown>) =>
            (i.status === 'pending' && Object.keys(i).join() === 'status,progress') ||
            (i.status === 'unknown' && Object.keys(i).join() === 'status'),
        );
    }
    // The hovering frame's last word on its safe link: "no warning" (its tooltip stops saying "checking").
    expect(updates.filter((p) => p.message.links?.[plain] !== undefined).at(-1)?.message.links?.[plain]).toEqual({
      status: 'unknown',
    });
    expect(JSON.stringify(pushes)).not.toMatch(/checkedAt|scn_|since/);
  });

  it('without a documentId (Firefox may not report one) the push still names the frame', async () => {
    await route({ type: 'link.hover', url: 'http://phish-nodoc.example/' }, frameSender(8, 2));
    const push = await waitFor(() => pushes.find((p) => JSON.stringify(p.message).includes('phish-nodoc')) ?? null);
    expect(push.options).toEqual({ frameId: 2 });
  });
});

describe('no pass from a content script (docs/decisions/001-content-tier.md)', () => {
  it('link.proceed is not a message any more: refused, and the navigation is still blocked', async () => {
    const url = 'http://phish-forged-pass.example/';
    const r = await route({ type: 'link.proceed', url }, frameSender(9));
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_message' } });
    expect(await hasPass(9, url, true)).toBe(false);
    const tab = await fakeBrowser.tabs.create({ url });
    await fakeBrowser.webNavigation.onBeforeNavigate.trigger({
      tabId: tab.id!,
      url,
      frameId: 0,
      parentFrameId: -1,
      timeStamp: Date.now(),
    } as never);
    await waitFor(async () => ((await fakeBrowser.tabs.get(tab.id!)).url ?? '').includes('/blocked.html?t=') || null);
  });

  it('"Proceed anyway" needs a block-level verdict: a token for a warn-level page grants nothing', async () => {
    const { token, written } = createToken({
      tabId: 3,
      rawUrl: 'https://risky.example/',
      url: 'https://risky.example/',
      host: 'risky.example',
      verdict: null,
      decision: { action: 'warn', reason: 'band:high' },
      pending: false,
      createdAt: Date.now(),
    });
    await written;
    expect(await route({ type: 'blocked.proceed', token }, pageSender)).toMatchObject({
      ok: false,
      error: { code: 'not_blocked' },
    });
    expect(await hasPass(3, 'https://risky.example/', true)).toBe(false);
    const held = createToken({
      tabId: 3,
      rawUrl: 'https://held.example/',
      url: 'https://held.example/',
      host: 'held.example',
      verdict: null,
      decision: { action: 'block', reason: 'strict:pending' },
      pending: true,
      createdAt: Date.now(),
    });
    await held.written;
    expect(await route({ type: 'blocked.proceed', token: held.token }, pageSender)).toMatchObject({
      ok: false,
      error: { code: 'pending' },
    });
  });

  it(`at most ${MAX_PASSES} passes are live at once`, async () => {
    for (let i = 0; i < MAX_PASSES + 5; i++) await grantPass(1, `https://p${i}.example/`, 'proceed', 1000 + i);
    const live = await Promise.all(
      Array.from({ length: MAX_PASSES + 5 }, (_, i) => hasPass(1, `https://p${i}.example/`, true, 2000)),
    );
    expect(live.filter(Boolean)).toHaveLength(MAX_PASSES);
    expect(live.slice(0, 5)).toEqual([false, false, false, false, false]); // the oldest went
  });
});

/**
 * What was sent once `expected` URLs arrived (a slow machine takes longer than a fixed wait) and
 * the background is idle (nothing more on its way): a budget that let one more through still fails.
 */
async function settledCount(read: () => string[], expected: number): Promise<string[]> {
  await waitFor(() => read().length >= expected || null, 5000).catch(() => undefined);
  await whenIdle();
  return read();
}

describe('budgets (docs/decisions/010-budgets.md)', () => {
  async function navigateIn(tabId: number, url: string) {
    await fakeBrowser.webNavigation.onBeforeNavigate.trigger({
      tabId,
      url,
      frameId: 0,
      parentFrameId: -1,
      timeStamp: Date.now(),
    } as never);
  }
  async function commit(tabId: number, url: string) {
    await fakeBrowser.webNavigation.onCommitted.trigger({
      tabId,
      url,
      frameId: 0,
      parentFrameId: -1,
      timeStamp: Date.now(),
      transitionType: 'link',
      transitionQualifiers: [],
    } as never);
  }

  it('a page navigating a tab in a loop (to URLs answering 204) gets the tab budget sent, no more; the popup says why', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://looper.example/' });
    await commit(tab.id!, 'https://looper.example/');
    for (let i = 0; i < 60; i++) await navigateIn(tab.id!, `https://looper.example/204/${i}`);
    const urls = await settledCount(
      () => sent().filter((u) => u.startsWith('https://looper.example/')),
      bucketSize(DEFAULT_BUDGETS.navigationsPerTabPerMinute),
    );
    // A burst: the tab bucket's size (10 of the 20 a minute), at once.
    expect(urls).toHaveLength(bucketSize(DEFAULT_BUDGETS.navigationsPerTabPerMinute));
    // The tab shows one of the refused URLs: the popup names the budget, not "not checked".
    await fakeBrowser.tabs.update(tab.id!, { url: 'https://looper.example/204/59' });
    const st = await route({ type: 'tab.status', tabId: tab.id! }, pageSender);
    expect(st).toMatchObject({ ok: true, data: { status: { kind: 'skipped', reason: 'budget-tab' } } });
    const budget = (st as { data: TabStatusData }).data.budget!;
    expect(budget.tab).toMatchObject({ scope: 'tab', kind: 'navigation', site: 'looper.example' });
    expect(budget.refusedToday).toBe(60 - urls.length);
    expect(budget.refusedSites).toEqual([{ site: 'looper.example', refused: 60 - urls.length }]);
    expect(budget.today.navigations).toBe(urls.length);
  });

  it('the site budget spans tabs: a page opening new tabs in a loop gets the site budget, no more', async () => {
    const opener = await fakeBrowser.tabs.create({ url: 'https://popups.example/' });
    await commit(opener.id!, 'https://popups.example/');
    for (let i = 0; i < 40; i++) {
      const t = await fakeBrowser.tabs.create({ url: 'about:blank' });
      await fakeBrowser.webNavigation.onCreatedNavigationTarget.trigger({
        sourceTabId: opener.id!,
        sourceProcessId: 1,
        sourceFrameId: 0,
        tabId: t.id!,
        url: `https://target-${i}.example/`,
        timeStamp: Date.now(),
      } as never);
      await navigateIn(t.id!, `https://target-${i}.example/`);
    }
    expect(
      await settledCount(
        () => sent().filter((u) => u.includes('target-')),
        bucketSize(DEFAULT_BUDGETS.navigationsPerSitePerMinute),
      ),
    ).toHaveLength(bucketSize(DEFAULT_BUDGETS.navigationsPerSitePerMinute));
  });

  it('hovers: a page faking hover intent on 100 links gets the tab hover budget sent; cached links cost nothing', async () => {
    const cached = 'https://cached-hover.example/';
    await known(cached);
    svc.clearLog();
    for (let i = 0; i < 100; i++)
      await route({ type: 'link.hover', url: `http://flood-${i}.example/` }, frameSender(77));
    for (let i = 0; i < 20; i++) await route({ type: 'link.hover', url: cached }, frameSender(77));
    expect(await settledCount(sent, bucketSize(DEFAULT_BUDGETS.hoversPerTabPerMinute))).toHaveLength(
      bucketSize(DEFAULT_BUDGETS.hoversPerTabPerMinute),
    );
    expect(sent()).not.toContain(cached);
  });

  it('budgets are settable (policy or settings): 2 navigations a minute per tab', async () => {
    await fakeBrowser.storage.managed.set({ budgets: { navigationsPerTabPerMinute: 2 } });
    await app.settings.refreshManaged();
    const tab = await fakeBrowser.tabs.create({ url: 'https://strict-org.example/' });
    for (let i = 0; i < 5; i++) await navigateIn(tab.id!, `https://strict-org.example/p${i}`);
    expect(await settledCount(() => sent().filter((u) => u.includes('strict-org')), 1)).toHaveLength(1);
  });

  it('a worker restart does not hand the page a fresh budget (counters in storage.session)', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://restart.example/' });
    await commit(tab.id!, 'https://restart.example/');
    for (let i = 0; i < 15; i++) await navigateIn(tab.id!, `https://restart.example/a${i}`);
    await app.budget.flush();
    // A new worker life: memory gone, storage (session included) kept.
    for (const ev of Object.values(fakeBrowser.webNavigation))
      (ev as { removeAllListeners?: () => void }).removeAllListeners?.();
    boot();
    for (let i = 0; i < 15; i++) await navigateIn(tab.id!, `https://restart.example/b${i}`);
    expect(
      await settledCount(
        () => sent().filter((u) => u.startsWith('https://restart.example/')),
        bucketSize(DEFAULT_BUDGETS.navigationsPerTabPerMinute),
      ),
    ).toHaveLength(bucketSize(DEFAULT_BUDGETS.navigationsPerTabPerMinute));
  });

  it("an imported settings file cannot lift the budgets (it is the attacker's file)", async () => {
    const json = JSON.stringify({
      hoverDelayMs: 200,
      budgets: { navigationsPerTabPerMinute: 100_000, hoversPerTabPerMinute: 100_000, checksPerDay: 10_000_000 },
    });
    const r = await route({ type: 'settings.import', json, apply: true }, pageSender);
    expect(r).toMatchObject({
      ok: true,
      data: { applied: true, plan: { ignored: [expect.objectContaining({ key: 'budgets' })] } },
    });
    expect((await app.settings.get()).settings.hoverDelayMs).toBe(200);
    expect((await app.settings.get()).settings.budgets).toEqual(DEFAULT_BUDGETS);
  });

  it('our own checks (popup, menu) are not budgeted', async () => {
    const tabId = await popupTab();
    for (let i = 0; i < 30; i++)
      await route({ type: 'scan.url', url: `https://mine-${i}.example/`, reason: 'popup', tabId }, pageSender);
    // All 30 reach the service (a budget would have stopped them at the tab's 10, at once).
    await waitFor(() => sent().filter((u) => u.includes('mine-')).length === 30 || null, 5000);
    expect(sent().filter((u) => u.includes('mine-'))).toHaveLength(30);
  });
});
