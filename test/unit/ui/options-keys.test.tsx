// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { OptionsApp } from '@/src/ui/options/options-app';
import type { ApiKeyData, CreatedKeyData } from '@/src/shared/messaging/protocol';
import { answer, en, sent, setupUiTest, type Handlers, optionsAt } from './helpers';
import { settingsData } from './fixtures';

setupUiTest();

const SECRET = 'sk_live_ONLY_ONCE_9f8e7d';
const record = (id: string, name: string): ApiKeyData => ({
  id,
  name,
  scopes: ['SCAN_WRITE'],
  createdAt: '2025-01-02T03:04:05.000Z',
  raw: { id, name },
});

function background(extra: Handlers = {}) {
  const keys: ApiKeyData[] = [record('11111111-1111-1111-1111-111111111111', 'laptop')];
  const handlers: Handlers = {
    'settings.get': () => settingsData(),
    'settings.set': () => null,
    'ledger.get': () => [],
    'keys.list': () => keys.map((k) => ({ ...k })),
    'keys.create': (m: { name: string; scopes: string[] }) => {
      const created: CreatedKeyData = {
        ...record('22222222-2222-2222-2222-222222222222', m.name),
        scopes: m.scopes,
        secret: SECRET,
        raw: { key: SECRET },
      };
      keys.push(record(created.id, m.name));
      return created;
    },
    'keys.revoke': (m: { id: string }) => {
      keys.splice(
        keys.findIndex((k) => k.id === m.id),
        1,
      );
      return null;
    },
    'credits.get': () => ({ balance: 0, raw: {} }),
    'account.get': () => ({}),
    'cache.stats': () => ({ count: 0 }),
    ...extra,
  };
  return answer(handlers);
}

async function keysSection() {
  optionsAt(en('sec_keys'));
  render(<OptionsApp />);
  const section = await screen.findByRole('region', { name: en('sec_keys') });
  await within(section).findByText('laptop');
  return within(section);
}

async function createKey(k: Awaited<ReturnType<typeof keysSection>>, name = 'ci runner') {
  fireEvent.input(k.getByLabelText(en('keyName')), { target: { value: name } });
  fireEvent.click(k.getByLabelText('SCAN_READ'));
  fireEvent.click(k.getByRole('button', { name: en('createKey') }));
  return (await k.findByLabelText(en('newKeyLabel'))) as HTMLInputElement;
}

describe('options: API keys', () => {
  it('lists keys', async () => {
    background();
    const k = await keysSection();
    expect(k.getByText('11111111-1111-1111-1111-111111111111')).toBeTruthy();
  });

  it('create → the secret is shown once → after Done it is never shown again', async () => {
    const calls = background();
    const k = await keysSection();
    const secret = await createKey(k);
    expect(sent(calls, 'keys.create')).toEqual([
      { type: 'keys.create', name: 'ci runner', scopes: ['SCAN_WRITE', 'SCAN_READ'] },
    ]);
    expect(secret.value).toBe(SECRET);
    expect(secret.readOnly).toBe(true);
    expect(k.getByText(en('keyShownOnce'))).toBeTruthy();
    await k.findByText('ci runner');

    fireEvent.click(k.getByRole('button', { name: en('done') }));
    await waitFor(() => expect(k.queryByLabelText(en('newKeyLabel'))).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    expect(
      [...document.querySelectorAll('input, textarea')].some((el) => (el as HTMLInputElement).value.includes(SECRET)),
    ).toBe(false);

    // The list is re-read (as after any change): the secret is not refetchable and stays gone.
    fireEvent.click(k.getAllByRole('button', { name: en('revoke') })[0]!);
    fireEvent.click(k.getByRole('button', { name: en('confirm') }));
    await waitFor(() => expect(k.queryByText('laptop')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    expect(k.getByRole('button', { name: en('createKey') })).toBeTruthy();
  });

  it('Copy writes the secret to the clipboard', async () => {
    background();
    const write = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: write }, configurable: true });
    const k = await keysSection();
    await createKey(k);
    fireEvent.click(k.getByRole('button', { name: en('copy') }));
    expect(await k.findByText(en('copied'))).toBeTruthy();
    expect(write).toHaveBeenCalledWith(SECRET);
  });

  it('"Use this key" saves it as the API key', async () => {
    const calls = background();
    const k = await keysSection();
    await createKey(k);
    fireEvent.click(k.getByRole('button', { name: en('useThisKey') }));
    expect(await k.findByText(en('keyInUse'))).toBeTruthy();
    expect(sent(calls, 'settings.set')).toEqual([{ type: 'settings.set', patch: { apiKey: SECRET } }]);
  });

  it('"Use this key" is not offered when policy sets the API key', async () => {
    background({ 'settings.get': () => settingsData({ managedKeys: ['apiKey'] }) });
    const k = await keysSection();
    await createKey(k);
    expect(k.queryByRole('button', { name: en('useThisKey') })).toBeNull();
  });

  it('revoke asks for confirmation; cancel sends nothing', async () => {
    const calls = background();
    const k = await keysSection();
    fireEvent.click(k.getByRole('button', { name: en('revoke') }));
    expect(k.getByText(en('revokeConfirm', 'laptop'))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(k.getByRole('button', { name: en('cancel') })));
    fireEvent.click(k.getByRole('button', { name: en('cancel') }));
    expect(sent(calls, 'keys.revoke')).toEqual([]);
    fireEvent.click(k.getByRole('button', { name: en('revoke') }));
    fireEvent.click(k.getByRole('button', { name: en('confirm') }));
    await waitFor(() =>
      expect(sent(calls, 'keys.revoke')).toEqual([{ type: 'keys.revoke', id: '11111111-1111-1111-1111-111111111111' }]),
    );
    await waitFor(() => expect(k.queryByText('laptop')).toBeNull());
  });

  it('creating needs at least one scope', async () => {
    const calls = background();
    const k = await keysSection();
    fireEvent.click(k.getByLabelText('SCAN_WRITE'));
    fireEvent.click(k.getByRole('button', { name: en('createKey') }));
    expect(await k.findByText(en('pickScope'))).toBeTruthy();
    expect(sent(calls, 'keys.create')).toEqual([]);
  });
});
