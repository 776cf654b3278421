// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { OptionsApp } from '@/src/ui/options/options-app';
import type { LedgerEntry } from '@/src/shared/messaging/protocol';
import { answer, en, failReply, sent, setupUiTest, type Handlers } from './helpers';
import { settingsData } from './fixtures';

setupUiTest();

const base: Handlers = {
  'settings.get': () => settingsData({}, { allowlist: ['example.org'], strictMode: true }),
  'settings.set': () => null,
  'ledger.get': () => [],
  'keys.list': () => [],
  'credits.get': () => ({ balance: 10, raw: { balance: 10, currency: 'credits' } }),
  'account.get': () => ({}),
  'cache.stats': () => ({ count: 3 }),
};

async function section(name: string) {
  render(<OptionsApp />);
  return within(await screen.findByRole('region', { name }));
}

describe('options: protection and privacy', () => {
  it('each control saves its own setting', async () => {
    const calls = answer(base);
    const p = await section(en('sec_protection'));
    fireEvent.click(p.getByLabelText(en('scanHovers')));
    fireEvent.change(p.getByLabelText(en('warnThreshold')), { target: { value: '40' } });
    fireEvent.change(p.getByLabelText(en('strictFailMode')), { target: { value: 'block' } });
    fireEvent.click(p.getByLabelText(en('auditOnly')));
    await waitFor(() => expect(sent(calls, 'settings.set').map((c) => (c as { patch: unknown }).patch)).toEqual([
      { scanHovers: false }, { warnThreshold: 40 }, { strictFailMode: 'block' }, { auditOnly: true },
    ]));
    expect(p.getByLabelText(en('strictTimeout'))).toBeTruthy();
  });

  it('a rejected setting shows the reason', async () => {
    answer({ ...base, 'settings.set': () => failReply('invalid_message', 'warnThreshold must be ≤ blockThreshold') });
    const p = await section(en('sec_protection'));
    fireEvent.change(p.getByLabelText(en('warnThreshold')), { target: { value: '90' } });
    expect((await p.findByRole('alert')).textContent).toContain('warnThreshold must be ≤ blockThreshold');
  });

  it('privacy toggles, and sites added and removed by registrable domain', async () => {
    const calls = answer({ ...base, 'allowlist.add': () => null, 'allowlist.remove': () => null, 'blocklist.add': () => null });
    const p = await section(en('sec_privacy'));
    fireEvent.click(p.getByLabelText(en('scanPrivateHosts')));
    fireEvent.input(p.getByLabelText(en('addSiteLabel', en('blocklistTitle'))), { target: { value: 'https://login.evil.co.uk/path?x=1' } });
    fireEvent.click(p.getAllByRole('button', { name: en('add') })[1]!);
    fireEvent.click(p.getByRole('button', { name: en('removeSite', 'example.org') }));
    await waitFor(() => expect(sent(calls, 'blocklist.add')).toEqual([{ type: 'blocklist.add', host: 'evil.co.uk' }]));
    await waitFor(() => expect(sent(calls, 'allowlist.remove')).toEqual([{ type: 'allowlist.remove', host: 'example.org' }]));
    expect(sent(calls, 'settings.set')).toEqual([{ type: 'settings.set', patch: { scanPrivateHosts: true } }]);
  });

  it('an entry that is not a site is refused before sending', async () => {
    const calls = answer({ ...base, 'allowlist.add': () => null });
    const p = await section(en('sec_privacy'));
    fireEvent.input(p.getByLabelText(en('addSiteLabel', en('allowlistTitle'))), { target: { value: 'not a site' } });
    fireEvent.click(p.getAllByRole('button', { name: en('add') })[0]!);
    expect(await p.findByText(en('invalidSite'))).toBeTruthy();
    expect(sent(calls, 'allowlist.add')).toEqual([]);
  });

  it('policy entries of a list are locked; the person\'s own stay removable, and adding still works', async () => {
    answer({ ...base, 'settings.get': () => settingsData({ managedKeys: ['allowlist'], managedEntries: { allowlist: ['corp.example'], blocklist: [] } }, { allowlist: ['corp.example', 'mine.example'] }) });
    const p = await section(en('sec_privacy'));
    expect(p.getByText('corp.example')).toBeTruthy();
    expect(p.queryByRole('button', { name: en('removeSite', 'corp.example') })).toBeNull();
    expect(p.getByRole('button', { name: en('removeSite', 'mine.example') })).toBeTruthy();
    expect(p.getAllByText('Set by your organization').length).toBe(1);
    expect(p.getByLabelText(en('addSiteLabel', en('allowlistTitle')))).toBeTruthy();
  });

  it('without the entry list, a policy-extended list says so', async () => {
    answer({ ...base, 'settings.get': () => settingsData({ managedKeys: ['blocklist'] }) });
    const p = await section(en('sec_privacy'));
    expect(p.getByText(en('listOrgNote'))).toBeTruthy();
  });

  it('lockAll locks both lists entirely', async () => {
    answer({ ...base, 'settings.get': () => settingsData({ lockAll: true }, { allowlist: ['corp.example'] }) });
    const p = await section(en('sec_privacy'));
    expect(p.queryByRole('button', { name: en('removeSite', 'corp.example') })).toBeNull();
    expect(p.queryByLabelText(en('addSiteLabel', en('allowlistTitle')))).toBeNull();
  });
});

