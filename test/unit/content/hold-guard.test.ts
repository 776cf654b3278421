// @vitest-environment happy-dom
/**
 * The hold guard in the page (src/content/hold/): while the top page is being checked, what is
 * typed or pasted into a password field and every form submission stop before the page's own
 * listeners; safe → replayed (nothing lost), bad → dropped; a page known safe is let go at the
 * first question and never asked again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHold } from '@/src/content/hold/guard';
import { NOTE_TAG } from '@/src/content/hold/note';
import type { PendingHold } from '@/src/shared/policy/pending-hold';

interface Page {
  form: HTMLFormElement;
  user: HTMLInputElement;
  pw: HTMLInputElement;
  button: HTMLButtonElement;
  /** What the page's own script heard: key events, input events and submissions (with the password then in the field). */
  heard: string[];
}

function page(): Page {
  document.body.replaceChildren();
  const form = document.createElement('form');
  const user = Object.assign(document.createElement('input'), { name: 'user' });
  const pw = Object.assign(document.createElement('input'), { type: 'password', name: 'pw' });
  const button = Object.assign(document.createElement('button'), { type: 'submit', textContent: 'Sign in' });
  form.append(user, pw, button);
  document.body.append(form);
  const heard: string[] = [];
  for (const type of ['keydown', 'keyup', 'input', 'paste'])
    pw.addEventListener(type, (e) => heard.push(`${type}:${(e as KeyboardEvent).key ?? ''}`));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    heard.push(`submit:${pw.value}`);
  });
  pageHeard = heard;
  return { form, user, pw, button, heard };
}

/** The answers the background gives, one per ask, each released when the test says. */
function background() {
  const asks: boolean[] = [];
  const pending: ((a: PendingHold | null) => void)[] = [];
  const ask = (wait: boolean) => {
    asks.push(wait);
    return new Promise<PendingHold | null>((resolve) => pending.push(resolve));
  };
  const answer = async (a: PendingHold | null) => {
    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
    pending.shift()!(a);
    await Promise.resolve();
  };
  return { asks, ask, answer };
}

function type(field: HTMLInputElement, keys: string[]) {
  field.focus();
  for (const key of keys) {
    const down = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true });
    field.dispatchEvent(down);
    // A key the guard did not stop types as it would in a browser.
    if (!down.defaultPrevented && key.length === 1) {
      field.value += key;
      field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: key }));
    }
    field.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, composed: true }));
  }
}

let guard: ReturnType<typeof startHold> | null = null;
/** How often the guard said a password was typed (through its replay). */
let typedPasswords = 0;
/** Starts the guard, then lets the page add its own capture listener on window, as a page's script runs after document_start. */
function start(ask: (wait: boolean) => Promise<PendingHold | null>, alive = () => true) {
  typedPasswords = 0;
  guard = startHold({
    win: window,
    ask,
    text: (under) => `Linklens is checking this site… (${under})`,
    alive,
    typedPassword: () => void typedPasswords++,
  });
  const heard = pageHeard;
  const onKey = (e: KeyboardEvent) => heard?.push(`window-keydown:${e.key}`);
  window.addEventListener('keydown', onKey, true);
  cleanups.push(() => window.removeEventListener('keydown', onKey, true));
}
let pageHeard: string[] | null = null;
const cleanups: (() => void)[] = [];

beforeEach(() => {
  vi.useRealTimers();
});
afterEach(() => {
  guard?.end();
  guard = null;
  for (const c of cleanups.splice(0)) c();
});

describe('hold guard', () => {
  it('a page known safe: one question at the first password focus, then the page hears everything itself', async () => {
    const p = page();
    const bg = background();
    start(bg.ask);
    p.pw.focus();
    await bg.answer('go');
    await vi.waitFor(() => expect(guard!.state).toBe('go'));
    type(p.pw, ['a', 'b']);
    expect(p.pw.value).toBe('ab');
    expect(p.heard).toContain('keydown:a');
    expect(bg.asks).toEqual([false]);
    expect(document.querySelector(NOTE_TAG)).toBeNull();
  });

  it('nothing is asked on a page where no password field or form is used', () => {
    page();
    const bg = background();
    start(bg.ask);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true }));
    expect(bg.asks).toEqual([]);
  });

  it('pending, then safe: the page hears no key and the field stays empty; then the password is entered and the form submitted', async () => {
    const p = page();
    const bg = background();
    start(bg.ask);
    type(p.pw, ['s', 'e', 'c', 'r', 'x', 'Backspace', 'e', 't', 'Enter']);
    await bg.answer('wait');
    expect(p.pw.value).toBe('');
    expect(p.heard).toEqual([]);
    expect(document.querySelector(NOTE_TAG)).not.toBeNull();
    // The note's text is in a closed root: the page sees an empty element.
    expect((document.querySelector(NOTE_TAG) as HTMLElement).shadowRoot).toBeNull();
    await bg.answer('go');
    await vi.waitFor(() => expect(p.heard).toContain('submit:secret'));
    expect(p.pw.value).toBe('secret');
    expect(p.heard.filter((h) => h.startsWith('input')).length).toBeGreaterThan(0);
    expect(document.querySelector(NOTE_TAG)).toBeNull();
    expect(bg.asks).toEqual([false, true]);
    // The page heard only replayed (untrusted) typing: the guard says a password was typed.
    expect(typedPasswords).toBe(1);
  });

  it('pending, then bad: what was typed and the submission are dropped', async () => {
    const p = page();
    const bg = background();
    start(bg.ask);
    type(p.pw, ['p', 'w', 'Enter']);
    await bg.answer('wait');
    await bg.answer('stop');
    await vi.waitFor(() => expect(guard!.state).toBe('stop'));
    type(p.pw, ['x', 'Enter']);
    p.form.requestSubmit();
    await new Promise((r) => setTimeout(r, 0));
    expect(p.pw.value).toBe('');
    expect(p.heard).toEqual([]);
    expect(typedPasswords).toBe(0);
  });

  it('a submission of a form is held and replayed with its submitter once safe', async () => {
    const p = page();
    const seen: (string | null)[] = [];
    p.form.addEventListener('submit', (e) => seen.push((e as SubmitEvent).submitter?.textContent ?? null));
    const bg = background();
    start(bg.ask);
    p.form.requestSubmit(p.button);
    await bg.answer('wait');
    expect(seen).toEqual([]);
    await bg.answer('go');
    await vi.waitFor(() => expect(seen).toEqual(['Sign in']));
  });

  it('a paste into the password field is held and entered once safe', async () => {
    const p = page();
    const bg = background();
    start(bg.ask);
    const paste = new Event('paste', { bubbles: true, cancelable: true, composed: true });
    Object.defineProperty(paste, 'clipboardData', {
      value: { getData: (t: string) => (t === 'text/plain' ? 'pasted-pw' : '') },
    });
    p.pw.dispatchEvent(paste);
    expect(paste.defaultPrevented).toBe(true);
    expect(p.heard).toEqual([]);
    await bg.answer('wait');
    await bg.answer('go');
    await vi.waitFor(() => expect(p.pw.value).toBe('pasted-pw'));
  });

  it('an extension that stops answering ends the hold, and what was typed is entered', async () => {
    const p = page();
    const bg = background();
    start(bg.ask, () => false);
    type(p.pw, ['a']);
    await bg.answer(null);
    await vi.waitFor(() => expect(guard!.state).toBe('go'));
    expect(p.pw.value).toBe('a');
  });
});
