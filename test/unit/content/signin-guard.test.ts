// @vitest-environment happy-dom
/**
 * The sign-in guard in the page (docs/decisions/016-organizations.md): asks at load in the top frame only, warns at load
 * and on password focus before any typing, as an announced alert dismissible by Escape, asks
 * once per document however often the page focuses its field, and invents nothing from a bad
 * reply.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PASSWORD_ASKS, startSignInGuard } from '@/src/content/signin/guard';
import { signInText } from '@/src/content/signin/strings';
import { OVERLAY_TAG } from '@/src/content/overlay/overlay-host';
import type { ContentToBackground, Reply } from '@/src/shared/messaging/protocol';

const WARN = { ok: true, data: { warn: true, protectedHost: 'login.example.com' } } as const;
const NONE = { ok: true, data: { warn: false } } as const;

function guard(
  reply: (m: ContentToBackground) => Reply<unknown> | Promise<Reply<unknown>>,
  opts: { isTop?: boolean; trusted?: (e: Event) => boolean; navigate?: (url: string) => void } = {},
) {
  const sent: ContentToBackground[] = [];
  const controller = new AbortController();
  const g = startSignInGuard({
    win: window,
    doc: document,
    isTop: opts.isTop ?? true,
    signal: controller.signal,
    send: async (m) => {
      sent.push(m);
      return reply(m);
    },
    text: signInText,
    trusted: opts.trusted ?? (() => true),
    navigate: opts.navigate ?? (() => undefined),
  })!;
  return {
    g,
    sent,
    stop: () => controller.abort(),
    triggers: () => sent.map((m) => (m.type === 'signin.check' ? m.trigger : m.type)),
  };
}

function passwordField(): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'password';
  document.body.append(input);
  return input;
}
const focus = (el: Element) => el.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
const escape = () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
const settle = () => vi.waitFor(() => undefined).then(() => new Promise((r) => setTimeout(r, 0)));

let current: ReturnType<typeof guard> | null = null;
beforeEach(() => document.body.replaceChildren());
afterEach(() => {
  current?.stop();
  current = null;
  document.querySelectorAll(OVERLAY_TAG).forEach((e) => e.remove());
});

describe('sign-in guard', () => {
  it('on a look-alike page, warns at load: an alert naming the protected host, in the overlay', async () => {
    current = guard(() => WARN);
    await settle();
    expect(current.triggers()).toEqual(['load']);
    const bar = current.g.banner.element!;
    expect(bar.getAttribute('role')).toBe('alert');
    expect(bar.textContent).toContain('This is not your organization’s sign-in page');
    expect(bar.textContent).toContain('only looks like login.example.com');
    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(1);
    // The page sees an empty host: the warning lives in the closed root.
    expect(document.querySelector(OVERLAY_TAG)!.shadowRoot).toBeNull();
  });

  it('on an ordinary page, asks once and builds nothing', async () => {
    current = guard(() => NONE);
    await settle();
    focus(passwordField());
    await settle();
    expect(current.triggers()).toEqual(['load', 'password-focus']);
    expect(current.g.banner.element).toBeNull();
    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(0);
  });

  it('warns the moment a password field is focused, before any key, with the password text', async () => {
    current = guard(() => WARN);
    await settle();
    escape(); // the load warning dismissed
    expect(current.g.banner.element).toBeNull();
    const field = passwordField();
    focus(field);
    // Already known: shown synchronously, no reply awaited.
    expect(current.g.showing()).toBe('password');
    expect(current.g.banner.element!.textContent).toContain('Do not type your password here');
    expect(current.g.banner.element!.getAttribute('role')).toBe('alert');
    expect(field.value).toBe('');
  });

  it('compares the page’s host with the real one, marking the differing letters, and goes to the real page', async () => {
    const opened: string[] = [];
    current = guard(() => WARN, { navigate: (u) => void opened.push(u) });
    await settle();
    const bar = current.g.banner.element!;
    const here = bar.querySelector('.signin-here')!;
    // The page's own host, as a person reads it; what the real host does not share is marked.
    expect(here.textContent).toBe(location.hostname);
    expect([...here.querySelectorAll('mark')].map((m) => m.textContent).join('')).not.toBe('');
    expect(bar.querySelector('.signin-real')!.textContent).toBe('login.example.com');
    const go = bar.querySelector<HTMLButtonElement>('.signin-go-real')!;
    expect(go.textContent).toBe('Go to the real sign-in page');
    go.click();
    expect(opened).toEqual(['https://login.example.com/']);
  });

  it('in a frame, does nothing at all: no question, no listener, no element', async () => {
    const sent: ContentToBackground[] = [];
    const before = document.documentElement.outerHTML;
    const g = startSignInGuard({
      win: window,
      doc: document,
      isTop: false,
      signal: new AbortController().signal,
      send: async (m) => (sent.push(m), WARN),
      text: signInText,
      trusted: () => true,
    });
    const field = passwordField();
    field.focus();
    focus(field);
    await settle();
    expect(g).toBeNull();
    expect(sent).toEqual([]);
    field.remove();
    expect(document.documentElement.outerHTML).toBe(before);
  });

  it('a page focusing its password field in a loop sends one password-focus message', async () => {
    current = guard(() => WARN);
    const field = passwordField();
    for (let i = 0; i < 500; i++) focus(field);
    await settle();
    expect(current.triggers()).toEqual(['load', 'password-focus']);
  });

  it('ignores focus the person did not cause', async () => {
    current = guard(() => WARN, { trusted: (e) => e.isTrusted });
    focus(passwordField()); // dispatched by script: isTrusted false
    await settle();
    expect(current.triggers()).toEqual(['load']);
  });

  it('ignores fields that are not passwords', async () => {
    current = guard(() => WARN);
    for (const type of ['text', 'email', 'search']) {
      const input = document.createElement('input');
      input.type = type;
      document.body.append(input);
      focus(input);
    }
    focus(document.body);
    await settle();
    expect(current.triggers()).toEqual(['load']);
  });

  it('a field the page focused before the guard started counts as focused', async () => {
    const field = passwordField();
    field.focus();
    current = guard(() => WARN);
    await settle();
    expect(current.triggers()).toEqual(['load', 'password-focus']);
    expect(current.g.showing()).toBe('password');
  });

  it('Escape dismisses; a dismissed password warning stays dismissed on this page', async () => {
    current = guard(() => WARN);
    await settle();
    const field = passwordField();
    focus(field);
    await settle();
    expect(current.g.showing()).toBe('password');
    escape();
    expect(current.g.banner.element).toBeNull();
    focus(field);
    await settle();
    expect(current.g.banner.element).toBeNull();
  });

  it('a page that removes the warning gets it back the next time its password field is focused', async () => {
    current = guard(() => WARN);
    const field = passwordField();
    focus(field);
    await settle();
    document.querySelector(OVERLAY_TAG)!.remove();
    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(0);
    focus(field);
    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(1);
    expect(current.g.banner.element!.isConnected).toBe(true);
  });

  it('an Escape the page dispatches itself does not dismiss the warning', async () => {
    current = guard(() => WARN, { trusted: (e) => e.isTrusted });
    await settle();
    escape(); // synthetic: isTrusted false
    expect(current.g.banner.element).not.toBeNull();
  });

  it('the dismiss button dismisses too', async () => {
    current = guard(() => WARN);
    await settle();
    (current.g.banner.element!.querySelector('.signin-dismiss') as HTMLButtonElement).click();
    expect(current.g.banner.element).toBeNull();
  });

  it.each([
    ['an error reply', { ok: false, error: { code: 'no_reply', message: 'gone' } }],
    ['warn without a host', { ok: true, data: { warn: true } }],
    ['a string', { ok: true, data: 'warn' }],
    ['warn as a string', { ok: true, data: { warn: 'true', protectedHost: 'x' } }],
  ])('%s: no warning, and password focus asks again, MAX_PASSWORD_ASKS times in all', async (_name, bad) => {
    current = guard(() => bad as Reply<unknown>);
    await settle();
    const field = passwordField();
    for (let i = 0; i < 10; i++) {
      focus(field);
      await settle();
    }
    expect(current.g.banner.element).toBeNull();
    expect(current.triggers().filter((t) => t === 'password-focus')).toHaveLength(MAX_PASSWORD_ASKS);
  });

  it('shows the organization’s own message with the warning, as text', async () => {
    const message = 'Call the IT desk on 1234 <img src=x onerror=alert(1)>';
    current = guard(() => ({ ok: true, data: { warn: true, protectedHost: 'login.example.com', message } }));
    await settle();
    const shown = current.g.banner.element!.querySelector('.signin-org-message')!;
    expect(shown.textContent).toBe(message);
    expect(shown.querySelector('img')).toBeNull();
    // Still there in the password warning.
    focus(passwordField());
    expect(current.g.banner.element!.querySelector('.signin-org-message')!.textContent).toBe(message);
  });

  it('without a message from the organization, the warning has no such line', async () => {
    current = guard(() => WARN);
    await settle();
    expect(current.g.banner.element!.querySelector('.signin-org-message')).toBeNull();
  });

  it('the protected host is shown as text, never parsed', async () => {
    current = guard(() => ({ ok: true, data: { warn: true, protectedHost: '<img src=x onerror=alert(1)>' } }));
    await settle();
    const bar = current.g.banner.element!;
    expect(bar.querySelector('img')).toBeNull();
    expect(bar.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('ends with its lifetime: the warning and the overlay go, focus asks nothing more', async () => {
    current = guard(() => WARN);
    await settle();
    current.stop();
    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(0);
    focus(passwordField());
    await settle();
    expect(current.triggers()).toEqual(['load']);
  });
});
