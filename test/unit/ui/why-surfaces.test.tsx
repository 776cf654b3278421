// @vitest-environment happy-dom
/**
 * "Why this decision" where people meet it (docs/decisions/017-surfaces.md): the blocked page and the popup name the
 * rule that fired in words; options shows the minimum confidence (locked under policy) and
 * audit-only mode's list with Clear.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { BlockedApp } from '@/src/ui/blocked/blocked-app';
import { PopupApp } from '@/src/ui/popup/popup-app';
import { OptionsApp } from '@/src/ui/options/options-app';
import type { AuditEntry } from '@/src/shared/messaging/protocol';
import { answer, en, enCount, openActiveTab, sent, setupUiTest, type Handlers, optionsAt } from './helpers';
import { blockedDetails, settingsData, tabStatus, verdict } from './fixtures';

setupUiTest();

const whyLine = () => document.querySelector('.why-decision')?.textContent ?? null;

describe('blocked page', () => {
  it('names the score and the threshold that blocked', async () => {
    answer({
      'blocked.details': () => blockedDetails({ rule: { rule: 'score', level: 'block', score: 91, threshold: 76 } }),
    });
    render(<BlockedApp search="?t=tok_1" />);
    await screen.findByRole('heading', { level: 1 });
    expect(whyLine()).toBe(`${en('whyDecision')}: ${en('why_score_block', 91, 76)}`);
  });

  it("the organization's block list: its own headline and the entry, as text", async () => {
    answer({
      'blocked.details': () =>
        blockedDetails({
          categories: [],
          riskScore: null,
          band: null,
          reason: 'blocklist',
          rule: { rule: 'orgBlockList', entry: '<b>evil</b>.example' },
        }),
    });
    render(<BlockedApp search="?t=tok_1" />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(en('headline_org_blocklist'));
    expect(whyLine()).toBe(`${en('whyDecision')}: ${en('why_org_blocklist', '<b>evil</b>.example')}`);
    expect(document.querySelector('.why-decision b')).toBeNull();
  });

  it("the person's block list keeps its headline; no rule (an older token) says nothing made up", async () => {
    answer({ 'blocked.details': () => blockedDetails({ categories: [], reason: 'blocklist', rule: null }) });
    render(<BlockedApp search="?t=tok_1" />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(en('headline_blocklist'));
    expect(whyLine()).toBeNull();
  });

  it('strict mode explains itself once (its own notice), not twice', async () => {
    answer({
      'blocked.details': () =>
        blockedDetails({
          categories: [],
          riskScore: null,
          band: null,
          reason: 'strict:daily-budget',
          rule: { rule: 'strict', reason: 'strict:daily-budget' },
        }),
    });
    render(<BlockedApp search="?t=tok_1" />);
    expect(await screen.findByText(en('strictWhy_daily_budget'))).toBeTruthy();
    expect(whyLine()).toBeNull();
  });
});

describe('popup', () => {
  const quiet = {
    'history.get': () => [],
    'scans.list': () => ({ items: [], next: null }),
    'scan.progress': () => ({ total: 0, done: 0, flagged: 0, running: false }),
  };

  it('a low-confidence warning says the block became a warning, with the numbers', async () => {
    openActiveTab();
    const rule = { rule: 'lowConfidence', score: 88, threshold: 76, confidence: 0.41, minConfidence: 0.6 } as const;
    answer({
      ...quiet,
      'tab.status': () =>
        tabStatus({
          kind: 'verdict',
          verdict: verdict({ confidence: 0.41 }),
          decision: { action: 'warn', reason: 'low-confidence', rule },
        }),
    });
    render(<PopupApp pollMs={10} />);
    await waitFor(() =>
      expect(whyLine()).toBe(`${en('whyDecision')}: ${en('why_low_confidence', 88, 76, '41%', '60%')}`),
    );
  });

  it('audit-only: what would have happened, and why', async () => {
    openActiveTab();
    const rule = { rule: 'score', level: 'block', score: 88, threshold: 76 } as const;
    answer({
      ...quiet,
      'tab.status': () =>
        tabStatus({
          kind: 'verdict',
          verdict: verdict(),
          decision: { action: 'annotate', reason: 'audit-only:band:malicious', rule, auditOf: 'block' },
        }),
    });
    render(<PopupApp pollMs={10} />);
    await waitFor(() =>
      expect(whyLine()).toBe(`${en('whyDecision')}: ${en('why_audit_block', en('why_score_block', 88, 76))}`),
    );
  });

  it('a blocklisted site names the list entry', async () => {
    openActiveTab();
    answer({
      ...quiet,
      'tab.status': () =>
        tabStatus({
          kind: 'blocklisted',
          decision: {
            action: 'block',
            reason: 'blocklist',
            rule: { rule: 'userBlockList', entry: 'example-bank.test' },
          },
        }),
    });
    render(<PopupApp pollMs={10} />);
    await waitFor(() =>
      expect(whyLine()).toBe(`${en('whyDecision')}: ${en('why_user_blocklist', 'example-bank.test')}`),
    );
  });

  it('the daily scan limit is said in words', async () => {
    openActiveTab();
    answer({
      ...quiet,
      'tab.status': () =>
        tabStatus(
          { kind: 'checking', state: 'SUBMITTING', since: 1, waiting: 'credits', lastError: 'daily_budget' },
          { problem: { code: 'daily_budget', message: '', fix: 'none' } },
        ),
    });
    render(<PopupApp pollMs={10} />);
    expect(await screen.findByText(en('errDailyBudget'))).toBeTruthy();
  });
});

describe('options', () => {
  const entry: AuditEntry = {
    url: 'https://phish.example/login',
    host: 'phish.example',
    wouldBe: 'block',
    via: 'navigation',
    verdict: { scanId: 'scn_1', riskScore: 88, band: 'malicious', categories: ['phishing'] },
    reason: 'audit-only:band:malicious',
    rule: { rule: 'score', level: 'block', score: 88, threshold: 76 },
    at: Date.UTC(2026, 0, 2, 3, 4, 5),
  };
  const listed: AuditEntry = {
    ...entry,
    url: 'https://listed.example/',
    host: 'listed.example',
    wouldBe: 'warn',
    verdict: null,
    reason: 'audit-only:x',
    rule: undefined,
    at: entry.at - 1,
  };
  const base: Handlers = {
    'settings.get': () => settingsData({}, { auditOnly: true }),
    'settings.set': () => null,
    'ledger.get': () => [],
    'keys.list': () => [],
    'cache.stats': () => ({ count: 0 }),
  };

  it('audit-only list: each entry with what would have happened, the verdict and the rule in words; Clear asks, then empties it', async () => {
    let list = [entry, listed];
    const calls = answer({ ...base, 'audit.get': () => list, 'audit.clear': () => ((list = []), { cleared: true }) });
    optionsAt(en('sec_audit'));
    render(<OptionsApp />);
    const s = within(await screen.findByRole('region', { name: en('sec_audit') }));
    expect(await s.findByText(enCount('auditCount', 2))).toBeTruthy();
    const rows = [...document.querySelectorAll('section#audit tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent),
    );
    expect(rows).toEqual([
      [entry.url, en('auditWouldBlock'), en('auditVerdict', 88, en('band_malicious')), en('why_score_block', 88, 76)],
      [listed.url, en('auditWouldWarn'), '—', 'audit-only:x'], // no rule stored: its reason as it is
    ]);
    expect(s.queryByText(en('auditOff'))).toBeNull();
    fireEvent.click(s.getByRole('button', { name: en('clearAudit') }));
    fireEvent.click(s.getByRole('button', { name: en('confirm') }));
    expect(await s.findByText(enCount('auditCount', 0))).toBeTruthy();
    expect(sent(calls, 'audit.clear')).toHaveLength(1);
  });

  it('says when audit-only mode is off (nothing new is added)', async () => {
    answer({ ...base, 'settings.get': () => settingsData(), 'audit.get': () => [] });
    optionsAt(en('sec_audit'));
    render(<OptionsApp />);
    const s = within(await screen.findByRole('region', { name: en('sec_audit') }));
    expect(await s.findByText(en('auditOff'))).toBeTruthy();
  });

  it('minimum confidence to block: saved as a number', async () => {
    const calls = answer({ ...base, 'audit.get': () => [] });
    optionsAt(en('sec_protection'));
    render(<OptionsApp />);
    const p = within(await screen.findByRole('region', { name: en('sec_protection') }));
    fireEvent.change(p.getByLabelText(en('minBlockConfidence')), { target: { value: '0.6' } });
    await waitFor(() =>
      expect(sent(calls, 'settings.set').map((c) => (c as { patch: unknown }).patch)).toEqual([
        { minBlockConfidence: 0.6 },
      ]),
    );
  });

  it('minimum confidence to block: set by the policy, the person may only lower it', async () => {
    answer({
      ...base,
      'audit.get': () => [],
      'settings.get': () => settingsData({ managedKeys: ['minBlockConfidence'] }, { minBlockConfidence: 0.7 }),
    });
    optionsAt(en('sec_protection'));
    render(<OptionsApp />);
    const q = within(await screen.findByRole('region', { name: en('sec_protection') }));
    const input = q.getByLabelText(en('minBlockConfidence')) as HTMLInputElement;
    expect(input.disabled).toBe(false);
    expect(input.value).toBe('0.7');
    expect(input.max).toBe('0.7');
    expect(q.getByText(en('minBlockConfidenceHint') + ' ' + en('floorAtMost', '0.7'))).toBeTruthy();
  });
});
