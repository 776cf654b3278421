/** Handlers for the privileged tier (our own pages): one per message type, in one typed map. */
import { browser } from 'wxt/browser';
import { ok, fail, type Reply } from '@/src/shared/messaging/reply';
import type { PageReply, PageRequest, PageType } from '@/src/shared/messaging/page-tier';
import type { BlockedDetailsData } from '@/src/shared/messaging/page-data/blocked-org';
import type { TabStatusData } from '@/src/shared/messaging/page-data/scans';
import type { App } from '../app';
import type { SenderLike } from '../sender';
import { pausedUntil } from '../overrides/pause';
import { isConfigured } from '@/src/shared/policy/settings';
import type { UrlStatus } from '@/src/shared/verdict';
import { windowKindOf, type WindowKind } from '@/src/shared/window-kind';
import { readToken, type BlockedToken } from '../protection/blocked-tokens';
import type { SettingsState } from '../state/settings-store';
import { addException, grantPass } from '../overrides/exceptions';
import { exceptionsHandlers } from './exceptions';
import { visitsHandlers } from './visits';
import { accountHandlers } from './account';
import { prefsHandlers } from './prefs';
import { orgHandlers } from './org';
import { joinHandlers, type PageHandler, type PageHandlers } from './handler-map';
import { readHistory, clearHistory } from '../state/ledger';
import { disputeVerdict, fillReportUrl } from './dispute';
import { reportProceeded } from '../reporting/hooks';
import { toScanView, toSummary } from './views';
import { unicodeOf } from './unicode-host';
import { withoutCredentials } from '@/src/shared/url/display';
import { isVerdictless, mayProceed, offersProceed } from '@/src/shared/policy/proceed';
import { orgBlocks } from '../state/org-blocks';
import { say } from '../i18n';
import { replyOf, withApi } from './service-reply';
import { unwrap } from '@/src/shared/url/unwrap';
import { whenIdle } from '../idle';

const TEST_BUILD = typeof __LINKLENS_TEST_BUILD__ !== 'undefined' && __LINKLENS_TEST_BUILD__ === true;

const PROCEED_REFUSED = {
  not_allowed: () => say('bg_proceedNotAllowed'),
  pending: () => say('bg_proceedPending'),
  not_blocked: () => say('bg_proceedNotBlocked'),
} as const;
const expired = () => fail('invalid_token', say('bg_warningExpired'));

/**
 * The window a scan asked for by one of our pages belongs to: the named tab's window, else the
 * sending page's own tab. No answer (closed tab, popup without a tab) is 'unknown', which counts
 * as private (docs/decisions/011-private-windows.md): nothing is sent unless scanIncognito,
 * nothing is stored.
 */
export async function askingWindow(tabId: number | undefined, sender?: Pick<SenderLike, 'tab'>): Promise<WindowKind> {
  if (tabId !== undefined) return windowKindOf(await browser.tabs.get(tabId).catch(() => null));
  return windowKindOf(sender?.tab);
}

