import { describe, it, expect } from 'vitest';
import { badgeFor } from '@/src/background/surfaces/badge';
import { urlFromSelection, menuTarget, MENU_IDS } from '@/src/background/surfaces/context-menu';
import { unicodeOf } from '@/src/background/handlers/unicode-host';
import { contentWhy, forContent, forHover, NO_WARNING, toLinkInfo } from '@/src/background/content-tier/link-info';
import { CONTENT_WHY_EXAMPLES, FOR_CONTENT_EXAMPLES } from '@/src/background/content-tier/link-info.examples';
import type { LinkOutcome } from '@/src/background/checks/link-check';
import { retryDelay, nextPollDelay, MAX_POLL_MS } from '@/src/background/engine/timing';
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
type Ctx = Parameters<typeof badgeFor>[1];
const none: Ctx = { paused: false, problem: null };

describe('badgeFor', () => {
  it.each<[string, UrlStatus, Ctx, string]>([
    ['submitting', { kind: 'checking', state: 'SUBMITTING', since: 0 }, none, '·'],
    ['queued at the service', { kind: 'checking', state: 'QUEUED', since: 0 }, none, '··'],
    ['processing at the service', { kind: 'checking', state: 'PROCESSING', since: 0 }, none, '···'],
    ['waiting for credits', { kind: 'checking', state: 'QUEUED', since: 0, waiting: 'credits' }, none, '$'],
    [
      'malicious verdict shows the score',
      { kind: 'verdict', verdict: verdict(88, 'malicious'), decision: { action: 'block', reason: 'x' } },
      none,
      '88',
    ],
    [
      'safe verdict shows the score',
      { kind: 'verdict', verdict: verdict(5, 'safe'), decision: { action: 'allow', reason: 'x' } },
      none,
      '5',
    ],
    ['skipped is blank', { kind: 'skipped', reason: 'private-host' }, none, ''],
    ['error', { kind: 'error', code: 'server', message: 'down' }, none, '!'],
    ['timed out', { kind: 'timed_out' }, none, '?'],
    [
      'paused wins',
      { kind: 'verdict', verdict: verdict(88, 'malicious'), decision: { action: 'block', reason: 'x' } },
      { paused: true, problem: null },
      'II',
    ],
    [
      'out of credits',
      { kind: 'unchecked' },
      { paused: false, problem: { code: 'insufficient_credits', message: 'x', fix: 'credits' } },
      '$',
    ],
    [
      'key rejected',
      { kind: 'unchecked' },
      { paused: false, problem: { code: 'unauthorized', message: 'bad key', fix: 'options' } },
      '!',
    ],
  ])('%s', (_n, status, ctx, text) => {
    const b = badgeFor(status, ctx);
    expect(b.text).toBe(text);
    expect(b.title.length).toBeGreaterThan(0);
  });
});

/** A locale that shows which message each word comes from: "[key: sub, sub]". */
const words = (key: string, subs?: string[]) => (subs?.length ? `[${key}: ${subs.join(', ')}]` : `[${key}]`);

describe('badge titles come from the locale (docs/decisions/017-surfaces.md): every state in words', () => {
  it.each<[string, UrlStatus, Ctx, string]>([
    ['paused', { kind: 'unchecked' }, { paused: true, problem: null }, '[badgePaused]'],
    [
      'out of credits',
      { kind: 'unchecked' },
      { paused: false, problem: { code: 'insufficient_credits', message: 'x', fix: 'credits' } },
      '[badgeNoCredits]',
    ],
    [
      "key rejected: the error in our words, not the background's English message",
      { kind: 'unchecked' },
      { paused: false, problem: { code: 'unauthorized', message: 'HTTP 401', fix: 'options' } },
      '[badgeProblem: [errUnauthorized]]',
    ],
    [
      'an unknown error code: the generic sentence',
      { kind: 'error', code: 'weird', message: 'x' },
      none,
      '[badgeProblem: [errGeneric]]',
    ],
    ['submitting', { kind: 'checking', state: 'SUBMITTING', since: 0 }, none, '[badgeChecking]'],
    ['queued', { kind: 'checking', state: 'QUEUED', since: 0 }, none, '[badgeQueued]'],
    ['processing', { kind: 'checking', state: 'PROCESSING', since: 0 }, none, '[badgeProcessing]'],
    [
      'a state the spec does not name reads as checking',
      { kind: 'checking', state: 'WARMING_UP', since: 0 },
      none,
      '[badgeChecking]',
    ],
    [
      "verdict: the band's label and the score",
      { kind: 'verdict', verdict: verdict(88, 'malicious'), decision: { action: 'block', reason: 'x' } },
      none,
      '[badgeVerdict: [band_malicious], 88]',
    ],
    [
      'blocklisted',
      { kind: 'blocklisted', decision: { action: 'block', reason: 'blocklist' } },
      none,
      '[badgeBlocklisted]',
    ],
    [
      "skipped: the reason's label",
      { kind: 'skipped', reason: 'private-host' },
      none,
      '[badgeSkipped: [skip_private_host]]',
    ],
    ['timed out', { kind: 'timed_out' }, none, '[badgeUnfinished]'],
    ['unchecked', { kind: 'unchecked' }, none, '[extName]'],
  ])('%s', (_n, status, ctx, title) => {
    expect(badgeFor(status, ctx, words).title).toBe(title);
  });
});