describe('options: policy-only keys', () => {
  it('not shown when no policy sets them', async () => {
    answer(base);
    render(<OptionsApp />);
    await screen.findByRole('region', { name: en('sec_protection') });
    expect(screen.queryByLabelText(en('allowPause'))).toBeNull();
    expect(screen.queryByLabelText(en('allowUserAllowlist'))).toBeNull();
  });

  it('set by a policy: shown locked, "Set by your organization"; the person\'s allowlist is locked too', async () => {
    answer({ ...base, 'settings.get': () => settingsData({ managedKeys: ['allowPause', 'allowUserAllowlist'] }, { allowPause: false, allowUserAllowlist: false, allowlist: [] }) });
    render(<OptionsApp />);
    await screen.findByRole('region', { name: en('sec_protection') });
    for (const key of ['allowPause', 'allowUserAllowlist']) {
      const box = screen.getByLabelText(en(key)) as HTMLInputElement;
      expect(box.disabled).toBe(true);
      expect(box.checked).toBe(false);
      expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(en('lockedByOrg'));
    }
    expect(screen.queryByLabelText(en('addSiteLabel', en('allowlistTitle')))).toBeNull();
    expect(screen.getByLabelText(en('addSiteLabel', en('blocklistTitle')))).toBeTruthy();
  });
});

describe('options: ledger', () => {
  const entries: LedgerEntry[] = [
    { url: 'https://a.test/', at: Date.UTC(2025, 0, 1), reason: 'navigation' },
    { url: 'https://b.test/<b>x</b>', at: Date.UTC(2025, 0, 2), reason: 'hover' },
  ];

  it('shows the URLs sent, exports them as a JSON download, clears after confirmation', async () => {
    let ledger = [...entries];
    const calls = answer({ ...base, 'ledger.get': () => ledger, 'ledger.clear': () => { ledger = []; return null; } });
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:ledger');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const l = await section(en('sec_ledger'));
    expect(await l.findByText('https://b.test/<b>x</b>')).toBeTruthy();
    expect(l.getByText(en('ledgerCount', 2))).toBeTruthy();

    fireEvent.click(l.getByRole('button', { name: en('exportLedger') }));
    const blob = createUrl.mock.calls[0]![0] as Blob;
    expect(JSON.parse(await blob.text())).toEqual([entries[1], entries[0]]);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('linklens-ledger.json');

    fireEvent.click(l.getByRole('button', { name: en('clearLedger') }));
    fireEvent.click(l.getByRole('button', { name: en('confirm') }));
    await waitFor(() => expect(l.getByText(en('ledgerCount', 0))).toBeTruthy());
    expect(sent(calls, 'ledger.clear').length).toBe(1);
  });
});

