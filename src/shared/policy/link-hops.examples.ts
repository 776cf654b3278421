/**
 * Example table for combineHops: a link's status from its hops' (hop 0 is the
 * link itself, then its destinations). Tested in test/unit/shared/policy/link-hops.test.ts.
 */
import type { Action, UrlStatus } from '../verdict';

const v = (action: Action, score: number): UrlStatus => ({
  kind: 'verdict',
  verdict: {
    url: 'https://x.example/',
    scanId: 'scn_1',
    riskScore: score,
    band: score > 75 ? 'malicious' : score > 50 ? 'high' : score > 20 ? 'suspicious' : 'safe',
    confidence: 0.9,
    categories: [],
    reasoning: '',
    indicators: [],
    checkedAt: 1,
  },
  decision: { action, reason: `test:${action}` },
});
const SAFE = v('allow', 3);
const NOTE = v('annotate', 30);
const WARN = v('warn', 60);
const BLOCK = v('block', 90);
const LISTED: UrlStatus = { kind: 'blocklisted', decision: { action: 'block', reason: 'blocklist' } };
const CHECKING: UrlStatus = { kind: 'checking', state: 'QUEUED', since: 0 };
const ERROR: UrlStatus = { kind: 'error', code: 'server', message: 'down' };
const FAILED: UrlStatus = { kind: 'failed', message: 'x' };
const UNCHECKED: UrlStatus = { kind: 'unchecked' };
const PRIVATE: UrlStatus = { kind: 'skipped', reason: 'private-host' };
const ALLOWLISTED: UrlStatus = { kind: 'skipped', reason: 'allowlisted' };

export interface LinkHopsExample {
  name: string;
  hops: UrlStatus[];
  /** Which hop the link's status is taken from. */
  hop: number;
}

export const LINK_HOPS_EXAMPLES: readonly LinkHopsExample[] = [
  { name: 'a plain link: its own status', hops: [SAFE], hop: 0 },
  { name: 'safe tracker, phishing destination: the destination', hops: [SAFE, BLOCK], hop: 1 },
  { name: 'bad wrapper, safe destination: the wrapper', hops: [BLOCK, SAFE], hop: 0 },
  { name: 'both bad: the link itself is named first', hops: [BLOCK, BLOCK], hop: 0 },
  { name: 'block beats warn, whichever hop', hops: [WARN, BLOCK], hop: 1 },
  { name: 'warn destination behind a safe wrapper', hops: [SAFE, WARN], hop: 1 },
  { name: 'destination on the block list, wrapper allow-listed (skipped)', hops: [ALLOWLISTED, LISTED], hop: 1 },
  { name: 'destination still being scanned: not safe yet', hops: [SAFE, CHECKING], hop: 1 },
  { name: 'a known block wins over a scan under way', hops: [CHECKING, BLOCK], hop: 1 },
  { name: 'destination scan failed: the failure, not the safe wrapper', hops: [SAFE, FAILED], hop: 1 },
  { name: 'service error on the destination', hops: [SAFE, ERROR], hop: 1 },
  { name: 'destination never checked (lookup only): nothing known', hops: [SAFE, UNCHECKED], hop: 1 },
  { name: 'suspicious destination annotates a safe link', hops: [SAFE, NOTE], hop: 1 },
  { name: 'private destination is not sent: the wrapper decides', hops: [SAFE, PRIVATE], hop: 0 },
  { name: "allow-listed wrapper, safe destination: the destination's verdict", hops: [ALLOWLISTED, SAFE], hop: 1 },
  { name: 'every hop skipped: the link itself', hops: [PRIVATE, PRIVATE], hop: 0 },
  { name: 'nested: safe, safe, phishing', hops: [SAFE, SAFE, BLOCK], hop: 2 },
  { name: 'nested: the worst of several warns is the first', hops: [SAFE, WARN, WARN], hop: 1 },
];
