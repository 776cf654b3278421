/**
 * The budgets' counters (the rules are pure: src/shared/policy/budgets.ts). One `hold()` call in
 * the checker, before a page-caused check is sent, charges it or says why it is not sent.
 *
 * Kept in storage.session (out of content scripts' reach in both browsers; not lost when the
 * worker stops): a worker restart does not hand a looping page a fresh budget. Written at most
 * once a second (a worker dying in between loses at most that second of counts). A browser
 * restart starts a new session, and so fresh counters.
 *
 * "The page that caused it", never the page it leads to: a hover's frame (its URL, from the
 * message sender), else (a frame with no web address of its own: about:blank, srcdoc, data:) the
 * page its tab shows; for a navigation, the page the tab showed (last main-frame commit), else the
 * page that opened the tab (webNavigation.onCreatedNavigationTarget); else one shared
 * UNATTRIBUTED site. Charged to the destination, a page whose links or hops each lead to another
 * site would have a fresh site budget for every one of them.
 *
 * Navigations the person starts through the browser (address bar, bookmark, history): the
 * browser's request for them names no initiating page (webRequest `initiator` in Chromium,
 * `originUrl` in Firefox), which no page can arrange. page-tracking.ts tells notePersonRequest;
 * such a navigation is charged as 'person' (budgets.ts): no tab or site counter refuses it. The
 * request comes after the navigation's check has asked, so it is waited for only when a page
 * budget would refuse the check, never on the usual path, and only until the browser names the
 * request's origin either way (a looping page's own request ends the wait at once) or
 * PERSON_WAIT_MS passed (a request the browser's rules stopped is not reported).
 *
 * A link the person activated on a page: its content script says so (noteClick), and a refused
 * navigation to that link waits for that word as it waits for the browser's; then it is charged
 * as a 'click' (budgets.ts), refused only for its own site's spending or a spent day.
 */
import { localDay } from '@/src/shared/local-day';
import { ignore } from '@/src/background/ignore';
import { z } from 'zod/mini';
import { dict } from '@/src/shared/zod-lean';
import type { UrlStatus, BudgetSkipReason } from '@/src/shared/verdict';
import type { BudgetReportData, ScanReason } from '@/src/shared/messaging/protocol';
import {
  budgetKindOf,
  spend,
  SKIP_REASON_OF,
  type BudgetKind,
  type BudgetLimits,
  type BudgetOrigin,
} from '@/src/shared/policy/budgets';
import { registrableDomain } from '@/src/shared/url/site';
import { readKey, writeKey } from '../state/kv';
import { parseWeb } from '@/src/shared/url/parse-web';
import { createRequestOrigins, PERSON_WAIT_MS } from './person-request';

export interface BudgetContext {
  tabId?: number;
  /** URL of the document that caused the check (a hover's frame). */
  source?: string;
}

export interface Budget {
  /**
   * Before a check of `url` (normalized) is sent: null when it may go (and it is charged), else
   * the status to answer with (what is known, or "skipped" with the budget's reason).
   * `known`: the engine's status for the URL now; only a check that would really be sent counts.
   */
  hold(
    reason: ScanReason,
    ctx: BudgetContext,
    url: string,
    known: UrlStatus,
    limits: BudgetLimits,
  ): Promise<UrlStatus | null>;
  noteCommitted(tabId: number, url: string): void;
  /** A main-frame request in `tabId` (raw URL), and whether the person or a page started it. */
  noteRequest(tabId: number, url: string, origin: 'person' | 'page'): void;
  noteOpened(tabId: number, sourceTabId: number): void;
  /** The content script of `tabId` says the person activated a link to `url` (raw). */
  noteClick(tabId: number, url: string): void;
  forgetTab(tabId: number): void;
  /** Why `url` (normalized) was not checked in this tab, when a budget turned it away. */
  refusedHere(tabId: number, url: string): Promise<BudgetSkipReason | null>;
  /** What the popup shows: today's spending, refusals, and this tab's latest refusal. */
  report(tabId: number | null): Promise<BudgetReportData>;
  /** Reads the stored counters now (start-up), so the first navigation of a worker life need not. */
  prime(): Promise<void>;
  /** Pending counters written now (tests; nothing else needs to wait). */
  flush(): Promise<void>;
}

const KEY = 'budgets';
const WRITE_EVERY_MS = 1000;
/**
 * A second check of a URL just charged is the same send, not another one: the commit-time
 * recheck (navigation.ts noteCommitted) can ask while the navigation's own check is still between
 * its charge and its job (the engine does not know the URL yet). Charged twice, a page's budget
 * ran out twice as fast, and the second check could be turned away ("skipped") while the first
 * was being sent. The engine sends a URL once however many checks ask (its job in flight, then
 * its cache), so letting the second through costs nothing. Only for a URL the engine does not
 * know yet ("unchecked"): once its scan has ended in an error, a new check is a new send.
 */
export const SAME_SEND_MS = 5000;
const MAX_RECENT = 500;
/** The site charged when no page that caused a check is known (one bucket for all of them). */
export const UNATTRIBUTED = '(unattributed)';

