/**
 * Example table for strictOutcome, one row per rule and fail reason, in the
 * rule order of strict.ts. A row's settings are STRICT_BASE (strict mode on, fail mode block,
 * 5 s) plus its overrides. Tested in strict.test.ts.
 */
import type { UrlStatus, Verdict } from '../verdict';
import type { StrictInput, StrictOutcome, StrictSettings } from './strict';

export const STRICT_BASE: StrictSettings = {
  strictMode: true,
  strictFailMode: 'block',
  strictTimeoutMs: 5000,
  auditOnly: false,
};

export interface StrictExample {
  name: string;
  settings?: Partial<StrictSettings>;
  status: UrlStatus;
  problem?: StrictInput['problem'];
  elapsedMs: number | null;
  expected: StrictOutcome;
}

const verdict = (riskScore: number): Verdict => ({
  url: 'https://example.com/',
  scanId: 'scn_1',
  riskScore,
  band: riskScore >= 76 ? 'malicious' : 'safe',
  confidence: 0.9,
  categories: [],
  reasoning: '',
  indicators: [],
  checkedAt: 0,
});
const checking = (extra: Partial<Extract<UrlStatus, { kind: 'checking' }>> = {}): UrlStatus => ({
  kind: 'checking',
  state: 'QUEUED',
  since: 0,
  ...extra,
});
const error = (code: string): UrlStatus => ({ kind: 'error', code, message: code });
const block = (reason: string): StrictOutcome => ({ action: 'block', reason });
const allow = (reason: string): StrictOutcome => ({ action: 'allow', reason });
const HOLD: StrictOutcome = { action: 'hold', reason: 'strict:pending' };

