/**
 * "Check all links on this page" (popup), in two steps so the person knows the cost first
 * (docs/decisions/010-budgets.md): `preview` reads the page's links (collect-in-page.ts) and counts, from
 * the cache and the local rules only, how many would be sent to the service; `start` then
 * checks exactly those links and sends at most the number the preview showed (a verdict that
 * expired in between is not sent beyond it). Each link goes through the checker (so the skip
 * rules, the private-window setting and the cache apply), and hover-style batching sends them as
 * few batch requests. Progress per tab, memory only; a finished run is announced (outputs.ts
 * notifies about flagged links).
 */
import { z } from 'zod/mini';
import { str } from '@/src/shared/zod-lean';
import { MAX_BATCH, MAX_URL_LENGTH } from '@/src/shared/messaging/limits';
import type { PageScanPreviewData, PageScanProgressData } from '@/src/shared/messaging/protocol';
import type { UrlStatus } from '@/src/shared/verdict';
import type { Checker } from '../checks/checker';
import { collectViaScripting } from './collect-in-page';
import type { ScanEngine } from '../engine/engine';
import type { WindowKind } from '@/src/shared/window-kind';

const CollectReply = z.object({
  ok: z.literal(true),
  data: z.object({ urls: z.array(str(8192)).check(z.maxLength(5000)) }),
});

/** Links asked of a page at most (as src/content/collect.ts caps them). */
const MAX_COLLECT = MAX_BATCH * 4;

/** A preview is good for this long; after it the person is asked again. */
export const PREVIEW_TTL_MS = 5 * 60_000;

export interface PageScans {
  /** `windowKind`: the tab's window (unknown counts as private): scanIncognito decides. */
  preview(tabId: number, windowKind: WindowKind): Promise<PageScanPreviewData>;
  /** Checks what the preview counted; null when there is no fresh preview for the tab. */
  start(tabId: number, windowKind: WindowKind): Promise<PageScanProgressData | null>;
  progress(tabId: number): PageScanProgressData;
  /** A run finished (every link has an outcome): outputs.ts notifies about flagged links. */
  onFinished(fn: (tabId: number, progress: PageScanProgressData) => void): void;
}

const isFlagged = (action: string) => action === 'warn' || action === 'block';
/** Statuses for which a check sends the URL. */
const wouldSend = (st: UrlStatus) =>
  st.kind === 'unchecked' || st.kind === 'failed' || st.kind === 'timed_out' || st.kind === 'error';

interface Plan {
  urls: string[];
  toSend: number;
  at: number;
}
type Run = { pending: Set<string>; total: number; done: number; flagged: number };

export function createPageScans(checker: Checker, engine: ScanEngine, now: () => number = Date.now): PageScans {
  const runs = new Map<number, Run>();
  const plans = new Map<number, Plan>();
  const finished = new Set<(tabId: number, p: PageScanProgressData) => void>();
  const view = (r: Run): PageScanProgressData => ({
    total: r.total,
    done: r.done,
    flagged: r.flagged,
    running: r.pending.size > 0,
  });
  function finish(tabId: number, r: Run) {
    for (const fn of finished) {
      try {
        fn(tabId, view(r));
      } catch {
        // One listener's error never breaks the others.
      }
    }
  }

  engine.onUpdate((url, st) => {
    if (st.kind === 'checking') return;
    for (const [tabId, run] of runs) {
      if (!run.pending.delete(url)) continue;
      run.done++;
      const last = run.pending.size === 0;
      // The decision needs the settings (lookup): the run is finished once it is counted.
      void (st.kind === 'verdict' ? checker.lookup(url) : Promise.resolve(null))
        .then((o) => {
          if (
            o &&
            (o.status.kind === 'verdict' || o.status.kind === 'blocklisted') &&
            isFlagged(o.status.decision.action)
          )
            run.flagged++;
        })
        .finally(() => {
          if (last && runs.get(tabId) === run && run.pending.size === 0) finish(tabId, run);
        });
    }
  });

  return {
    async preview(tabId, windowKind) {
      // The background reads the top frame itself (and the same-origin frames in it): the
      // content script may not have started (nobody touched the page yet), and a page's script
      // gets no say in what is counted (collect-in-page.ts).
      const parsed = CollectReply.safeParse(await collectViaScripting(tabId, MAX_COLLECT, MAX_URL_LENGTH));
      const raws = parsed.success ? [...new Set(parsed.data.data.urls)] : [];
      const seen = new Set<string>();
      const urls: string[] = [];
      let toSend = 0;
      let known = 0;
      let skipped = 0;
      for (const raw of raws) {
        const out = await checker.lookup(raw, { windowKind });
        // Skipped links (private hosts, allowlist, schemes, a private window) are never sent.
        if (!out.url || out.status.kind === 'skipped') {
          skipped++;
          continue;
        }
        if (seen.has(out.url)) continue;
        seen.add(out.url);
        urls.push(raw);
        if (wouldSend(out.status)) toSend++;
        else known++;
      }
      plans.set(tabId, { urls, toSend, at: now() });
      return { total: urls.length + skipped, toSend, known, skipped };
    },
    async start(tabId, windowKind) {
      const plan = plans.get(tabId);
      plans.delete(tabId);
      if (!plan || now() - plan.at > PREVIEW_TTL_MS) return null;
      const run: Run = { pending: new Set<string>(), total: 0, done: 0, flagged: 0 };
      runs.set(tabId, run);
      let sent = 0;
      for (const raw of plan.urls) {
        // Never more sent than the person agreed to: a link that would now be sent beyond the
        // previewed count (its verdict expired meanwhile) is left out.
        const before = await checker.lookup(raw, { windowKind });
        const sends = wouldSend(before.status);
        if (sends && sent >= plan.toSend) continue;
        const out = await checker.check(raw, 'page-links', { tabId, windowKind });
        if (sends) sent++;
        if (!out.url || out.status.kind === 'skipped') continue;
        run.total++;
        const st = out.status;
        if (st.kind === 'checking') run.pending.add(out.url);
        else {
          run.done++;
          if ((st.kind === 'verdict' || st.kind === 'blocklisted') && isFlagged(st.decision.action)) run.flagged++;
        }
      }
      if (run.pending.size === 0) finish(tabId, run);
      return this.progress(tabId);
    },
    progress(tabId) {
      const r = runs.get(tabId);
      return r ? view(r) : { total: 0, done: 0, flagged: 0, running: false };
    },
    onFinished(fn) {
      finished.add(fn);
    },
  };
}
