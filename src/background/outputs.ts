/**
 * What the person sees when the engine learns something: content-script warnings (push),
 * the badge, notifications. Each output is independent: one failing never stops the others.
 */
import { ignore } from '@/src/background/ignore';
import { browser } from 'wxt/browser';
import type { UrlStatus } from '@/src/shared/verdict';
import { windowKindOf, type WindowKind } from '@/src/shared/window-kind';
import type { App } from './app';
import { badgeFor, showBadge } from './surfaces/badge';
import { forContent, forHover, linkInfoOf, toLinkInfo } from './content-tier/link-info';
import type { FrameRef } from './content-tier/link-watchers';
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import { pausedUntil } from './overrides/pause';
import { say, tn, assetUrl } from './i18n';
import { BAND_KEYS, CATEGORY_KEYS, errorKey } from '@/src/shared/message-keys';
import { whileWorking } from './idle';

const ICON = '/icon/128.png';

/** A known category in the UI language; the service's own category strings as they are. */
const categoryText = (c: string) => {
  const key = (CATEGORY_KEYS as Record<string, string | undefined>)[c];
  return key ? say(key) : c;
};

async function notify(id: string, title: string, message: string) {
  try {
    await browser.notifications.create(id, { type: 'basic', iconUrl: assetUrl(ICON), title, message });
  } catch {
    // Notifications may be disabled by the person or the OS.
  }
}

/**
 * Per tab: the newest refresh and the badge writes in order. A badge is three calls (text,
 * colour, title); two refreshes at once (a progress step and the verdict right after) could mix
 * them, leaving the verdict's text under the step's title. Only the newest refresh is shown.
 */
const badgeRuns = new Map<number, { latest: number; writes: Promise<void> }>();

/** `windowKind`: the tab's window as the browser told it; absent, the private-window skip is not applied (gate.ts). */
export async function refreshBadge(
  app: App,
  tabId: number,
  url: string | undefined,
  windowKind?: WindowKind,
): Promise<void> {
  if (!badgeRuns.has(tabId) && badgeRuns.size >= 1000) badgeRuns.clear();
  const run = badgeRuns.get(tabId) ?? { latest: 0, writes: Promise.resolve() };
  badgeRuns.set(tabId, run);
  const mine = ++run.latest;
  const status: UrlStatus = url ? (await app.checker.lookup(url, { windowKind })).status : { kind: 'unchecked' };
  const { settings: s } = await app.settings.get();
  const badge = badgeFor(status, {
    paused: s.allowPause && (await pausedUntil()) !== null,
    problem: app.engine.problem(),
  });
  run.writes = run.writes.then(() => (mine === run.latest ? showBadge(tabId, badge) : undefined)).catch(ignore);
  await run.writes;
}

/** Where a notification leads: its scan's report, the page that was checked, or the settings. */
export function notificationTarget(
  id: string,
): { kind: 'report'; scanId: string } | { kind: 'tab'; tabId: number } | { kind: 'options' } | null {
  if (id === 'problem') return { kind: 'options' };
  const verdict = /^verdict:([A-Za-z0-9_.:-]{1,200})$/.exec(id);
  if (verdict) return { kind: 'report', scanId: verdict[1]! };
  const page = /^page:(\d{1,10})$/.exec(id);
  if (page) return { kind: 'tab', tabId: Number(page[1]) };
  return null;
}

async function onNotificationClick(id: string): Promise<void> {
  const target = notificationTarget(id);
  void browser.notifications.clear(id).catch(ignore);
  if (!target) return;
  if (target.kind === 'options') await browser.runtime.openOptionsPage();
  else if (target.kind === 'report')
    await browser.tabs.create({
      url: browser.runtime.getURL('/report.html') + '?id=' + encodeURIComponent(target.scanId),
    });
  else {
    const tab = await browser.tabs.update(target.tabId, { active: true });
    if (tab?.windowId !== undefined) await browser.windows.update(tab.windowId, { focused: true }).catch(ignore);
  }
}

/** links.update to exactly one frame's document (link-watchers.ts); nothing when empty. */
function pushLinks(frame: FrameRef, entries: (readonly [string, LinkInfo])[]): void {
  if (entries.length === 0) return;
  const to = frame.documentId ? { frameId: frame.frameId, documentId: frame.documentId } : { frameId: frame.frameId };
  void browser.tabs
    .sendMessage(frame.tabId, { type: 'links.update', links: Object.fromEntries(entries) }, to)
    .catch(ignore);
}

