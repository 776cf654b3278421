// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { FirstRunApp } from '@/src/ui/firstrun/first-run-app';
import { nextStep } from '@/src/ui/firstrun/steps';
import { STEP_EXAMPLES } from '@/src/ui/firstrun/steps.examples';
import type { ConnectionTestData } from '@/src/shared/messaging/protocol';
import { answer, en, enCount, sent, setupUiTest } from './helpers';
import { settingsData } from './fixtures';

setupUiTest();

describe('first run: when the person may move on', () => {
  for (const ex of STEP_EXAMPLES)
    it(`${ex.name}: ${ex.from} → ${ex.expected}`, () => expect(nextStep(ex.from, ex.facts)).toBe(ex.expected));
});

const current = () =>
  screen.getByRole('list', { name: en('firstRunProgress') }).querySelector('[aria-current=step]')?.textContent ?? '';

describe('first run: connect, test, done', () => {
  it('saves the service and key, tests them, and says what Linklens does now', async () => {
    let saved = false;
    const calls = answer({
      'settings.get': () => (saved ? settingsData() : settingsData({ apiKeyHint: null }, { serviceUrl: '' })),
      'settings.set': () => {
        saved = true;
        return null;
      },
      'connection.test': (): ConnectionTestData => ({ outcome: 'connected', balance: 500, canScan: true }),
    });
    render(<FirstRunApp />);
    await screen.findByLabelText('Service URL');
    expect(current()).toContain(en('firstRunStepConnect'));
    const save = screen.getByRole('button', { name: en('firstRunSave') }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nothing typed yet
    fireEvent.input(screen.getByLabelText('Service URL'), { target: { value: ' https://scanner.example.com ' } });
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: 'sk_live_1' } });
    fireEvent.click(save);
    await waitFor(() => expect(current()).toContain(en('firstRunStepTest')));
    expect(sent(calls, 'settings.set')).toEqual([
      { type: 'settings.set', patch: { serviceUrl: 'https://scanner.example.com', apiKey: 'sk_live_1' } },
    ]);
    await waitFor(() =>
      expect(document.activeElement?.tagName + ':' + document.activeElement?.textContent).toBe(
        'H2:' + en('firstRunStepTest'),
      ),
    );

    fireEvent.click(await screen.findByRole('button', { name: en('testConnection') }));
    await waitFor(() => expect(current()).toContain(en('firstRunStepDone')));
    // The stored key is tested: the page never holds it.
    expect(sent(calls, 'connection.test')).toEqual([
      { type: 'connection.test', serviceUrl: 'https://scanner.example.com', apiKey: '' },
    ]);
    expect(screen.getByText(enCount('outcomeBalance', 500))).toBeTruthy();
    expect(screen.getByText(en('firstRunDoneBody'))).toBeTruthy();
  });

  it('a rejected key stays on the test step with the reason, and Back returns to the form', async () => {
    answer({
      'settings.get': () => settingsData(),
      'settings.set': () => null,
      'connection.test': (): ConnectionTestData => ({ outcome: 'key_rejected', message: 'Invalid API key' }),
    });
    render(<FirstRunApp />);
    fireEvent.click(await screen.findByRole('button', { name: en('firstRunSave') })); // the stored key is kept
    fireEvent.click(await screen.findByRole('button', { name: en('testConnection') }));
    expect((await screen.findByRole('alert')).textContent).toContain(en('outcome_key_rejected'));
    expect(current()).toContain(en('firstRunStepTest'));
    fireEvent.click(screen.getByRole('button', { name: en('firstRunBack') }));
    expect(await screen.findByLabelText('Service URL')).toBeTruthy();
  });
});
