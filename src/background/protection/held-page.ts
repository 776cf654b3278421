/**
 * The held page's address in this browser (src/shared/url/held-page.ts reads the held URL out of
 * it): the hold rules redirect there (net-rules.ts), the navigation flow tells it from the web
 * pages it checks (navigation.ts), and its message names the load it holds (handlers/pages.ts).
 */
import { browser } from 'wxt/browser';
import { HELD_PAGE_PATH, heldTargetOf } from '@/src/shared/url/held-page';

export const heldPageUrl = () => browser.runtime.getURL(HELD_PAGE_PATH);
/** The held page, with or without a held URL after `#`. */
export const isHeldPage = (url: string) => url === heldPageUrl() || url.startsWith(`${heldPageUrl()}#`);
/** The load a held page's address holds, or null. */
export const heldTarget = (url: string) => heldTargetOf(url, heldPageUrl());