/** Per-site counters kept at once; the smallest are forgotten first. */
const MAX_SITES = 2000;

const BucketSchema = z.object({ tokens: z.number(), at: z.number() });
const Refusal = z.object({
  scope: z.literal(['tab', 'site', 'site-day', 'tab-day', 'day']),
  kind: z.literal(['navigation', 'hover']),
  site: z.string(),
  url: z.string(),
  at: z.number(),
});
const StateSchema = z.object({
  day: z.string(),
  spent: z.object({ navigation: z.number(), hover: z.number() }),
  sites: dict(z.number()),
  /** Per tab, checks today (both kinds); absent in what an older build stored. */
  tabDay: z.optional(dict(z.number())),
  refused: dict(z.number()),
  buckets: dict(BucketSchema),
  tabs: dict(Refusal),
  tabSite: dict(z.string()),
});
type State = z.infer<typeof StateSchema>;

const emptyState = (day: string): State => ({
  day,
  spent: { navigation: 0, hover: 0 },
  sites: {},
  tabDay: {},
  refused: {},
  buckets: {},
  tabs: {},
  tabSite: {},
});

/** Statuses for which a check request would send the URL now. */
const wouldSend = (st: UrlStatus) =>
  st.kind === 'unchecked' || st.kind === 'failed' || st.kind === 'timed_out' || st.kind === 'error';

function siteOfUrl(raw: string | undefined): string | null {
  const u = raw ? parseWeb(raw) : null;
  return u ? registrableDomain(u.hostname) : null;
}

