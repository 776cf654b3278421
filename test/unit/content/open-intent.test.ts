import { describe, expect, it, vi } from 'vitest';
import { openIntent, openUrl, type ActivationLike } from '@/src/content/open-intent';

describe('openIntent', () => {
  const table: [string, ActivationLike, string, ReturnType<typeof openIntent>][] = [
    ['plain click', { type: 'click', button: 0 }, '', 'same'],
    [
      'alt+click (download in Chromium) is still intercepted',
      { type: 'click', button: 0, altKey: true },
      '_self',
      'same',
    ],
    ['click on target=_blank', { type: 'click', button: 0 }, '_blank', 'new-tab'],
    ['click on a named target', { type: 'click', button: 0 }, 'results', 'new-tab'],
    ['click on target=_top', { type: 'click', button: 0 }, '_TOP', 'top'],
    ['click on target=_parent', { type: 'click', button: 0 }, '_parent', 'parent'],
    ['ctrl+click', { type: 'click', button: 0, ctrlKey: true }, '', 'new-tab'],
    ['cmd+click', { type: 'click', button: 0, metaKey: true }, '', 'new-tab'],
    ['shift+click', { type: 'click', button: 0, shiftKey: true }, '', 'new-tab'],
    ['click event for the middle button', { type: 'click', button: 1 }, '', null],
    ['middle click (auxclick)', { type: 'auxclick', button: 1 }, '', 'new-tab'],
    ['right click (auxclick)', { type: 'auxclick', button: 2 }, '', null],
    ['Enter', { type: 'keydown', key: 'Enter' }, '', 'same'],
    ['ctrl+Enter', { type: 'keydown', key: 'Enter', ctrlKey: true }, '', 'new-tab'],
    ['Enter while composing (IME)', { type: 'keydown', key: 'Enter', isComposing: true }, '', null],
    ['Space', { type: 'keydown', key: ' ' }, '', null],
    ['mousedown', { type: 'mousedown', button: 0 }, '', null],
  ];
  it.each(table)('%s → %s', (_name, ev, target, expected) => {
    expect(openIntent(ev, target)).toBe(expected);
  });
});

describe('openUrl', () => {
  const fakeWin = () =>
    ({ location: { assign: vi.fn() }, open: vi.fn() }) as unknown as Window & { open: ReturnType<typeof vi.fn> };
  it('same tab navigates the window', () => {
    const w = fakeWin();
    openUrl(w, 'https://x.test/', 'same');
    expect(w.location.assign).toHaveBeenCalledWith('https://x.test/');
  });
  it('a new tab is opened with noopener', () => {
    const w = fakeWin();
    openUrl(w, 'https://x.test/', 'new-tab');
    expect(w.open).toHaveBeenCalledWith('https://x.test/', '_blank', 'noopener');
  });
  it('_top and _parent targets are kept', () => {
    const w = fakeWin();
    openUrl(w, 'https://x.test/', 'top');
    openUrl(w, 'https://x.test/', 'parent');
    expect(w.open.mock.calls).toEqual([
      ['https://x.test/', '_top'],
      ['https://x.test/', '_parent'],
    ]);
  });
});
