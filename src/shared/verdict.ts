/**
 * The verdict vocabulary shared by every context. Pure data and pure functions only:
 * `src/shared` imports nothing else of the project (docs/architecture.md, "Import rules").
 */

/** Risk bands from the spec, "Scan result": 0-20 safe, 21-50 suspicious, 51-75 high, 76-100 malicious. */
export type Band = 'safe' | 'suspicious' | 'high' | 'malicious';

export const BANDS: readonly Band[] = ['safe', 'suspicious', 'high', 'malicious'];

/** Severity order: a higher index is worse. */
export const BAND_SEVERITY: Record<Band, number> = { safe: 0, suspicious: 1, high: 2, malicious: 3 };

/** Categories the spec names. Unknown category strings from the service are kept and shown as-is. */
export const KNOWN_CATEGORIES = ['safe', 'phishing', 'malware', 'scam', 'suspicious', 'adult_content'] as const;
export type KnownCategory = (typeof KNOWN_CATEGORIES)[number];

/**
 * Band of a risk score. Out-of-range or non-integer scores are clamped/rounded rather than
 * treated as safe: a score of 140 is malicious, NaN is not a score (callers reject it earlier).
 */
export function bandOf(riskScore: number): Band {
  const s = Math.round(Math.min(100, Math.max(0, riskScore)));
  if (s <= 20) return 'safe';
  if (s <= 50) return 'suspicious';
  if (s <= 75) return 'high';
  return 'malicious';
}

/** A completed scan's result as the extension keeps it. Service text stays plain strings. */
export interface Verdict {
  /** Normalized URL (the cache key) the verdict is for. */
  url: string;
  /** Scan job id exactly as the service returned it (e.g. `scn_<uuid>`). */
  scanId: string;
  riskScore: number;
  band: Band;
  confidence: number;
  categories: string[];
  reasoning: string;
  /** Indicators as display strings (the spec does not show their shape; see api/schemas.ts). */
  indicators: string[];
  /** When the service finished (ms since epoch), or when we learned of it. */
  checkedAt: number;
}

/** What the background decided for a verdict; `reason` is explainable in the UI. */
export type Action = 'allow' | 'annotate' | 'warn' | 'block';

/**
 * The rule that fired, as data (docs/decisions/017-surfaces.md "Why this decision"): the blocked page and the popup put
 * it in words ("Risk score 94 ≥ your block threshold 76"), reporting names it. Pure data: numbers
 * and host entries only, nothing from a settings object beyond the value that mattered.
 */
export type DecisionRule =
  /** The host is on the organization's block list (policy), `entry` the list entry it matched. */
  | { rule: 'orgBlockList'; entry: string }
  /** The host is on the person's own block list. */
  | { rule: 'userBlockList'; entry: string }
  | { rule: 'allowList'; entry: string }
  | { rule: 'noVerdict' }
  | { rule: 'invalidScore' }
  /** score ≥ threshold: `level` says which one (block or warn). */
  | { rule: 'score'; level: 'block' | 'warn'; score: number; threshold: number }
  /** score ≥ the block threshold, but confidence < minConfidence: warned instead of blocked. */
  | { rule: 'lowConfidence'; score: number; threshold: number; confidence: number; minConfidence: number }
  /** Below both thresholds, in a band that is not safe: shown, not acted on. */
  | { rule: 'band'; score: number; band: Band }
  /** A safe score with a threat category (the service disagrees with itself): shown. */
  | { rule: 'category'; score: number; category: string }
  /** The verdict names a category whose action (categoryActions) is to block or warn. */
  | { rule: 'categoryAction'; level: 'block' | 'warn'; score: number; category: string }
  | { rule: 'safe'; score: number }
  /** Strict mode decided without a verdict (strict.ts reasons: 'strict:timeout' …). */
  | { rule: 'strict'; reason: string }
  /**
   * The host looks like `protectedHost`, one of the organization's sign-in hosts, by
   * `resemblance` (url/lookalike.ts), and the policy blocks look-alikes (policy/signin-action.ts).
   */
  | {
      rule: 'lookalike';
      protectedHost: string;
      resemblance: 'mixed-script' | 'confusable' | 'edit-distance' | 'embedded';
    };

export interface Decision {
  action: Action;
  /** e.g. `band:high`, `blocklist`, `allowlist`, `audit-only`, `threshold:block`. */
  reason: string;
  /** The rule that fired (decide.ts); absent on decisions made before it existed. */
  rule?: DecisionRule;
  /** Audit-only mode: what would have happened without it (the action became 'annotate'). */
  auditOf?: 'block' | 'warn';
}

export const ACTION_SEVERITY: Record<Action, number> = { allow: 0, annotate: 1, warn: 2, block: 3 };

/** Why a URL was not sent to the service (shown in the popup). */
export type SkipReason =
  | 'scheme'
  | 'private-host'
  | 'loopback'
  | 'link-local'
  | 'intranet'
  | 'invalid-url'
  | 'allowlisted'
  | 'paused'
  | 'not-configured'
  | 'incognito'
  | 'disabled'
  | 'exception';

/**
 * Why a page-caused check was not sent: the page went past one of its budgets
 * (src/shared/policy/budgets.ts). The URL is answered from the cache and local lists only.
 */
export type BudgetSkipReason = 'budget-tab' | 'budget-site' | 'budget-site-day' | 'budget-tab-day' | 'budget-day';

/**
 * The status of one URL as any surface may show it. A discriminated union so the UI cannot
 * forget a case. Content scripts receive `LinkStatus` (below), never settings or the key.
 */
export type UrlStatus =
  | { kind: 'unchecked' }
  | { kind: 'skipped'; reason: SkipReason | BudgetSkipReason }
  /**
   * In flight. `waiting`: held back until credits return, or until a retry after a transient
   * error; `lastError`: the code of the last failed attempt (strict mode says which).
   */
  | {
      kind: 'checking';
      state: string;
      scanId?: string;
      since: number;
      waiting?: 'credits' | 'retry';
      lastError?: string;
    }
  | { kind: 'verdict'; verdict: Verdict; decision: Decision }
  /** The host is on the organization's or the person's blocklist: blocked without asking. */
  | { kind: 'blocklisted'; decision: Decision }
  | { kind: 'failed'; scanId?: string; message: string }
  | { kind: 'timed_out'; scanId?: string }
  | { kind: 'error'; code: string; message: string };

export type UrlStatusKind = UrlStatus['kind'];
