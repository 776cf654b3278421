// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PopupApp } from '@/src/ui/popup/popup-app';
import type { TabStatusData } from '@/src/shared/messaging/protocol';
import { answer, en, failReply, openActiveTab, sent, setupUiTest } from './helpers';
import { tabStatus, verdict } from './fixtures';

setupUiTest();
beforeEach(() => {
  openActiveTab();
});

const quiet = {
  'history.get': () => [],
  'scans.list': () => ({ items: [], next: null }),
  'scan.progress': () => ({ total: 0, done: 0, flagged: 0, running: false }),
};

describe('popup states', () => {
  it('not configured: a clear "Set up Linklens" call to action that opens settings', async () => {
    const open = vi.fn(async () => undefined);
    (fakeBrowser.runtime as unknown as Record<string, unknown>).openOptionsPage = open;
    answer({
      ...quiet,
      'tab.status': () => tabStatus({ kind: 'skipped', reason: 'not-configured' }, { configured: false }),
    });
    render(<PopupApp pollMs={10} />);
    const cta = await screen.findByRole('button', { name: en('setupAction') });
    expect(screen.getByRole('heading', { name: 'Set up Linklens' })).toBeTruthy();
    fireEvent.click(cta);
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(screen.queryByText(en('checkAgain'))).toBeNull();
  });

  it('a link wrapper: says where it leads (docs/decisions/003-every-hop.md)', async () => {
    answer({
      ...quiet,
      'tab.status': () =>
        tabStatus(
          { kind: 'verdict', verdict: verdict(), decision: { action: 'allow', reason: 'band:safe' } },
          { leadsTo: 'shop.example' },
        ),
    });
    render(<PopupApp pollMs={10} />);
    expect(await screen.findByText(en('leadsTo', 'shop.example'))).toBeTruthy();
  });

  it('not checked yet', async () => {
    answer({ ...quiet, 'tab.status': () => tabStatus({ kind: 'unchecked' }) });
    render(<PopupApp pollMs={10} />);
    expect(await screen.findByText(en('statusUnchecked'))).toBeTruthy();
    expect(document.querySelector('.leads-to')).toBeNull();
    expect(screen.getByText(en('creditsBalance', '42'))).toBeTruthy();
  });

  it('skipped, with why', async () => {
    answer({ ...quiet, 'tab.status': () => tabStatus({ kind: 'skipped', reason: 'private-host' }) });
    render(<PopupApp pollMs={10} />);
    expect(await screen.findByText(en('skip_private_host'))).toBeTruthy();
    expect(screen.getByText(en('statusSkipped'))).toBeTruthy();
  });

  it('checking re-polls tab.status until the verdict arrives, showing the raw state meanwhile', async () => {
    let n = 0;
    const calls = answer({
      ...quiet,
      'tab.status': () =>
        ++n < 3
          ? tabStatus({ kind: 'checking', state: n === 1 ? 'QUEUED' : 'ANALYZING', since: 1 })
          : tabStatus({ kind: 'verdict', verdict: verdict(), decision: { action: 'block', reason: 'band:malicious' } }),
    });
    render(<PopupApp pollMs={10} />);
    expect(await screen.findByText(en('statusChecking'))).toBeTruthy();
    expect(await screen.findByText(en('action_block'))).toBeTruthy();
    expect(sent(calls, 'tab.status').length).toBe(3);
    expect(screen.getByRole('img', { name: en('scoreAria', 88, 'Malicious') })).toBeTruthy();
  });

  it('stops polling when unmounted', async () => {
    const calls = answer({ ...quiet, 'tab.status': () => tabStatus({ kind: 'checking', state: 'QUEUED', since: 1 }) });
    const view = render(<PopupApp pollMs={10} />);
    await screen.findByText(en('statusChecking'));
    view.unmount();
    await new Promise((r) => setTimeout(r, 0)); // a request already in flight may still land
    const count = sent(calls, 'tab.status').length;
    await new Promise((r) => setTimeout(r, 60));
    expect(sent(calls, 'tab.status').length).toBe(count);
  });

  it('verdict: gauge, band text, categories, confidence, reasoning, indicators', async () => {
    answer({
      ...quiet,
      'tab.status': () =>
        tabStatus({ kind: 'verdict', verdict: verdict(), decision: { action: 'warn', reason: 'band:high' } }),
    });
    render(<PopupApp pollMs={10} />);
    expect(await screen.findByText(en('action_warn'))).toBeTruthy();
    expect(screen.getByText('Phishing')).toBeTruthy();
    expect(screen.getByText('93%')).toBeTruthy();
    expect(screen.getByText('Imitates a bank login page.')).toBeTruthy();
    expect(screen.getByText('new domain')).toBeTruthy();
    expect(screen.getAllByText('Malicious').length).toBeGreaterThan(0);
  });

  it('blocklisted: blocked without asking the service, said in words', async () => {
    answer({
      ...quiet,
      'tab.status': () => tabStatus({ kind: 'blocklisted', decision: { action: 'block', reason: 'blocklist' } }),
    });
    render(<PopupApp pollMs={10} />);
    expect(await screen.findByText(en('statusBlocklisted'))).toBeTruthy();
    expect(screen.getByText(en('action_block'))).toBeTruthy();
  });

  it('failed and timed out', async () => {
    let status: TabStatusData = tabStatus({ kind: 'failed', message: 'Upstream crawler error' });
    answer({ ...quiet, 'tab.status': () => status });
    const view = render(<PopupApp pollMs={10} />);
    expect(await screen.findByText(en('statusFailed'))).toBeTruthy();
    expect(screen.getByText('Upstream crawler error', { exact: false })).toBeTruthy();
    view.unmount();
    status = tabStatus({ kind: 'timed_out' });
    render(<PopupApp pollMs={10} />);
    expect(await screen.findByText(en('statusTimedOut'))).toBeTruthy();
  });

  it('error with the fix: "API key rejected — open settings"', async () => {
    const open = vi.fn(async () => undefined);
    (fakeBrowser.runtime as unknown as Record<string, unknown>).openOptionsPage = open;
    answer({ ...quiet, 'tab.status': () => tabStatus({ kind: 'error', code: 'unauthorized', message: 'HTTP 401' }) });
    render(<PopupApp pollMs={10} />);
    expect(await screen.findByText(en('errUnauthorized'))).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('HTTP 401');
    fireEvent.click(screen.getAllByRole('button', { name: en('openSettings') })[0]!);
    await waitFor(() => expect(open).toHaveBeenCalled());
  });

  it('a standing problem with a credits fix offers to buy credits', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    answer({
      ...quiet,
      'tab.status': () =>
        tabStatus(
          { kind: 'unchecked' },
          { problem: { code: 'payment_required', message: 'No credits left', fix: 'credits' } },
        ),
    });
    render(<PopupApp pollMs={10} />);
    fireEvent.click(await screen.findByRole('button', { name: en('buyCredits') }));
    await waitFor(() => expect(create).toHaveBeenCalledWith({ url: expect.stringMatching(/options\.html#credits$/) }));
    expect(screen.getByText(en('errCredits'))).toBeTruthy();
  });

  it('a failing background reply is shown, not a blank popup', async () => {
    answer({ ...quiet, 'tab.status': () => failReply('internal', 'boom') });
    render(<PopupApp pollMs={10} />);
    expect((await screen.findByRole('alert')).textContent).toContain('boom');
  });

  it('renders reasoning containing HTML as text', async () => {
    const evil = '<img src=x onerror="alert(1)"><b>bold</b>';
    answer({
      ...quiet,
      'tab.status': () =>
        tabStatus({
          kind: 'verdict',
          verdict: verdict({ reasoning: evil, indicators: ['<script>x</script>'] }),
          decision: { action: 'block', reason: 'band:malicious' },
        }),
    });
    const { container } = render(<PopupApp pollMs={10} />);
    expect(await screen.findByText(evil)).toBeTruthy();
    expect(container.querySelector('img, b, script')).toBeNull();
  });
});
