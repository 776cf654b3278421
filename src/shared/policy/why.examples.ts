/**
 * Example table for whyOf(): a decision's rule → the message key and the values it
 * names, in placeholder order. Tested in test/unit/shared/policy/why.test.ts, which also renders
 * each in English.
 */
import type { Decision } from '../verdict';
import type { WhyMessage } from './why';

export interface WhyExample {
  decision: Pick<Decision, 'rule' | 'auditOf'>;
  expected: { message: WhyMessage; audit: 'block' | 'warn' | null } | null;
  /** The English sentence a person reads. */
  english: string | null;
}

export const WHY_EXAMPLES: readonly WhyExample[] = [
  {
    decision: { rule: { rule: 'categoryAction', level: 'block', score: 10, category: 'adult_content' } },
    expected: {
      message: { key: 'why_category_block', args: [{ category: 'adult_content' }, { num: 10 }] },
      audit: null,
    },
    english: 'Adult content (named by the service) is set to be blocked (risk score 10)',
  },
  {
    decision: { rule: { rule: 'categoryAction', level: 'warn', score: 30, category: 'scam' } },
    expected: { message: { key: 'why_category_warn', args: [{ category: 'scam' }, { num: 30 }] }, audit: null },
    english: 'Scam (named by the service) is set to be warned about (risk score 30)',
  },
  {
    decision: { rule: { rule: 'score', level: 'block', score: 94, threshold: 76 } },
    expected: { message: { key: 'why_score_block', args: [{ num: 94 }, { num: 76 }] }, audit: null },
    english: 'Risk score 94 ≥ your block threshold 76',
  },
  {
    decision: { rule: { rule: 'score', level: 'warn', score: 60, threshold: 51 } },
    expected: { message: { key: 'why_score_warn', args: [{ num: 60 }, { num: 51 }] }, audit: null },
    english: 'Risk score 60 ≥ your warning threshold 51',
  },
  {
    decision: { rule: { rule: 'lowConfidence', score: 94, threshold: 76, confidence: 0.41, minConfidence: 0.6 } },
    expected: {
      message: {
        key: 'why_low_confidence',
        args: [{ num: 94 }, { num: 76 }, { num: 0.41, fraction: true }, { num: 0.6, fraction: true }],
      },
      audit: null,
    },
    english: 'Risk score 94 ≥ your block threshold 76, but confidence 41% is below 60%: warned, not blocked',
  },
  {
    decision: { rule: { rule: 'orgBlockList', entry: 'evil.example' } },
    expected: { message: { key: 'why_org_blocklist', args: [{ text: 'evil.example' }] }, audit: null },
    english: 'On your organization’s blocklist (evil.example)',
  },
  {
    decision: { rule: { rule: 'userBlockList', entry: 'bad.example' } },
    expected: { message: { key: 'why_user_blocklist', args: [{ text: 'bad.example' }] }, audit: null },
    english: 'On your blocklist (bad.example)',
  },
  {
    decision: { rule: { rule: 'allowList', entry: 'example.com' } },
    expected: { message: { key: 'why_allowlist', args: [{ text: 'example.com' }] }, audit: null },
    english: 'In your trusted sites (example.com)',
  },
  {
    decision: { rule: { rule: 'band', score: 35, band: 'suspicious' } },
    expected: { message: { key: 'why_below_thresholds', args: [{ num: 35 }] }, audit: null },
    english: 'Risk score 35 is below your warning threshold: shown, not acted on',
  },
  {
    decision: { rule: { rule: 'category', score: 10, category: 'phishing' } },
    expected: { message: { key: 'why_category', args: [{ num: 10 }, { category: 'phishing' }] }, audit: null },
    english: 'Risk score 10 is low, but the service names a threat: Phishing',
  },
  {
    decision: { rule: { rule: 'safe', score: 5 } },
    expected: { message: { key: 'why_safe', args: [{ num: 5 }] }, audit: null },
    english: 'Risk score 5: no threat found',
  },
  {
    decision: { rule: { rule: 'noVerdict' } },
    expected: { message: { key: 'why_no_verdict', args: [] }, audit: null },
    english: 'No verdict yet',
  },
  {
    decision: { rule: { rule: 'invalidScore' } },
    expected: { message: { key: 'why_invalid_score', args: [] }, audit: null },
    english: 'The service sent no usable risk score',
  },
  // Audit-only: the same rule, and what would have happened.
  {
    decision: { rule: { rule: 'score', level: 'block', score: 88, threshold: 76 }, auditOf: 'block' },
    expected: { message: { key: 'why_score_block', args: [{ num: 88 }, { num: 76 }] }, audit: 'block' },
    english: 'Audit only, so not blocked: Risk score 88 ≥ your block threshold 76',
  },
  {
    decision: { rule: { rule: 'score', level: 'warn', score: 60, threshold: 51 }, auditOf: 'warn' },
    expected: { message: { key: 'why_score_warn', args: [{ num: 60 }, { num: 51 }] }, audit: 'warn' },
    english: 'Audit only, so no warning: Risk score 60 ≥ your warning threshold 51',
  },
  // Strict mode explains itself on the blocked page; a decision without a rule says nothing made up.
  { decision: { rule: { rule: 'strict', reason: 'strict:timeout' } }, expected: null, english: null },
  { decision: {}, expected: null, english: null },
];
