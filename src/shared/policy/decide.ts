/**
 * What the extension does about a URL: `{action, reason, rule}` the UI can explain (pure, ordered decisions with tagged results,
 * docs/decisions/017-surfaces.md "Why this decision": `rule` is the rule that fired, as data, put in words by
 * src/ui/why.ts). Ordered rules, first match wins; audit-only is applied last:
 *
 *   1. host (or host and path) on the blocklist → block 'blocklist'   (no verdict needed)
 *        rule orgBlockList when a policy entry matches, else userBlockList
 *   2. host (or host and path) on the allowlist → allow 'allowlist'
 *      (path entries, `example.com/path/*`: list-entry.ts; they count when ctx has the path)
 *   3. no verdict yet                   → allow    'no-verdict'       (not a claim of safety)
 *   4. score not a finite number        → annotate 'invalid-score'    (never made up as safe)
 *   5. score >= blockThreshold
 *        and confidence >= minBlockConfidence (or unknown)
 *                                       → block    'band:malicious' | 'threshold:block'
 *        but confidence < minBlockConfidence
 *                                       → warn     'low-confidence'
 *   6. score >= warnThreshold           → warn     'band:high'      | 'threshold:warn'
 *   7. band suspicious/high/malicious   → annotate 'band:<band>'     (below the thresholds)
 *   8. band safe with a threat category → annotate 'category:<name>' (the service disagrees with itself)
 *   9. otherwise                        → allow    'band:safe'
 *   categoryActions (after rule 4, beside the thresholds): a category of the verdict whose action
 *   is 'block' makes any lesser decision of rules 5-9 a block, 'warn' makes one below a warning
 *   a warning: 'category-action:<name>', rule categoryAction. 'ignore' leaves the score to decide.
 *   The strictest category wins; a category never lowers what the score decided.
 *   audit-only: block and warn become annotate 'audit-only:<original reason>', same rule,
 *   `auditOf` the action that would have been taken.
 *
 * Bands are the spec's ("Scan result": 0-20 safe, 21-50 suspicious, 51-75 high, 76-100
 * malicious). A block/warn reason names the band when that band alone gives the action with the
 * default thresholds (malicious → block, high → warn) and names the threshold when a configured
 * threshold moved the line (e.g. warnThreshold 40 warns on a suspicious 45).
 *
 * Confidence (spec: "fractional number") is read as 0–1; a value above 1 is taken as a percentage
 * (as the UI shows it). A confidence that is missing or not a number never lowers a block to a
 * warning: the minimum applies only to a confidence the service really stated.
 * Examples: decide.examples.ts.
 */
import { ACTION_SEVERITY, bandOf, type Band, type Decision, type DecisionRule, type Verdict } from '../verdict';
import { listMatches } from '../url/list-entry';
import type { Settings } from './settings';

export type DecideSettings = Pick<
  Settings,
  'blocklist' | 'allowlist' | 'warnThreshold' | 'blockThreshold' | 'auditOnly' | 'minBlockConfidence'
> & {
  /** What each service category does (settings.ts); absent: every category 'ignore'. */
  categoryActions?: Partial<Settings['categoryActions']>;
  /**
   * The entries of `blocklist` that come from the organization's policy (the effective
   * `blocklist` already holds them): a match there is named "your organization's block list".
   */
  orgBlocklist?: readonly string[];
};

export type DecideVerdict = Pick<Verdict, 'riskScore' | 'categories'> & { confidence?: number };

/** Categories of the spec that name a threat (a "safe" score with one of these is odd). */
export const THREAT_CATEGORIES: readonly string[] = ['phishing', 'malware', 'scam'];

/** The address decided about: its host, and its path (a URL's pathname) for path list entries. */
export interface DecideContext {
  host: string;
  path?: string;
}

export function decide(verdict: DecideVerdict | null, s: DecideSettings, ctx: DecideContext): Decision {
  const d = decideStrict(verdict, s, ctx);
  if (s.auditOnly && (d.action === 'block' || d.action === 'warn')) {
    return { action: 'annotate', reason: `audit-only:${d.reason}`, rule: d.rule, auditOf: d.action };
  }
  return d;
}

