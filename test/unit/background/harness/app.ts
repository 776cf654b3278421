/**
 * The background as wired in main.ts over fakeBrowser, for tests that drive it by navigations
 * and privileged messages (the real local service answers). `setupApp()` registers the
 * beforeEach that starts a fresh worker; the returned object is refilled for every test.
 */
import { beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ScanningService } from '../../../service/server';
import { startBackground } from '@/src/background/main';
import { whenIdle } from '@/src/background/idle';
import { createRouter } from '@/src/background/router';
import type { App } from '@/src/background/app';
import type { Reply } from '@/src/shared/messaging/protocol';
import type { UrlStatus } from '@/src/shared/verdict';
import { installI18n } from '../../ui/helpers';
import { pageSender } from './senders';

export { EXTENSION_ID, EXTENSION_ORIGIN, pageSender } from './senders';

/**
 * The browser a new worker life starts in: fakeBrowser reset, the previous test's worker's
 * webNavigation and alarm listeners dropped (fakeBrowser.reset() keeps them), and the APIs
 * fakeBrowser leaves unimplemented recording their calls instead (it has no contextMenus).
 */
export function freshBrowser(): void {
  fakeBrowser.reset();
  for (const ev of Object.values(fakeBrowser.webNavigation))
    (ev as { removeAllListeners?: () => void }).removeAllListeners?.();
  fakeBrowser.alarms.onAlarm.removeAllListeners();
  Object.assign(fakeBrowser.action, {
    setBadgeText: vi.fn(async () => undefined),
    setBadgeBackgroundColor: vi.fn(async () => undefined),
    setTitle: vi.fn(async () => undefined),
  });
  Object.assign(fakeBrowser.notifications, { create: vi.fn(async () => 'id'), onClicked: { addListener: vi.fn() } });
  Object.assign(fakeBrowser.contextMenus, {
    create: vi.fn(),
    removeAll: vi.fn(async () => undefined),
    onClicked: { addListener: vi.fn() },
  });
}

export interface AppWorld {
  app: App;
  route: ReturnType<typeof createRouter>;
}

export function setupApp(svc: () => ScanningService, settings: () => Record<string, unknown> = () => ({})): AppWorld {
  const w = {} as AppWorld;
  beforeEach(async () => {
    vi.restoreAllMocks();
    freshBrowser();
    // The background's words (badge titles, notifications) from the real English locale.
    installI18n('en');
    svc().resetFaults();
    svc().clearLog();
    svc().setCredits(1000);
    w.app = startBackground();
    w.route = createRouter(w.app);
    await w.app.settings.set({ serviceUrl: svc().baseUrl, apiKey: svc().demoKey, ...settings() });
  });
  return w;
}

/** The data of an ok reply from our own page, or a thrown error naming the refusal. */
export async function ask<T>(w: AppWorld, message: unknown): Promise<T> {
  const r: Reply = await w.route(message, pageSender);
  if (!r.ok) throw new Error(`${JSON.stringify(message)} refused: ${JSON.stringify(r.error)}`);
  return r.data as T;
}

/**
 * What the background knows of `url` now, asked as a normal window asks (sends nothing). Not a
 * message: one of our pages outside a tab asks from an unknown window, which counts as private
 * (a skip, not what is known), and one in a tab leaves its frame watching the URL.
 */
export async function knownStatus(app: App, url: string): Promise<UrlStatus['kind']> {
  return (await app.checker.lookup(url, { windowKind: 'normal' })).status.kind;
}

/** A main-frame navigation as the browser reports it: the tab shows the URL, the event fires. */
/**
 * `idle: false`: returns as soon as the event fired, for a test that looks at the state while the
 * check is under way (a page held until the timeout); otherwise once the background is idle.
 */
export async function navigate(
  url: string,
  opts: { incognito?: boolean; tabId?: number; idle?: boolean } = {},
): Promise<number> {
  let tabId = opts.tabId;
  if (tabId === undefined)
    tabId = (await fakeBrowser.tabs.create({ url, ...(opts.incognito ? { incognito: true } : {}) } as never)).id!;
  else await fakeBrowser.tabs.update(tabId, { url });
  if (opts.incognito) {
    // fakeBrowser's tabs carry no incognito flag: the background asks tabs.get, so answer it.
    const real = fakeBrowser.tabs.get.bind(fakeBrowser.tabs);
    vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation((async (id: number) => ({
      ...(await real(id)),
      incognito: id === tabId,
    })) as never);
  }
  await fakeBrowser.webNavigation.onBeforeNavigate.trigger({
    tabId,
    url,
    frameId: 0,
    parentFrameId: -1,
    timeStamp: Date.now(),
    processId: 1,
  } as never);
  // The listener's work is not awaited by the event: the background says when it is done.
  if (opts.idle !== false) await whenIdle();
  return tabId;
}

export const tabUrl = async (id: number) => (await fakeBrowser.tabs.get(id)).url ?? '';

/** Waits until the tab was sent to the blocked page; returns the token. */
export function blockedToken(tabId: number, ms = 10_000): Promise<string> {
  return vi.waitFor(
    async () => {
      const u = await tabUrl(tabId);
      if (!u.includes('/blocked.html?t=')) throw new Error(`tab ${tabId} not blocked; shows ${u}`);
      return new URL(u).searchParams.get('t')!;
    },
    { timeout: ms, interval: 20 },
  );
}

/** Applies a managed policy as storage.onChanged('managed') would. */
export async function setPolicy(w: AppWorld, values: Record<string, unknown>): Promise<void> {
  await fakeBrowser.storage.managed.clear();
  await fakeBrowser.storage.managed.set(values);
  await w.app.settings.refreshManaged();
  // settings.onChange listeners (policy effects) run without being awaited: wait until they are done.
  await whenIdle();
}
