/**
 * Budgets for checks a web page can cause (docs/decisions/010-budgets.md): a page that navigates in a loop,
 * or moves focus over links from script, must not spend the person's credits without limit.
 * Pure: the background's holder (src/background/checks/budget.ts) keeps the counters.
 *
 * Which checks: main-frame navigations (reason 'navigation') and hover/focus intent on links
 * (reason 'hover'). What the person starts from a Linklens surface (context menu, popup, "Check
 * all links on this page" after its confirmation) is not budgeted.
 * Only a check that would really be sent is charged: a cached verdict, a scan already running
 * or a URL that is skipped anyway (private host, allowlist…) costs nothing.
 *
 * Scopes, each with its own counter; a check must fit in all of them, and a refused check
 * uses none:
 * - tab:  per tab and kind, a token bucket (below);
 * - site: per registrable domain of the page that caused the check, and kind: a token bucket;
 * - site-day: per site, checks of both kinds per calendar day;
 * - tab-day: per tab, checks of both kinds per calendar day, at most TAB_DAY_SHARE of the day;
 * - day:  all checks per calendar day.
 * Hovers may use at most HOVER_DAY_SHARE of each day budget: a page faking hover intent all day
 * (a compromised content script can send any hover) must not leave the person's next pages
 * unchecked in every tab.
 *
 * Why one site (or one tab) cannot spend the day for everyone: a page that sends itself from one
 * of its own domains to the next has a fresh site budget on each, and sustained 40 checks a
 * minute (10 page visits and 30 hovers, the per-tab refill) emptied the whole day in about two
 * hours; after that every tab opened unchecked. So:
 * - one tab may use at most TAB_DAY_SHARE of the day (a loop in one tab leaves four fifths);
 * - page-caused checks together may use at most PAGE_DAY_SHARE of it, and the rest is kept for
 *   navigations the person starts ('person': typed into the address bar, a bookmark, the browser's
 *   own UI; the browser says so, a page cannot), which no tab, site or page counter refuses: they
 *   count only against the whole day. So no site's spending ever leaves a page the person asks for
 *   unchecked until the day is spent by the person's own navigations.
 * - a link the person activated ('click': a trusted click or Enter on it, as the content script
 *   saw it) is refused only for its own site's spending (its site's minute and day) or when the
 *   whole day is spent: no other site's spending in the tab or the day's page share counts. The
 *   claim comes from a content script, which may be the attacker's: claiming every navigation
 *   gains it nothing past its own site's budgets, and it spends the day like any page.
 * "The site that caused it" is the initiating page's, never the destination's (background
 * scan/budget.ts): otherwise a page whose links all lead to different sites would spend a fresh
 * site budget on each.
 *
 * Token bucket for "N per minute": it holds at most ceil(N/2) tokens (that many at once) and
 * regains floor(N/2) per minute, continuously. So in ANY 60-second window at most N checks
 * pass (what it holds at the window's start plus what it regains in it), while a person who
 * opens a few pages in a row is never slowed down. N is at least 2.
 *
 * Past a budget the URL is answered from the cache and local lists only, and the status says
 * why (BudgetSkipReason, shown in the popup).
 */
import type { BudgetSkipReason } from '../verdict';

export interface BudgetLimits {
  navigationsPerTabPerMinute: number;
  navigationsPerSitePerMinute: number;
  hoversPerTabPerMinute: number;
  hoversPerSitePerMinute: number;
  checksPerSitePerDay: number;
  checksPerDay: number;
}

export type BudgetKind = 'navigation' | 'hover';

/** The share of each day budget hovers may use; the rest is kept for pages opened. */
export const HOVER_DAY_SHARE = 0.8;
/** The share of the day budget page-caused checks may use; the rest is the person's reserve. */
export const PAGE_DAY_SHARE = 0.9;
/** The share of the day budget one tab may use (both kinds). */
export const TAB_DAY_SHARE = 0.2;
export type BudgetScope = 'tab' | 'site' | 'site-day' | 'tab-day' | 'day';
/**
 * Who started a check: a page (script, hover, a link in it), the person through the browser, or
 * the person by activating a link on a page ('click').
 */
export type BudgetOrigin = 'page' | 'person' | 'click';

/** Sized for a person's pace (docs/privacy.md "Budgets"; docs/admin/policy.md `budgets`). */
export const DEFAULT_BUDGETS: BudgetLimits = {
  navigationsPerTabPerMinute: 20,
  navigationsPerSitePerMinute: 40,
  hoversPerTabPerMinute: 60,
  hoversPerSitePerMinute: 120,
  checksPerSitePerDay: 1000,
  checksPerDay: 5000,
};

/**
 * The budgeted kind of a scan reason (protocol.ts ScanReason; a string here so this module
 * needs nothing of the protocol); null for checks the person starts from our own UI.
 */
export function budgetKindOf(reason: string): BudgetKind | null {
  if (reason === 'navigation') return 'navigation';
  if (reason === 'hover') return 'hover';
  return null;
}

export interface Bucket {
  tokens: number;
  /** ms epoch of the last refill. */
  at: number;
}

const MINUTE = 60_000;

/** Tokens a bucket for `perMinute` holds at most. */
export const bucketSize = (perMinute: number) => Math.ceil(Math.max(2, perMinute) / 2);
/** Tokens it regains per minute. */
export const bucketRate = (perMinute: number) => Math.max(2, perMinute) - bucketSize(perMinute);

