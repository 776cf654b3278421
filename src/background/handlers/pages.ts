/** Handlers for the privileged tier (our own pages): dispatch by message type. */
import { browser } from 'wxt/browser';
import { ok, fail, type PageToBackground, type Reply, type TabStatusData, type BlockedDetailsData } from '@/src/shared/messaging/protocol';
import type { App } from '../app';
import { pausedUntil } from '../scan/pause';
import { isConfigured } from '@/src/shared/policy/settings';
import { readToken } from '../scan/blocked-tokens';
import { addException, grantPass } from '../scan/exceptions';
import { handleAccount } from './account';
import { handlePrefs } from './prefs';
import { readHistory } from '../state/ledger';
import { toScanView, toSummary } from './views';
import { unicodeOf } from './unicode-host';

export async function handlePage(app: App, m: PageToBackground): Promise<Reply> {
  switch (m.type) {
    case 'tab.status':
      return ok(await tabStatus(app, m.tabId));
    case 'scan.url': {
      const n = await app.checker.lookup(m.url);
      if (m.force && n.url) {
        app.engine.forget(n.url);
        await app.cache.delete(n.url);
      }
      const o = await app.checker.check(m.url, m.reason);
      return ok(o.status);
    }
    case 'scan.pageLinks':
      return ok(await app.pageScans.start(m.tabId));
    case 'scan.progress':
      return ok(app.pageScans.progress(m.tabId));
    case 'scan.get': {
      const api = await app.api();
      if (!api) return fail('not_configured', 'Linklens is not connected to a scanning service yet.');
      const r = await api.getScan(m.id);
      return r.ok ? ok(toScanView(r.value)) : fail(r.error.code, r.error.message);
    }
    case 'scan.analytics': {
      const api = await app.api();
      if (!api) return fail('not_configured', 'Linklens is not connected to a scanning service yet.');
      const r = await api.getAnalytics(m.id);
      return r.ok ? ok(r.value) : fail(r.error.code, r.error.message);
    }
    case 'scans.list': {
      const api = await app.api();
      if (!api) return fail('not_configured', 'Linklens is not connected to a scanning service yet.');
      const r = await api.listScans({ cursor: m.cursor, limit: 20 });
      return r.ok ? ok({ items: r.value.items.map(toSummary), next: r.value.next }) : fail(r.error.code, r.error.message);
    }
    case 'history.get':
      return ok(await readHistory());
    case 'blocked.details':
      return blockedDetails(app, m.token);
    case 'blocked.back': {
      const t = await readToken(m.token);
      if (!t) return fail('invalid_token', 'This warning has expired.');
      return ok({ steps: app.navigation.backSteps(m.token, t) });
    }
    case 'blocked.proceed': {
      const t = await readToken(m.token);
      if (!t) return fail('invalid_token', 'This warning has expired.');
      const { settings: s } = await app.settings.get();
      if (!s.allowProceed) return fail('not_allowed', 'Your organization does not allow proceeding to blocked sites.');
      // Default lifetime: this host, until the browser restarts (storage.session).
      await addException(t.host, -1);
      await grantPass(t.tabId, t.rawUrl);
      // The page navigates when this answers: the request-blocking rules must let it through by then.
      await app.netRules.syncNow();
      return ok({ url: t.rawUrl });
    }
    default:
      return handleAccount(app, m) ?? handlePrefs(app, m) ?? fail('invalid_message', `No handler for ${m.type}`);
  }
}

async function tabStatus(app: App, tabId: number): Promise<TabStatusData> {
  const { settings: s } = await app.settings.get();
  const tab = await browser.tabs.get(tabId).catch(() => null);
  const url = tab?.url ?? null;
  const status = url ? (await app.checker.lookup(url, { incognito: tab?.incognito })).status : ({ kind: 'unchecked' } as const);
  return { url, status, configured: isConfigured(s), pausedUntil: await pausedUntil(), credits: app.credits.last, problem: app.engine.problem() };
}

export function withoutCredentials(raw: string): string {
  try {
    const u = new URL(raw);
    if (!u.username && !u.password) return raw;
    u.username = '';
    u.password = '';
    return u.href;
  } catch {
    return raw;
  }
}

async function blockedDetails(app: App, token: string): Promise<Reply<BlockedDetailsData>> {
  let t = await readToken(token);
  if (!t) return fail('invalid_token', 'This warning has expired.');
  const { settings: s } = await app.settings.get();
  t = await app.navigation.settleStrict(token, t, s);
  const v = t.verdict;
  let unicodeHost: string | null = null;
  try {
    const u = new URL(t.rawUrl);
    unicodeHost = u.hostname.includes('xn--') ? unicodeOf(u.hostname) : null;
  } catch {
    unicodeHost = null;
  }
  const report = s.reportUrl && v ? s.reportUrl.replaceAll('{scanId}', encodeURIComponent(v.scanId)).replaceAll('{url}', encodeURIComponent(t.url)) : null;
  return ok({
    // Shown without `user:pass@`: a password must not be displayed, and `www.bank.com@evil.test`
    // must not look like the bank's address.
    url: withoutCredentials(t.rawUrl),
    firstUrl: t.firstUrl ? withoutCredentials(t.firstUrl) : null,
    unicodeHost,
    scanId: v?.scanId ?? null,
    riskScore: v?.riskScore ?? null,
    band: v?.band ?? null,
    categories: v?.categories ?? [],
    reasoning: v?.reasoning ?? '',
    indicators: v?.indicators ?? [],
    checkedAt: v?.checkedAt ?? null,
    reason: t.decision.reason,
    canProceed: s.allowProceed && !t.pending,
    exceptionLifetime: 'session',
    reportUrl: report && /^https?:\/\//i.test(report) ? report : null,
    pending: t.pending,
    backSteps: t.backSteps ?? 1,
  });
}

