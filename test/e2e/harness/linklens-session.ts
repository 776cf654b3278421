// One browser-test session: the local scanning service, the loopback page server and Chromium
// with the built extension, configured against the service by a privileged message from one of
// its own pages (popup.html, used only as a sender: see background.e2e.test.ts for why not
// options.html). Shared by the fault and security suites (docs/decisions/018-tests.md).
import type { Page, Worker } from 'playwright-core';
import { startService, type ScanningService, type ServiceOptions } from '../../service/server';
import type { LinksLookupData, SettingsWriteData } from '../../../src/shared/messaging/protocol';
import { launchChromium, type ChromiumExtension } from './chromium';
import { clearErrors, type CollectedError } from './errors';
import { openExtensionPage, requestFromExtensionPage } from './extension-messages';
import { startPageServer, type PageServer } from './page-server';
import { extensionDir } from './paths';
import { waitFor } from './wait-for';

export interface LinklensSession {
  ext: ChromiumExtension;
  pages: PageServer;
  /** Replaceable: a test that restarts the service (same port) puts the new one here. */
  svc: ScanningService;
  /** An extension page (popup.html) that sends privileged messages. */
  control: Page;
  /** settings.set from the control page; throws when any field was refused. */
  configure(patch: Record<string, unknown>): Promise<void>;
  /** links.lookup from the control page: what the cache knows, never sends anything. */
  known(urls: string[]): Promise<LinksLookupData>;
  /** The extension's live service worker (a new Worker object after each restart). */
  worker(): Promise<Worker>;
  /** Errors collected since the previous call (each test asserts its own). */
  takeErrors(): CollectedError[];
  close(): Promise<void>;
}

export interface SessionOptions {
  service?: ServiceOptions;
  /** Extra settings on top of the service URL and key. */
  settings?: Record<string, unknown>;
}

export async function startSession(options: SessionOptions = {}): Promise<LinklensSession> {
  const pages = await startPageServer();
  const svc = await startService(options.service);
  let ext: ChromiumExtension | undefined;
  try {
    ext = await launchChromium({ extensionDir: extensionDir('chromium') });
    const control = await openExtensionPage(ext, 'popup.html');
    const launched = ext;

    const configure = async (patch: Record<string, unknown>) => {
      const set = await requestFromExtensionPage<SettingsWriteData>(control, { type: 'settings.set', patch });
      if (set.refused && Object.keys(set.refused).length > 0)
        throw new Error(`settings.set refused: ${JSON.stringify(set.refused)}`);
    };
    await configure({ serviceUrl: svc.baseUrl, apiKey: svc.demoKey, ...options.settings });

    const worker = async () => {
      const isOurs = (w: Worker) => w.url().startsWith(`chrome-extension://${launched.extensionId}/`);
      // A message wakes a stopped worker; Playwright then reports the new Worker object.
      await requestFromExtensionPage(control, { type: 'cache.stats' });
      return waitFor(
        'the extension service worker',
        () => launched.context.serviceWorkers().filter(isOurs).at(-1),
        (w) => w !== undefined,
      ).then((w) => w!);
    };

    const session: LinklensSession = {
      ext,
      pages,
      svc,
      control,
      configure,
      known: (urls) => requestFromExtensionPage<LinksLookupData>(control, { type: 'links.lookup', urls }),
      worker,
      takeErrors: () => {
        const errors = launched.errors();
        clearErrors(launched.context);
        return errors;
      },
      close: async () => {
        await launched.close();
        await pages.stop();
        await session.svc.stop();
      },
    };
    return session;
  } catch (error) {
    await ext?.close();
    await pages.stop();
    await svc.stop();
    throw error;
  }
}