describe('options: credits and cache', () => {
  it('shows the balance, buys credits and shows the result', async () => {
    let balance = 10;
    const calls = answer({ ...base, 'credits.get': () => ({ balance, raw: { balance } }), 'credits.purchase': (m: { amount: number }) => { balance += m.amount; return { purchased: m.amount, balance }; } });
    const c = await section(en('sec_credits'));
    expect(await c.findByText(en('creditsBalance', '10'))).toBeTruthy();
    fireEvent.change(c.getByLabelText(en('buyAmount')), { target: { value: '250' } });
    fireEvent.click(c.getByRole('button', { name: en('buyCredits') }));
    expect(await c.findByText(en('purchaseDone'))).toBeTruthy();
    expect(c.getByText('purchased')).toBeTruthy();
    expect(await c.findByText(en('creditsBalance', '260'))).toBeTruthy();
    expect(sent(calls, 'credits.purchase')).toEqual([{ type: 'credits.purchase', amount: 250 }]);
  });

  it('a failed purchase says why', async () => {
    answer({ ...base, 'credits.purchase': () => failReply('forbidden', 'Key lacks CREDITS') });
    const c = await section(en('sec_credits'));
    fireEvent.click(c.getByRole('button', { name: en('buyCredits') }));
    expect((await c.findByRole('alert')).textContent).toContain('Key lacks CREDITS');
  });

  it('cache: count and clear', async () => {
    let count = 3;
    const calls = answer({ ...base, 'cache.stats': () => ({ count }), 'cache.clear': () => { count = 0; return null; } });
    const c = await section(en('sec_cache'));
    expect(await c.findByText(en('cacheCount', 3))).toBeTruthy();
    fireEvent.click(c.getByRole('button', { name: en('clearCache') }));
    expect(await c.findByText(en('cacheCount', 0))).toBeTruthy();
    expect(c.getByText(en('cacheCleared'))).toBeTruthy();
    expect(sent(calls, 'cache.clear').length).toBe(1);
  });
});

describe('options: settings import and export', () => {
  it('export leaves out the API key', async () => {
    answer({ ...base, 'settings.get': () => settingsData({}, { apiKey: 'should-not-be-here' } as never) });
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:settings');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const b = await section(en('sec_backup'));
    fireEvent.click(b.getByRole('button', { name: en('exportSettings') }));
    await waitFor(() => expect(createUrl).toHaveBeenCalled());
    const json = JSON.parse(await (createUrl.mock.calls[0]![0] as Blob).text());
    expect(json).not.toHaveProperty('apiKey');
    expect(json.serviceUrl).toBe('https://scanner.example.com');
  });

  it('import reports the fields it did not apply', async () => {
    answer({ ...base, 'settings.import': () => ({ ...settingsData(), refused: { auditOnly: 'set by your organization' } }) });
    const b = await section(en('sec_backup'));
    fireEvent.change(b.getByLabelText(en('importSettings')), { target: { files: [new File(['{"auditOnly": true}'], 's.json')] } });
    const notice = await b.findByText(en('importedExcept'), { exact: false });
    expect(notice.closest('.notice')!.textContent).toContain('auditOnly: set by your organization');
  });

  it('import sends the file text and reports the outcome', async () => {
    const calls = answer({ ...base, 'settings.import': () => failReply('invalid_settings', 'hoverDelayMs: too small') });
    const b = await section(en('sec_backup'));
    const file = new File(['{"hoverDelayMs": 1}'], 'settings.json', { type: 'application/json' });
    fireEvent.change(b.getByLabelText(en('importSettings')), { target: { files: [file] } });
    expect((await b.findByRole('alert')).textContent).toContain('hoverDelayMs: too small');
    expect(sent(calls, 'settings.import')).toEqual([{ type: 'settings.import', json: '{"hoverDelayMs": 1}' }]);
  });
});