export function createBudget(deps: { now?: () => number; personWaitMs?: number } = {}): Budget {
  const now = deps.now ?? Date.now;
  let state: State | null = null;
  let loading: Promise<State> | null = null;
  let writeTimer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  /** Tab → opener tab, memory only (the opener's page is looked up when the tab navigates). */
  const openers = new Map<number, number>();
  /** `<kind> <url>` → when it was last charged (SAME_SEND_MS). */
  const recent = new Map<string, number>();

  async function load(): Promise<State> {
    if (state) return rollover(state);
    loading ??= readKey('session', KEY, z.nullable(StateSchema), null).then(
      (s) => (state ??= s ?? emptyState(localDay(now()))),
    );
    return rollover(await loading);
  }

  /** A new day: day counters start again; buckets and last refusals carry on. */
  function rollover(s: State): State {
    const today = localDay(now());
    if (s.day !== today)
      Object.assign(s, { day: today, spent: { navigation: 0, hover: 0 }, sites: {}, tabDay: {}, refused: {} });
    return s;
  }

  function scheduleWrite() {
    if (writeTimer !== null) return;
    writeTimer = setTimeout(() => {
      writeTimer = null;
      writing = write();
    }, WRITE_EVERY_MS);
  }

  async function write() {
    if (!state) return;
    prune(state);
    await writeKey('session', KEY, state).catch(ignore);
  }

  function prune(s: State) {
    const sites = Object.entries(s.sites);
    if (sites.length > MAX_SITES) {
      sites.sort((a, b) => b[1] - a[1]);
      s.sites = Object.fromEntries(sites.slice(0, MAX_SITES));
    }
    // Every bucket refills completely within 2 minutes (size/rate ≤ 2), and a full bucket is the
    // same as no bucket: forget those untouched for 10.
    const t = now();
    for (const [k, b] of Object.entries(s.buckets)) if (t - b.at > 10 * 60_000) delete s.buckets[k];
  }

  /** The initiating page's site (never the destination's: see the top of this file). */
  function siteFor(s: State, ctx: BudgetContext): string {
    const fromSource = siteOfUrl(ctx.source);
    if (fromSource) return fromSource;
    if (ctx.tabId !== undefined) {
      const shown = s.tabSite[String(ctx.tabId)];
      if (shown) return shown;
      const opener = openers.get(ctx.tabId);
      const openerSite = opener !== undefined ? s.tabSite[String(opener)] : undefined;
      if (openerSite) return openerSite;
    }
    return UNATTRIBUTED;
  }

  const origins = createRequestOrigins({ now, waitMs: deps.personWaitMs ?? PERSON_WAIT_MS });

  /** One check against the counters: charged when it fits. */
  function charge(
    s: State,
    kind: BudgetKind,
    ctx: BudgetContext,
    limits: BudgetLimits,
    t: number,
    origin: BudgetOrigin,
  ) {
    const site = siteFor(s, ctx);
    const tab = String(ctx.tabId ?? 'none');
    const tabKey = `${kind}:tab:${tab}`;
    const siteKey = `${kind}:site:${site}`;
    s.tabDay ??= {};
    const d = spend(
      kind,
      {
        tab: s.buckets[tabKey],
        site: s.buckets[siteKey],
        siteDay: s.sites[site] ?? 0,
        tabDay: s.tabDay[tab] ?? 0,
        day: s.spent.navigation + s.spent.hover,
      },
      limits,
      t,
      origin,
    );
    if (d.next.tab) s.buckets[tabKey] = d.next.tab;
    if (d.next.site) s.buckets[siteKey] = d.next.site;
    if (d.allow) {
      if (origin === 'page') {
        s.sites[site] = d.next.siteDay;
        s.tabDay[tab] = d.next.tabDay ?? 0;
      }
      s.spent[kind]++;
    }
    return { d, site };
  }

  return {
    async hold(reason, ctx, url, known, limits) {
      const kind = budgetKindOf(reason);
      if (!kind || !wouldSend(known)) return null;
      const s = await load();
      const t = now();
      // After the await: two holds at once resume in order, and the second sees the first's charge.
      const sendKey = `${kind} ${url}`;
      const last = recent.get(sendKey);
      // Only while the engine knows nothing of the URL yet: a URL whose scan ended in an error is
      // sent again by a new check, and that is a new send, charged (a looping page stays bounded).
      if (known.kind === 'unchecked' && last !== undefined && t - last >= 0 && t - last < SAME_SEND_MS) return null;
      const person = kind === 'navigation' && origins.personStarted(ctx.tabId, url);
      const { d, site } = charge(s, kind, ctx, limits, t, person ? 'person' : 'page');
      scheduleWrite();
      if (d.allow) {
        if (recent.size >= MAX_RECENT) recent.clear();
        recent.set(sendKey, t);
        return null;
      }
      const tabKey = ctx.tabId === undefined ? null : String(ctx.tabId);
      const refusal = { scope: d.scope, kind, site, url, at: t };
      s.refused[site] = (s.refused[site] ?? 0) + 1;
      if (tabKey !== null) s.tabs[tabKey] = refusal;
      // A page budget refused a navigation: the person may have started it, and the browser says
      // so just after this check asked. Recorded as refused meanwhile (the popup can ask); if the
      // browser says so in time, only the whole day counts and the refusal is taken back.
      // Else the person may have activated a link to it: the content script's word travels beside
      // the navigation, and counts only as a click (its own site's budgets still apply).
      const retry: BudgetOrigin | null =
        person || kind !== 'navigation'
          ? null
          : await origins.waitStarter(ctx.tabId, ctx.tabId === undefined ? undefined : openers.get(ctx.tabId), url);
      if (retry) {
        const again = charge(s, kind, ctx, limits, now(), retry);
        if (again.d.allow) {
          s.refused[site] = Math.max(0, (s.refused[site] ?? 1) - 1);
          if (!s.refused[site]) delete s.refused[site];
          if (tabKey !== null && s.tabs[tabKey] === refusal) delete s.tabs[tabKey];
          scheduleWrite();
          recent.set(sendKey, t);
          return null;
        }
        // Past the whole day even for the person: that is the reason to name.
        refusal.scope = again.d.allow ? refusal.scope : again.d.scope;
      }
      const why: BudgetSkipReason = SKIP_REASON_OF[refusal.scope];
      // What is known stays (a failed check says so); a URL never checked says why it is not.
      return known.kind === 'unchecked' ? { kind: 'skipped', reason: why } : known;
    },
    noteCommitted(tabId, url) {
      const site = siteOfUrl(url);
      if (!site) return; // our blocked page, about:blank…: the page before it stays the cause
      void load().then((s) => {
        if (s.tabSite[String(tabId)] === site) return;
        s.tabSite[String(tabId)] = site;
        scheduleWrite();
      });
    },
    noteRequest: (tabId, url, origin) => origins.note(tabId, url, origin),
    noteOpened(tabId, sourceTabId) {
      if (openers.size > 1000) openers.clear();
      openers.set(tabId, sourceTabId);
    },
    noteClick: (tabId, url) => origins.noteClick(tabId, url),
    forgetTab(tabId) {
      openers.delete(tabId);
      origins.forgetTab(tabId);
      void load().then((s) => {
        const k = String(tabId);
        delete s.tabs[k];
        delete s.tabSite[k];
        if (s.tabDay) delete s.tabDay[k];
        delete s.buckets[`navigation:tab:${k}`];
        delete s.buckets[`hover:tab:${k}`];
        scheduleWrite();
      });
    },
    async refusedHere(tabId, url) {
      const r = (await load()).tabs[String(tabId)];
      return r && r.url === url ? SKIP_REASON_OF[r.scope] : null;
    },
    async report(tabId) {
      const s = await load();
      const refusedSites = Object.entries(s.refused)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([site, refused]) => ({ site, refused }));
      const tab = tabId === null ? undefined : s.tabs[String(tabId)];
      return {
        today: { navigations: s.spent.navigation, hovers: s.spent.hover },
        refusedToday: Object.values(s.refused).reduce((a, b) => a + b, 0),
        refusedSites,
        tab: tab ? { scope: tab.scope, kind: tab.kind, site: tab.site, at: tab.at } : null,
      };
    },
    async prime() {
      await load();
    },
    async flush() {
      if (writeTimer !== null) {
        clearTimeout(writeTimer);
        writeTimer = null;
        writing = write();
      }
      await writing;
    },
  };
}
