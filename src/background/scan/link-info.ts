import type { UrlStatus } from '@/src/shared/verdict';
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import type { LinkOutcome } from './link-check';

/**
 * A URL's status as LinkInfo (protocol.ts): no scan ids, no settings beyond whether "Open anyway"
 * may be offered, no timestamps. This full form goes to our own pages only; content scripts get
 * `forContent` of it.
 */
export function toLinkInfo(st: UrlStatus, canProceed: boolean): LinkInfo {
  switch (st.kind) {
    case 'verdict': {
      const v = st.verdict;
      return {
        status: 'verdict',
        action: st.decision.action,
        band: v.band,
        riskScore: v.riskScore,
        categories: v.categories,
        reasoning: v.reasoning,
        indicators: v.indicators,
        canProceed,
      };
    }
    case 'blocklisted':
      return { status: 'verdict', action: st.decision.action, categories: [], reasoning: '', indicators: [], canProceed };
    case 'checking':
      return { status: 'pending' };
    case 'skipped':
      return { status: 'skipped' };
    case 'unchecked':
      return { status: 'unknown' };
    default:
      return { status: 'error' };
  }
}

/**
 * A link's LinkInfo from all its hops (issue 12): its worst hop's status, where it leads when
 * that is another host, and which hop a warning is about.
 */
export function linkInfoOf(o: LinkOutcome, canProceed: boolean): LinkInfo {
  const info = toLinkInfo(o.status, canProceed);
  if (o.leadsTo !== null) info.leadsTo = o.leadsTo;
  if (info.status === 'verdict') info.badHop = o.badHop;
  return info;
}

/** What a content script learns when there is nothing to warn about. */
export const NO_WARNING: LinkInfo = Object.freeze({ status: 'unknown' }) as LinkInfo;

/**
 * The part of a LinkInfo a content script may learn (issue 11, hole 6): the fields of a warning
 * for warn/block-level links; for everything else only "no warning". A page (or a compromised
 * content script) asking about URLs must not learn which ones were checked, are being checked,
 * are safe, skipped (allowlisted) or failed: that would tell it what the person visited or
 * hovered elsewhere. The content script behaves the same for all of those (no marker; it asks
 * again on hover after a while: src/content/freshness.ts). Examples: link-info.examples.ts.
 *
 * | info.status | info.action           | content script gets |
 * |-------------|-----------------------|---------------------|
 * | verdict     | warn / block          | info, unchanged     |
 * | verdict     | allow / annotate      | NO_WARNING          |
 * | pending / skipped / unknown / error | — | NO_WARNING     |
 */
export function forContent(info: LinkInfo): LinkInfo {
  if (info.status === 'verdict' && (info.action === 'warn' || info.action === 'block')) return info;
  return NO_WARNING;
}
