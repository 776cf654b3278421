import type { UrlStatus } from '@/src/shared/verdict';
import type { LinkInfo } from '@/src/shared/messaging/protocol';

/**
 * What a content script may learn about a link (protocol.ts LinkInfo): no scan ids, no
 * settings beyond whether "Open anyway" may be offered.
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
        checkedAt: v.checkedAt,
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
