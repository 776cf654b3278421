/**
 * The background as wired in main.ts, over fakeBrowser and the real local service:
 * navigation → blocked page, trust tiers of the router, proceed-anyway exceptions, the badge.
 */
import { describe, it, expect, beforeAll, afterAll, afterEach, beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startService, type ScanningService } from '../../service/server';
import { startBackground } from '@/src/background/main';
import { whenIdle } from '@/src/background/idle';
import { createRouter, isExtensionPage, type SenderLike } from '@/src/background/router';
import type { App } from '@/src/background/app';
import { waitFor } from './harness/worker';
import {
  blockedToken,
  EXTENSION_ID,
  EXTENSION_ORIGIN,
  freshBrowser,
  navigate,
  pageSender,
  tabUrl,
} from './harness/app';
import { createMemoryBackend, type DbBackend } from '@/src/background/state/db-backend';
import { readAll, setDbBackend } from '@/src/background/state/kv';
import { installI18n } from '../ui/helpers';
import { contentSender, pageInTab } from './harness/senders';

let svc: ScanningService;
beforeAll(async () => {
  svc = await startService({ processingDelayMs: 100, keepAliveMs: 100 });
});
afterAll(() => svc.stop());

/** Our blocked page, shown in a tab of a normal or a private window. */
const blockedPageIn = (incognito: boolean): SenderLike => pageInTab(99, 'blocked.html', incognito);

let app: App;
let route: ReturnType<typeof createRouter>;
/** This test's private store (setup-db.ts gives each test a fresh one; kept here for a restart). */
let db: DbBackend;
beforeEach(async () => {
  freshBrowser();
  db = createMemoryBackend(true);
  setDbBackend(db);
  // The background's words (notifications, badge titles) from the real English locale.
  installI18n('en');
  svc.resetFaults();
  svc.clearLog();
  app = startBackground();
  route = createRouter(app);
  await app.settings.set({ serviceUrl: svc.baseUrl, apiKey: svc.demoKey, stripQuery: true });
});

/** Requests that carried `needle` anywhere in their body (other tests' timers may still run). */
const sentWith = (needle: string) => svc.log.filter((e) => JSON.stringify(e.body ?? '').includes(needle));

describe('trust tiers', () => {
  it.each([
    ['our options page', pageSender, true],
    ['a content script in a web page', contentSender(1), false],
    ['a page claiming our URL with another origin', { ...pageSender, origin: 'https://evil.example' }, false],
    ['another extension', { ...pageSender, id: 'other-id' }, false],
    ['no url at all', { id: EXTENSION_ID }, false],
  ])('%s → privileged: %s', (_name, sender, expected) => {
    expect(isExtensionPage(sender as SenderLike, EXTENSION_ORIGIN, EXTENSION_ID)).toBe(expected);
  });

  it('refuses privileged messages from a content script, and never returns the key', async () => {
    for (const m of [
      { type: 'settings.get' },
      { type: 'keys.list' },
      { type: 'allowlist.add', host: 'evil.example' },
      { type: 'credits.purchase', amount: 5 },
    ]) {
      const r = await route(m, contentSender(3));
      expect(r).toEqual({ ok: false, error: { code: 'forbidden_sender', message: expect.any(String) } });
    }
    expect((await app.settings.get()).settings.allowlist).toEqual([]);
  });

  it('rejects malformed messages with a clear error', async () => {
    for (const m of [
      null,
      42,
      'x',
      { type: 'link.hover' },
      { type: 'link.hover', url: 'x'.repeat(9000) },
      { type: 'nope' },
    ]) {
      const r = await route(m, contentSender(3));
      expect(r, JSON.stringify(m)?.slice(0, 40)).toMatchObject({ ok: false, error: { code: 'invalid_message' } });
    }
  });

  it('settings.get from our page masks the key', async () => {
    const r = await route({ type: 'settings.get' }, pageSender);
    expect(r.ok).toBe(true);
    expect(JSON.stringify(r)).not.toContain(svc.demoKey);
    expect(r).toMatchObject({ ok: true, data: { apiKeyHint: `…${svc.demoKey.slice(-4)}` } });
  });
});

