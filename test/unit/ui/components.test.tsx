// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/preact';
import { KeyValueView } from '@/src/ui/components/key-value-view';
import { VerdictView } from '@/src/ui/components/verdict-view';
import { ScoreGauge } from '@/src/ui/components/score-gauge';
import { CheckField, TextField } from '@/src/ui/components/field';
import { PopupApp } from '@/src/ui/popup/popup-app';
import { t } from '@/src/ui/i18n';
import { answer, en, installI18n, openActiveTab, setupUiTest } from './helpers';
import { tabStatus } from './fixtures';

setupUiTest();

describe('shared components', () => {
  it('KeyValueView: nested objects as nested lists, arrays as ordered lists, booleans as words', () => {
    const { container } = render(
      <KeyValueView data={{ a: 1, b: { c: { d: 'deep' } }, e: [1, { f: true }], g: null, h: [] }} />,
    );
    expect(container.querySelectorAll('dl').length).toBe(4);
    expect(container.querySelector('ol')!.children.length).toBe(2);
    expect(screen.getByText('deep')).toBeTruthy();
    expect(screen.getByText(en('yes'))).toBeTruthy();
    expect(screen.getByText(en('emptyList'))).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
  });

  it('KeyValueView: keys and values with HTML stay text', () => {
    const { container } = render(<KeyValueView data={{ '<b>k</b>': '<img src=x onerror=alert(1)>' }} />);
    expect(screen.getByText('<b>k</b>')).toBeTruthy();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelector('b, img')).toBeNull();
  });

  it('KeyValueView: a very deep or very long structure is capped, not hung', () => {
    let deep: Record<string, unknown> = { leaf: 'end' };
    for (let i = 0; i < 50; i++) deep = { n: deep };
    render(<KeyValueView data={{ deep, many: Array.from({ length: 500 }, (_, i) => i) }} />);
    expect(screen.queryByText('end')).toBeNull();
    expect(screen.getByText(en('moreItems', 300))).toBeTruthy();
  });

  it('ScoreGauge: the score and band are text, not only colour', () => {
    render(<ScoreGauge score={140} />);
    expect(screen.getByRole('img', { name: en('scoreAria', 100, 'Malicious') })).toBeTruthy();
    expect(screen.getByText('100')).toBeTruthy();
  });

  it('VerdictView: unknown categories are shown as given; sections the service left empty are not shown', () => {
    render(
      <VerdictView
        verdict={{
          riskScore: 30,
          band: 'suspicious',
          categories: ['crypto_drainer'],
          reasoning: '',
          indicators: [],
          checkedAt: null,
        }}
      />,
    );
    expect(screen.getByText('crypto_drainer')).toBeTruthy();
    expect(screen.queryAllByText(en('none'))).toEqual([]);
    for (const key of ['reasoning', 'indicators', 'checkedAt', 'cs_technical'])
      expect(screen.queryByText(en(key))).toBeNull();
    expect(screen.getByText('Suspicious')).toBeTruthy();
  });

  it('VerdictView: indicators in words, unknown kinds as written, the records behind "Technical details", all as text', () => {
    const record = '{"type":"lookalike_domain","value":"<b>bank</b>"}';
    const { container } = render(
      <VerdictView
        verdict={{
          riskScore: 80,
          band: 'malicious',
          categories: [],
          reasoning: '',
          indicators: [record, 'odd_signal'],
        }}
      />,
    );
    expect([...container.querySelectorAll('.indicators li')].map((li) => li.textContent)).toEqual([
      'Looks like another site’s address: “<b>bank</b>”',
      'odd_signal',
    ]);
    expect(container.querySelector('.indicators b')).toBeNull();
    expect(screen.getByText(en('cs_technical')).closest('details')?.open).toBe(false);
    expect([...container.querySelectorAll('.raw code')].map((c) => c.textContent)).toEqual([record]);
  });

  it('fields have labels; a locked field is disabled and says "Set by your organization"', () => {
    render(
      <>
        <TextField label="Name" value="x" onInput={() => undefined} locked />
        <CheckField label="Flag" checked onChange={() => undefined} />
      </>,
    );
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(name.disabled).toBe(true);
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toContain(
      'Set by your organization',
    );
    expect((screen.getByLabelText('Flag') as HTMLInputElement).disabled).toBe(false);
  });
});

describe('i18n', () => {
  it('t() substitutes placeholders', () => {
    expect(t('scoreAria', [88, 'Malicious'])).toBe('Risk score 88 of 100: Malicious');
  });
  it('t() shows the key for a missing message rather than nothing', () => {
    expect(t('noSuchKey')).toBe('noSuchKey');
  });
  it('pages render in German', async () => {
    installI18n('de');
    openActiveTab();
    answer({ 'tab.status': () => tabStatus({ kind: 'unchecked' }, { configured: false }) });
    render(<PopupApp pollMs={10} />);
    expect(await screen.findByRole('button', { name: 'Linklens einrichten' })).toBeTruthy();
  });
});