/** Which block list names `host`: the organization's first (its entry cannot be undone), else the person's. */
export function blockListRule(
  host: string,
  s: Pick<DecideSettings, 'blocklist' | 'orgBlocklist'>,
  path?: string,
): DecisionRule | null {
  const org = s.orgBlocklist?.length ? listMatches(host, path, s.orgBlocklist) : null;
  if (org !== null) return { rule: 'orgBlockList', entry: org };
  const own = listMatches(host, path, s.blocklist);
  return own === null ? null : { rule: 'userBlockList', entry: own };
}

/** Confidence as 0–1, or null when the service gave none that can be read. */
export function confidenceOf(c: unknown): number | null {
  if (typeof c !== 'number' || !Number.isFinite(c) || c < 0) return null;
  return c > 1 ? Math.min(1, c / 100) : c;
}

function decideStrict(verdict: DecideVerdict | null, s: DecideSettings, { host, path }: DecideContext): Decision {
  const listed = blockListRule(host, s, path);
  if (listed !== null) return { action: 'block', reason: 'blocklist', rule: listed };
  const allowed = listMatches(host, path, s.allowlist);
  if (allowed !== null) return { action: 'allow', reason: 'allowlist', rule: { rule: 'allowList', entry: allowed } };
  if (verdict === null) return { action: 'allow', reason: 'no-verdict', rule: { rule: 'noVerdict' } };
  if (typeof verdict.riskScore !== 'number' || !Number.isFinite(verdict.riskScore)) {
    return { action: 'annotate', reason: 'invalid-score', rule: { rule: 'invalidScore' } };
  }
  const score = Math.round(Math.min(100, Math.max(0, verdict.riskScore)));
  const byScore = decideByScore(verdict, s, score);
  const cat = categoryAction(verdict.categories, s.categoryActions);
  if (cat === null || ACTION_SEVERITY[cat.level] <= ACTION_SEVERITY[byScore.action]) return byScore;
  return {
    action: cat.level,
    reason: `category-action:${cat.category}`,
    rule: { rule: 'categoryAction', level: cat.level, score, category: cat.category },
  };
}

/** The strictest action the verdict's categories ask for ('ignore' asks for none), or null. */
export function categoryAction(
  categories: unknown,
  actions: DecideSettings['categoryActions'],
): { level: 'block' | 'warn'; category: string } | null {
  if (!actions || !Array.isArray(categories)) return null;
  let best: { level: 'block' | 'warn'; category: string } | null = null;
  for (const c of categories) {
    const category = String(c).toLowerCase();
    const a = Object.hasOwn(actions, category) ? actions[category as keyof Settings['categoryActions']] : undefined;
    if ((a === 'block' || a === 'warn') && (best === null || (a === 'block' && best.level === 'warn')))
      best = { level: a, category };
  }
  return best;
}

function decideByScore(verdict: DecideVerdict, s: DecideSettings, score: number): Decision {
  const band: Band = bandOf(score);
  if (score >= s.blockThreshold) {
    const confidence = confidenceOf(verdict.confidence);
    const min = s.minBlockConfidence ?? 0;
    if (confidence !== null && min > 0 && confidence < min) {
      return {
        action: 'warn',
        reason: 'low-confidence',
        rule: { rule: 'lowConfidence', score, threshold: s.blockThreshold, confidence, minConfidence: min },
      };
    }
    const rule: DecisionRule = { rule: 'score', level: 'block', score, threshold: s.blockThreshold };
    return { action: 'block', reason: band === 'malicious' ? 'band:malicious' : 'threshold:block', rule };
  }
  if (score >= s.warnThreshold) {
    const rule: DecisionRule = { rule: 'score', level: 'warn', score, threshold: s.warnThreshold };
    return { action: 'warn', reason: band === 'high' ? 'band:high' : 'threshold:warn', rule };
  }
  if (band !== 'safe') return { action: 'annotate', reason: `band:${band}`, rule: { rule: 'band', score, band } };
  const threat = (Array.isArray(verdict.categories) ? verdict.categories : []).find((c) =>
    THREAT_CATEGORIES.includes(String(c).toLowerCase()),
  );
  if (threat !== undefined) {
    const category = String(threat).toLowerCase();
    return { action: 'annotate', reason: `category:${category}`, rule: { rule: 'category', score, category } };
  }
  return { action: 'allow', reason: 'band:safe', rule: { rule: 'safe', score } };
}
