/**
 * Example table for spend(): the defaults (navigations 20 a minute per tab, 40 per
 * site; hovers 60 and 120; 1000 per site a day; 5000 a day), at each edge. Tested in
 * budgets.test.ts, together with the one-minute bound the browser tests rely on.
 */
import {
  DEFAULT_BUDGETS,
  type BudgetCounters,
  type BudgetKind,
  type BudgetLimits,
  type BudgetOrigin,
  type BudgetScope,
} from './budgets';

export interface BudgetExample {
  name: string;
  kind: BudgetKind;
  /** Default 'page'. */
  origin?: BudgetOrigin;
  counters: BudgetCounters;
  limits?: Partial<BudgetLimits>;
  now: number;
  /** 'allow', or the scope named in the refusal. */
  expected: 'allow' | BudgetScope;
  /** Tokens left in the tab bucket afterwards (checks the refill arithmetic). */
  tabTokensAfter?: number;
}

const T0 = 1_700_000_000_000;
const fresh: BudgetCounters = { tab: undefined, site: undefined, siteDay: 0, day: 0 };
const bucket = (tokens: number, at = T0) => ({ tokens, at });

export const BUDGET_EXAMPLES: readonly BudgetExample[] = [
  // A fresh tab holds half its per-minute budget: 10 navigations, 30 hovers at once.
  {
    name: 'first navigation of a tab',
    kind: 'navigation',
    counters: fresh,
    now: T0,
    expected: 'allow',
    tabTokensAfter: 9,
  },
  { name: 'first hover of a tab', kind: 'hover', counters: fresh, now: T0, expected: 'allow', tabTokensAfter: 29 },
  {
    name: 'the 10th navigation at once still fits',
    kind: 'navigation',
    counters: { ...fresh, tab: bucket(1) },
    now: T0,
    expected: 'allow',
    tabTokensAfter: 0,
  },
  {
    name: 'the 11th navigation at once does not',
    kind: 'navigation',
    counters: { ...fresh, tab: bucket(0) },
    now: T0,
    expected: 'tab',
    tabTokensAfter: 0,
  },
  // Refill: 10 navigation tokens a minute, i.e. one every 6 s.
  {
    name: 'empty tab, 5.9 s later: still empty',
    kind: 'navigation',
    counters: { ...fresh, tab: bucket(0) },
    now: T0 + 5_900,
    expected: 'tab',
  },
  {
    name: 'empty tab, 6 s later: one navigation',
    kind: 'navigation',
    counters: { ...fresh, tab: bucket(0) },
    now: T0 + 6_000,
    expected: 'allow',
    tabTokensAfter: 0,
  },
  {
    name: 'an hour idle refills to the cap, not beyond',
    kind: 'navigation',
    counters: { ...fresh, tab: bucket(0) },
    now: T0 + 3_600_000,
    expected: 'allow',
    tabTokensAfter: 9,
  },
  {
    name: 'a clock that went back refills nothing',
    kind: 'navigation',
    counters: { ...fresh, tab: bucket(0.5) },
    now: T0 - 60_000,
    expected: 'tab',
  },
  // Hovers and navigations are separate buckets (the holder keeps one per kind).
  {
    name: 'hovers: empty bucket, 2 s later one more',
    kind: 'hover',
    counters: { ...fresh, tab: bucket(0) },
    now: T0 + 2_000,
    expected: 'allow',
    tabTokensAfter: 0,
  },
  // The site bucket spans the site's tabs: a fresh tab of an exhausted site is refused.
  {
    name: 'fresh tab, site bucket empty',
    kind: 'navigation',
    counters: { ...fresh, site: bucket(0.99) },
    now: T0,
    expected: 'site',
  },
  {
    name: 'tab and site both empty: the tab is named',
    kind: 'navigation',
    counters: { ...fresh, tab: bucket(0), site: bucket(0) },
    now: T0,
    expected: 'tab',
  },
  // Per day: per site, then for everything.
  {
    name: 'site at 999 today',
    kind: 'navigation',
    counters: { ...fresh, siteDay: 999, day: 999 },
    now: T0,
    expected: 'allow',
  },
  {
    name: 'site at 1000 today',
    kind: 'navigation',
    counters: { ...fresh, siteDay: 1000, day: 1000 },
    now: T0,
    expected: 'site-day',
  },
  {
    name: 'all sites at 5000 today',
    kind: 'navigation',
    counters: { ...fresh, siteDay: 3, day: 5000 },
    now: T0,
    expected: 'day',
  },
  // Hovers get four fifths of each day budget: the last fifth is kept for pages opened.
  {
    name: 'hover, site at 799 today',
    kind: 'hover',
    counters: { ...fresh, siteDay: 799, day: 799 },
    now: T0,
    expected: 'allow',
  },
  {
    name: 'hover, site at 800 today',
    kind: 'hover',
    counters: { ...fresh, siteDay: 800, day: 800 },
    now: T0,
    expected: 'site-day',
  },
  {
    name: 'hover, all sites at 4000 today',
    kind: 'hover',
    counters: { ...fresh, siteDay: 3, day: 4000 },
    now: T0,
    expected: 'day',
  },
  {
    name: 'a page opened when hovers used their four fifths of the day: still checked',
    kind: 'navigation',
    counters: { ...fresh, siteDay: 3, day: 4000 },
    now: T0,
    expected: 'allow',
  },
  // One tab may use a fifth of the day (hovers four fifths of that): a loop in one tab leaves the rest.
  {
    name: 'a tab at 999 checks today',
    kind: 'navigation',
    counters: { ...fresh, siteDay: 3, tabDay: 999, day: 999 },
    now: T0,
    expected: 'allow',
  },
  {
    name: 'a tab at 1000 checks today (its fifth of the day)',
    kind: 'navigation',
    counters: { ...fresh, siteDay: 3, tabDay: 1000, day: 1000 },
    now: T0,
    expected: 'tab-day',
  },
  {
    name: 'hover, a tab at 800 today',
    kind: 'hover',
    counters: { ...fresh, siteDay: 3, tabDay: 800, day: 800 },
    now: T0,
    expected: 'tab-day',
  },
  // Pages together may use nine tenths of the day; the last tenth is the person's.
  {
    name: 'a page visit at 4499 of the day',
    kind: 'navigation',
    counters: { ...fresh, siteDay: 3, day: 4499 },
    now: T0,
    expected: 'allow',
  },
  {
    name: "a page visit at 4500 of the day: the rest is the person's",
    kind: 'navigation',
    counters: { ...fresh, siteDay: 3, day: 4500 },
    now: T0,
    expected: 'day',
  },
  {
    name: 'the person types an address at 4500 of the day: checked',
    kind: 'navigation',
    origin: 'person',
    counters: { ...fresh, siteDay: 3, day: 4500 },
    now: T0,
    expected: 'allow',
  },
  {
    name: "the person types an address in a tab whose page spent its site's and the tab's day: checked",
    kind: 'navigation',
    origin: 'person',
    counters: { tab: bucket(3), site: bucket(0), siteDay: 1000, tabDay: 1000, day: 4999 },
    now: T0,
    expected: 'allow',
    tabTokensAfter: 2,
  },
  {
    name: 'the person at the per-tab navigation rate (what a content script passing for the person would hit)',
    kind: 'navigation',
    origin: 'person',
    counters: { ...fresh, tab: bucket(0) },
    now: T0,
    expected: 'tab',
  },
  {
    name: 'the person at 5000 of the day: the day is spent',
    kind: 'navigation',
    origin: 'person',
    counters: { ...fresh, day: 5000 },
    now: T0,
    expected: 'day',
  },
  // A link the person activated: only its own site's spending, or the whole day, refuses it.
  {
    name: 'a link the person clicked at 4500 of the day (pages spent their share): checked',
    kind: 'navigation',
    origin: 'click',
    counters: { ...fresh, siteDay: 3, day: 4500 },
    now: T0,
    expected: 'allow',
  },
  {
    name: "a link the person clicked in a tab whose other sites spent the tab's minute and day: checked",
    kind: 'navigation',
    origin: 'click',
    counters: { ...fresh, tab: bucket(0), tabDay: 1000, day: 1000 },
    now: T0,
    expected: 'allow',
    tabTokensAfter: 0,
  },
  {
    name: "a link the person clicked on a site that spent its own minute: refused for that site's spending",
    kind: 'navigation',
    origin: 'click',
    counters: { ...fresh, site: bucket(0) },
    now: T0,
    expected: 'site',
  },
  {
    name: 'a link the person clicked on a site that spent its own day',
    kind: 'navigation',
    origin: 'click',
    counters: { ...fresh, siteDay: 1000, day: 1000 },
    now: T0,
    expected: 'site-day',
  },
  {
    name: 'a link the person clicked at 5000 of the day: the day is spent',
    kind: 'navigation',
    origin: 'click',
    counters: { ...fresh, day: 5000 },
    now: T0,
    expected: 'day',
  },
  // Policy limits.
  {
    name: 'policy: 2 navigations a minute per tab, the second at once',
    kind: 'navigation',
    counters: { ...fresh, tab: bucket(0) },
    limits: { navigationsPerTabPerMinute: 2 },
    now: T0,
    expected: 'tab',
  },
  {
    name: 'policy: 2 a minute, one per minute after the first',
    kind: 'navigation',
    counters: { ...fresh, tab: bucket(0) },
    limits: { navigationsPerTabPerMinute: 2 },
    now: T0 + 60_000,
    expected: 'allow',
    tabTokensAfter: 0,
  },
  {
    name: 'policy: site-day budget 10',
    kind: 'navigation',
    counters: { ...fresh, siteDay: 10, day: 10 },
    limits: { checksPerSitePerDay: 10 },
    now: T0,
    expected: 'site-day',
  },
];

export const BUDGET_BASE_LIMITS: BudgetLimits = DEFAULT_BUDGETS;
