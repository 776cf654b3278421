// @vitest-environment happy-dom
/**
 * docs/decisions/017-surfaces.md: the pages rendered in every non-English locale show no English message
 * text and no raw message key, and their dates, numbers and counts follow the language (Intl in
 * the browser's UI language, plural forms by Intl.PluralRules). The locale files themselves are
 * checked in locales.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/preact';
import { PopupApp } from '@/src/ui/popup/popup-app';
import { OptionsApp } from '@/src/ui/options/options-app';
import { BlockedApp } from '@/src/ui/blocked/blocked-app';
import { ReportApp } from '@/src/ui/report/report-app';
import { mount } from '@/src/ui/mount';
import type { ScanSummary } from '@/src/shared/messaging/protocol';
import { answer, format, openActiveTab, readLocale, setupUiTest, type Handlers } from './helpers';
import { blockedDetails, settingsData, tabStatus, verdict } from './fixtures';
import { NON_ENGLISH, englishIn, rawKeysIn, visibleTexts } from './locale-checks';

const CHECKED = Date.UTC(2025, 0, 2, 3, 4, 5);
const scanSummary = (id: string, over: Partial<ScanSummary> = {}): ScanSummary => ({
  id,
  url: `https://${id}.test/`,
  state: 'COMPLETED',
  createdAt: '2025-01-02T03:04:05.000Z',
  riskScore: 64,
  band: 'high',
  source: 'service',
  ...over,
});

const options: Handlers = {
  'settings.get': () => settingsData({}, { allowlist: ['example.org'], blocklist: ['evil.test'], strictMode: true }),
  'settings.set': () => null,
  'ledger.get': () => [
    { url: 'https://a.test/', at: CHECKED, reason: 'navigation' },
    { url: 'https://b.test/', at: CHECKED + 1000, reason: 'hover' },
    { url: 'https://c.test/', at: CHECKED + 2000, reason: 'menu' },
  ],
  'keys.list': () => [
    {
      id: '11111111-1111-1111-1111-111111111111',
      name: 'laptop',
      scopes: ['SCAN_WRITE'],
      createdAt: '2025-01-02T03:04:05.000Z',
      raw: {},
    },
  ],
  'credits.get': () => ({ balance: 1234567, raw: { balance: 1234567 } }),
  'account.get': () => ({ domain: 'example.com', retentionDays: 30 }),
  'cache.stats': () => ({ count: 1 }),
  'audit.get': () => [
    {
      url: 'https://d.test/',
      host: 'd.test',
      wouldBe: 'block',
      via: 'navigation',
      verdict: { scanId: 'scn_d', riskScore: 88, band: 'malicious', categories: ['phishing'] },
      reason: 'audit-only:band:malicious',
      rule: { rule: 'score', level: 'block', score: 88, threshold: 76 },
      at: CHECKED,
    },
    {
      url: 'https://e.test/',
      host: 'e.test',
      wouldBe: 'block',
      via: 'navigation',
      verdict: null,
      reason: 'audit-only:blocklist',
      rule: { rule: 'orgBlockList', entry: 'e.test' },
      at: CHECKED,
    },
    {
      url: 'https://f.test/',
      host: 'f.test',
      wouldBe: 'warn',
      via: 'hover',
      verdict: { scanId: 'scn_f', riskScore: 60, band: 'high', categories: ['scam'] },
      reason: 'audit-only:band:high',
      rule: { rule: 'score', level: 'warn', score: 60, threshold: 51 },
      at: CHECKED,
    },
  ],
  'exceptions.list': () => ({
    allowed: true,
    items: [
      { kind: 'exception', host: 'phish.test', url: null, since: CHECKED, until: -1 },
      { kind: 'pass', host: 'bad.test', url: 'https://bad.test/x', since: CHECKED, until: CHECKED + 15_000 },
    ],
  }),
};

/** Everything on the page is in `lang`: no English message, no message key. */
function expectOnlyLocaleText(lang: string) {
  const texts = visibleTexts();
  expect(englishIn(texts, lang)).toEqual([]);
  expect(rawKeysIn(texts)).toEqual([]);
}

