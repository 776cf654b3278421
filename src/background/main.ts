import { browser } from 'wxt/browser';

/** Registers every listener synchronously at start-up (MV3: listeners must exist on wake). */
export function startBackground(): void {
  browser.runtime.onInstalled.addListener(() => undefined);
}
