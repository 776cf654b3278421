// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/preact';
import { ReportApp } from '@/src/ui/report/report-app';
import type { ScanViewData } from '@/src/shared/messaging/protocol';
import { answer, en, failReply, sent, setupUiTest } from './helpers';

setupUiTest();

const ID = 'scn_0f8c2a8e-6c1d-4b8e-9f1a-2b3c4d5e6f70';
const job = (state: string, over: Partial<ScanViewData> = {}): ScanViewData => ({
  id: ID,
  url: 'https://suspect.test/',
  state,
  createdAt: '2025-01-02T03:04:05.000Z',
  result: null,
  extra: {},
  ...over,
});
const result = {
  riskScore: 64,
  band: 'high' as const,
  confidence: 0.81,
  categories: ['scam'],
  reasoning: 'Fake prize page.',
  indicators: ['countdown timer'],
};

describe('report page', () => {
  it('follows the scan live: QUEUED → an unknown state shown raw → COMPLETED, then the result and analytics', async () => {
    const states = ['QUEUED', 'QUEUED', 'CRAWLING', 'COMPLETED'];
    let i = 0;
    const calls = answer({
      'scan.get': () => {
        const state = states[Math.min(i++, states.length - 1)]!;
        return job(state, state === 'COMPLETED' ? { result, extra: { engine: 'v2' } } : {});
      },
      'scan.analytics': () => ({
        views: 3,
        geo: { country: 'DE', asn: { number: 3320, name: 'DTAG' } },
        hops: ['a.test', 'b.test'],
      }),
    });
    render(<ReportApp search={`?id=${ID}`} pollMs={5} />);
    expect(await screen.findByText('Fake prize page.')).toBeTruthy();
    const timeline = screen.getByRole('list', { name: en('progress') });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['QUEUED', 'CRAWLING', 'COMPLETED']);
    expect(screen.getByText('Scam')).toBeTruthy();
    expect(screen.getByText('81%')).toBeTruthy();
    expect(screen.getByText('engine')).toBeTruthy();

    const analytics = within(await screen.findByRole('region', { name: en('analytics') }));
    expect(await analytics.findByText('DTAG')).toBeTruthy();
    expect(analytics.getByText('asn')).toBeTruthy();
    expect(analytics.getByText('b.test')).toBeTruthy();
    expect(sent(calls, 'scan.get').length).toBe(4);
    expect(sent(calls, 'scan.analytics')).toEqual([{ type: 'scan.analytics', id: ID }]);
  });

  it('shows the raw unknown state while it lasts', async () => {
    answer({ 'scan.get': () => job('SCANNING_DEEP') });
    render(<ReportApp search={`?id=${ID}`} pollMs={5} />);
    expect(await screen.findAllByText('SCANNING_DEEP')).toBeTruthy();
    expect(screen.getByText(en('stillWorking'))).toBeTruthy();
    expect(screen.queryByRole('region', { name: en('analytics') })).toBeNull();
  });

  it('FAILED stops polling and says so, with what the service said', async () => {
    const calls = answer({
      'scan.get': () => job('FAILED', { extra: { reason: 'DNS lookup failed' } }),
      'scan.analytics': () => ({}),
    });
    render(<ReportApp search={`?id=${ID}`} pollMs={5} />);
    expect(await screen.findByText(en('scanFailed'))).toBeTruthy();
    expect(screen.getByText('DNS lookup failed')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 40));
    expect(sent(calls, 'scan.get').length).toBe(1);
  });

  it('analytics failing is shown without hiding the result', async () => {
    answer({
      'scan.get': () => job('COMPLETED', { result }),
      'scan.analytics': () => failReply('forbidden', 'needs SCAN_READ'),
    });
    render(<ReportApp search={`?id=${ID}`} pollMs={5} />);
    expect(await screen.findByText('needs SCAN_READ', { exact: false })).toBeTruthy();
    expect(screen.getByText('Fake prize page.')).toBeTruthy();
  });

  it('an error reply offers to try again', async () => {
    let fail = true;
    answer({
      'scan.get': () => (fail ? failReply('network', 'offline') : job('COMPLETED', { result })),
      'scan.analytics': () => ({}),
    });
    render(<ReportApp search={`?id=${ID}`} pollMs={5} />);
    expect((await screen.findByRole('alert')).textContent).toContain('offline');
    fail = false;
    screen.getByRole('button', { name: en('tryAgain') }).click();
    expect(await screen.findByText('Fake prize page.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  for (const search of ['', '?id=', '?id=../../etc', '?id=a&id=b', `?id=${'x'.repeat(300)}`]) {
    it(`an invalid query string (${search.slice(0, 20) || 'empty'}) shows a clear message and asks nothing`, async () => {
      const calls = answer({ 'scan.get': () => job('QUEUED') });
      render(<ReportApp search={search} pollMs={5} />);
      expect(await screen.findByText(en('reportNoId'))).toBeTruthy();
      expect(calls).toEqual([]);
    });
  }
});

describe('report page without a scan: the context menu outcome in words (docs/decisions/017-surfaces.md)', () => {
  it.each([
    ['?skipped=paused', en('reportNotChecked', en('skip_paused')), true],
    ['?skipped=not-configured', en('reportNotChecked', en('skip_not_configured')), true],
    ['?skipped=intranet', en('reportNotChecked', en('skip_intranet')), true],
    ['?skipped=scheme', en('reportNotChecked', en('skip_scheme')), false],
    ['?skipped=blocklisted', en('reportBlocklisted'), false],
    ['?error=not_a_url', en('reportNotAUrl'), false],
    ['?error=key_rejected', `${en('reportCheckFailed')} ${en('errUnauthorized')}`, true],
    ['?error=insufficient_credits', `${en('reportCheckFailed')} ${en('errCredits')}`, true],
    ['?error=network', `${en('reportCheckFailed')} ${en('errNetwork')}`, false],
    ['?error=made_up_code', `${en('reportCheckFailed')} ${en('errGeneric')}`, false],
    ['?skipped=<script>', en('reportNoId'), false],
  ])('%s → the reason and, where the settings can change it, "Open settings"', (search, text, settings) => {
    const calls = answer({});
    render(<ReportApp search={search} />);
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: en('openSettings') }) !== null).toBe(settings);
    expect(screen.queryByText(en('reportNoId')) !== null).toBe(text === en('reportNoId'));
    expect(calls).toEqual([]);
  });
});
