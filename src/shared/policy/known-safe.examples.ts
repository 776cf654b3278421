/**
 * Example table for strict mode's known-safe rules (known-safe.ts), read with the whole plan
 * (net-rules.ts): while strict mode holds page loads, what a top-level GET of `request` meets in
 * the browser when the cache holds one verdict (`key`, risk `score`). Tested in
 * test/unit/shared/policy/known-safe.test.ts, the plan installed in a fake declarativeNetRequest
 * that picks the deciding rule as the browsers do (highest priority, allow over block).
 *   'opens'   the request leaves at once (a known-safe rule, or nothing holds it);
 *   'held'    strict mode's hold stops it until the background decides (as without this rule);
 *   'blocked' a block rule stops it (block list, blocking verdict).
 */
import type { Settings } from './settings';

export interface KnownSafeExample {
  name: string;
  key: string;
  score: number;
  confidence?: number;
  /** The URL the tab loads (default: the key). */
  request?: string;
  settings?: Partial<Settings>;
  /** ms until the verdict expires (default: an hour). */
  expiresInMs?: number;
  /** The background's passKnownSafe (default true: configured, the suffix list loaded). */
  readsCache?: boolean;
  outcome: 'opens' | 'held' | 'blocked';
}

const NEWS = 'https://news.example/today';

export const KNOWN_SAFE_EXAMPLES: readonly KnownSafeExample[] = [
  { name: 'a page whose cached verdict is safe opens at once', key: NEWS, score: 5, outcome: 'opens' },
  {
    name: 'with a fragment, or a userinfo, it is the same page',
    key: NEWS,
    score: 5,
    request: 'https://user@news.example/today#top',
    outcome: 'opens',
  },
  {
    name: 'with a query the verdict stands for (stripQuery) it is still held: a query can carry another URL',
    key: NEWS,
    score: 5,
    request: `${NEWS}?ref=home`,
    outcome: 'held',
  },
  {
    name: 'without stripQuery the key names its query, and the rule that query only',
    key: `${NEWS}?id=5`,
    score: 5,
    settings: { stripQuery: false },
    outcome: 'opens',
  },
  {
    name: '… another query is another page',
    key: `${NEWS}?id=5`,
    score: 5,
    settings: { stripQuery: false },
    request: `${NEWS}?id=6`,
    outcome: 'held',
  },
  {
    name: 'another path, port or scheme is another page',
    key: NEWS,
    score: 5,
    request: 'https://news.example/Today',
    outcome: 'held',
  },
  { name: 'another port', key: NEWS, score: 5, request: 'https://news.example:8443/today', outcome: 'held' },
  { name: 'another scheme', key: NEWS, score: 5, request: 'http://news.example/today', outcome: 'held' },
  {
    name: 'a subdomain is another host',
    key: NEWS,
    score: 5,
    request: 'https://evil.news.example/today',
    outcome: 'held',
  },
  { name: "a warn-level verdict is held: the hold's check shows its warning", key: NEWS, score: 70, outcome: 'held' },
  { name: 'a blocking verdict is blocked', key: NEWS, score: 88, outcome: 'blocked' },
  {
    name: 'a threshold the verdict now meets blocks it',
    key: NEWS,
    score: 5,
    settings: { blockThreshold: 5 },
    outcome: 'blocked',
  },
  {
    name: 'too little confidence to block: warned, so held',
    key: NEWS,
    score: 88,
    confidence: 0.3,
    settings: { minBlockConfidence: 0.6 },
    outcome: 'held',
  },
  {
    name: 'a host on the block list is blocked whatever its cached verdict',
    key: NEWS,
    score: 5,
    settings: { blocklist: ['news.example'] },
    outcome: 'blocked',
  },
  {
    name: 'an allow-listed host is not held at all',
    key: NEWS,
    score: 5,
    settings: { allowlist: ['news.example'] },
    outcome: 'opens',
  },
  {
    name: 'a verdict about to expire is held (the rule ends a minute before it)',
    key: NEWS,
    score: 5,
    expiresInMs: 30_000,
    outcome: 'held',
  },
  {
    name: "a link that carries another URL is held: the hold's check judges its destination",
    key: 'https://click.example/out?url=https%3A%2F%2Fevil.example%2F',
    score: 5,
    settings: { stripQuery: false },
    outcome: 'held',
  },
  {
    name: 'a known wrapper is held',
    key: 'https://www.google.com/url?q=https://evil.example/',
    score: 5,
    settings: { stripQuery: false },
    outcome: 'held',
  },
  {
    name: 'a short link is held: its destination is judged too',
    key: 'https://bit.ly/3abcDEF',
    score: 5,
    outcome: 'held',
  },
  {
    name: 'not configured, or a damaged package: strict mode fails closed before reading the cache, so held',
    key: NEWS,
    score: 5,
    readsCache: false,
    outcome: 'held',
  },
];