/** What this module answers itself: the popup's tab, scans and their lists, the blocked page. */
const ownHandlers = {
  'tab.status': async (app, m) => ok(await tabStatus(app, m.tabId)),
  // Browser tests' "nothing happened" waits for this (idle.ts); other builds have no such door.
  'test.idle': async () => {
    if (!TEST_BUILD) return fail('not_available', 'Only test builds answer test.idle.');
    await whenIdle();
    return ok({ idle: true as const });
  },
  'scan.url': async (app, m, sender) => {
    const windowKind = await askingWindow(m.tabId, sender);
    const n = await app.checker.lookup(m.url, { windowKind });
    // "Check again" in a private window with scanIncognito off must not even drop the verdict.
    if (m.force && n.url && n.status.kind !== 'skipped') {
      app.engine.forget(n.url);
      await app.cache.delete(n.url);
    }
    const o = await app.checker.check(m.url, m.reason, { tabId: m.tabId, windowKind });
    return ok(o.status);
  },
  'scan.pagePreview': async (app, m) => ok(await app.pageScans.preview(m.tabId, await askingWindow(m.tabId))),
  'scan.pageLinks': async (app, m) => {
    const progress = await app.pageScans.start(m.tabId, await askingWindow(m.tabId));
    return progress ? ok(progress) : fail('preview_needed', say('bg_previewNeeded'));
  },
  'scan.progress': async (app, m) => ok(app.pageScans.progress(m.tabId)),
  'scan.get': (app, m) => withApi(app, async (api) => replyOf(await api.getScan(m.id), toScanView)),
  'scan.analytics': (app, m) => withApi(app, async (api) => replyOf(await api.getAnalytics(m.id))),
  'scans.list': (app, m) =>
    withApi(app, async (api) =>
      replyOf(await api.listScans({ cursor: m.cursor, limit: 20 }), (v) => ({
        items: v.items.map(toSummary),
        next: v.next,
      })),
    ),
  'history.get': async () => ok(await readHistory()),
  'history.clear': async () => {
    await clearHistory();
    return ok({ cleared: true as const });
  },
  'verdict.dispute': async (app, m, sender) =>
    ok(await disputeVerdict(app, m.url, m.scanId, await askingWindow(m.tabId, sender))),
  'blocked.details': (app, m) => blockedDetails(app, m.token),
  'blocked.back': async (app, m) => {
    const t = await readToken(m.token);
    if (!t) return expired();
    return ok({ steps: app.navigation.backSteps(m.token, t) });
  },
  'blocked.proceed': async (app, m) => {
    const t = await readToken(m.token);
    if (!t) return expired();
    const st = await app.settings.get();
    const d = mayProceed(proceedFacts(t, st));
    if (!d.grant) return fail(d.code, PROCEED_REFUSED[d.code]());
    // Past a verdict: this host until the browser restarts (storage.session). Past strict
    // mode's lack of one: only this exact address, for one navigation (proceed.ts).
    if (d.grant === 'host') await addException(t.host, -1);
    await grantPass(t.tabId, t.rawUrl);
    // The page navigates when this answers: the request-blocking rules must let it through by then.
    await app.netRules.syncNow();
    reportProceeded({ url: t.url, host: t.host, verdict: t.verdict, rule: t.decision.reason, tabId: t.tabId }); // docs/decisions/016-organizations.md
    return ok({ url: t.rawUrl });
  },
} satisfies Partial<PageHandlers>;

/**
 * Every page message's one handler. Typed `PageHandlers`: a message type without a handler, or a
 * handler answering with other data than its request declares, does not compile.
 */
const PAGE_HANDLERS: PageHandlers = joinHandlers(
  ownHandlers,
  accountHandlers,
  prefsHandlers,
  orgHandlers,
  exceptionsHandlers,
  visitsHandlers,
);

export function handlePage<K extends PageType>(
  app: App,
  m: PageRequest<K>,
  sender?: SenderLike,
): Promise<Reply<PageReply<K>>> {
  // The map pairs each type with its own request; TypeScript cannot follow `m.type` back to K.
  const handle = PAGE_HANDLERS[m.type as K] as PageHandler<K> | undefined;
  return handle ? handle(app, m, sender) : Promise.resolve(fail('invalid_message', `No handler for ${m.type}`));
}

