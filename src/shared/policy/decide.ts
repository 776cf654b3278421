/**
 * What the extension does about a URL: `{action, reason}` the UI can explain (style.md 11).
 * Ordered rules, first match wins; audit-only is applied last:
 *
 *   1. host on the blocklist            → block    'blocklist'        (no verdict needed)
 *   2. host on the allowlist            → allow    'allowlist'
 *   3. no verdict yet                   → allow    'no-verdict'       (not a claim of safety)
 *   4. score not a finite number        → annotate 'invalid-score'    (never made up as safe)
 *   5. score >= blockThreshold          → block    'band:malicious' | 'threshold:block'
 *   6. score >= warnThreshold           → warn     'band:high'      | 'threshold:warn'
 *   7. band suspicious/high/malicious   → annotate 'band:<band>'     (below the thresholds)
 *   8. band safe with a threat category → annotate 'category:<name>' (the service disagrees with itself)
 *   9. otherwise                        → allow    'band:safe'
 *   audit-only: block and warn become annotate 'audit-only:<original reason>'.
 *
 * Bands are the spec's ("Scan result": 0-20 safe, 21-50 suspicious, 51-75 high, 76-100
 * malicious). A block/warn reason names the band when that band alone gives the action with the
 * default thresholds (malicious → block, high → warn) and names the threshold when a configured
 * threshold moved the line (e.g. warnThreshold 40 warns on a suspicious 45).
 * Examples: decide.examples.ts.
 */
import { bandOf, type Band, type Decision, type Verdict } from '../verdict';
import { hostMatches } from '../url/site';
import type { Settings } from './settings';

export type DecideSettings = Pick<Settings, 'blocklist' | 'allowlist' | 'warnThreshold' | 'blockThreshold' | 'auditOnly'>;

/** Categories of the spec that name a threat (a "safe" score with one of these is odd). */
export const THREAT_CATEGORIES: readonly string[] = ['phishing', 'malware', 'scam'];

export function decide(
  verdict: Pick<Verdict, 'riskScore' | 'categories'> | null,
  s: DecideSettings,
  ctx: { host: string },
): Decision {
  const d = decideStrict(verdict, s, ctx.host);
  if (s.auditOnly && (d.action === 'block' || d.action === 'warn')) {
    return { action: 'annotate', reason: `audit-only:${d.reason}` };
  }
  return d;
}

function decideStrict(verdict: Pick<Verdict, 'riskScore' | 'categories'> | null, s: DecideSettings, host: string): Decision {
  if (hostMatches(host, s.blocklist) !== null) return { action: 'block', reason: 'blocklist' };
  if (hostMatches(host, s.allowlist) !== null) return { action: 'allow', reason: 'allowlist' };
  if (verdict === null) return { action: 'allow', reason: 'no-verdict' };
  if (typeof verdict.riskScore !== 'number' || !Number.isFinite(verdict.riskScore)) {
    return { action: 'annotate', reason: 'invalid-score' };
  }
  const score = Math.round(Math.min(100, Math.max(0, verdict.riskScore)));
  const band: Band = bandOf(score);
  if (score >= s.blockThreshold) {
    return { action: 'block', reason: band === 'malicious' ? 'band:malicious' : 'threshold:block' };
  }
  if (score >= s.warnThreshold) {
    return { action: 'warn', reason: band === 'high' ? 'band:high' : 'threshold:warn' };
  }
  if (band !== 'safe') return { action: 'annotate', reason: `band:${band}` };
  const threat = (Array.isArray(verdict.categories) ? verdict.categories : []).find((c) =>
    THREAT_CATEGORIES.includes(String(c).toLowerCase()),
  );
  if (threat !== undefined) return { action: 'annotate', reason: `category:${String(threat).toLowerCase()}` };
  return { action: 'allow', reason: 'band:safe' };
}