describe('navigation', () => {
  it('a phishing navigation lands on the blocked page with the details', async () => {
    const tabId = await navigate('http://phish-bank.example/login?user=me');
    const token = await blockedToken(tabId);
    const r = await route({ type: 'blocked.details', token }, pageSender);
    expect(r.ok).toBe(true);
    const d = (r as { data: { riskScore: number; categories: string[]; canProceed: boolean } }).data;
    expect(d.riskScore).toBe(88);
    expect(d.categories).toContain('phishing');
    // The query string was stripped before sending (privacy setting).
    expect(svc.log.some((e) => JSON.stringify(e.body ?? '').includes('user=me'))).toBe(false);
    // The popup on the blocked page shows the blocked page's verdict, not "Not checked".
    const st = await route({ type: 'tab.status', tabId }, pageSender);
    expect(st).toMatchObject({
      ok: true,
      data: {
        url: 'http://phish-bank.example/login?user=me',
        status: { kind: 'verdict', verdict: { riskScore: 88 }, decision: { action: 'block' } },
      },
    });
  });

  it('revisiting a URL with a cached verdict sends no second POST and blocks at once', async () => {
    const url = 'http://malware-drop.example/file';
    const t1 = await navigate(url);
    await blockedToken(t1);
    const postsBefore = svc.log.filter((e) => e.method === 'POST').length;
    const t2 = await navigate(url);
    expect(await tabUrl(t2)).toContain('blocked.html');
    expect(svc.log.filter((e) => e.method === 'POST').length).toBe(postsBefore);
  });

  it('proceed anyway adds an exception for the host until restart', async () => {
    const url = 'http://phish-proceed.example/';
    const t1 = await navigate(url);
    const token = await blockedToken(t1);
    const r = await route({ type: 'blocked.proceed', token }, pageSender);
    expect(r).toEqual({ ok: true, data: { url } });
    const t2 = await navigate(url);
    expect(await tabUrl(t2)).toBe(url);
    // Restart: storage.session is gone, the exception with it, and the worker starts a new life
    // (what it kept in memory is gone too) over the same private store.
    await fakeBrowser.storage.session.clear();
    setDbBackend(db);
    const t3 = await navigate(url);
    expect(await tabUrl(t3)).toContain('blocked.html');
  });

  it('"Proceed anyway" is reported to the organization when policy sets a reporting address', async () => {
    await fakeBrowser.storage.managed.set({ reportingUrl: 'https://siem.example.com/events' });
    await app.settings.refreshManaged();
    const url = 'http://phish-proceed-report.example/';
    const token = await blockedToken(await navigate(url));
    expect((await route({ type: 'blocked.proceed', token }, pageSender)).ok).toBe(true);
    // The event waits in the persisted queue (delivery is the queue's own tests' business).
    const { readKey } = await import('@/src/background/state/kv');
    const { z } = await import('zod');
    const queued = await waitFor(async () => {
      const q = (await readKey('db', 'reportingQueue', z.unknown(), undefined)) as
        { events?: { type: string; payload: { host?: string } }[] } | undefined;
      return q?.events?.find((e) => e.type === 'navigation.proceeded') ?? null;
    });
    expect(queued.payload.host).toBe('phish-proceed-report.example');
  });

  it('Go back steps over the blocked site exactly when it committed right before the blocked page', async () => {
    const url = 'http://phish-back.example/login';
    const commit = (tabId: number, u: string) =>
      fakeBrowser.webNavigation.onCommitted.trigger({
        tabId,
        url: u,
        frameId: 0,
        parentFrameId: -1,
        timeStamp: Date.now(),
        processId: 1,
        transitionType: 'link',
        transitionQualifiers: [],
      } as never);
    const tabId = await navigate(url);
    const token = await blockedToken(tabId);
    const blockedUrl = await tabUrl(tabId);
    // The site committed before the redirect landed: its entry sits behind the blocked page.
    await commit(tabId, 'http://start.example/');
    await commit(tabId, url + '#top');
    await commit(tabId, blockedUrl);
    expect(await route({ type: 'blocked.back', token }, pageSender)).toEqual({ ok: true, data: { steps: 2 } });
    // The redirect replaced the pending navigation: only the page before it is behind.
    await commit(tabId, 'http://start.example/');
    await commit(tabId, blockedUrl);
    expect(await route({ type: 'blocked.back', token }, pageSender)).toEqual({ ok: true, data: { steps: 1 } });
    // A content script cannot ask; an unknown token is an error, not a guess.
    expect(await route({ type: 'blocked.back', token }, contentSender(tabId))).toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' },
    });
    expect(await route({ type: 'blocked.back', token: 'nope' }, pageSender)).toMatchObject({
      ok: false,
      error: { code: 'invalid_token' },
    });
  });

  it('proceed is refused when policy removes it', async () => {
    await fakeBrowser.storage.managed.set({ allowProceed: false });
    await app.settings.refreshManaged();
    const t1 = await navigate('http://phish-nopass.example/');
    const token = await blockedToken(t1);
    // Answered (ok), and the answer says no: a refused call must not pass for "canProceed false".
    expect(await route({ type: 'blocked.details', token }, pageSender)).toMatchObject({
      ok: true,
      data: { canProceed: false },
    });
    expect(await route({ type: 'blocked.proceed', token }, pageSender)).toMatchObject({
      ok: false,
      error: { code: 'not_allowed' },
    });
  });

  it('never sends loopback or private hosts', async () => {
    for (const u of [
      'http://127.0.0.1:8080/',
      'http://localhost/',
      'http://192.168.1.10/',
      'http://intranet/',
      'http://[::1]/',
      'http://0x7f.1/',
    ])
      await navigate(u);
    await whenIdle();
    for (const needle of ['127.0.0.1:8080', 'localhost', '192.168', 'intranet', '[::1]', '0x7f'])
      expect(sentWith(needle)).toEqual([]);
  });

  it('sends nothing before the service is configured', async () => {
    await app.settings.set({ serviceUrl: '', apiKey: '' });
    await navigate('http://phish-unconfigured.example/');
    await whenIdle();
    expect(sentWith('phish-unconfigured')).toEqual([]);
  });
});

