/**
 * "Why this decision" in words (docs/decisions/017-surfaces.md): which message explains a DecisionRule, and the values
 * it names, in the order of the message's placeholders. Pure, so every surface says the same
 * thing: the blocked page and the popup (src/ui/components/why-line.tsx) and, later, the in-page
 * tooltip (which reads the same keys with its `cs_` prefix). Numbers stay numbers here; each
 * surface formats them in the reader's language. Examples: why.examples.ts.
 *
 * A strict-mode rule returns null: the blocked page explains those reasons on its own
 * (src/ui/blocked/headline.ts strictWhy), one sentence per reason.
 */
import type { Decision, DecisionRule } from '../verdict';

/** A placeholder's value: a number (formatted by the surface; `fraction` 0–1 as a decimal), or text. */
export type WhyArg = { num: number; fraction?: true } | { text: string } | { category: string };

export interface WhyMessage {
  key: string;
  args: WhyArg[];
}

const num = (n: number): WhyArg => ({ num: n });
const frac = (n: number): WhyArg => ({ num: n, fraction: true });

/** The sentence for a rule alone (no audit-only wrapping); null when the rule needs none here. */
export function whyOfRule(rule: DecisionRule): WhyMessage | null {
  switch (rule.rule) {
    case 'orgBlockList':
      return { key: 'why_org_blocklist', args: [{ text: rule.entry }] };
    case 'userBlockList':
      return { key: 'why_user_blocklist', args: [{ text: rule.entry }] };
    case 'allowList':
      return { key: 'why_allowlist', args: [{ text: rule.entry }] };
    case 'noVerdict':
      return { key: 'why_no_verdict', args: [] };
    case 'invalidScore':
      return { key: 'why_invalid_score', args: [] };
    case 'score':
      return {
        key: rule.level === 'block' ? 'why_score_block' : 'why_score_warn',
        args: [num(rule.score), num(rule.threshold)],
      };
    case 'lowConfidence':
      return {
        key: 'why_low_confidence',
        args: [num(rule.score), num(rule.threshold), frac(rule.confidence), frac(rule.minConfidence)],
      };
    case 'band':
      return { key: 'why_below_thresholds', args: [num(rule.score)] };
    case 'category':
      return { key: 'why_category', args: [num(rule.score), { category: rule.category }] };
    case 'categoryAction':
      return {
        key: rule.level === 'block' ? 'why_category_block' : 'why_category_warn',
        args: [{ category: rule.category }, num(rule.score)],
      };
    case 'safe':
      return { key: 'why_safe', args: [num(rule.score)] };
    case 'strict':
      return null;
    // The blocked page says it in full (the real host beside this one, the differing letters
    // marked: src/ui/blocked/lookalike-compare.tsx); no other surface shows such a decision.
    case 'lookalike':
      return null;
    default: {
      const unknown: never = rule;
      void unknown;
      return null;
    }
  }
}

/**
 * The sentence for a decision: its rule's, wrapped in what audit-only mode did with it ("Audit
 * only, not blocked: …"). null when the decision carries no rule (made by an older version).
 */
export function whyOf(
  decision: Pick<Decision, 'rule' | 'auditOf'>,
): { message: WhyMessage; audit: 'block' | 'warn' | null } | null {
  if (!decision.rule) return null;
  const message = whyOfRule(decision.rule);
  if (!message) return null;
  return { message, audit: decision.auditOf ?? null };
}

/** Every key whyOf can return, with the audit-only wrappers (for the locale convention test). */
export const WHY_KEYS = [
  'why_org_blocklist',
  'why_user_blocklist',
  'why_allowlist',
  'why_no_verdict',
  'why_invalid_score',
  'why_score_block',
  'why_score_warn',
  'why_low_confidence',
  'why_below_thresholds',
  'why_category',
  'why_category_block',
  'why_category_warn',
  'why_safe',
] as const;
export const WHY_AUDIT_KEYS = { block: 'why_audit_block', warn: 'why_audit_warn' } as const;
