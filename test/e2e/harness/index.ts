// The browser-test harness: one import for e2e tests.
export { launchChromium, type ChromiumExtension, type LaunchChromiumOptions } from './chromium';
export {
  launchFirefox,
  gotoExtensionPage,
  FIREFOX_EXTENSION_UUID,
  type FirefoxExtension,
  type LaunchFirefoxOptions,
} from './firefox';
export { stopServiceWorker, serviceWorkerStatus, type WorkerRunningStatus } from './service-worker';
export { startPageServer, type PageServer, type PageRequest } from './page-server';
export { demoLinks, MAX_LINKS } from './test-pages';
export { collectErrors, clearErrors, takeErrors, type CollectedError } from './errors';
export { extensionDir, REPO_ROOT } from './paths';
export { selectedBrowsers } from '../../../scripts/lib/browsers.mjs';