async function tabStatus(app: App, tabId: number): Promise<TabStatusData> {
  const { settings: s } = await app.settings.get();
  const tab = await browser.tabs.get(tabId).catch(() => null);
  // On our blocked page the popup is about the page that was blocked, not about blocked.html.
  const blocked = tab?.url ? await blockedTarget(tab.url) : null;
  const url = blocked ?? tab?.url ?? null;
  // Every hop of the URL (docs/decisions/003-every-hop.md): a wrapper is as bad as where it leads.
  // A tab shows a page, not a link: only hops known wrappers lead to (no guessed destination).
  const out = url ? await app.links.lookup(url, { windowKind: windowKindOf(tab), knownOnly: true }) : null;
  let status: UrlStatus = out?.status ?? { kind: 'unchecked' };
  // Not checked because the page went past a budget: say so rather than "not checked yet".
  const refused = status.kind === 'unchecked' && out?.url ? await app.budget.refusedHere(tabId, out.url) : null;
  if (refused) status = { kind: 'skipped', reason: refused };
  return {
    url,
    status,
    configured: isConfigured(s),
    // A pause the policy no longer permits has ended (allowPause), whatever storage still says.
    pausedUntil: s.allowPause ? await pausedUntil() : null,
    credits: app.credits.last,
    problem: app.engine.problem(),
    canPause: s.allowPause,
    canTrust: s.allowUserAllowlist,
    budget: await app.budget.report(tabId),
    leadsTo: out?.leadsTo ?? null,
  };
}

/** What the proceed rule (proceed.ts) needs to know of a blocked page's token. */
function proceedFacts(t: BlockedToken, st: SettingsState) {
  return {
    allowProceed: st.settings.allowProceed,
    orgBlocked: orgBlocks(t.host, st),
    pending: t.pending,
    action: t.decision.action,
    known: t.verdict !== null || !isVerdictless(t.decision.reason),
    lookalike: t.decision.rule?.rule === 'lookalike',
  };
}

/** Is `hop` one of the URLs unwrap() reads out of `link` (docs/decisions/003-every-hop.md)? */
function readFrom(link: string, hop: string): boolean {
  const hops = unwrap(link).hops;
  const h = unwrap(hop).hops[0];
  return h !== undefined && hops.indexOf(h) > 0;
}

/** The URL a blocked-page tab stands for (without credentials), or null for any other URL. */
async function blockedTarget(tabUrl: string): Promise<string | null> {
  const prefix = browser.runtime.getURL('/blocked.html');
  if (!tabUrl.startsWith(prefix + '?')) return null;
  const token = new URLSearchParams(tabUrl.slice(prefix.length)).get('t');
  const t = token ? await readToken(token) : null;
  return t ? withoutCredentials(t.rawUrl) : null;
}

async function blockedDetails(app: App, token: string): Promise<Reply<BlockedDetailsData>> {
  const stored = await readToken(token);
  if (!stored) return expired();
  const st = await app.settings.get();
  const s = st.settings;
  const { token: t, open } = await app.navigation.settleStrict(token, stored, s);
  const v = t.verdict;
  let unicodeHost: string | null = null;
  try {
    const u = new URL(t.rawUrl);
    unicodeHost = u.hostname.includes('xn--') ? unicodeOf(u.hostname) : null;
  } catch {
    unicodeHost = null;
  }
  const report = v ? fillReportUrl(s.reportUrl, v.scanId, t.url) : null;
  return ok({
    // Shown without `user:pass@`: a password must not be displayed, and `www.bank.com@evil.test`
    // must not look like the bank's address.
    url: withoutCredentials(t.rawUrl),
    firstUrl: t.firstUrl ? withoutCredentials(t.firstUrl) : null,
    readFromLink: t.firstUrl ? readFrom(t.firstUrl, t.rawUrl) : false,
    unicodeHost,
    scanId: v?.scanId ?? null,
    riskScore: v?.riskScore ?? null,
    band: v?.band ?? null,
    categories: v?.categories ?? [],
    reasoning: v?.reasoning ?? '',
    indicators: v?.indicators ?? [],
    checkedAt: v?.checkedAt ?? null,
    reason: t.decision.reason,
    rule: t.decision.rule ?? null,
    confidence: v?.confidence ?? null,
    canProceed: offersProceed(proceedFacts(t, st)),
    exceptionLifetime: mayProceed(proceedFacts(t, st)).grant === 'once' ? 'once' : 'session',
    reportUrl: report,
    pending: t.pending,
    awaiting: open && !t.pending,
    backSteps: t.backSteps ?? 1,
  });
}
