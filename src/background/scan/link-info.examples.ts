/**
 * Example table for forContent (style.md 12): what a content script learns of a link's status
 * (issue 11, hole 6). Warn/block-level verdicts pass as they are (a warning needs them); every
 * other status is the same "no warning", so a page cannot tell checked from unchecked, safe
 * from skipped (allowlisted), or a scan running from none. Tested in pure-bits.test.ts.
 */
import type { UrlStatus, Verdict } from '@/src/shared/verdict';

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

export const FOR_CONTENT_EXAMPLES: readonly { name: string; status: UrlStatus; learns: 'the warning' | 'no warning' }[] = [
  { name: 'block verdict', status: v(88, 'malicious', 'block'), learns: 'the warning' },
  { name: 'warn verdict', status: v(60, 'high', 'warn'), learns: 'the warning' },
  { name: 'blocklisted host', status: { kind: 'blocklisted', decision: { action: 'block', reason: 'blocklist' } }, learns: 'the warning' },
  { name: 'safe verdict (the person visited it)', status: v(3, 'safe', 'allow'), learns: 'no warning' },
  { name: 'suspicious, annotate only', status: v(30, 'suspicious', 'annotate'), learns: 'no warning' },
  { name: 'audit-only: a malicious verdict that only annotates', status: v(95, 'malicious', 'annotate'), learns: 'no warning' },
  { name: 'a scan running (for another tab)', status: { kind: 'checking', state: 'QUEUED', since: 0 }, learns: 'no warning' },
  { name: 'skipped: allowlisted', status: { kind: 'skipped', reason: 'allowlisted' }, learns: 'no warning' },
  { name: 'skipped: past a budget', status: { kind: 'skipped', reason: 'budget-tab' }, learns: 'no warning' },
  { name: 'failed', status: { kind: 'failed', message: 'x' }, learns: 'no warning' },
  { name: 'error', status: { kind: 'error', code: 'server', message: 'down' }, learns: 'no warning' },
  { name: 'never checked', status: { kind: 'unchecked' }, learns: 'no warning' },
];