/** The bucket at `now` (a new one starts full). A clock that went back refills nothing. */
export function refill(b: Bucket | undefined, perMinute: number, now: number): Bucket {
  const size = bucketSize(perMinute);
  if (!b) return { tokens: size, at: now };
  const elapsed = Math.max(0, now - b.at);
  return { tokens: Math.min(size, b.tokens + (elapsed / MINUTE) * bucketRate(perMinute)), at: Math.max(b.at, now) };
}

/** One check's counters, as the holder found them. */
export interface BudgetCounters {
  tab: Bucket | undefined;
  site: Bucket | undefined;
  /** Checks this site caused today (both kinds). */
  siteDay: number;
  /** Checks this tab caused today (both kinds); absent: 0. */
  tabDay?: number;
  /** Checks today (both kinds, all sites and tabs, the person's navigations included). */
  day: number;
}

export type BudgetDecision =
  { allow: true; next: BudgetCounters } | { allow: false; scope: BudgetScope; next: BudgetCounters };

/**
 * Whether one more check of `kind` fits. `next` holds the counters to keep (refilled, and
 * charged when allowed). When several scopes refuse, the narrowest is named (tab, then site,
 * then site-day, then tab-day, then day): that is what the person can act on first.
 * `origin` 'person' (a navigation the person started through the browser): the tab's bucket
 * still counts, at the per-tab navigation rate, which no person typing addresses reaches but which
 * bounds whatever could pass for the person (in Firefox a content script's navigation names no
 * page either); then only the whole day, with the person's reserve. No site or day share counts.
 * (In a tab whose page just looped, the person's next address waits for that tab's refill, a few
 * seconds; other tabs are never held back.)
 */
export function spend(
  kind: BudgetKind,
  c: BudgetCounters,
  limits: BudgetLimits,
  now: number,
  origin: BudgetOrigin = 'page',
): BudgetDecision {
  const tabDay = c.tabDay ?? 0;
  if (origin === 'person') {
    const own = refill(c.tab, limits.navigationsPerTabPerMinute, now);
    const keep = { site: c.site, siteDay: c.siteDay, tabDay };
    const scope: BudgetScope | null = own.tokens < 1 ? 'tab' : c.day >= limits.checksPerDay ? 'day' : null;
    if (scope) return { allow: false, scope, next: { ...keep, tab: own, day: c.day } };
    return { allow: true, next: { ...keep, tab: { ...own, tokens: own.tokens - 1 }, day: c.day + 1 } };
  }
  const tabRate = kind === 'navigation' ? limits.navigationsPerTabPerMinute : limits.hoversPerTabPerMinute;
  const siteRate = kind === 'navigation' ? limits.navigationsPerSitePerMinute : limits.hoversPerSitePerMinute;
  const tab = refill(c.tab, tabRate, now);
  const site = refill(c.site, siteRate, now);
  if (origin === 'click' && kind === 'navigation') {
    const scope: BudgetScope | null =
      site.tokens < 1
        ? 'site'
        : c.siteDay >= limits.checksPerSitePerDay
          ? 'site-day'
          : c.day >= limits.checksPerDay
            ? 'day'
            : null;
    if (scope) return { allow: false, scope, next: { tab, site, siteDay: c.siteDay, tabDay, day: c.day } };
    // The tab's bucket is charged as far as it has tokens: later page checks in the tab see it.
    return {
      allow: true,
      next: {
        tab: { ...tab, tokens: Math.max(0, tab.tokens - 1) },
        site: { ...site, tokens: site.tokens - 1 },
        siteDay: c.siteDay + 1,
        tabDay: tabDay + 1,
        day: c.day + 1,
      },
    };
  }
  const share = kind === 'hover' ? HOVER_DAY_SHARE : 1;
  const refused: BudgetScope | null =
    tab.tokens < 1
      ? 'tab'
      : site.tokens < 1
        ? 'site'
        : c.siteDay >= limits.checksPerSitePerDay * share
          ? 'site-day'
          : tabDay >= Math.max(1, limits.checksPerDay * TAB_DAY_SHARE * share)
            ? 'tab-day'
            : c.day >= limits.checksPerDay * PAGE_DAY_SHARE * share
              ? 'day'
              : null;
  if (refused) return { allow: false, scope: refused, next: { tab, site, siteDay: c.siteDay, tabDay, day: c.day } };
  return {
    allow: true,
    next: {
      tab: { ...tab, tokens: tab.tokens - 1 },
      site: { ...site, tokens: site.tokens - 1 },
      siteDay: c.siteDay + 1,
      tabDay: tabDay + 1,
      day: c.day + 1,
    },
  };
}

export const SKIP_REASON_OF: Record<BudgetScope, BudgetSkipReason> = {
  tab: 'budget-tab',
  site: 'budget-site',
  'site-day': 'budget-site-day',
  'tab-day': 'budget-tab-day',
  day: 'budget-day',
};

/**
 * The most checks of one kind a single tab can cause in `ms` milliseconds from a fresh start
 * (what the browser tests assert against): the tab bucket's size plus what it regains.
 */
export function maxInWindow(perMinute: number, ms: number): number {
  return bucketSize(perMinute) + Math.floor((ms / MINUTE) * bucketRate(perMinute));
}
