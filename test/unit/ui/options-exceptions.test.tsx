// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { OptionsApp } from '@/src/ui/options/options-app';
import type { ExceptionsData } from '@/src/shared/messaging/protocol';
import { answer, en, enCount, installI18n, sent, setupUiTest, type Handlers, optionsAt } from './helpers';
import { settingsData } from './fixtures';

setupUiTest();

const SINCE = Date.UTC(2026, 0, 2, 3, 4, 5);
const PASS_UNTIL = SINCE + 15_000;
const inForce: ExceptionsData = {
  allowed: true,
  items: [
    { kind: 'pass', host: 'bad.test', url: 'http://bad.test/x', since: SINCE, until: PASS_UNTIL },
    { kind: 'exception', host: 'phish.test', url: null, since: SINCE, until: -1 },
  ],
};

const base: Handlers = {
  'settings.get': () => settingsData({}, {}),
  'ledger.get': () => [],
  'cache.stats': () => ({ count: 0 }),
};

async function section() {
  optionsAt(en('sec_exceptions'));
  render(<OptionsApp />);
  return within(await screen.findByRole('region', { name: en('sec_exceptions') }));
}

describe('options: exceptions', () => {
  it('lists each exception with its host, since and until (dates in the UI language), and revokes one', async () => {
    const left: ExceptionsData = { allowed: true, items: [inForce.items[0]!] };
    const calls = answer({ ...base, 'exceptions.list': () => inForce, 'exceptions.revoke': () => left });
    const s = await section();
    await s.findByText(enCount('exceptionsCount', 2));
    const rows = s
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    const when = new Date(SINCE).toLocaleString('en');
    expect(rows).toEqual([
      [
        `bad.test ${en('exceptionPassNote', 'http://bad.test/x')}`,
        when,
        new Date(PASS_UNTIL).toLocaleString('en'),
        en('revokeException', 'bad.test'),
      ],
      ['phish.test', when, en('exceptionUntilRestart'), en('revokeException', 'phish.test')],
    ]);
    fireEvent.click(s.getByRole('button', { name: en('revokeException', 'phish.test') }));
    await waitFor(() =>
      expect(sent(calls, 'exceptions.revoke')).toEqual([{ type: 'exceptions.revoke', host: 'phish.test' }]),
    );
    expect((await s.findByRole('status')).textContent).toBe(
      `${en('exceptionRevoked', 'phish.test')} ${enCount('exceptionsCount', 1)}`,
    );
    expect(s.queryByRole('button', { name: en('revokeException', 'phish.test') })).toBeNull();
    // Focus stays in the section (the pressed button went away with its row).
    expect(document.activeElement).toBe(s.getByRole('status'));
  });

  it('"Revoke all" asks first, then sends one message', async () => {
    const calls = answer({
      ...base,
      'exceptions.list': () => inForce,
      'exceptions.revokeAll': () => ({ allowed: true, items: [] }),
    });
    const s = await section();
    await s.findByText(enCount('exceptionsCount', 2));
    fireEvent.click(s.getByRole('button', { name: en('revokeAllExceptions') }));
    expect(sent(calls, 'exceptions.revokeAll')).toEqual([]);
    fireEvent.click(s.getByRole('button', { name: en('confirm') }));
    await waitFor(() => expect(sent(calls, 'exceptions.revokeAll')).toHaveLength(1));
    await s.findByText(`${en('exceptionsRevokedAll')} ${enCount('exceptionsCount', 0)}`);
    expect(s.queryAllByRole('row')).toEqual([]);
  });

  it('when policy does not allow proceeding, the section says so and offers nothing to revoke', async () => {
    answer({ ...base, 'exceptions.list': () => ({ allowed: false, items: [] }) });
    const s = await section();
    await s.findByText(en('exceptionsNotAllowed'));
    expect(s.queryAllByRole('button')).toEqual([]);
    expect(s.getByRole('status').textContent).toBe(enCount('exceptionsCount', 0));
  });

  it('everything locked by policy (lockAll): revoking stays available, it only takes protection back', async () => {
    const calls = answer({
      ...base,
      'settings.get': () => settingsData({ lockAll: true }, {}),
      'exceptions.list': () => inForce,
      'exceptions.revoke': () => ({ allowed: true, items: [] }),
    });
    const s = await section();
    fireEvent.click(await s.findByRole('button', { name: en('revokeException', 'phish.test') }));
    await waitFor(() => expect(sent(calls, 'exceptions.revoke')).toHaveLength(1));
  });

  it('dates follow the browser UI language (French)', async () => {
    installI18n('fr');
    answer({ ...base, 'exceptions.list': () => inForce });
    optionsAt(en('sec_exceptions'));
    render(<OptionsApp />);
    const s = within(await screen.findByRole('region', { name: 'Exceptions accordées' }));
    await s.findAllByText(new Date(SINCE).toLocaleString('fr'));
    expect(s.getByText('jusqu’au redémarrage du navigateur')).toBeTruthy();
  });
});
