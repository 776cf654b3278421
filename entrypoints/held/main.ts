/**
 * The held page: where the hold rules (src/shared/policy/strict-hold.ts) send a top-level load
 * they hold, its URL after `#`. It tells the background, which goes on as for a blocked load
 * (navigation.ts onHeld): the tab moves to the blocked page, or the load opens once released.
 * Plain DOM, no framework: it is shown for a moment in the usual case, and it must work when the
 * background is only starting (its message wakes it).
 */
import '@/assets/styles.css';
import { browser } from 'wxt/browser';
import { heldTargetOf, HELD_PAGE_PATH } from '@/src/shared/url/held-page';
import { sendToBackground } from '@/src/shared/messaging/send';
import { t, textLanguage } from '@/src/ui/i18n';

const target = heldTargetOf(location.href, browser.runtime.getURL(HELD_PAGE_PATH));
document.documentElement.lang = textLanguage();
document.title = t('extName');
document.getElementById('checking')!.textContent = t('held_checking');
// Text, never markup: the address is whatever the held load asked for.
document.getElementById('address')!.textContent = target ?? '';

/**
 * Reached with Back after the held load opened (or was blocked): stepping back once more goes
 * where the person meant, instead of holding the load again in front of them. The Navigation
 * API tells whether there is an entry behind; without it the load is held again, as at first.
 */
function reachedByBack(): boolean {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const nav = (globalThis as { navigation?: { canGoBack?: boolean } }).navigation;
  return entry?.type === 'back_forward' && nav?.canGoBack === true;
}

if (target && reachedByBack()) history.back();
else if (target) void sendToBackground({ type: 'held.arrived' });