describe('Test connection outcomes', () => {
  const test = (serviceUrl: string, apiKey: string) =>
    route({ type: 'connection.test', serviceUrl, apiKey }, pageSender).then((r) =>
      r.ok ? (r.data as { outcome: string }) : null,
    );
  it('connected, with the balance', async () => {
    expect(await test(svc.baseUrl, svc.demoKey)).toMatchObject({
      outcome: 'connected',
      canScan: true,
      balance: expect.any(Number),
    });
  });
  it('key rejected', async () => expect((await test(svc.baseUrl, 'wrong'))?.outcome).toBe('key_rejected'));
  it('key lacks SCAN_WRITE', async () =>
    expect((await test(svc.baseUrl, svc.readOnlyKey))?.outcome).toBe('missing_scope'));
  it('service unreachable', async () =>
    expect((await test('http://127.0.0.1:1', svc.demoKey))?.outcome).toBe('unreachable'));
  it('not HTTPS (and nothing is sent)', async () => {
    expect((await test('http://scanner.example.com', svc.demoKey))?.outcome).toBe('not_https');
  });
  it('invalid URL', async () => expect((await test('not a url', svc.demoKey))?.outcome).toBe('invalid_url'));
});

describe('content config', () => {
  it('a content script gets exactly the hover settings, nothing else', async () => {
    await app.settings.set({ hoverDelayMs: 450, scanHovers: false });
    const r = await route({ type: 'config.get' }, contentSender(9));
    expect(r).toEqual({ ok: true, data: { hoverDelayMs: 450, scanHovers: false } });
  });
});

