// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { popupLayout } from '@/src/ui/popup/popup-layout';
import { POPUP_LAYOUT_EXAMPLES } from '@/src/ui/popup/popup-layout.examples';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '@/src/ui/popup/popup-app';
import type { ScanSummary, TabStatusData } from '@/src/shared/messaging/protocol';
import { answer, en, enCount, sent, setupUiTest, openActiveTab } from './helpers';
import { tabStatus, verdict } from './fixtures';

setupUiTest();
let tabId = 0;
beforeEach(() => {
  tabId = openActiveTab();
});

const quiet = {
  'history.get': () => [],
  'scans.list': () => ({ items: [], next: null }),
  'scan.progress': () => ({ total: 0, done: 0, flagged: 0, running: false }),
};
const shown = tabStatus({
  kind: 'verdict',
  verdict: verdict({ riskScore: 10, band: 'safe', categories: ['safe'] }),
  decision: { action: 'allow', reason: 'band:safe' },
});
/** Opens "More actions", where the less frequent actions wait (popup-layout.ts). */
async function openMore(): Promise<void> {
  const more = await screen.findByRole('button', { name: en('moreActions') });
  expect(more.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(more);
  expect(more.getAttribute('aria-expanded')).toBe('true');
}

const scan = (id: string, over: Partial<ScanSummary> = {}): ScanSummary => ({
  id,
  url: `https://${id}.test/`,
  state: 'COMPLETED',
  createdAt: null,
  riskScore: 5,
  band: 'safe',
  source: 'service',
  ...over,
});

describe('popup layout: what comes first, what waits behind "More actions"', () => {
  for (const ex of POPUP_LAYOUT_EXAMPLES) it(ex.name, () => expect(popupLayout(ex.facts)).toEqual(ex.expected));

  it('a safe page: Check again and the page check beside the verdict, the rest closed until asked for', async () => {
    answer({ ...quiet, 'tab.status': () => shown });
    render(<PopupApp pollMs={10} />);
    const first = within(await screen.findByRole('region', { name: en('actions') }));
    expect(first.getByRole('button', { name: en('checkAgain') }).className).toContain('btn-primary');
    expect(first.getByRole('button', { name: en('checkAllLinks') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en('trustSite', 'login.example-bank.test') })).toBeNull();
    expect(screen.queryByRole('button', { name: en('pauseHour') })).toBeNull();
    await openMore();
    expect(screen.getByRole('button', { name: en('trustSite', 'login.example-bank.test') })).toBeTruthy();
    expect(screen.getByRole('button', { name: en('pauseHour') })).toBeTruthy();
  });

  it('a page Linklens warned about: Report a mistake comes first', async () => {
    const risky = tabStatus({
      kind: 'verdict',
      verdict: verdict({ riskScore: 64, band: 'high', categories: ['scam'] }),
      decision: { action: 'warn', reason: 'band:high' },
    });
    answer({ ...quiet, 'tab.status': () => risky });
    render(<PopupApp pollMs={10} />);
    const first = within(await screen.findByRole('region', { name: en('actions') }));
    expect(first.getByRole('button', { name: en('reportMistake') })).toBeTruthy();
  });
});

describe('popup actions', () => {
  it('check again sends scan.url with force and the tab (its window decides incognito), and re-reads the status', async () => {
    const calls = answer({ ...quiet, 'tab.status': () => shown, 'scan.url': () => null });
    render(<PopupApp pollMs={10} />);
    fireEvent.click(await screen.findByRole('button', { name: en('checkAgain') }));
    await waitFor(() => expect(sent(calls, 'tab.status').length).toBe(2));
    expect(sent(calls, 'scan.url')).toEqual([
      { type: 'scan.url', url: shown.url, reason: 'popup', force: true, tabId },
    ]);
  });

  it('trust asks first and trusts the exact host by default', async () => {
    const calls = answer({ ...quiet, 'tab.status': () => shown, 'allowlist.add': () => null });
    render(<PopupApp pollMs={10} />);
    await openMore();
    fireEvent.click(await screen.findByRole('button', { name: en('trustSite', 'login.example-bank.test') }));
    expect(screen.getByRole('group', { name: en('trustAsk', 'login.example-bank.test') })).toBeTruthy();
    expect(sent(calls, 'allowlist.add')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: en('trustConfirm', 'login.example-bank.test') }));
    expect(await screen.findByText(en('trustedSite', 'login.example-bank.test'))).toBeTruthy();
    expect(sent(calls, 'allowlist.add')).toEqual([
      { type: 'allowlist.add', host: 'login.example-bank.test', scope: 'host' },
    ]);
  });

  it('the whole registrable domain only when chosen', async () => {
    const calls = answer({ ...quiet, 'tab.status': () => shown, 'allowlist.add': () => null });
    render(<PopupApp pollMs={10} />);
    await openMore();
    fireEvent.click(await screen.findByRole('button', { name: en('trustSite', 'login.example-bank.test') }));
    fireEvent.click(screen.getByLabelText(en('trustWholeSite', 'example-bank.test')));
    fireEvent.click(screen.getByRole('button', { name: en('trustConfirm', 'example-bank.test') }));
    await waitFor(() =>
      expect(sent(calls, 'allowlist.add')).toEqual([
        { type: 'allowlist.add', host: 'example-bank.test', scope: 'host' },
      ]),
    );
  });

  it('on a site Linklens warns about, the question says so; Cancel trusts nothing', async () => {
    const risky = tabStatus({
      kind: 'verdict',
      verdict: verdict({ riskScore: 64, band: 'high', categories: ['scam'] }),
      decision: { action: 'warn', reason: 'band:high' },
    });
    const calls = answer({ ...quiet, 'tab.status': () => risky, 'allowlist.add': () => null });
    render(<PopupApp pollMs={10} />);
    await openMore();
    fireEvent.click(await screen.findByRole('button', { name: en('trustSite', 'login.example-bank.test') }));
    expect(screen.getByText(en('trustRiskyVerdict', '64'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en('cancel') }));
    expect(screen.queryByRole('group', { name: en('trustAsk', 'login.example-bank.test') })).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(sent(calls, 'allowlist.add')).toEqual([]);
  });

  it('pause for one hour and until restart', async () => {
    const calls = answer({ ...quiet, 'tab.status': () => shown, 'pause.set': () => null });
    render(<PopupApp pollMs={10} />);
    await openMore();
    const before = Date.now();
    fireEvent.click(await screen.findByRole('button', { name: en('pauseHour') }));
    fireEvent.click(screen.getByRole('button', { name: en('pauseRestart') }));
    await waitFor(() => expect(sent(calls, 'pause.set').length).toBe(2));
    const [hour, restart] = sent(calls, 'pause.set') as { until: number | null }[];
    expect(hour!.until! - before).toBeGreaterThanOrEqual(3_600_000);
    expect(hour!.until! - before).toBeLessThan(3_700_000);
    expect(restart!.until).toBeNull();
  });

  it('a policy without pausing or trusting (canPause / canTrust false): neither control is offered', async () => {
    answer({ ...quiet, 'tab.status': () => ({ ...shown, canPause: false, canTrust: false }) });
    render(<PopupApp pollMs={10} />);
    await openMore();
    expect(await screen.findByRole('button', { name: en('checkAgain') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en('pauseHour') })).toBeNull();
    expect(screen.queryByRole('button', { name: en('pauseRestart') })).toBeNull();
    expect(screen.queryByRole('button', { name: en('trustSite', 'example-bank.test') })).toBeNull();
  });

  it('while paused: says until when, and resume sends 0', async () => {
    const paused: TabStatusData = { ...shown, pausedUntil: -1, status: { kind: 'skipped', reason: 'paused' } };
    const calls = answer({ ...quiet, 'tab.status': () => paused, 'pause.set': () => null });
    render(<PopupApp pollMs={10} />);
    expect(await screen.findByText(en('pausedUntilRestart'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en('resume') }));
    await waitFor(() => expect(sent(calls, 'pause.set')).toEqual([{ type: 'pause.set', until: 0 }]));
  });

  it('check all links: says how many links and credits first, sends nothing until the person agrees, then follows the progress', async () => {
    let done = 0;
    const calls = answer({
      ...quiet,
      'tab.status': () => shown,
      'scan.pagePreview': () => ({ total: 7, toSend: 3, known: 1, skipped: 3 }),
      'scan.pageLinks': () => ({ total: 4, done: 0, flagged: 0, running: true }),
      'scan.progress': () => {
        done = Math.min(4, done + 2);
        return { total: 4, done, flagged: 1, running: done < 4 };
      },
    });
    render(<PopupApp pollMs={10} />);
    fireEvent.click(await screen.findByRole('button', { name: en('checkAllLinks') }));
    expect(await screen.findByText(en('pageScanPreview', 7, 3, 1, 3))).toBeTruthy();
    expect(sent(calls, 'scan.pagePreview')).toEqual([{ type: 'scan.pagePreview', tabId }]);
    expect(sent(calls, 'scan.pageLinks')).toEqual([]); // counted, not sent
    fireEvent.click(screen.getByRole('button', { name: en('pageScanConfirm', 4) }));
    expect(await screen.findByText(enCount('pageScanCount', 4, 4, 4, 1))).toBeTruthy();
    expect(sent(calls, 'scan.pageLinks')).toEqual([{ type: 'scan.pageLinks', tabId }]);
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe('4');
  });

  it('check all links: Cancel after the count sends nothing', async () => {
    const calls = answer({
      ...quiet,
      'tab.status': () => shown,
      'scan.pagePreview': () => ({ total: 2, toSend: 2, known: 0, skipped: 0 }),
    });
    render(<PopupApp pollMs={10} />);
    fireEvent.click(await screen.findByRole('button', { name: en('checkAllLinks') }));
    fireEvent.click(await screen.findByRole('button', { name: en('pageScanCancel') }));
    expect(await screen.findByRole('button', { name: en('checkAllLinks') })).toBeTruthy();
    expect(sent(calls, 'scan.pageLinks')).toEqual([]);
  });

  it('shows why the page was not checked when a budget turned it away, and unusual spending today', async () => {
    const budgeted: TabStatusData = {
      ...tabStatus({ kind: 'skipped', reason: 'budget-tab' }),
      budget: {
        today: { navigations: 10, hovers: 3 },
        refusedToday: 50,
        refusedSites: [{ site: 'looper.test', refused: 50 }],
        tab: { scope: 'tab', kind: 'navigation', site: 'looper.test', at: Date.now() },
      },
    };
    answer({ ...quiet, 'tab.status': () => budgeted });
    render(<PopupApp pollMs={10} />);
    expect(await screen.findByText(en('budgetTabNavigation'))).toBeTruthy();
    expect(screen.getByText(en('skip_budget_tab'))).toBeTruthy();
    expect(screen.getByText(en('budgetUnusual', 50))).toBeTruthy();
    expect(screen.getByText(en('budgetUnusualSite', 'looper.test', 50))).toBeTruthy();
  });

  it('says nothing about budgets while pages stay within them', async () => {
    const calm: TabStatusData = {
      ...shown,
      budget: { today: { navigations: 4, hovers: 9 }, refusedToday: 0, refusedSites: [], tab: null },
    };
    answer({ ...quiet, 'tab.status': () => calm });
    render(<PopupApp pollMs={10} />);
    await screen.findByRole('button', { name: en('checkAgain') });
    expect(screen.queryByText(en('budgetUnusual', 0))).toBeNull();
    expect(document.querySelector('.budget')).toBeNull();
  });

  it('recent scans: local history first, then the service list, "More" follows the cursor', async () => {
    const calls = answer({
      ...quiet,
      'tab.status': () => shown,
      'history.get': () => [scan('local1', { source: 'local', state: 'QUEUED', band: null, riskScore: null })],
      'scans.list': (m: { cursor?: string }) =>
        m.cursor === 'c2'
          ? { items: [scan('svc2')], next: null }
          : { items: [scan('local1'), scan('svc1')], next: 'c2' },
    });
    render(<PopupApp pollMs={10} />);
    await openMore();
    await screen.findByText('https://svc1.test/');
    expect(screen.getByText('https://local1.test/')).toBeTruthy();
    expect(screen.getAllByRole('link').length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: en('more') }));
    await screen.findByText('https://svc2.test/');
    expect(sent(calls, 'scans.list')).toEqual([{ type: 'scans.list' }, { type: 'scans.list', cursor: 'c2' }]);
    expect(screen.queryByRole('button', { name: en('more') })).toBeNull();
  });

  it('a recent scan opens the report page for its id in a tab', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    answer({ ...quiet, 'tab.status': () => shown, 'scans.list': () => ({ items: [scan('scn_9')], next: null }) });
    render(<PopupApp pollMs={10} />);
    await openMore();
    fireEvent.click(await screen.findByText('https://scn_9.test/'));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({ url: 'chrome-extension://test-extension-id/report.html?id=scn_9' }),
    );
  });

  it('the service list failing still shows local history', async () => {
    answer({
      ...quiet,
      'tab.status': () => shown,
      'history.get': () => [scan('l1', { source: 'local' })],
      'scans.list': () => ({ ok: false, error: { code: 'forbidden', message: 'needs SCAN_READ' } }),
    });
    render(<PopupApp pollMs={10} />);
    await openMore();
    expect(await screen.findByText('needs SCAN_READ', { exact: false })).toBeTruthy();
    expect(screen.getByText('https://l1.test/')).toBeTruthy();
  });
});

