// A browsing session for the fault suite (docs/decisions/018-tests.md): navigations over ~20 `*.test`
// hosts (safe, suspicious, scam, adult, phishing, malware: the service's rule table) in several
// tabs at once, and hovers reported from the content-script world of pages that stay put.
import type { Page } from 'playwright-core';
import { openContentWorld } from './content-world';
import { visit } from './navigate';
import { bucketSize, DEFAULT_BUDGETS } from '../../../src/shared/policy/budgets';

/** 20 hosts; the keyword in each decides its verdict (test/service/rules.ts). */
export const FAULT_HOSTS = [
  'safe-shop.test',
  'docs-example.test',
  'news-daily.test',
  'blog-notes.test',
  'recipe-box.test',
  'travel-guide.test',
  'weather-now.test',
  'music-hub.test',
  'cloud-drive.test',
  'photo-share.test',
  'phish-bank.test',
  'phish-mail.test',
  'pay-phish-login.test',
  'malware-drop.test',
  'malware-cdn.test',
  'free-prize-scam.test',
  'scam-lottery.test',
  'suspicious-deals.test',
  'suspicious-coupons.test',
  'adult-video.test',
] as const;

export interface BrowsingPlan {
  /** Navigations in order (all distinct). */
  navigations: string[];
  /** Hover URLs per hovering tab, in the order they are hovered (each distinct one twice). */
  hoversByTab: string[][];
  /** Every distinct URL the session makes the extension check. */
  distinct: string[];
}

/**
 * `navigations` distinct navigation URLs and `distinctHovers` distinct hovered links (hovered
 * twice each: once while unknown, once again later), spread round-robin over the hosts and over
 * `hoverTabs` tabs. Hovers per tab stay within what a tab may send at once (half its per-minute
 * hover budget, src/shared/policy/budgets.ts): a repeat hover of a known or in-flight URL sends
 * nothing.
 */
export function faultBrowsingPlan(
  port: number,
  o: { navigations: number; distinctHovers: number; hoverTabs: number },
): BrowsingPlan {
  const at = (i: number, path: string) => `http://${FAULT_HOSTS[i % FAULT_HOSTS.length]}:${port}${path}`;
  const navigations = Array.from({ length: o.navigations }, (_, i) =>
    at(i, `/nav/${Math.floor(i / FAULT_HOSTS.length)}`),
  );
  const hoversByTab: string[][] = Array.from({ length: o.hoverTabs }, () => []);
  for (let i = 0; i < o.distinctHovers; i++) hoversByTab[i % o.hoverTabs]!.push(at(i, `/hover/${i}`));
  for (const list of hoversByTab) {
    const budget = bucketSize(DEFAULT_BUDGETS.hoversPerTabPerMinute);
    if (list.length > budget)
      throw new Error(`${list.length} distinct hovers in one tab exceed its budget of ${budget} at once`);
    list.push(...list); // the second pass: repeats
  }
  return {
    navigations,
    hoversByTab,
    distinct: [...navigations, ...hoversByTab.flatMap((l) => l.slice(0, l.length / 2))],
  };
}

/** Navigates the tabs in parallel, each through its share of `urls` (round-robin), one at a time. */
export async function navigateInTabs(tabs: Page[], urls: string[], pauseMs = 0): Promise<void> {
  await Promise.all(
    tabs.map(async (tab, t) => {
      for (let i = t; i < urls.length; i += tabs.length) {
        await visit(tab, urls[i]!);
        if (pauseMs) await tab.waitForTimeout(pauseMs);
      }
    }),
  );
}

/**
 * Sends `link.hover` for each URL from the content-script world of each tab (as the content
 * script does after hover intent), tabs in parallel. Returns every reply, in order per tab.
 */
export async function hoverInTabs(
  tabs: Page[],
  extensionId: string,
  hoversByTab: string[][],
  pauseMs = 0,
): Promise<unknown[][]> {
  return Promise.all(
    tabs.map(async (tab, t) => {
      const world = await openContentWorld(tab, extensionId);
      const replies: unknown[] = [];
      try {
        for (const url of hoversByTab[t] ?? []) {
          replies.push(await world.sendMessage({ type: 'link.hover', url }));
          if (pauseMs) await tab.waitForTimeout(pauseMs);
        }
      } finally {
        await world.close();
      }
      return replies;
    }),
  );
}