describe('options helpers', () => {
  it('Test connection with an empty key field tests the stored key', async () => {
    const r = await route({ type: 'connection.test', serviceUrl: svc.baseUrl, apiKey: '' }, pageSender);
    expect(r.ok && (r.data as { outcome: string }).outcome).toBe('connected');
  });
  it('policy list entries are reported apart and cannot be removed by the person', async () => {
    await fakeBrowser.storage.managed.set({ allowlist: ['corp.example'] });
    await app.settings.refreshManaged();
    await route({ type: 'allowlist.add', host: 'https://www.mine.example/x' }, pageSender);
    const r = await route({ type: 'settings.get' }, pageSender);
    const d = (r as { data: { settings: { allowlist: string[] }; managedEntries: { allowlist: string[] } } }).data;
    expect(d.managedEntries.allowlist).toEqual(['corp.example']);
    expect(d.settings.allowlist.sort()).toEqual(['corp.example', 'mine.example']);
    expect(await route({ type: 'allowlist.remove', host: 'corp.example' }, pageSender)).toMatchObject({
      ok: false,
      error: { code: 'locked' },
    });
    expect((await route({ type: 'allowlist.remove', host: 'mine.example' }, pageSender)).ok).toBe(true);
  });
  it.each([
    ['https://login.shop.example/x', 'host', 'login.shop.example'],
    ['https://login.shop.example/x', 'site', 'shop.example'],
    ['https://login.shop.example/x', undefined, 'shop.example'],
    ['*.Login.Shop.Example', 'host', 'login.shop.example'],
  ] as const)('allowlist.add %s with scope %s stores %s', async (host, scope, stored) => {
    await route({ type: 'allowlist.add', host, ...(scope ? { scope } : {}) }, pageSender);
    const r = await route({ type: 'settings.get' }, pageSender);
    expect((r as { data: { settings: { allowlist: string[] } } }).data.settings.allowlist).toEqual([stored]);
  });
  it.each([
    ['login.mybank.com@com', 'host', /“@”/],
    ['mybank.com:443@com', 'site', /“@”/],
    ['https://mybank.com@evil.example/', 'host', /“@”/],
    ['com', 'host', /whole domain ending/],
    ['github.io', 'site', /whole domain ending/],
    ['*.co.uk', 'site', /whole domain ending/],
  ] as const)(
    'allowlist.add %s (scope %s) is refused with the reason; the list gains nothing',
    async (host, scope, reason) => {
      const r = await route({ type: 'allowlist.add', host, scope }, pageSender);
      expect(r).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
      expect(JSON.stringify(r)).toMatch(reason);
      expect((await app.settings.get()).settings.allowlist).toEqual([]);
    },
  );
  it('an entry stored before strict reading is removed by its text, and never counted as what follows its "@"', async () => {
    await app.settings.set({ allowlist: ['login.mybank.com@com', 'kept.example'] });
    const status = (await app.checker.check('https://www.example.com/', 'popup')).status;
    expect(status).not.toMatchObject({ kind: 'skipped', reason: 'allowlisted' });
    expect(['checking', 'verdict']).toContain(status.kind); // sent to the service, not skipped
    expect((await route({ type: 'allowlist.remove', host: 'login.mybank.com@com' }, pageSender)).ok).toBe(true);
    expect((await app.settings.get()).settings.allowlist).toEqual(['kept.example']);
  });
});

