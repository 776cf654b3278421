/**
 * The toolbar badge per tab: checking / band colour and score / skipped / paused / error.
 * `badgeFor` is pure (examples in the unit test); `showBadge` applies it.
 */
import { browser } from 'wxt/browser';
import type { UrlStatus } from '@/src/shared/verdict';
import type { ErrorInfoWithFix } from '@/src/shared/messaging/protocol';

export interface Badge {
  text: string;
  color: string;
  /** Tooltip: never colour alone (the text carries the meaning). */
  title: string;
}

const COLORS = { safe: '#1e7e34', suspicious: '#b58105', high: '#c2410c', malicious: '#b91c1c', grey: '#5f6368', error: '#7c3aed' };

export function badgeFor(status: UrlStatus, ctx: { paused: boolean; problem: ErrorInfoWithFix | null }): Badge {
  if (ctx.paused) return { text: 'II', color: COLORS.grey, title: 'Linklens: protection paused' };
  if (ctx.problem && ctx.problem.code === 'insufficient_credits') return { text: '$', color: COLORS.error, title: 'Linklens: out of credits' };
  // Any standing problem (key rejected, service unreachable or failing) outranks "checking":
  // the person should see why nothing arrives, as the popup says.
  if (ctx.problem) return { text: '!', color: COLORS.error, title: `Linklens: ${ctx.problem.message}` };
  switch (status.kind) {
    case 'checking':
      return { text: '…', color: COLORS.grey, title: 'Linklens: checking this page' };
    case 'verdict': {
      const v = status.verdict;
      return { text: String(v.riskScore), color: COLORS[v.band], title: `Linklens: ${v.band} (${v.riskScore}/100)` };
    }
    case 'blocklisted':
      return { text: 'X', color: COLORS.malicious, title: 'Linklens: on the blocklist' };
    case 'skipped':
      return { text: '', color: COLORS.grey, title: `Linklens: not checked (${status.reason})` };
    case 'failed':
    case 'timed_out':
      return { text: '?', color: COLORS.grey, title: 'Linklens: the check did not finish' };
    case 'error':
      return { text: '!', color: COLORS.error, title: `Linklens: ${status.message}` };
    default:
      return { text: '', color: COLORS.grey, title: 'Linklens' };
  }
}

export async function showBadge(tabId: number, b: Badge): Promise<void> {
  try {
    await browser.action.setBadgeText({ tabId, text: b.text });
    await browser.action.setBadgeBackgroundColor({ tabId, color: b.color });
    await browser.action.setTitle({ tabId, title: b.title });
  } catch {
    // The tab may be gone; the badge is cosmetic.
  }
}
