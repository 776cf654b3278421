// Stops the extension's service worker the way Chromium does when it idles, through CDP
// (Playwright does not notice a worker stopping; CDP ServiceWorker.stopWorker does: Playwright does not notice a worker stopping, so we track the ServiceWorker
// domain's workerVersionUpdated events ourselves).
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export type WorkerRunningStatus = 'stopped' | 'starting' | 'running' | 'stopping' | 'none';

interface VersionInfo {
  versionId: string;
  scriptURL: string;
  runningStatus: Exclude<WorkerRunningStatus, 'none'>;
}

const TIMEOUT_MS = 15_000;
/** After ServiceWorker.enable, Chromium reports every known version; give the burst this long. */
const SETTLE_MS = 500;

/** A CDP session on some page of the context (the ServiceWorker domain needs a page target). */
async function withSession<T>(context: BrowserContext, use: (session: CDPSession) => Promise<T>): Promise<T> {
  let page: Page | undefined = context.pages().find((p) => !p.isClosed());
  const ownPage = !page;
  page ??= await context.newPage();
  const session = await context.newCDPSession(page);
  try {
    return await use(session);
  } finally {
    await session.detach().catch(() => undefined);
    if (ownPage) await page.close().catch(() => undefined);
  }
}

/** Tracks the latest status of each of the extension's worker versions. */
async function trackVersions(session: CDPSession, extensionId: string) {
  const prefix = `chrome-extension://${extensionId}/`;
  const versions = new Map<string, VersionInfo>();
  const listeners = new Set<() => void>();
  session.on('ServiceWorker.workerVersionUpdated', (event: { versions: VersionInfo[] }) => {
    for (const v of event.versions) if (v.scriptURL.startsWith(prefix)) versions.set(v.versionId, v);
    for (const l of listeners) l();
  });
  await session.send('ServiceWorker.enable');
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const waitFor = (done: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (done()) return resolve();
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`Timed out after ${TIMEOUT_MS} ms waiting for ${what}`));
      }, TIMEOUT_MS);
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
    });
  return { versions, waitFor };
}

/** The running status of the extension's service worker ('none' when it has no version). */
export async function serviceWorkerStatus(context: BrowserContext, extensionId: string): Promise<WorkerRunningStatus> {
  return withSession(context, async (session) => {
    const { versions } = await trackVersions(session, extensionId);
    const all = [...versions.values()];
    const live = all.find((v) => v.runningStatus !== 'stopped');
    return live?.runningStatus ?? (all.length ? 'stopped' : 'none');
  });
}

/**
 * Stops every running version of the extension's service worker and resolves once Chromium
 * reports it stopped. Resolves at once when it is not running. The next extension event (a
 * message, navigation, alarm) starts it again, as after an idle shutdown.
 */
export async function stopServiceWorker(context: BrowserContext, extensionId: string): Promise<void> {
  await withSession(context, async (session) => {
    const { versions, waitFor } = await trackVersions(session, extensionId);
    const live = [...versions.values()].filter((v) => v.runningStatus !== 'stopped');
    for (const v of live) await session.send('ServiceWorker.stopWorker', { versionId: v.versionId });
    await waitFor(
      () => live.every((v) => versions.get(v.versionId)?.runningStatus === 'stopped'),
      `the service worker of ${extensionId} to stop`,
    );
  });
}