describe('strict mode', () => {
  it('holds the tab on the checking page, then releases it to a safe page with a pass', async () => {
    svc.setProcessingDelay(600);
    await app.settings.set({ strictMode: true, strictTimeoutMs: 10_000 });
    const url = 'http://strict-safe.example/';
    const tabId = await navigate(url);
    const token = await blockedToken(tabId);
    const first = await route({ type: 'blocked.details', token }, pageSender);
    expect(first.ok && (first.data as { pending: boolean }).pending).toBe(true);
    await waitFor(async () => (await tabUrl(tabId)) === url || null);
    expect(await route({ type: 'blocked.details', token }, pageSender)).toMatchObject({
      ok: true,
      data: { pending: false },
    });
    svc.setProcessingDelay(100);
  });

  it('times out into the fail mode: block', async () => {
    svc.setProcessingDelay(5000);
    await app.settings.set({ strictMode: true, strictTimeoutMs: 500, strictFailMode: 'block' });
    const tabId = await navigate('http://strict-slow.example/');
    const token = await blockedToken(tabId);
    // The blocked page may show before the time is up ("still checking"); it ends on the timeout.
    const d = await waitFor(async () => {
      const r = await route({ type: 'blocked.details', token }, pageSender);
      return r.ok && !(r.data as { pending: boolean }).pending ? r : null;
    });
    expect(d.ok && d.data).toMatchObject({ pending: false, reason: 'strict:timeout' });
    expect(await tabUrl(tabId)).toContain('blocked.html');
    svc.setProcessingDelay(100);
  });
});

describe('context menu', () => {
  it('check a link → the report page opens with the scan id; a block-level verdict is notified', async () => {
    const { onMenuClick } = await import('@/src/background/handlers/menu');
    const { MENU_IDS } = await import('@/src/background/surfaces/context-menu');
    const created: string[] = [];
    vi.spyOn(fakeBrowser.tabs, 'create').mockImplementation(
      (async (p: { url: string }) => void created.push(p.url)) as never,
    );
    await onMenuClick(
      app,
      { menuItemId: MENU_IDS.link, linkUrl: 'http://malware-menu.example/x' },
      { id: 1, index: 0, incognito: false },
    );
    const report = await waitFor(() => created.find((u) => u.includes('/report.html?id=scn_')));
    expect(report).toMatch(/report\.html\?id=scn_[0-9a-f-]{36}$/);
    await waitFor(
      () =>
        (fakeBrowser.notifications.create as unknown as { mock: { calls: unknown[][] } }).mock.calls.length > 0 || null,
    );
    const [, opts] = (
      fakeBrowser.notifications.create as unknown as { mock: { calls: [string, { message: string }][] } }
    ).mock.calls[0]!;
    expect(opts.message).toContain('malware-menu.example');
  });

  it('selected text that is not a URL opens a report page that says so, sending nothing', async () => {
    const { onMenuClick } = await import('@/src/background/handlers/menu');
    const { MENU_IDS } = await import('@/src/background/surfaces/context-menu');
    const created: string[] = [];
    vi.spyOn(fakeBrowser.tabs, 'create').mockImplementation(
      (async (p: { url: string }) => void created.push(p.url)) as never,
    );
    await onMenuClick(app, { menuItemId: MENU_IDS.selection, selectionText: 'hello there' });
    expect(created[0]).toContain('report.html?error=not_a_url');
  });
});

/** What the page's top frame holds, as scripting.executeScript would read it (collect-in-page.ts). */
function setPageLinks(read: (details: { target: unknown }) => string[]): void {
  (fakeBrowser as unknown as { scripting: unknown }).scripting = {
    executeScript: async (details: { target: unknown }) => [{ result: read(details) }],
  };
}

