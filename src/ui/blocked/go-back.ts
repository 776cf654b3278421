/**
 * "Go back to safety", as the browsers' own warning pages do it: the page before the blocked
 * site, or, when this tab has nothing before it (a link opened in a new tab, an address typed
 * into a new tab), the browser's new-tab page in its place, never a dead end.
 *
 *   backPlan(3, 1) → { kind: 'history', steps: 1 }
 *   backPlan(3, 2) → { kind: 'history', steps: 2 }    (steps over the blocked site's own entry)
 *   backPlan(2, 2) → { kind: 'new-tab' }              (only the blocked site is behind this page)
 *   backPlan(1, 1) → { kind: 'new-tab' }
 */
import { browser } from 'wxt/browser';

export type BackPlan = { kind: 'history'; steps: number } | { kind: 'new-tab' };

export function backPlan(historyLength: number, steps: number): BackPlan {
  const n = Number.isInteger(steps) && steps >= 1 ? steps : 1;
  return historyLength > n ? { kind: 'history', steps: n } : { kind: 'new-tab' };
}

/**
 * `steps` = 2 when the blocked site had loaded before we replaced it: its own history entry sits
 * just behind this page and going back to it would only block it again.
 */
export async function goBack(steps = 1): Promise<void> {
  const plan = backPlan(history.length, steps);
  if (plan.kind === 'history') {
    history.go(-plan.steps);
    return;
  }
  try {
    // A tab created without a URL shows the browser's own new-tab page (an extension may not
    // open chrome://newtab or about:newtab by name in Firefox); it takes this tab's place.
    const tab = await browser.tabs.getCurrent();
    if (tab?.id !== undefined) {
      await browser.tabs.create({
        active: true,
        ...(tab.windowId !== undefined ? { windowId: tab.windowId } : {}),
        ...(typeof tab.index === 'number' ? { index: tab.index + 1 } : {}),
      });
      await browser.tabs.remove(tab.id);
      return;
    }
  } catch {
    // No tabs API here: fall through.
  }
  window.close();
}
