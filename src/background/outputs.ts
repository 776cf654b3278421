/**
 * What the person sees when the engine learns something: content-script warnings (push),
 * the badge, notifications. Each output is independent: one failing never stops the others.
 */
import { browser } from 'wxt/browser';
import type { UrlStatus } from '@/src/shared/verdict';
import type { App } from './app';
import { badgeFor, showBadge } from './scan/badge';
import { toLinkInfo } from './scan/link-info';
import { pausedUntil } from './scan/pause';
import { msg, assetUrl } from './i18n';

const ICON = '/icon/128.png';
const t = msg;

async function notify(id: string, title: string, message: string) {
  try {
    await browser.notifications.create(id, { type: 'basic', iconUrl: assetUrl(ICON), title, message });
  } catch {
    // Notifications may be disabled by the person or the OS.
  }
}

export async function refreshBadge(app: App, tabId: number, url: string | undefined, incognito = false): Promise<void> {
  const status: UrlStatus = url ? (await app.checker.lookup(url, { incognito })).status : { kind: 'unchecked' };
  await showBadge(tabId, badgeFor(status, { paused: (await pausedUntil()) !== null, problem: app.engine.problem() }));
}

export function wireOutputs(app: App): void {
  app.engine.onUpdate((url, status, meta) => {
    void (async () => {
      const { settings: s } = await app.settings.get();
      // 1. Content scripts that asked about this link learn the verdict.
      if (status.kind !== 'checking') {
        const decorated = await app.checker.lookup(url);
        const info = toLinkInfo(decorated.status.kind === 'unchecked' ? status : decorated.status, s.allowProceed);
        for (const [tabId, raws] of app.watchers.take(url)) {
          const links = Object.fromEntries([...raws].map((r) => [r, info]));
          void browser.tabs.sendMessage(tabId, { type: 'links.update', links }).catch(() => undefined);
        }
      }
      // 2. The badge of tabs that navigated to it.
      if (meta.reasons.includes('navigation')) {
        for (const tabId of meta.tabIds) {
          const tab = await browser.tabs.get(tabId).catch(() => null);
          if (tab) await refreshBadge(app, tabId, tab.url, tab.incognito);
        }
      }
      // 3. A menu check that finds warn-level or worse is notified.
      if (meta.reasons.includes('menu') && status.kind === 'verdict' && s.notifications) {
        const d = (await app.checker.lookup(url)).status;
        if (d.kind === 'verdict' && (d.decision.action === 'warn' || d.decision.action === 'block')) {
          const v = d.verdict;
          await notify(`verdict:${v.scanId}`, t('notifyVerdictTitle', `Linklens: ${v.band} link`, [v.band]), `${url}\n${v.riskScore}/100 ${v.categories.join(', ')}`);
        }
      }
    })().catch(() => undefined);
  });

  let lastProblem: string | null = null;
  app.engine.onProblem((p) => {
    // Told once per problem, not once per failed request.
    if (p && p.code !== lastProblem) {
      if (p.code === 'insufficient_credits') void notify('problem', t('notifyCreditsTitle', 'Linklens is out of credits'), t('notifyCreditsBody', 'Links are kept and will be checked when credits are added. Open Linklens settings to buy credits.'));
      else if (p.fix === 'options') void notify('problem', t('notifyAuthTitle', 'Linklens cannot check links'), `${p.message} — ${t('notifyOpenSettings', 'open Linklens settings to fix it.')}`);
    }
    lastProblem = p?.code ?? null;
    void browser.tabs.query({ active: true }).then((tabs) => {
      for (const tab of tabs) if (tab.id !== undefined) void refreshBadge(app, tab.id, tab.url, tab.incognito);
    }).catch(() => undefined);
  });

  browser.notifications?.onClicked?.addListener((id) => {
    if (id === 'problem') void browser.runtime.openOptionsPage();
  });

  browser.webNavigation.onCommitted.addListener((d) => {
    if (d.frameId !== 0) return;
    app.navigation.noteCommitted(d.tabId, d.url, d.transitionQualifiers);
    void refreshBadge(app, d.tabId, d.url).catch(() => undefined);
  });
  browser.tabs.onActivated.addListener(({ tabId }) => {
    void browser.tabs.get(tabId).then((tab) => refreshBadge(app, tabId, tab.url, tab.incognito)).catch(() => undefined);
  });
}