describe('check all links on a page', () => {
  afterEach(() => void delete (fakeBrowser as unknown as { scripting?: unknown }).scripting);

  it('counts first (sending nothing), then checks exactly what it counted, batched, with progress and flagged links', async () => {
    const collects: unknown[] = [];
    vi.restoreAllMocks(); // the menu tests stub tabs.create
    // The background reads the page itself (collect-in-page.ts): the browser runs the collector.
    setPageLinks((details) => {
      collects.push(details.target);
      return [
        'http://pl-safe.example/',
        'http://phish-pl.example/',
        'http://malware-pl.example/',
        'http://127.0.0.1/',
        'http://pl-safe.example/#dup',
      ];
    });
    // A tab Linklens can see (an unknown tab counts as a private window, which is not checked).
    const tabId = (await fakeBrowser.tabs.create({ url: 'http://links-page.example/' })).id!;
    // Without a preview nothing starts.
    expect(await route({ type: 'scan.pageLinks', tabId }, pageSender)).toMatchObject({
      ok: false,
      error: { code: 'preview_needed' },
    });
    const preview = await route({ type: 'scan.pagePreview', tabId }, pageSender);
    expect(preview).toEqual({ ok: true, data: { total: 4, toSend: 3, known: 0, skipped: 1 } });
    expect(collects).toEqual([{ tabId, frameIds: [0] }]); // only the top frame is read
    expect(svc.log.filter((e) => e.method === 'POST')).toEqual([]); // the count sent nothing
    const start = await route({ type: 'scan.pageLinks', tabId }, pageSender);
    expect(start).toMatchObject({ ok: true, data: { total: 3 } });
    const done = await waitFor(async () => {
      const r = await route({ type: 'scan.progress', tabId }, pageSender);
      const d = r.ok ? (r.data as { done: number; flagged: number; running: boolean }) : null;
      return d && !d.running && d.flagged === 2 ? d : null;
    });
    expect(done).toMatchObject({ total: 3, done: 3, flagged: 2 });
    expect(sentWith('127.0.0.1')).toEqual([]);
    // One preview, one run: asking again needs a new count.
    expect(await route({ type: 'scan.pageLinks', tabId }, pageSender)).toMatchObject({
      ok: false,
      error: { code: 'preview_needed' },
    });
    // The finished check is notified (settings: notifications on by default), once, for that tab.
    const calls = () =>
      (
        fakeBrowser.notifications.create as unknown as {
          mock: { calls: [string, { title: string; message: string }][] };
        }
      ).mock.calls.filter(([id]) => id === `page:${tabId}`);
    await waitFor(() => calls().length > 0 || null);
    expect(calls()).toHaveLength(1);
    expect(calls()[0]![1].message).toContain('2 of 3');
  });

  it('counts nothing (and sends nothing) when the browser will not let it read the page', async () => {
    vi.restoreAllMocks();
    setPageLinks(() => {
      throw new Error('Cannot access contents of the page');
    });
    const tabId = (await fakeBrowser.tabs.create({ url: 'http://locked-page.example/' })).id!;
    expect(await route({ type: 'scan.pagePreview', tabId }, pageSender)).toEqual({
      ok: true,
      data: { total: 0, toSend: 0, known: 0, skipped: 0 },
    });
  });

  it('a page check that finds nothing risky is not notified', async () => {
    vi.restoreAllMocks();
    setPageLinks(() => ['http://pl-only-safe.example/']);
    const tabId = (await fakeBrowser.tabs.create({ url: 'http://links-page.example/' })).id!;
    await route({ type: 'scan.pagePreview', tabId }, pageSender);
    await route({ type: 'scan.pageLinks', tabId }, pageSender);
    await waitFor(async () => {
      const r = await route({ type: 'scan.progress', tabId }, pageSender);
      return r.ok && !(r.data as { running: boolean }).running && (r.data as { done: number }).done === 1 ? true : null;
    });
    // The finished check's notification, if any, is written after the progress says done.
    await whenIdle();
    const ids = (fakeBrowser.notifications.create as unknown as { mock: { calls: [string][] } }).mock.calls.map(
      ([id]) => id,
    );
    expect(ids).not.toContain(`page:${tabId}`);
  });
});

