/**
 * "Check all links on this page" (popup): the content script lists the page's links, each goes
 * through the checker (so the skip rules and the cache apply), and hovered-style batching sends
 * them as few batch requests. Progress per tab, memory only.
 */
import { browser } from 'wxt/browser';
import { z } from 'zod';
import type { PageScanProgressData } from '@/src/shared/messaging/protocol';
import type { Checker } from './checker';
import type { ScanEngine } from './engine';

const CollectReply = z.object({ ok: z.literal(true), data: z.object({ urls: z.array(z.string().max(8192)).max(5000) }) });

export interface PageScans {
  /** `incognito`: the tab is in a private window (or unknown): scanIncognito decides. */
  start(tabId: number, incognito: boolean): Promise<PageScanProgressData>;
  progress(tabId: number): PageScanProgressData;
  /** A run finished (every link has an outcome): outputs.ts notifies about flagged links. */
  onFinished(fn: (tabId: number, progress: PageScanProgressData) => void): void;
}

const isFlagged = (action: string) => action === 'warn' || action === 'block';

export function createPageScans(checker: Checker, engine: ScanEngine): PageScans {
  type Run = { pending: Set<string>; total: number; done: number; flagged: number };
  const runs = new Map<number, Run>();
  const finished = new Set<(tabId: number, p: PageScanProgressData) => void>();
  const view = (r: Run): PageScanProgressData => ({ total: r.total, done: r.done, flagged: r.flagged, running: r.pending.size > 0 });
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
          if (o && (o.status.kind === 'verdict' || o.status.kind === 'blocklisted') && isFlagged(o.status.decision.action)) run.flagged++;
        })
        .finally(() => {
          if (last && runs.get(tabId) === run && run.pending.size === 0) finish(tabId, run);
        });
    }
  });

  return {
    async start(tabId, incognito) {
      const reply = await browser.tabs.sendMessage(tabId, { type: 'links.collect' }).catch(() => null);
      const parsed = CollectReply.safeParse(reply);
      const urls = parsed.success ? [...new Set(parsed.data.data.urls)] : [];
      const run = { pending: new Set<string>(), total: 0, done: 0, flagged: 0 };
      runs.set(tabId, run);
      const seen = new Set<string>();
      for (const raw of urls) {
        const out = await checker.check(raw, 'page-links', { tabId, incognito });
        // Skipped links (private hosts, allowlist, schemes) were never meant to be checked.
        if (!out.url || out.status.kind === 'skipped' || seen.has(out.url)) continue;
        seen.add(out.url);
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