describe('selected text → URL', () => {
  it.each([
    ['https://evil.example/login', 'https://evil.example/login'],
    ['  evil.example/path  ', 'https://evil.example/path'],
    ['evil.example', 'https://evil.example/'],
    ['hello world', null],
    ['javascript:alert(1)', null],
    ['file:///etc/passwd', null],
    ['just-a-word', null],
    ['', null],
  ])('%j → %j', (text, expected) => expect(urlFromSelection(text)).toBe(expected));

  it('picks the URL by menu item', () => {
    expect(menuTarget({ menuItemId: MENU_IDS.link, linkUrl: 'https://a.example/' })).toBe('https://a.example/');
    expect(menuTarget({ menuItemId: MENU_IDS.page, pageUrl: 'https://b.example/' })).toBe('https://b.example/');
    expect(menuTarget({ menuItemId: 'other', pageUrl: 'https://b.example/' })).toBeNull();
  });
});

describe('unicode form of IDN hosts', () => {
  it.each([
    ['xn--bcher-kva.example', 'bücher.example'],
    ['xn--80ak6aa92e.com', 'аррӏе.com'],
    ['plain.example', 'plain.example'],
    ['xn--!!!.example', 'xn--!!!.example'],
  ])('%s → %s', (host, expected) => expect(unicodeOf(host)).toBe(expected));
});

describe('what a link status says (our pages) and what a content script may learn of it', () => {
  it('carries no scan id, no settings beyond canProceed, and no timestamp', () => {
    const info = toLinkInfo(
      { kind: 'verdict', verdict: verdict(88, 'malicious'), decision: { action: 'block', reason: 'band:malicious' } },
      false,
    );
    expect(info).toEqual({
      status: 'verdict',
      action: 'block',
      band: 'malicious',
      riskScore: 88,
      categories: ['phishing'],
      reasoning: '<b>x</b>',
      indicators: [],
      canProceed: false,
    });
    expect(JSON.stringify(info)).not.toContain('scn_1');
    expect(info).not.toHaveProperty('checkedAt');
  });

  it.each<[string, UrlStatus, boolean]>([
    [
      'a block verdict',
      { kind: 'verdict', verdict: verdict(88, 'malicious'), decision: { action: 'block', reason: 'band:malicious' } },
      true,
    ],
    [
      "the person's block list",
      {
        kind: 'blocklisted',
        decision: { action: 'block', reason: 'blocklist', rule: { rule: 'userBlockList', entry: 'x.example' } },
      },
      true,
    ],
    [
      "the organization's block list",
      {
        kind: 'blocklisted',
        decision: { action: 'block', reason: 'blocklist', rule: { rule: 'orgBlockList', entry: 'x.example' } },
      },
      false,
    ],
    [
      "the organization's block list, over a verdict",
      {
        kind: 'verdict',
        verdict: verdict(88, 'malicious'),
        decision: { action: 'block', reason: 'blocklist', rule: { rule: 'orgBlockList', entry: 'x.example' } },
      },
      false,
    ],
  ])('"Open anyway" where the policy allows proceeding: %s → %s', (_n, st, offered) => {
    expect(toLinkInfo(st, true).canProceed).toBe(offered);
  });

  it.each<[UrlStatus, string]>([
    [{ kind: 'checking', state: 'QUEUED', since: 0 }, 'pending'],
    [{ kind: 'failed', message: 'x' }, 'error'],
    [{ kind: 'timed_out' }, 'error'],
    [{ kind: 'skipped', reason: 'loopback' }, 'skipped'],
    [{ kind: 'unchecked' }, 'unknown'],
  ])('%j → %s (never a made-up verdict)', (st, status) => expect(toLinkInfo(st, true).status).toBe(status));

  it.each(FOR_CONTENT_EXAMPLES.map((r) => [r.name, r] as const))('content script, %s', (_n, row) => {
    const full = toLinkInfo(row.status, true);
    const shown = forContent(full);
    if (row.learns === 'the warning') expect(shown).toEqual(full);
    else expect(shown).toEqual(NO_WARNING);
    expect(JSON.stringify(shown)).not.toMatch(/checkedAt|scn_/);
  });
});