describe('settings an older version left aside (settings.legacyHeld)', () => {
  it('are handed to our pages as a settings file, never applied, and forgotten on request', async () => {
    await db.set({
      legacySettingsHeld: { serviceUrl: 'https://old-service.example', allowlist: ['docs.example.com'] },
    });
    const r = await route({ type: 'settings.legacyHeld' }, pageSender);
    const json = (r as { data: { json: string } }).data.json;
    expect(JSON.parse(json)).toMatchObject({
      serviceUrl: 'https://old-service.example',
      allowlist: ['docs.example.com'],
    });
    expect((await app.settings.get()).settings.serviceUrl).toBe(svc.baseUrl);
    expect((await route({ type: 'settings.legacyHeld' }, contentSender(3))).ok).toBe(false);
    await route({ type: 'settings.legacyHeld.clear' }, pageSender);
    expect(await route({ type: 'settings.legacyHeld' }, pageSender)).toEqual({ ok: true, data: { json: null } });
  });
});

describe('report a mistake (verdict.dispute)', () => {
  // Earlier tests replace tabs.create with a recorder; navigations here need the real one.
  beforeEach(() => vi.restoreAllMocks());
  it('scans the address again at once, records the dispute here, and fills the report address', async () => {
    const tabId = await navigate('http://phish-dispute.example/login');
    await blockedToken(tabId);
    const before = sentWith('phish-dispute.example').length;
    await app.settings.set({ reportUrl: 'https://help.example/r?s={scanId}&u={url}' });
    const r = await route({ type: 'verdict.dispute', url: 'http://phish-dispute.example/login' }, blockedPageIn(false));
    expect(r.ok).toBe(true);
    const d = (r as { data: { reportUrl: string; scanId: string; url: string } }).data;
    expect(d.scanId).toMatch(/^scn_/);
    expect(d.reportUrl).toBe(
      `https://help.example/r?s=${encodeURIComponent(d.scanId)}&u=${encodeURIComponent('http://phish-dispute.example/login')}`,
    );
    // A new scan request left for the service: the old verdict was not reused.
    await waitFor(() => sentWith('phish-dispute.example').length > before || null);
    const { readDisputes } = await import('@/src/background/handlers/dispute');
    expect(await readDisputes()).toEqual([
      { url: 'http://phish-dispute.example/login', scanId: d.scanId, at: expect.any(Number) },
    ]);
  });

  it('from a private window with "Check in private windows" off: nothing is sent, the verdict stays, nothing is written to disk', async () => {
    const url = 'http://phish-private.example/login';
    const tabId = await navigate(url);
    await blockedToken(tabId);
    const verdict = app.cache.get(url);
    expect(verdict).not.toBeNull();
    const before = sentWith('phish-private.example').length;
    const r = await route({ type: 'verdict.dispute', url, scanId: verdict!.scanId }, blockedPageIn(true));
    expect(r.ok).toBe(true);
    // The popup of a private tab says which tab: the same rule.
    const privateTab = 4242;
    const get = fakeBrowser.tabs.get.bind(fakeBrowser.tabs);
    vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation(async (id: number) =>
      id === privateTab ? ({ id, incognito: true } as never) : get(id),
    );
    expect((await route({ type: 'verdict.dispute', url, tabId: privateTab }, pageSender)).ok).toBe(true);
    // A barrier, not a sleep: a dispute from a normal window asked after these is sent; by then
    // a send of the private ones would have left too.
    await route({ type: 'verdict.dispute', url: 'http://barrier-dispute.example/' }, blockedPageIn(false));
    await waitFor(() => sentWith('barrier-dispute.example').length > 0 || null);
    expect(sentWith('phish-private.example')).toHaveLength(before);
    expect(app.cache.get(url)?.scanId).toBe(verdict!.scanId);
    const { readDisputes, privateDisputesNow } = await import('@/src/background/handlers/dispute');
    expect((await readDisputes()).map((d) => d.url)).toEqual(['http://barrier-dispute.example/']);
    expect(privateDisputesNow().map((d) => d.url)).toContain(url);
  });

  it('from a private window with "Check in private windows" on: scanned again, the dispute kept in memory only', async () => {
    await app.settings.set({ scanIncognito: true });
    const url = 'http://phish-private-on.example/login';
    const before = sentWith('phish-private-on.example').length;
    const r = await route({ type: 'verdict.dispute', url }, blockedPageIn(true));
    expect(r.ok).toBe(true);
    await waitFor(() => sentWith('phish-private-on.example').length > before || null);
    await waitFor(() => app.cache.get(url));
    const { readDisputes, privateDisputesNow } = await import('@/src/background/handlers/dispute');
    expect(await readDisputes()).toEqual([]);
    // Nor the verdict, the ledger line or the history entry of that scan.
    expect(JSON.stringify(await readAll('db'))).not.toContain('phish-private-on.example');
    expect(privateDisputesNow().map((d) => d.url)).toContain(url);
  });

  it('without a report address the page gets null (it shows an editable report instead)', async () => {
    const r = await route({ type: 'verdict.dispute', url: 'http://another.example/', scanId: 'scn_x' }, pageSender);
    expect(r).toMatchObject({ ok: true, data: { reportUrl: null, scanId: 'scn_x' } });
  });

  it('is refused from a content script', async () => {
    const r = await route({ type: 'verdict.dispute', url: 'http://another.example/' }, contentSender(3));
    expect(r.ok).toBe(false);
  });

  it.each([
    [
      'https://help.example/r?s={scanId}&u={url}',
      'scn_1',
      'https://x.test/a b',
      'https://help.example/r?s=scn_1&u=https%3A%2F%2Fx.test%2Fa%20b',
    ],
    ['javascript:alert(1)//{url}', 'scn_1', 'https://x.test/', null],
    ['', 'scn_1', 'https://x.test/', null],
    ['https://help.example/{scanId}', null, 'https://x.test/', 'https://help.example/'],
  ])('fillReportUrl(%j, %j, %j) → %j', async (template, scanId, url, out) => {
    const { fillReportUrl } = await import('@/src/background/handlers/dispute');
    expect(fillReportUrl(template, scanId, url)).toBe(out);
  });
});

