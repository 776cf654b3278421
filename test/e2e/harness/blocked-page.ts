// The extension's blocked page as browser tests meet it: whether a tab is on it, a visit that
// lands there the way a click on a link does, and what the background says about that block.
import type { JourneyDriver, JourneyPage } from './driver';
import type { PageServer } from './page-server';
import { waitFor } from './wait-for';
import { request } from './world';
import type { BlockedDetailsData } from '../../../src/shared/messaging/protocol';

/** Whether `url` is the extension's blocked page (blocked.html with its token). */
export const isBlockedPage = (w: { driver: JourneyDriver }, url: string) =>
  url.startsWith(`${w.driver.extensionUrl('blocked.html')}?t=`);

/**
 * Opens a page of `startHost`, then goes to `url` from it, as a click on a link would, and waits
 * (20 s) for the tab to land on the blocked page. Returns the tab (the caller closes it) and the
 * blocked page's token.
 */
export async function visitBlocked(
  w: { driver: JourneyDriver; pages: PageServer },
  url: string,
  startHost: string,
): Promise<{ tab: JourneyPage; token: string }> {
  const tab = await w.driver.openWebPage(w.pages.url(startHost, '/'));
  await tab.evaluate((u) => void (location.href = u), url);
  const landed = await waitFor(
    `${url} blocked`,
    () => tab.currentUrl(),
    (u) => isBlockedPage(w, u),
    20_000,
  );
  return { tab, token: new URL(landed).searchParams.get('t')! };
}

/** What the background says about the block behind `token` (blocked.details), as it is now. */
export const blockedDetails = (w: { driver: JourneyDriver }, token: string) =>
  request<BlockedDetailsData>(w, { type: 'blocked.details', token });

/** The same once it is settled: a strict-mode hold has ended in its reason (waits 15 s). */
export const settledBlockedDetails = (w: { driver: JourneyDriver }, token: string) =>
  waitFor(
    'settled blocked-page details',
    () => blockedDetails(w, token),
    (d) => !d.pending,
    15_000,
  );
