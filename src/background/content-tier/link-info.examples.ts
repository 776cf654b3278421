/**
 * Example table for forContent: what a content script learns of a link's status
 * (docs/decisions/001-content-tier.md). Warn/block-level verdicts pass as they are (a warning needs them); every
 * other status is the same "no warning", so a page cannot tell checked from unchecked, safe
 * from skipped (allowlisted), or a scan running from none. Tested in pure-bits.test.ts.
 */
import type { LinkWhy } from '@/src/shared/messaging/protocol';
import type { Decision, UrlStatus, Verdict } from '@/src/shared/verdict';

const verdict = (riskScore: number, band: Verdict['band']): Verdict => ({
  url: 'https://x.example/',
  scanId: 'scn_1',
  riskScore,
  band,
  confidence: 0.9,
  categories: ['phishing'],
  reasoning: '<b>x</b>',
  indicators: [],
  checkedAt: 1,
});
const v = (score: number, band: Verdict['band'], action: 'allow' | 'annotate' | 'warn' | 'block'): UrlStatus => ({
  kind: 'verdict',
  verdict: verdict(score, band),
  decision: { action, reason: `band:${band}` },
});

export const FOR_CONTENT_EXAMPLES: readonly {
  name: string;
  status: UrlStatus;
  learns: 'the warning' | 'no warning';
}[] = [
  { name: 'block verdict', status: v(88, 'malicious', 'block'), learns: 'the warning' },
  { name: 'warn verdict', status: v(60, 'high', 'warn'), learns: 'the warning' },
  {
    name: 'blocklisted host',
    status: { kind: 'blocklisted', decision: { action: 'block', reason: 'blocklist' } },
    learns: 'the warning',
  },
  { name: 'safe verdict (the person visited it)', status: v(3, 'safe', 'allow'), learns: 'no warning' },
  { name: 'suspicious, annotate only', status: v(30, 'suspicious', 'annotate'), learns: 'no warning' },
  {
    name: 'audit-only: a malicious verdict that only annotates',
    status: v(95, 'malicious', 'annotate'),
    learns: 'no warning',
  },
  {
    name: 'a scan running (for another tab)',
    status: { kind: 'checking', state: 'QUEUED', since: 0 },
    learns: 'no warning',
  },
  { name: 'skipped: allowlisted', status: { kind: 'skipped', reason: 'allowlisted' }, learns: 'no warning' },
  { name: 'skipped: past a budget', status: { kind: 'skipped', reason: 'budget-tab' }, learns: 'no warning' },
  { name: 'failed', status: { kind: 'failed', message: 'x' }, learns: 'no warning' },
  { name: 'error', status: { kind: 'error', code: 'server', message: 'down' }, learns: 'no warning' },
  { name: 'never checked', status: { kind: 'unchecked' }, learns: 'no warning' },
];

/**
 * Example table for contentWhy (docs/decisions/017-surfaces.md "Why this decision" in the tooltip): a decision → what a
 * content script learns of its rule. Only warn/block-level rules, only the fired rule's numbers;
 * never a list entry. Tested in pure-bits.test.ts.
 */
export const CONTENT_WHY_EXAMPLES: readonly { name: string; decision: Decision; why: LinkWhy | undefined }[] = [
  {
    name: 'score over the block threshold',
    decision: {
      action: 'block',
      reason: 'band:malicious',
      rule: { rule: 'score', level: 'block', score: 94, threshold: 76 },
    },
    why: { key: 'score_block', nums: [94, 76] },
  },
  {
    name: 'score over the warning threshold',
    decision: { action: 'warn', reason: 'band:high', rule: { rule: 'score', level: 'warn', score: 60, threshold: 51 } },
    why: { key: 'score_warn', nums: [60, 51] },
  },
  {
    name: 'low confidence: warned, confidences as whole percentages',
    decision: {
      action: 'warn',
      reason: 'low-confidence',
      rule: { rule: 'lowConfidence', score: 88, threshold: 80, confidence: 0.924, minConfidence: 0.95 },
    },
    why: { key: 'low_confidence', nums: [88, 80, 92, 95] },
  },
  {
    name: "organization's block list: the entry stays private",
    decision: {
      action: 'block',
      reason: 'blocklist',
      rule: { rule: 'orgBlockList', entry: 'corp-secret-list.example' },
    },
    why: { key: 'org_blocklist', nums: [] },
  },
  {
    name: "the person's block list: the entry stays private",
    decision: { action: 'block', reason: 'blocklist', rule: { rule: 'userBlockList', entry: 'my-ex.example' } },
    why: { key: 'user_blocklist', nums: [] },
  },
  {
    name: 'audit-only: annotate, so nothing (the content script gets "no warning")',
    decision: {
      action: 'annotate',
      reason: 'audit-only:band:malicious',
      rule: { rule: 'score', level: 'block', score: 95, threshold: 76 },
      auditOf: 'block',
    },
    why: undefined,
  },
  {
    name: 'below the thresholds: annotate',
    decision: { action: 'annotate', reason: 'band:suspicious', rule: { rule: 'band', score: 35, band: 'suspicious' } },
    why: undefined,
  },
  {
    name: 'allow-listed: allow (the list entry never leaves)',
    decision: { action: 'allow', reason: 'allowlist', rule: { rule: 'allowList', entry: 'intranet.example' } },
    why: undefined,
  },
  {
    name: 'strict mode without a verdict: no rule the tooltip words',
    decision: { action: 'block', reason: 'strict:timeout', rule: { rule: 'strict', reason: 'strict:timeout' } },
    why: undefined,
  },
  {
    name: 'a decision made before rules existed',
    decision: { action: 'block', reason: 'band:malicious' },
    why: undefined,
  },
];