describe('why and progress for content scripts (docs/decisions/017-surfaces.md)', () => {
  it.each(CONTENT_WHY_EXAMPLES.map((r) => [r.name, r] as const))('contentWhy: %s', (_n, row) => {
    expect(contentWhy(row.decision)).toEqual(row.why);
    // What reaches a content script: the rule's key and numbers, never a list entry.
    const info = forContent(
      toLinkInfo({ kind: 'verdict', verdict: verdict(90, 'malicious'), decision: row.decision }, true),
    );
    expect(info.why).toEqual(row.why);
    expect(JSON.stringify(info)).not.toMatch(/corp-secret-list|my-ex|intranet|scn_/);
  });

  it('a blocklisted host says which list, without the entry', () => {
    const info = forContent(
      toLinkInfo(
        {
          kind: 'blocklisted',
          decision: {
            action: 'block',
            reason: 'blocklist',
            rule: { rule: 'orgBlockList', entry: 'corp-secret-list.example' },
          },
        },
        false,
      ),
    );
    expect(info).toMatchObject({ status: 'verdict', action: 'block', why: { key: 'org_blocklist', nums: [] } });
    expect(JSON.stringify(info)).not.toContain('corp-secret-list');
  });

  const outcome = (status: UrlStatus): LinkOutcome => ({
    status,
    url: 'https://x.example/',
    host: 'x.example',
    hops: [],
    hopUrls: [],
    worst: 0,
    badHop: 'link',
    leadsTo: null,
    guessed: false,
    destination: null,
  });
  it.each<[string, UrlStatus, unknown]>([
    [
      'submitting',
      { kind: 'checking', state: 'SUBMITTING', scanId: 'scn_9', since: 1_700_000_000_000 },
      { status: 'pending', progress: 'submitting' },
    ],
    [
      'queued',
      { kind: 'checking', state: 'QUEUED', scanId: 'scn_9', since: 1 },
      { status: 'pending', progress: 'queued' },
    ],
    [
      'processing',
      { kind: 'checking', state: 'PROCESSING', scanId: 'scn_9', since: 1 },
      { status: 'pending', progress: 'processing' },
    ],
    [
      'waiting for credits: a step, not why',
      { kind: 'checking', state: 'QUEUED', since: 1, waiting: 'credits', lastError: 'daily_budget' },
      { status: 'pending', progress: 'queued' },
    ],
    [
      'a state name the spec does not list',
      { kind: 'checking', state: '<img src=x>', since: 1 },
      { status: 'pending', progress: 'submitting' },
    ],
    [
      'safe verdict: "no warning"',
      { kind: 'verdict', verdict: verdict(3, 'safe'), decision: { action: 'allow', reason: 'band:safe' } },
      NO_WARNING,
    ],
    ['failed: "no warning"', { kind: 'failed', scanId: 'scn_9', message: 'x' }, NO_WARNING],
  ])('forHover, %s: the step name only (no scan id, no time)', (_n, status, expected) => {
    const info = forHover(outcome(status), true);
    expect(info).toEqual(expected);
    expect(JSON.stringify(info)).not.toMatch(/scn_|since|credits|budget|\d{6,}/);
  });

  it('forHover of a block verdict is the warning itself', () => {
    const info = forHover(
      outcome({
        kind: 'verdict',
        verdict: verdict(95, 'malicious'),
        decision: {
          action: 'block',
          reason: 'band:malicious',
          rule: { rule: 'score', level: 'block', score: 95, threshold: 76 },
        },
      }),
      false,
    );
    expect(info).toMatchObject({ status: 'verdict', action: 'block', why: { key: 'score_block', nums: [95, 76] } });
  });
});

describe('timing', () => {
  it.each([
    [0, 250],
    [1000, 250],
    [2000, 500],
    [8000, 2000],
    [10_000_000, MAX_POLL_MS],
  ])('a job %i ms old is polled again after %i ms', (age, delay) => expect(nextPollDelay(age)).toBe(delay));

  it('a scan is seen at most ~25 % (or 250 ms) after it finished', () => {
    for (const finish of [1100, 1500, 2200, 2700, 4000, 9000, 20_000]) {
      let t = 1000; // first poll
      while (t < finish) t += nextPollDelay(t);
      expect(t).toBeLessThanOrEqual(Math.max(finish * 1.25, finish + 250));
    }
  });
  it('Retry-After wins over doubling', () => {
    expect(retryDelay(5, 1500)).toBe(1500);
    expect(retryDelay(0, null)).toBe(2000);
    expect(retryDelay(1, null)).toBe(4000);
    expect(retryDelay(30, null)).toBe(60_000);
  });
});

import { withoutCredentials } from '@/src/shared/url/display';
describe('blocked page URL display', () => {
  it.each([
    ['http://user:pass@phish.example/login', 'http://phish.example/login'],
    ['http://www.bank.example@evil.example/', 'http://evil.example/'],
    ['https://plain.example/a?b#c', 'https://plain.example/a?b#c'],
    ['not a url', 'not a url'],
  ])('%s → %s', (raw, shown) => expect(withoutCredentials(raw)).toBe(shown));
  it('a network problem shows an error badge, not "checking", in the locale\'s words', () => {
    const b = badgeFor(
      { kind: 'checking', state: 'SUBMITTING', since: 0 },
      { paused: false, problem: { code: 'network', message: 'The scanning service cannot be reached.', fix: 'none' } },
      words,
    );
    expect(b).toMatchObject({ text: '!', title: '[badgeProblem: [errNetwork]]' });
  });
});