describe('popup: history', () => {
  it('"All history" opens the history section of the options page', async () => {
    answer({ ...quiet, 'tab.status': () => shown });
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    render(<PopupApp pollMs={10} />);
    await openMore();
    fireEvent.click(await screen.findByRole('button', { name: en('allHistory') }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({ url: expect.stringMatching(/\/options\.html#history$/) }),
    );
  });
});

describe('popup: report a mistake', () => {
  it("with the organization's report address: asks for a rescan, then opens the form", async () => {
    const calls = answer({
      ...quiet,
      'tab.status': () => shown,
      'verdict.dispute': () => ({ reportUrl: 'https://help.example/r?s=scn_1', scanId: 'scn_1', url: shown.url }),
    });
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    render(<PopupApp pollMs={10} />);
    await openMore();
    fireEvent.click(await screen.findByRole('button', { name: en('reportMistake') }));
    await waitFor(() => expect(create).toHaveBeenCalledWith({ url: 'https://help.example/r?s=scn_1' }));
    // With its tab: the dispute follows that window's privacy (a private one's stays off disk).
    expect(sent(calls, 'verdict.dispute')).toEqual([
      { type: 'verdict.dispute', url: shown.url, scanId: verdict().scanId, tabId },
    ]);
  });

  it('without one: an editable report carrying the scan id and the address', async () => {
    answer({
      ...quiet,
      'tab.status': () => shown,
      'verdict.dispute': () => ({ reportUrl: null, scanId: verdict().scanId, url: shown.url }),
    });
    render(<PopupApp pollMs={10} />);
    await openMore();
    fireEvent.click(await screen.findByRole('button', { name: en('reportMistake') }));
    const box = (await screen.findByLabelText(en('disputeEditable'))) as HTMLTextAreaElement;
    expect(box.value).toContain(verdict().scanId);
    expect(box.value).toContain(shown.url);
  });
});
