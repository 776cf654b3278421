/**
 * "Go back": the page before, or, when this tab has no history (a link opened in a new tab),
 * close the tab; window.close() is the last resort.
 */
import { browser } from 'wxt/browser';

export async function goBack(): Promise<void> {
  if (history.length > 1) {
    history.back();
    return;
  }
  try {
    const tab = await browser.tabs.getCurrent();
    if (tab?.id !== undefined) {
      await browser.tabs.remove(tab.id);
      return;
    }
  } catch {
    // fall through
  }
  window.close();
}
