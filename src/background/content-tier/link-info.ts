import type { Decision, UrlStatus } from '@/src/shared/verdict';
import type { LinkInfo, LinkWhy } from '@/src/shared/messaging/protocol';
import type { LinkOutcome } from '../checks/link-check';
import { progressStep } from '../surfaces/badge';
import { offersProceed } from '@/src/shared/policy/proceed';

/**
 * "Why this decision" as a content script may learn it (docs/decisions/017-surfaces.md): the fired rule's message key
 * and the numbers that rule names, for warn/block-level rules only; undefined for every other
 * rule (and for a decision without one). Examples: link-info.examples.ts `CONTENT_WHY_EXAMPLES`.
 *
 * Privacy (docs/privacy.md "What a web page can learn"): the content script is attacker code. It already
 * learns a warn/block verdict's fields for links its own frame reported; this adds only what
 * explains that one decision: the score it already has, the threshold (or minimum confidence)
 * that the score crossed, and that the host is on a block list (which the block itself implies).
 * Never the list entry that matched (list contents), never the other thresholds or settings.
 *
 * | rule (action)                     | key            | nums                                   |
 * |-----------------------------------|----------------|----------------------------------------|
 * | orgBlockList (block)              | org_blocklist  | []                                     |
 * | userBlockList (block)             | user_blocklist | []                                     |
 * | score, level block (block)        | score_block    | [score, threshold]                     |
 * | score, level warn (warn)          | score_warn     | [score, threshold]                     |
 * | lowConfidence (warn)              | low_confidence | [score, threshold, conf %, min conf %] |
 * | allowList / band / category / safe / noVerdict / invalidScore / strict | — | —           |
 * | any rule under audit-only (action annotate: the content script gets "no warning") | — | — |
 */
export function contentWhy(d: Pick<Decision, 'action' | 'rule'>): LinkWhy | undefined {
  const r = d.rule;
  if (!r || (d.action !== 'warn' && d.action !== 'block')) return undefined;
  const pct = (f: number) => Math.round(f * 100);
  switch (r.rule) {
    case 'orgBlockList':
      return { key: 'org_blocklist', nums: [] };
    case 'userBlockList':
      return { key: 'user_blocklist', nums: [] };
    case 'score':
      return { key: r.level === 'block' ? 'score_block' : 'score_warn', nums: [r.score, r.threshold] };
    case 'lowConfidence':
      return { key: 'low_confidence', nums: [r.score, r.threshold, pct(r.confidence), pct(r.minConfidence)] };
    default:
      return undefined;
  }
}

/** Adds `why` to a verdict's info when its decision has one a content script may learn. */
function withWhy(info: LinkInfo, d: Decision): LinkInfo {
  const why = contentWhy(d);
  return why ? { ...info, why } : info;
}

/**
 * A URL's status as LinkInfo (protocol.ts): no scan ids, no settings beyond whether "Open anyway"
 * may be offered, no timestamps. This full form goes to our own pages only; content scripts get
 * `forContent` of it.
 */
export function toLinkInfo(st: UrlStatus, allowProceed: boolean): LinkInfo {
  // The one proceed rule (proceed.ts): the organization's block list is never undone, so no
  // "Open anyway" for it either; a link's warning always stands on a verdict or a list.
  const orgBlocked = 'decision' in st && st.decision.rule?.rule === 'orgBlockList';
  const canProceed = offersProceed({ allowProceed, orgBlocked, pending: false, known: true });
  switch (st.kind) {
    case 'verdict': {
      const v = st.verdict;
      return withWhy(
        {
          status: 'verdict',
          action: st.decision.action,
          band: v.band,
          riskScore: v.riskScore,
          categories: v.categories,
          reasoning: v.reasoning,
          indicators: v.indicators,
          canProceed,
        },
        st.decision,
      );
    }
    case 'blocklisted':
      return withWhy(
        { status: 'verdict', action: st.decision.action, categories: [], reasoning: '', indicators: [], canProceed },
        st.decision,
      );
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
 * A link's LinkInfo from all its hops (docs/decisions/003-every-hop.md): its worst hop's status, where it leads when
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
 * The part of a LinkInfo a content script may learn (docs/decisions/001-content-tier.md): the fields of a warning
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

/**
 * What the frame whose hover started a check learns of the link (docs/decisions/017-surfaces.md):
 * while any hop's scan runs, its step's name ('pending' with `progress`); then, as for every
 * content script, the warning or "no warning" (forContent). Only the frame that hovered gets
 * this (handlers/content.ts, outputs.ts): it caused the check, so "a check is running" tells it
 * nothing of what the person did elsewhere. Never a scan id or a time.
 */
export function forHover(o: LinkOutcome, canProceed: boolean): LinkInfo {
  if (o.status.kind === 'checking') return { status: 'pending', progress: progressStep(o.status.state) };
  return forContent(linkInfoOf(o, canProceed));
}
