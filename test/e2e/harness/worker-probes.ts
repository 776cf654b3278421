// Looks at what the extension's service worker shows the person outside its pages: the toolbar
// badge of a tab, and the notifications it creates. Evaluated in the worker itself (Playwright's
// Worker.evaluate), since neither has a DOM a test could read.
import type { Worker } from 'playwright-core';

interface WorkerChrome {
  chrome: {
    action: { getBadgeText(d: { tabId: number }): Promise<string>; getTitle(d: { tabId: number }): Promise<string> };
    notifications: { create: (...args: unknown[]) => unknown };
  };
  __linklensNotified?: string[];
}

export interface BadgeState {
  text: string;
  title: string;
}

/** The badge text and tooltip title of a tab. */
export function badgeOf(worker: Worker, tabId: number): Promise<BadgeState> {
  return worker.evaluate(async (id) => {
    const g = globalThis as unknown as WorkerChrome;
    return {
      text: await g.chrome.action.getBadgeText({ tabId: id }),
      title: await g.chrome.action.getTitle({ tabId: id }),
    };
  }, tabId);
}

/**
 * Records the id of every notification the worker creates from now on (the notification is
 * still created). The extension calls chrome.notifications.create through the polyfill, which
 * looks the method up at call time, so the wrapper sees every call of this worker's life.
 */
export async function recordNotifications(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const g = globalThis as unknown as WorkerChrome;
    if (g.__linklensNotified) return;
    g.__linklensNotified = [];
    const original = g.chrome.notifications.create.bind(g.chrome.notifications);
    g.chrome.notifications.create = (...args: unknown[]) => {
      g.__linklensNotified!.push(typeof args[0] === 'string' ? args[0] : '(no id)');
      return original(...args);
    };
  });
}

/**
 * Ids of the notifications created since recordNotifications. Throws when the worker was
 * restarted in between (a new worker has no record: counting would silently restart at zero).
 */
export async function notificationsOf(worker: Worker): Promise<string[]> {
  const ids = await worker.evaluate(() => (globalThis as unknown as WorkerChrome).__linklensNotified ?? null);
  if (ids === null)
    throw new Error('The worker restarted since recordNotifications: its notifications were not recorded');
  return ids;
}