for (const lang of NON_ENGLISH) {
  describe(`pages in ${lang}`, () => {
    setupUiTest(lang);
    const locale = readLocale(lang);
    // Testing Library's queries fold every kind of space (the no-break spaces of French typography
    // and of Intl's numbers) into one plain space in the page's text; the expected text likewise.
    const spaces = (s: string) => s.replace(/\s+/g, ' ').trim();
    const english = readLocale('en');
    /** The locale's text of a key (English where the locale lacks it, as the browser does). */
    const L = (key: string, ...subs: (string | number)[]) =>
      spaces(format(locale[key] ?? english[key], subs.map(String)));
    /** The plural form Intl.PluralRules picks for `count` in this language. */
    const Ln = (key: string, count: number, ...subs: (string | number)[]) =>
      spaces(
        format(
          locale[`${key}_${new Intl.PluralRules(lang).select(count)}`] ?? locale[`${key}_other`],
          subs.map(String),
        ),
      );
    const percent = (n: number) =>
      spaces(new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(n));
    const dateTime = (ms: number) => spaces(new Date(ms).toLocaleString(lang));

    it('popup with a verdict, recent scans and a page check in progress', async () => {
      openActiveTab();
      answer({
        'tab.status': () =>
          tabStatus(
            {
              kind: 'verdict',
              verdict: verdict({ checkedAt: CHECKED }),
              decision: {
                action: 'warn',
                reason: 'low-confidence',
                rule: { rule: 'lowConfidence', score: 88, threshold: 76, confidence: 0.41, minConfidence: 0.6 },
              },
            },
            { credits: 4321 },
          ),
        'history.get': () => [scanSummary('local1', { source: 'local', state: 'QUEUED', band: null, riskScore: null })],
        'scans.list': () => ({ items: [scanSummary('scn_1')], next: 'c2' }),
        'scan.progress': () => ({ total: 1, done: 1, flagged: 0, running: false }),
      });
      render(<PopupApp pollMs={10} />);
      expect(await screen.findByText(L('action_warn'))).toBeTruthy();
      expect(await screen.findByText(Ln('pageScanCount', 1, 1, 1, 0))).toBeTruthy();
      await screen.findByText(/scn_1\.test/);
      expect(screen.getByText(L('creditsBalance', (4321).toLocaleString(lang)))).toBeTruthy();
      expect(screen.getByText(percent(0.93))).toBeTruthy();
      expect(screen.getByText(L('why_low_confidence', 88, 76, percent(0.41), percent(0.6)))).toBeTruthy();
      expect(screen.getByText(dateTime(CHECKED))).toBeTruthy();
      expectOnlyLocaleText(lang);
    });

    it('popup before set-up', async () => {
      openActiveTab();
      answer({ 'tab.status': () => tabStatus({ kind: 'skipped', reason: 'not-configured' }, { configured: false }) });
      render(<PopupApp pollMs={10} />);
      expect(await screen.findByRole('button', { name: L('setupAction') })).toBeTruthy();
      expectOnlyLocaleText(lang);
    });

    it('popup while paused', async () => {
      openActiveTab();
      const until = Date.now() + 3_600_000;
      answer({
        'tab.status': () => tabStatus({ kind: 'skipped', reason: 'paused' }, { pausedUntil: until }),
        'history.get': () => [],
        'scans.list': () => ({ items: [], next: null }),
        'scan.progress': () => ({ total: 0, done: 0, flagged: 0, running: false }),
      });
      render(<PopupApp pollMs={10} />);
      const clock = spaces(new Date(until).toLocaleTimeString(lang, { hour: 'numeric', minute: '2-digit' }));
      expect(await screen.findByText(L('pausedUntil', clock))).toBeTruthy();
      expectOnlyLocaleText(lang);
    });

    it('options with every section loaded', async () => {
      answer(options);
      render(<OptionsApp />);
      expect(await screen.findByText(Ln('ledgerCount', 3, 3))).toBeTruthy();
      expect(await screen.findByText('laptop')).toBeTruthy();
      expect(await screen.findByText(L('creditsBalance', (1234567).toLocaleString(lang)))).toBeTruthy();
      expect(await screen.findByText(Ln('cacheCount', 1, 1))).toBeTruthy();
      expect(await screen.findByLabelText('domain')).toBeTruthy();
      expect(screen.getByText(L('reason_hover'))).toBeTruthy();
      expect(await screen.findByText(Ln('auditCount', 3, 3))).toBeTruthy();
      expect(screen.getByText(L('why_org_blocklist', 'e.test'))).toBeTruthy();
      expect(screen.getAllByText(dateTime(CHECKED)).length).toBeGreaterThan(0);
      expect(await screen.findByText(Ln('exceptionsCount', 2, 2))).toBeTruthy();
      expect(screen.getByText(L('exceptionUntilRestart'))).toBeTruthy();
      // Exceptions is in the Lists group, hidden while Connection is shown (but rendered).
      expect(screen.getByRole('button', { name: L('revokeException', 'phish.test'), hidden: true })).toBeTruthy();
      expectOnlyLocaleText(lang);
    });

    it('options before a connection', async () => {
      answer({ ...options, 'settings.get': () => settingsData({ apiKeyHint: null }, { serviceUrl: '' }) });
      render(<OptionsApp />);
      await waitFor(() => expect(screen.getAllByText(L('connectFirst')).length).toBe(3));
      expectOnlyLocaleText(lang);
    });

    it('blocked page', async () => {
      answer({
        'blocked.details': () => blockedDetails({ rule: { rule: 'score', level: 'block', score: 91, threshold: 76 } }),
      });
      render(<BlockedApp search="?t=tok_123" />);
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(L('headline_phishing'));
      expect(screen.getByText(L('why_score_block', 91, 76))).toBeTruthy();
      expect(screen.getByText(dateTime(CHECKED))).toBeTruthy();
      expectOnlyLocaleText(lang);
    });

    it('report page: a completed scan with analytics, and the outcomes that made no scan', async () => {
      const id = 'scn_0f8c2a8e-6c1d-4b8e-9f1a-2b3c4d5e6f70';
      answer({
        'scan.get': () => ({
          id,
          url: 'https://suspect.test/',
          state: 'COMPLETED',
          createdAt: '2025-01-02T03:04:05.000Z',
          extra: {},
          result: {
            riskScore: 64,
            band: 'high',
            confidence: 0.81,
            categories: ['scam'],
            reasoning: 'Fake prize page.',
            indicators: ['countdown timer'],
          },
        }),
        'scan.analytics': () => ({ views: 3 }),
      });
      const report = render(<ReportApp search={`?id=${id}`} pollMs={5} />);
      expect(await screen.findByText('Fake prize page.')).toBeTruthy();
      expect(await screen.findByText('views')).toBeTruthy();
      expect(screen.getByText(percent(0.81))).toBeTruthy();
      expectOnlyLocaleText(lang);
      report.unmount();

      for (const search of ['?skipped=paused', '?skipped=blocklisted', '?error=unauthorized', '?error=not_a_url']) {
        const view = render(<ReportApp search={search} />);
        expectOnlyLocaleText(lang);
        view.unmount();
      }
    });

    it('mount() sets the page language and title from the locale', () => {
      const app = document.createElement('div');
      app.id = 'app';
      document.body.append(app);
      mount(<p>{'x'}</p>, 'optionsTitle');
      expect(document.documentElement.lang).toBe(lang);
      expect(document.title).toBe(`${L('optionsTitle')} – Linklens`);
      expectOnlyLocaleText(lang);
      app.remove();
    });
  });
}