export const STRICT_EXAMPLES: readonly StrictExample[] = [
  // 1. Strict mode not in force.
  {
    name: 'strict mode off: even an error lets the page load',
    settings: { strictMode: false },
    status: error('unauthorized'),
    elapsedMs: null,
    expected: allow('strict:off'),
  },
  {
    name: 'audit-only never blocks',
    settings: { auditOnly: true },
    status: checking(),
    elapsedMs: 9000,
    expected: allow('strict:off'),
  },
  // 2. A verdict decides.
  {
    name: 'block-level verdict',
    status: { kind: 'verdict', verdict: verdict(88), decision: { action: 'block', reason: 'band:malicious' } },
    elapsedMs: 1200,
    expected: block('band:malicious'),
  },
  {
    name: 'safe verdict',
    status: { kind: 'verdict', verdict: verdict(5), decision: { action: 'allow', reason: 'band:safe' } },
    elapsedMs: 800,
    expected: allow('verdict'),
  },
  {
    name: 'warn-level verdict is not a block',
    status: { kind: 'verdict', verdict: verdict(60), decision: { action: 'warn', reason: 'band:high' } },
    elapsedMs: null,
    expected: allow('verdict'),
  },
  {
    name: 'blocklisted host',
    status: { kind: 'blocklisted', decision: { action: 'block', reason: 'blocklist' } },
    elapsedMs: null,
    expected: block('blocklist'),
  },
  // 3-4. Skipped.
  {
    name: 'not configured, fail mode block',
    status: { kind: 'skipped', reason: 'not-configured' },
    elapsedMs: null,
    expected: block('strict:not-configured'),
  },
  {
    name: 'not configured, fail mode allow',
    settings: { strictFailMode: 'allow' },
    status: { kind: 'skipped', reason: 'not-configured' },
    elapsedMs: null,
    expected: allow('strict:not-configured'),
  },
  {
    name: 'intranet host: never sent, so let through',
    status: { kind: 'skipped', reason: 'intranet' },
    elapsedMs: null,
    expected: allow('skip:intranet'),
  },
  {
    name: 'loopback host',
    status: { kind: 'skipped', reason: 'loopback' },
    elapsedMs: null,
    expected: allow('skip:loopback'),
  },
  {
    name: 'allowlisted host',
    status: { kind: 'skipped', reason: 'allowlisted' },
    elapsedMs: null,
    expected: allow('skip:allowlisted'),
  },
  {
    name: "past the tab's budget (a page navigating in a loop): not let through unchecked",
    status: { kind: 'skipped', reason: 'budget-tab' },
    elapsedMs: null,
    expected: block('strict:budget'),
  },
  {
    name: "past the site's day budget",
    status: { kind: 'skipped', reason: 'budget-site-day' },
    elapsedMs: 50,
    expected: block('strict:budget'),
  },
  {
    name: 'past the day budget, fail mode allow',
    settings: { strictFailMode: 'allow' },
    status: { kind: 'skipped', reason: 'budget-day' },
    elapsedMs: null,
    expected: allow('strict:budget'),
  },
  {
    name: 'paused (the policy permits pausing)',
    status: { kind: 'skipped', reason: 'paused' },
    elapsedMs: null,
    expected: allow('skip:paused'),
  },
  // 5. Errors of the service.
  {
    name: 'key rejected (401)',
    status: error('unauthorized'),
    problem: { code: 'unauthorized' },
    elapsedMs: null,
    expected: block('strict:key-rejected'),
  },
  {
    name: 'key lacks the scope (403)',
    status: error('forbidden'),
    elapsedMs: 300,
    expected: block('strict:key-rejected'),
  },
  {
    name: 'key rejected, fail mode allow',
    settings: { strictFailMode: 'allow' },
    status: error('unauthorized'),
    elapsedMs: 300,
    expected: allow('strict:key-rejected'),
  },
  {
    name: 'out of credits (402) as an error',
    status: error('insufficient_credits'),
    elapsedMs: 10,
    expected: block('strict:credits'),
  },
  { name: 'malformed answer', status: error('bad_response'), elapsedMs: 2000, expected: block('strict:malformed') },
  { name: 'service unreachable', status: error('network'), elapsedMs: 2000, expected: block('strict:unreachable') },
  { name: 'invalid service URL', status: error('config'), elapsedMs: null, expected: block('strict:not-configured') },
  {
    name: 'the public suffix list could not be loaded (damaged package)',
    status: error('suffix_list'),
    elapsedMs: null,
    expected: block('strict:damaged'),
  },
  {
    name: 'the public suffix list could not be loaded, fail mode allow',
    settings: { strictFailMode: 'allow' },
    status: error('suffix_list'),
    elapsedMs: null,
    expected: allow('strict:damaged'),
  },
  {
    name: 'the service refused the URL (422)',
    status: error('invalid_request'),
    elapsedMs: 100,
    expected: block('strict:refused'),
  },
  // 6-7. Ended without a verdict.
  {
    name: 'scan FAILED at the service',
    status: { kind: 'failed', message: 'engine error' },
    elapsedMs: 900,
    expected: block('strict:scan-failed'),
  },
  {
    name: 'job given up by its deadline',
    status: { kind: 'timed_out' },
    elapsedMs: 4000,
    expected: block('strict:timeout'),
  },
  {
    name: 'job given up while the service was down',
    status: { kind: 'timed_out' },
    problem: { code: 'network' },
    elapsedMs: 4000,
    expected: block('strict:unreachable'),
  },
  // 8. Waiting for credits: decided at once.
  {
    name: 'waiting for credits, at the navigation',
    status: checking({ state: 'SUBMITTING', waiting: 'credits' }),
    elapsedMs: null,
    expected: block('strict:credits'),
  },
  {
    name: 'not sent yet while out of credits',
    status: checking({ state: 'SUBMITTING' }),
    problem: { code: 'insufficient_credits' },
    elapsedMs: 100,
    expected: block('strict:credits'),
  },
  {
    name: 'already submitted: other jobs out of credits do not matter',
    status: checking({ scanId: 'scn_2' }),
    problem: { code: 'insufficient_credits' },
    elapsedMs: 100,
    expected: HOLD,
  },
  {
    name: 'held by the daily budget (maxCreditsPerDay)',
    status: checking({ state: 'SUBMITTING', waiting: 'credits', lastError: 'daily_budget' }),
    problem: { code: 'daily_budget' },
    elapsedMs: null,
    expected: block('strict:daily-budget'),
  },
  {
    name: 'held by the daily budget, fail mode allow',
    settings: { strictFailMode: 'allow' },
    status: checking({ waiting: 'credits', lastError: 'daily_budget' }),
    elapsedMs: 100,
    expected: allow('strict:daily-budget'),
  },
  {
    name: 'daily budget as an error code',
    status: error('daily_budget'),
    elapsedMs: 10,
    expected: block('strict:daily-budget'),
  },
  {
    name: 'waiting for credits, fail mode allow',
    settings: { strictFailMode: 'allow' },
    status: checking({ waiting: 'credits' }),
    elapsedMs: null,
    expected: allow('strict:credits'),
  },
  // 9. Holding.
  { name: 'in flight at the navigation', status: checking(), elapsedMs: null, expected: HOLD },
  { name: 'in flight within the timeout', status: checking({ scanId: 'scn_3' }), elapsedMs: 4999, expected: HOLD },
  {
    name: 'retrying after a network error, within the timeout',
    status: checking({ waiting: 'retry', lastError: 'network' }),
    problem: { code: 'network' },
    elapsedMs: 1000,
    expected: HOLD,
  },
  { name: 'nothing known yet in a hold (worker woke)', status: { kind: 'unchecked' }, elapsedMs: 1000, expected: HOLD },
  // 10. Past the timeout.
  {
    name: 'slow service: timeout',
    status: checking({ scanId: 'scn_4' }),
    elapsedMs: 5000,
    expected: block('strict:timeout'),
  },
  {
    name: 'slow service, fail mode allow',
    settings: { strictFailMode: 'allow' },
    status: checking({ scanId: 'scn_5' }),
    elapsedMs: 6000,
    expected: allow('strict:timeout'),
  },
  {
    name: 'the submission itself never answered: unreachable',
    status: checking({ state: 'SUBMITTING' }),
    elapsedMs: 5000,
    expected: block('strict:unreachable'),
  },
  {
    name: 'service down: retries used up the timeout',
    status: checking({ waiting: 'retry', lastError: 'network' }),
    problem: { code: 'network' },
    elapsedMs: 5000,
    expected: block('strict:unreachable'),
  },
  {
    name: 'service failing (500) known only as the standing problem',
    status: checking(),
    problem: { code: 'server' },
    elapsedMs: 5000,
    expected: block('strict:unreachable'),
  },
  {
    name: 'malformed answers until the timeout',
    status: checking({ waiting: 'retry', lastError: 'bad_response' }),
    elapsedMs: 5001,
    expected: block('strict:malformed'),
  },
  {
    name: 'nothing known at the end of a hold',
    status: { kind: 'unchecked' },
    elapsedMs: 5000,
    expected: block('strict:timeout'),
  },
  // 11. Navigations not scanned.
  {
    name: 'navigations not scanned (scanNavigations off)',
    status: { kind: 'unchecked' },
    elapsedMs: null,
    expected: allow('strict:not-scanned'),
  },
];
