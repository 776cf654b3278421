/**
 * The toolbar badge per tab: paused / problem / scan progress (submitting, queued, processing,
 * from the event stream) / band colour and score / skipped / error. `badgeFor` is pure (examples
 * in the unit test; the words come from `say`, the locale by default); `showBadge` applies it.
 *
 * Never colour alone: the text carries the meaning, and the title says it in words. While a scan
 * runs the text grows a dot per step (· submitting, ·· queued, ··· processing), so progress is
 * visible without reading the title.
 */
import { browser } from 'wxt/browser';
import type { UrlStatus } from '@/src/shared/verdict';
import type { ErrorInfoWithFix } from '@/src/shared/messaging/protocol';
import { BAND_KEYS, SKIP_KEYS, errorKey } from '@/src/shared/message-keys';
import { say as localeSay, type Say } from '../i18n';

export interface Badge {
  text: string;
  color: string;
  /** Tooltip: never colour alone (the text carries the meaning). */
  title: string;
}

const COLORS = {
  safe: '#1e7e34',
  suspicious: '#b58105',
  high: '#c2410c',
  malicious: '#b91c1c',
  grey: '#5f6368',
  error: '#7c3aed',
};

/** A running scan's step: the service's state names (spec, States), anything else is "checking". */
export function progressStep(state: string): 'submitting' | 'queued' | 'processing' {
  const s = state.trim().toUpperCase();
  if (s === 'QUEUED' || s === 'PENDING') return 'queued';
  if (s === 'PROCESSING' || s === 'RUNNING' || s === 'IN_PROGRESS') return 'processing';
  return 'submitting';
}

/** Exported for the locale convention test (keys read through this map). */
export const BADGE_PROGRESS = {
  submitting: { text: '·', key: 'badgeChecking' },
  queued: { text: '··', key: 'badgeQueued' },
  processing: { text: '···', key: 'badgeProcessing' },
} as const;

export function badgeFor(
  status: UrlStatus,
  ctx: { paused: boolean; problem: ErrorInfoWithFix | null },
  say: Say = localeSay,
): Badge {
  if (ctx.paused) return { text: 'II', color: COLORS.grey, title: say('badgePaused') };
  if (ctx.problem && ctx.problem.code === 'insufficient_credits')
    return { text: '$', color: COLORS.error, title: say('badgeNoCredits') };
  // Any standing problem (key rejected, service unreachable or failing) outranks "checking":
  // the person should see why nothing arrives, as the popup says.
  if (ctx.problem)
    return { text: '!', color: COLORS.error, title: say('badgeProblem', [say(errorKey(ctx.problem.code))]) };
  switch (status.kind) {
    case 'checking': {
      if (status.waiting === 'credits') return { text: '$', color: COLORS.grey, title: say('badgeWaitingCredits') };
      const step = BADGE_PROGRESS[progressStep(status.state)];
      return { text: step.text, color: COLORS.grey, title: say(step.key) };
    }
    case 'verdict': {
      const v = status.verdict;
      return {
        text: String(v.riskScore),
        color: COLORS[v.band],
        title: say('badgeVerdict', [say(BAND_KEYS[v.band]), String(v.riskScore)]),
      };
    }
    case 'blocklisted':
      return { text: 'X', color: COLORS.malicious, title: say('badgeBlocklisted') };
    case 'skipped':
      return { text: '', color: COLORS.grey, title: say('badgeSkipped', [say(SKIP_KEYS[status.reason])]) };
    case 'failed':
    case 'timed_out':
      return { text: '?', color: COLORS.grey, title: say('badgeUnfinished') };
    case 'error':
      return { text: '!', color: COLORS.error, title: say('badgeProblem', [say(errorKey(status.code))]) };
    default:
      return { text: '', color: COLORS.grey, title: say('extName') };
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
