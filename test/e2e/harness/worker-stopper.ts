// Stops the extension's service worker at an exact moment. service-worker.ts opens a fresh CDP
// session per stop and lets the version burst settle first (~0.5 s), too slow to land a stop
// between two steps of a scan; this keeps one session open, knows the versions already, and
// sends ServiceWorker.stopWorker the moment it is asked (Playwright does not notice a worker stopping; CDP ServiceWorker.stopWorker does: CDP, not Playwright).
import type { CDPSession, Page } from 'playwright-core';

interface VersionInfo {
  versionId: string;
  scriptURL: string;
  runningStatus: 'stopped' | 'starting' | 'running' | 'stopping';
}

export interface WorkerStopper {
  /** Stops every running version of the extension's worker; resolves once all are stopped. */
  stop(): Promise<void>;
  /** How many stops were made. */
  readonly stops: number;
  close(): Promise<void>;
}

const TIMEOUT_MS = 15_000;

/** `page`: any page of the context that stays open (e.g. the control page). */
export async function workerStopper(page: Page, extensionId: string): Promise<WorkerStopper> {
  const session: CDPSession = await page.context().newCDPSession(page);
  const prefix = `chrome-extension://${extensionId}/`;
  const versions = new Map<string, VersionInfo>();
  const changed = new Set<() => void>();
  session.on('ServiceWorker.workerVersionUpdated', (event: { versions: VersionInfo[] }) => {
    for (const v of event.versions) if (v.scriptURL.startsWith(prefix)) versions.set(v.versionId, v);
    for (const fn of changed) fn();
  });
  await session.send('ServiceWorker.enable');
  const deadline = Date.now() + TIMEOUT_MS;
  while (versions.size === 0) {
    if (Date.now() > deadline) throw new Error(`No service worker version of ${extensionId} reported`);
    await new Promise((r) => setTimeout(r, 50));
  }

  let stops = 0;
  const allStopped = () => [...versions.values()].every((v) => v.runningStatus === 'stopped');
  return {
    get stops() {
      return stops;
    },
    async stop() {
      const live = [...versions.values()].filter((v) => v.runningStatus !== 'stopped');
      await Promise.all(live.map((v) => session.send('ServiceWorker.stopWorker', { versionId: v.versionId })));
      stops++;
      await new Promise<void>((resolve, reject) => {
        if (allStopped()) return resolve();
        const timer = setTimeout(() => {
          changed.delete(check);
          reject(new Error(`The service worker of ${extensionId} did not stop within ${TIMEOUT_MS} ms`));
        }, TIMEOUT_MS);
        const check = () => {
          if (!allStopped()) return;
          clearTimeout(timer);
          changed.delete(check);
          resolve();
        };
        changed.add(check);
      });
    },
    close: () => session.detach().catch(() => undefined),
  };
}
