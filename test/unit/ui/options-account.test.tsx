// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { OptionsApp } from '@/src/ui/options/options-app';
import { answer, en, sent, setupUiTest, type Handlers, optionsAt } from './helpers';
import { settingsData } from './fixtures';

setupUiTest();

const account = {
  domain: 'example.com',
  retentionDays: 30,
  webhooks: { enabled: false, url: 'https://hooks.example.com' },
  tags: ['a', 'b'],
};
const base: Handlers = {
  'settings.get': () => settingsData(),
  'ledger.get': () => [],
  'keys.list': () => [],
  'credits.get': () => ({ balance: 0, raw: {} }),
  'account.get': () => account,
  'cache.stats': () => ({ count: 0 }),
};

async function accountSection() {
  optionsAt(en('sec_account'));
  render(<OptionsApp />);
  const s = within(await screen.findByRole('region', { name: en('sec_account') }));
  await s.findByLabelText('domain');
  return s;
}

describe('options: account and domain settings', () => {
  it('a form for the scalar fields (top level and one level down); Save PUTs them and shows what was saved', async () => {
    const calls = answer({
      ...base,
      'account.put': (m: { settings: Record<string, unknown> }) => ({
        ...m.settings,
        updatedAt: '2025-01-02T00:00:00Z',
      }),
    });
    const s = await accountSection();
    expect((s.getByLabelText('retentionDays') as HTMLInputElement).value).toBe('30');
    expect((s.getByLabelText('webhooks.enabled') as HTMLInputElement).checked).toBe(false);
    expect(s.queryByLabelText('tags')).toBeNull();
    fireEvent.input(s.getByLabelText('domain'), { target: { value: 'example.org' } });
    fireEvent.click(s.getByLabelText('webhooks.enabled'));
    fireEvent.change(s.getByLabelText('retentionDays'), { target: { value: '7' } });
    fireEvent.click(s.getByRole('button', { name: en('saveAccount') }));
    await waitFor(() =>
      expect(sent(calls, 'account.put')).toEqual([
        {
          type: 'account.put',
          settings: {
            domain: 'example.org',
            retentionDays: 7,
            webhooks: { enabled: true, url: 'https://hooks.example.com' },
            tags: ['a', 'b'],
          },
        },
      ]),
    );
    const saved = (await s.findByText(en('accountSaved'))).closest('.notice')!;
    expect(saved.textContent).toContain('updatedAt');
    expect(saved.textContent).toContain('example.org');
  });

  it('the JSON editor refuses invalid JSON and non-objects, and saves a valid object', async () => {
    const calls = answer({ ...base, 'account.put': (m: { settings: unknown }) => m.settings });
    const s = await accountSection();
    const editor = s.getByLabelText(en('accountJson')) as HTMLTextAreaElement;
    expect(JSON.parse(editor.value)).toEqual(account);

    fireEvent.input(editor, { target: { value: '{"domain": ' } });
    fireEvent.click(s.getByRole('button', { name: en('saveJson') }));
    expect((await s.findByRole('alert')).textContent).toContain('Not valid JSON');
    expect(editor.getAttribute('aria-invalid')).toBe('true');

    fireEvent.input(editor, { target: { value: '[1, 2]' } });
    fireEvent.click(s.getByRole('button', { name: en('saveJson') }));
    expect(await s.findByText(en('jsonNotObject'))).toBeTruthy();
    expect(sent(calls, 'account.put')).toEqual([]);

    fireEvent.input(editor, { target: { value: '{"domain": "x.test", "extra": {"deep": [1]}}' } });
    fireEvent.click(s.getByRole('button', { name: en('saveJson') }));
    await waitFor(() =>
      expect(sent(calls, 'account.put')).toEqual([
        { type: 'account.put', settings: { domain: 'x.test', extra: { deep: [1] } } },
      ]),
    );
    expect(await s.findByText(en('accountSaved'))).toBeTruthy();
    expect((s.getByLabelText('domain') as HTMLInputElement).value).toBe('x.test');
  });

  it('an error from the service is shown', async () => {
    answer({
      ...base,
      'account.put': () => ({ ok: false, error: { code: 'forbidden', message: 'needs SETTINGS scope' } }),
    });
    const s = await accountSection();
    fireEvent.click(s.getByRole('button', { name: en('saveAccount') }));
    expect((await s.findByRole('alert')).textContent).toContain('needs SETTINGS scope');
  });
});