export function wireOutputs(app: App): void {
  app.engine.onUpdate((url, status, meta) => {
    void (async () => {
      const { settings: s } = await app.settings.get();
      // 1. The frames that asked about this link learn the verdict: exactly those frames
      //    (and documents), and only when there is something to warn about (forContent).
      if (status.kind !== 'checking') {
        const decorated = await app.checker.lookup(url);
        const own = forContent(
          toLinkInfo(decorated.status.kind === 'unchecked' ? status : decorated.status, s.allowProceed),
        );
        // A link whose string is not this URL is a wrapper of it (or wraps it): its status is
        // its worst hop's now (docs/decisions/003-every-hop.md), under the string the frame sent.
        const infoOf = async (raw: string) => {
          const o = await app.links.lookup(raw);
          return o.hops.length <= 1 ? own : forContent(linkInfoOf(o, s.allowProceed));
        };
        for (const { frame, raws, hovered } of app.watchers.take(url)) {
          // A link the frame hovered learns its end too (or the step of another hop still
          // running), so its tooltip stops saying "checking": forHover.
          const entries = await Promise.all(
            [...raws].map(
              async (r) =>
                [r, hovered.has(r) ? forHover(await app.links.lookup(r), s.allowProceed) : await infoOf(r)] as const,
            ),
          );
          pushLinks(
            frame,
            entries.filter(([r, info]) => info.status === 'verdict' || hovered.has(r)),
          );
        }
      } else {
        // 1b. A running scan's step (docs/decisions/017-surfaces.md): to the frames whose hover started
        //     it, under their link's string, as the step's name only.
        for (const { frame, hovered } of app.watchers.hoverers(url)) {
          const entries = await Promise.all(
            [...hovered].map(async (r) => [r, forHover(await app.links.lookup(r), s.allowProceed)] as const),
          );
          pushLinks(
            frame,
            entries.filter(([, info]) => info.status === 'pending'),
          );
        }
      }
      // 2. The badge of tabs that navigated to it.
      if (meta.reasons.includes('navigation')) {
        for (const tabId of meta.tabIds) {
          const tab = await browser.tabs.get(tabId).catch(() => null);
          if (tab) await refreshBadge(app, tabId, tab.url, windowKindOf(tab));
        }
      }
      // 3. A menu check that finds warn-level or worse is notified.
      if (meta.reasons.includes('menu') && status.kind === 'verdict' && s.notifications) {
        const d = (await app.checker.lookup(url)).status;
        if (d.kind === 'verdict' && (d.decision.action === 'warn' || d.decision.action === 'block')) {
          const v = d.verdict;
          const about = v.categories.length
            ? say('notifyVerdictBody', [String(v.riskScore), v.categories.map(categoryText).join(', ')])
            : say('notifyVerdictScore', [String(v.riskScore)]);
          await notify(`verdict:${v.scanId}`, say('notifyVerdictTitle', [say(BAND_KEYS[v.band])]), `${url}\n${about}`);
        }
      }
    })().catch(ignore);
  });

  let lastProblem: string | null = null;
  app.engine.onProblem((p) => {
    // Told once per problem, not once per failed request, nor again by each wake of the worker.
    if (p && p.code !== lastProblem && !p.restored) {
      if (p.code === 'insufficient_credits')
        void notify('problem', say('notifyCreditsTitle'), say('notifyCreditsBody'));
      else if (p.fix === 'options')
        void notify('problem', say('notifyAuthTitle'), say('notifyAuthBody', [say(errorKey(p.code))]));
    }
    lastProblem = p?.code ?? null;
    void browser.tabs
      .query({ active: true })
      .then((tabs) => {
        for (const tab of tabs) if (tab.id !== undefined) void refreshBadge(app, tab.id, tab.url, windowKindOf(tab));
      })
      .catch(ignore);
  });

  // 4. A page check that found warn-level or worse links is notified (docs/admin/policy.md `notifications`).
  app.pageScans.onFinished((tabId, p) => {
    void whileWorking(
      (async () => {
        const { settings: s } = await app.settings.get();
        if (!s.notifications || p.flagged === 0) return;
        await notify(
          `page:${tabId}`,
          tn('notifyPageTitle', p.flagged),
          tn('notifyPageBody', p.flagged, [String(p.flagged), String(p.total)]),
        );
      })(),
    ).catch(ignore);
  });

  browser.notifications?.onClicked?.addListener((id) => void whileWorking(onNotificationClick(id)).catch(ignore));

  browser.webNavigation.onCommitted.addListener((d) => {
    if (d.frameId !== 0) return;
    // Counted (idle.ts): strict mode's recheck of the document and a used-up pass's rules.
    void whileWorking(app.navigation.noteCommitted(d.tabId, d.url, d.transitionQualifiers));
    void refreshBadge(app, d.tabId, d.url).catch(ignore);
  });
  // The browser clears a tab's badge when a new document takes the tab (Firefox: "reset when
  // the user navigates this tab to a new page"), at a moment of its own: a write made at commit
  // can land first and be wiped, leaving the step unshown until the next one. The end of the
  // load writes it once more.
  browser.tabs.onUpdated.addListener((tabId, info, tab) => {
    if (info.status === 'complete')
      void whileWorking(refreshBadge(app, tabId, tab.url, windowKindOf(tab))).catch(ignore);
  });
  browser.tabs.onActivated.addListener(({ tabId }) => {
    void browser.tabs
      .get(tabId)
      .then((tab) => refreshBadge(app, tabId, tab.url, windowKindOf(tab)))
      .catch(ignore);
  });
}
