/**
 * "Go back": the page before the blocked site, or, when this tab has no history (a link opened in a new tab),
 * close the tab; window.close() is the last resort.
 */
import { browser } from 'wxt/browser';

export async function goBack(steps = 1): Promise<void> {
  // `steps` = 2 when the blocked site had loaded before we replaced it: its own history entry
  // sits just behind this page and going back to it would only block it again.
  if (history.length > steps) {
    history.go(-steps);
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