describe('notification clicks', () => {
  const click = async (id: string) => {
    const add = fakeBrowser.notifications.onClicked.addListener as unknown as {
      mock: { calls: [(id: string) => void][] };
    };
    add.mock.calls.at(-1)![0](id);
    await whenIdle();
  };

  it.each([
    ['verdict:scn_abc-123', { kind: 'report', scanId: 'scn_abc-123' }],
    ['page:42', { kind: 'tab', tabId: 42 }],
    ['problem', { kind: 'options' }],
    ['verdict:<script>', null],
    ['page:-1', null],
    ['something-else', null],
  ])('%s → %j', async (id, target) => {
    const { notificationTarget } = await import('@/src/background/outputs');
    expect(notificationTarget(id)).toEqual(target);
  });

  it("a verdict notification opens that scan's report page", async () => {
    Object.assign(fakeBrowser.notifications, { clear: vi.fn(async () => true) });
    const created: string[] = [];
    vi.spyOn(fakeBrowser.tabs, 'create').mockImplementation(
      (async (p: { url: string }) => void created.push(p.url)) as never,
    );
    await click('verdict:scn_0f8c2a8e');
    expect(created).toEqual([expect.stringMatching(/\/report\.html\?id=scn_0f8c2a8e$/)]);
  });

  it('a page-check notification brings that tab to the front', async () => {
    Object.assign(fakeBrowser.notifications, { clear: vi.fn(async () => true) });
    const update = vi
      .spyOn(fakeBrowser.tabs, 'update')
      .mockImplementation((async (id: number) => ({ id, windowId: 3 })) as never);
    const focus = vi.spyOn(fakeBrowser.windows, 'update').mockImplementation((async () => ({})) as never);
    await click('page:77');
    expect(update).toHaveBeenCalledWith(77, { active: true });
    expect(focus).toHaveBeenCalledWith(3, { focused: true });
  });
});
