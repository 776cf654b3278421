/**
 * Which cached verdicts keep a request-blocking rule when the browser's regex slots run out
 * (net-rules.ts), and which cache entries go first when the cache is full (verdict-cache.ts).
 * Pure; examples: rule-rank.examples.ts.
 *
 * Why a verdict's source ranks above its score: a page decides what links it shows and which of
 * them its script "hovers", so by score alone a page could fill every slot with its own
 * score-100 verdicts (about 1,000 of them) and push out the rule that blocks the phishing page the
 * person was stopped at yesterday. The rank, highest first:
 *   1. the block lists (the organization's, then the person's): their own rules, taken before any
 *      verdict and never more than a fixed number (net-rules.ts), so no verdict can push them out;
 *   2. verdicts of navigations and of checks the person asked for (context menu, popup): 'person';
 *   3. verdicts of links a page showed (hover, focus, "check all links on this page"): 'page'.
 * Within a source: most severe (risk score) first, then most recent, then by URL (a stable plan).
 */

/** What a verdict was asked for by: a navigation or the person ('person'), or a page's links ('page'). */
export type VerdictSource = 'person' | 'page';

const PAGE_REASONS = new Set(['hover', 'page-links']);

/**
 * The source of a verdict from the reasons its scan was asked for (protocol.ts ScanReason; a
 * string here so the policy needs nothing of the protocol). One reason from a navigation or the
 * person is enough: a URL the person opened stays ranked as such however often pages show it.
 * No reason known (an entry stored before sources were kept) ranks as 'person': it keeps its rule.
 */
export function verdictSource(reasons: readonly string[]): VerdictSource {
  if (reasons.length === 0) return 'person';
  return reasons.every((r) => PAGE_REASONS.has(r)) ? 'page' : 'person';
}

/** The higher of two sources (a URL asked for by both ranks as the person's). */
export const higherSource = (a: VerdictSource | undefined, b: VerdictSource | undefined): VerdictSource =>
  (a ?? 'person') === 'person' || (b ?? 'person') === 'person' ? 'person' : 'page';

export interface RankedVerdict {
  source?: VerdictSource;
  verdict: { url: string; riskScore: number; checkedAt: number };
}

const tier = (s: VerdictSource | undefined) => (s === 'page' ? 1 : 0);

/** Sort comparator: the verdict that keeps its rule first. */
export function compareRank(a: RankedVerdict, b: RankedVerdict): number {
  return (
    tier(a.source) - tier(b.source) ||
    b.verdict.riskScore - a.verdict.riskScore ||
    b.verdict.checkedAt - a.verdict.checkedAt ||
    a.verdict.url.localeCompare(b.verdict.url)
  );
}
