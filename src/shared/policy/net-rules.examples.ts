/**
 * Example table for planNetRules, tested in test/unit/shared/policy/net-rules.test.ts.
 * Each row: a state (settings, pause, cache, exceptions, passes) and what the request-blocking
 * layer must then hold. `verdicts` lists cache keys with a block rule, `hosts` the block-list
 * hosts, `allowHosts` the exception hosts, `passes` the one-shot passes ("tabId url").
 * Scores follow the local service's rule table: phish 88, scam 70, safe 5.
 */
import type { Settings } from './settings';
import type { CachedVerdict, NetRuleInput } from './net-rules';
import { DEFAULT_LIMITS } from './net-rules';

export const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;

export const verdict = (
  url: string,
  riskScore: number,
  extra: Partial<CachedVerdict> & { checkedAt?: number } = {},
): CachedVerdict => ({
  verdict: { url, riskScore, categories: [], checkedAt: extra.checkedAt ?? NOW - 1000 },
  expiresAt: extra.expiresAt ?? NOW + HOUR,
  memoryOnly: extra.memoryOnly,
});

export const NET_RULE_BASE: NetRuleInput = {
  settings: {
    blocklist: [],
    allowlist: [],
    warnThreshold: 51,
    blockThreshold: 76,
    minBlockConfidence: 0,
    auditOnly: false,
    stripQuery: true,
    allowProceed: true,
  },
  pausedUntil: null,
  verdicts: [],
  exceptions: [],
  passes: [],
  limits: DEFAULT_LIMITS,
  now: NOW,
};

export interface NetRuleExample {
  name: string;
  settings?: Partial<Settings> & { orgBlocklist?: string[] };
  input?: Partial<Omit<NetRuleInput, 'settings'>>;
  expected: {
    verdicts?: string[];
    /** Keys whose rule is a session rule (the others are dynamic). */
    session?: string[];
    hosts?: string[];
    /** Hosts of the organization's block list: their rules rank above every allow rule. */
    orgHosts?: string[];
    allowHosts?: string[];
    passes?: string[];
    nextChange?: number | null;
  };
}

const PHISH = 'http://phish-bank.test/login';
const SCAM = 'http://free-prize-scam.test/';
const SAFE = 'http://safe-shop.test/';

export const NET_RULE_EXAMPLES: readonly NetRuleExample[] = [
  { name: 'nothing known: no rules', expected: {} },
  {
    name: 'a cached verdict at/above the block threshold gets a rule; warn-level and safe ones do not',
    input: { verdicts: [verdict(PHISH, 88), verdict(SCAM, 70), verdict(SAFE, 5)] },
    expected: { verdicts: [PHISH], nextChange: NOW + HOUR },
  },
  {
    name: 'a lower block threshold moves the line',
    settings: { blockThreshold: 60 },
    input: { verdicts: [verdict(PHISH, 88), verdict(SCAM, 70)] },
    expected: { verdicts: [PHISH, SCAM], nextChange: NOW + HOUR },
  },
  {
    name: 'block-list hosts are blocked without a verdict',
    settings: { blocklist: ['evil.example', '*.bad.example', 'https://Worse.Example/path'] },
    expected: { hosts: ['bad.example', 'evil.example', 'worse.example'] },
  },
  {
    name: 'paused: no verdict rules, the block list stays',
    settings: { blocklist: ['evil.example'] },
    input: { pausedUntil: -1, verdicts: [verdict(PHISH, 88)] },
    expected: { hosts: ['evil.example'] },
  },
  {
    name: 'paused for an hour: the plan changes when the pause ends',
    input: { pausedUntil: NOW + HOUR / 2, verdicts: [verdict(PHISH, 88)] },
    expected: { nextChange: NOW + HOUR / 2 },
  },
  {
    name: 'a pause that ended is no pause',
    input: { pausedUntil: NOW - 1, verdicts: [verdict(PHISH, 88)] },
    expected: { verdicts: [PHISH], nextChange: NOW + HOUR },
  },
  {
    name: 'allow-listed host: its verdict is never acted on',
    settings: { allowlist: ['phish-bank.test'] },
    input: { verdicts: [verdict(PHISH, 88)] },
    expected: {},
  },
  {
    name: 'a host on both lists is blocked (the block list wins), by the block-list rule alone',
    settings: { allowlist: ['phish-bank.test'], blocklist: ['phish-bank.test'] },
    input: { verdicts: [verdict(PHISH, 88)] },
    expected: { hosts: ['phish-bank.test'] },
  },
  {
    name: 'audit-only: record, never block',
    settings: { auditOnly: true, blocklist: ['evil.example'] },
    input: { verdicts: [verdict(PHISH, 88)] },
    expected: {},
  },
  {
    name: 'an expired verdict has no rule',
    input: { verdicts: [verdict(PHISH, 88, { expiresAt: NOW })] },
    expected: {},
  },
  {
    name: 'a verdict from a private window lives in a session rule',
    input: { verdicts: [verdict(PHISH, 88, { memoryOnly: true }), verdict(`${PHISH}2`, 90)] },
    expected: { verdicts: [PHISH, `${PHISH}2`], session: [PHISH], nextChange: NOW + HOUR },
  },
  {
    name: '"Proceed anyway" for a host: an allow rule until it ends',
    input: {
      exceptions: [
        { host: 'phish-bank.test', until: -1 },
        { host: 'old.test', until: NOW - 1 },
        { host: 'soon.test', until: NOW + 5000 },
      ],
      verdicts: [verdict(PHISH, 88)],
    },
    expected: { verdicts: [PHISH], allowHosts: ['phish-bank.test', 'soon.test'], nextChange: NOW + 5000 },
  },
  {
    name: 'the organization\'s block list ranks above "Proceed anyway": an exception for its host (granted before the policy named it) lets nothing through',
    settings: { blocklist: ['evil.example', 'mine.example'], orgBlocklist: ['evil.example'] },
    input: {
      exceptions: [
        { host: 'login.evil.example', until: -1 },
        { host: 'mine.example', until: -1 },
      ],
    },
    expected: {
      hosts: ['mine.example'],
      orgHosts: ['evil.example'],
      allowHosts: ['login.evil.example', 'mine.example'],
    },
  },
  {
    name: 'a one-shot pass: an allow rule for that exact URL (its query too, whatever stripQuery says) in that tab only, while it lasts',
    input: {
      passes: [
        { tabId: 7, url: `${PHISH}?next=1#x`, expiresAt: NOW + 15_000 },
        { tabId: 8, url: SCAM, expiresAt: NOW - 1 },
      ],
    },
    expected: { passes: [`7 ${PHISH}?next=1`], nextChange: NOW + 15_000 },
  },
  {
    name: 'a policy that turns "Proceed anyway" off ends exceptions and "Open anyway" passes at once; a strict-mode release still counts',
    settings: { allowProceed: false },
    input: {
      exceptions: [{ host: 'phish-bank.test', until: -1 }],
      passes: [
        { tabId: 7, url: PHISH, expiresAt: NOW + 15_000, kind: 'proceed' },
        { tabId: 8, url: SCAM, expiresAt: NOW + 9_000, kind: 'release' },
      ],
      verdicts: [verdict(PHISH, 88)],
    },
    expected: { verdicts: [PHISH], passes: [`8 ${SCAM}`], nextChange: NOW + 9_000 },
  },
];
