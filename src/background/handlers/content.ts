/** Handlers for the untrusted tier: content scripts in web pages. */
import { ok, fail, type ContentToBackground, type Reply, type LinksLookupData } from '@/src/shared/messaging/protocol';
import type { App } from '../app';
import type { SenderLike } from '../router';
import { toLinkInfo } from '../scan/link-info';
import { grantPass } from '../scan/exceptions';
import { createRateLimiter } from '../scan/rate-limit';

/** 40 hovers at once, 60 a minute after that, per tab (rate-limit.ts says why). */
const hoverBudget = createRateLimiter(40, 60);

export async function handleContent(app: App, m: ContentToBackground, sender: SenderLike): Promise<Reply> {
  const tabId = sender.tab?.id;
  const incognito = sender.tab?.incognito ?? false;
  const { settings: s } = await app.settings.get();
  switch (m.type) {
    case 'links.lookup': {
      const out: LinksLookupData = {};
      for (const raw of m.urls) {
        const o = await app.checker.lookup(raw, { incognito });
        out[raw] = toLinkInfo(o.status, s.allowProceed);
        if (o.url && tabId !== undefined && o.status.kind === 'checking') app.watchers.watch(o.url, tabId, raw);
      }
      return ok(out);
    }
    case 'link.hover': {
      let o = await app.checker.lookup(m.url, { incognito });
      // Only a hover that would really be sent spends from the tab's budget.
      const wouldSend = o.status.kind === 'unchecked' || o.status.kind === 'failed' || o.status.kind === 'timed_out';
      if (s.scanHovers && wouldSend && (tabId === undefined || hoverBudget.take(tabId))) o = await app.checker.check(m.url, 'hover', { tabId, incognito });
      if (o.url && tabId !== undefined) app.watchers.watch(o.url, tabId, m.url);
      return ok(toLinkInfo(o.status, s.allowProceed));
    }
    case 'link.proceed': {
      // A one-shot, short-lived pass for this exact URL in this tab; refused when policy says so.
      if (!s.allowProceed) return fail('not_allowed', 'Your organization does not allow opening blocked links.');
      if (tabId === undefined) return fail('forbidden_sender', 'No tab.');
      await grantPass(tabId, m.url);
      // The page opens the link when this answers: the request-blocking rules must allow it by then.
      await app.netRules.syncNow();
      return ok({ granted: true });
    }
    case 'config.get':
      // Only what the page-side behaviour needs: no other setting, never the key.
      return ok({ hoverDelayMs: s.hoverDelayMs, scanHovers: s.scanHovers });
    default:
      return fail('invalid_message', 'Unknown message.');
  }
}
