/**
 * password.typed (background/visits/password-typed.ts): the host is the sender's as the browser
 * names it; frames below the top, private or unknown windows and non-web documents mark
 * nothing; a page repeating the message writes once.
 */
import { describe, expect, it, vi } from 'vitest';
import { createPasswordNotes, passwordHost } from '@/src/background/visits/password-typed';
import { VISIT_STEP_MS } from '@/src/background/visits/visit-store';

const top = {
  id: 'ext',
  url: 'https://shop.test/login',
  frameId: 0,
  tab: { id: 4, incognito: false, url: 'https://shop.test/login' },
};

describe('passwordHost', () => {
  it.each([
    ['the top frame of a normal window', top, 'shop.test'],
    ['a frame below the top', { ...top, frameId: 2 }, null],
    ['no frame id', { ...top, frameId: undefined }, null],
    ['a private window', { ...top, tab: { ...top.tab, incognito: true } }, null],
    ['a window of unknown kind', { ...top, tab: { id: 4 } }, null],
    ['no tab (our own page)', { ...top, tab: undefined }, null],
    ['not a web page', { ...top, url: 'chrome-extension://x/popup.html' }, null],
  ] as const)('%s', (_n, sender, host) => {
    expect(passwordHost(sender)).toBe(host);
  });
});

describe('createPasswordNotes', () => {
  it('writes once per host per step, whatever the page sends', async () => {
    let t = 1000;
    const store = { notePassword: vi.fn(async () => undefined) };
    const noted = createPasswordNotes(store, () => t);
    expect(await noted(top)).toBe(true);
    for (let i = 0; i < 50; i++) expect(await noted(top)).toBe(false);
    expect(store.notePassword).toHaveBeenCalledTimes(1);
    expect(store.notePassword).toHaveBeenCalledWith('shop.test');
    t += VISIT_STEP_MS;
    expect(await noted(top)).toBe(true);
    expect(await noted({ ...top, tab: { id: 4, incognito: true } })).toBe(false);
  });
});
