// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { OptionsApp } from '@/src/ui/options/options-app';
import type { ConnectionTestData, Reply } from '@/src/shared/messaging/protocol';
import { answer, en, enCount, failReply, okReply, sent, setupUiTest, type Handlers } from './helpers';
import { settingsData } from './fixtures';

setupUiTest();

const background: Handlers = {
  'settings.get': () => settingsData(),
  'settings.set': () => null,
  'ledger.get': () => [],
  'keys.list': () => [],
  'credits.get': () => ({ balance: 10, raw: { balance: 10 } }),
  'account.get': () => ({}),
  'cache.stats': () => ({ count: 0 }),
};

async function connection() {
  render(<OptionsApp />);
  const section = await screen.findByRole('region', { name: en('sec_connection') });
  return within(section);
}

describe('options: connection', () => {
  it('has inputs labelled exactly "Service URL" and "API key"; Save sends both', async () => {
    const calls = answer(background);
    const c = await connection();
    const url = c.getByLabelText('Service URL') as HTMLInputElement;
    const key = c.getByLabelText('API key') as HTMLInputElement;
    expect(url.value).toBe('https://scanner.example.com');
    expect(key.value).toBe('');
    expect(key.type).toBe('password');
    fireEvent.input(url, { target: { value: 'https://scan.example.org ' } });
    fireEvent.input(key, { target: { value: 'sk_live_123' } });
    fireEvent.click(c.getByRole('button', { name: en('save') }));
    await waitFor(() =>
      expect(sent(calls, 'settings.set')).toEqual([
        { type: 'settings.set', patch: { serviceUrl: 'https://scan.example.org', apiKey: 'sk_live_123' } },
      ]),
    );
    expect(await c.findByText(en('saved'))).toBeTruthy();
  });

  it('an empty key field keeps the stored key (not sent)', async () => {
    const calls = answer(background);
    const c = await connection();
    expect(c.getByText(en('apiKeyStored', '…3f9a'))).toBeTruthy();
    fireEvent.click(c.getByRole('button', { name: en('save') }));
    await waitFor(() =>
      expect(sent(calls, 'settings.set')).toEqual([
        { type: 'settings.set', patch: { serviceUrl: 'https://scanner.example.com' } },
      ]),
    );
  });

  it('a new service URL never takes the stored key along: the key field empty sends no key', async () => {
    const calls = answer(background);
    const c = await connection();
    fireEvent.input(c.getByLabelText('Service URL'), { target: { value: 'https://other.example.net' } });
    fireEvent.click(c.getByRole('button', { name: en('save') }));
    await waitFor(() =>
      expect(sent(calls, 'settings.set')).toEqual([
        { type: 'settings.set', patch: { serviceUrl: 'https://other.example.net' } },
      ]),
    );
  });

  it('a key stored for another origin is named, and used for the new one only after a confirmation naming both', async () => {
    const elsewhere = settingsData({
      apiKeyHint: null,
      storedKey: { hint: '…3f9a', origin: 'https://old.example', inUse: false },
    });
    const calls = answer({ ...background, 'settings.get': () => elsewhere });
    const c = await connection();
    expect(c.getByText(en('keyOtherOrigin', '…3f9a', 'https://old.example'), { exact: false })).toBeTruthy();
    fireEvent.click(c.getByRole('button', { name: en('keyUseHere', 'https://scanner.example.com') }));
    expect(sent(calls, 'settings.set')).toEqual([]);
    const question = c.getByRole('group', {
      name: en('keyUseHereQuestion', 'https://old.example', 'https://scanner.example.com'),
    });
    fireEvent.click(within(question).getByRole('button', { name: en('confirm') }));
    await waitFor(() =>
      expect(sent(calls, 'settings.set')).toEqual([
        {
          type: 'settings.set',
          patch: {},
          rebindKey: { from: 'https://old.example', to: 'https://scanner.example.com' },
        },
      ]),
    );
  });

  const outcomes: [string, Reply<ConnectionTestData>, string[]][] = [
    [
      'connected with balance',
      okReply({ outcome: 'connected', balance: 1250, canScan: true }),
      [en('outcome_connected'), enCount('outcomeBalance', 1250)],
    ],
    [
      'connected but cannot scan',
      okReply({ outcome: 'connected', balance: null, canScan: false }),
      [en('outcome_connected'), en('outcome_cannot_scan')],
    ],
    [
      'key rejected',
      okReply({ outcome: 'key_rejected', message: 'HTTP 401' }),
      [en('outcome_key_rejected'), 'HTTP 401'],
    ],
    [
      'key lacks SCAN_WRITE',
      okReply({ outcome: 'missing_scope', message: 'HTTP 403' }),
      [en('outcome_missing_scope'), 'HTTP 403'],
    ],
    [
      'service unreachable',
      okReply({ outcome: 'unreachable', message: 'ECONNREFUSED' }),
      [en('outcome_unreachable'), 'ECONNREFUSED'],
    ],
    ['not HTTPS', okReply({ outcome: 'not_https', message: '' }), [en('outcome_not_https')]],
    [
      'invalid URL',
      okReply({ outcome: 'invalid_url', message: 'not a URL' }),
      [en('outcome_invalid_url'), 'not a URL'],
    ],
    [
      'bad response',
      okReply({ outcome: 'bad_response', message: 'expected JSON' }),
      [en('outcome_bad_response'), 'expected JSON'],
    ],
    [
      'stored key of another service',
      okReply({
        outcome: 'key_for_other_service',
        message: 'entered for https://old.example',
        keyOrigin: 'https://old.example',
        serviceOrigin: 'https://scanner.example.com',
      }),
      [en('outcome_key_for_other_service'), 'https://old.example'],
    ],
    [
      'the background failing',
      failReply('no_reply', 'Extension restarting'),
      [en('errNoReply'), 'Extension restarting'],
    ],
  ];
  for (const [name, reply, texts] of outcomes) {
    it(`Test connection shows a clear outcome: ${name}`, async () => {
      const calls = answer({ ...background, 'connection.test': () => reply });
      const c = await connection();
      fireEvent.input(c.getByLabelText('API key'), { target: { value: 'typed-key' } });
      fireEvent.click(c.getByRole('button', { name: en('testConnection') }));
      const outcome = await c.findByText(texts[0]!, { exact: false });
      const box = outcome.closest('.notice')!;
      for (const text of texts) expect(box.textContent).toContain(text);
      expect(sent(calls, 'connection.test')).toEqual([
        { type: 'connection.test', serviceUrl: 'https://scanner.example.com', apiKey: 'typed-key' },
      ]);
    });
  }

  it('fields set by policy are disabled and say "Set by your organization"', async () => {
    answer({ ...background, 'settings.get': () => settingsData({ managedKeys: ['serviceUrl', 'blockThreshold'] }) });
    const c = await connection();
    expect((c.getByLabelText('Service URL') as HTMLInputElement).disabled).toBe(true);
    expect((c.getByLabelText('API key') as HTMLInputElement).disabled).toBe(false);
    expect(c.getAllByText('Set by your organization').length).toBe(1);
    // A threshold the policy sets is a floor: the person may lower it (warn and block more), not raise it.
    const block = screen.getByLabelText(en('blockThreshold')) as HTMLInputElement;
    expect(block.disabled).toBe(false);
    expect(block.max).toBe('76');
    expect((screen.getByLabelText(en('warnThreshold')) as HTMLInputElement).disabled).toBe(false);
  });

  it('lockAll disables every setting, but leaves credentials the policy does not set editable', async () => {
    answer({ ...background, 'settings.get': () => settingsData({ lockAll: true, managedKeys: ['apiKey'] }) });
    render(<OptionsApp />);
    await screen.findByLabelText('Service URL');
    for (const label of [
      'API key',
      en('scanNavigations'),
      en('scanHovers'),
      en('hoverDelay'),
      en('auditOnly'),
      en('stripQuery'),
      en('scanIncognito'),
      en('importSettings'),
    ]) {
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled, label).toBe(true);
    }
    expect((screen.getByLabelText('Service URL') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByLabelText(en('addSiteLabel', en('allowlistTitle')))).toBeNull();
    expect(screen.getAllByText('Set by your organization').length).toBeGreaterThan(10);
  });

  it('a change the background refuses is reported, not called saved', async () => {
    answer({
      ...background,
      'settings.set': () => ({ ...settingsData(), refused: { serviceUrl: 'set by your organization' } }),
    });
    const c = await connection();
    fireEvent.click(c.getByRole('button', { name: en('save') }));
    const notice = await c.findByText(en('notSaved'));
    expect(notice.closest('.notice')!.textContent).toContain('serviceUrl: set by your organization');
    expect(c.queryByText(en('saved'))).toBeNull();
  });
});
