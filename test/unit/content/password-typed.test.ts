// @vitest-environment happy-dom
/**
 * "You were there" in the page (src/content/password-typed.ts): the person's first input into a
 * password field of the top page sends password.typed once, with nothing of the field or its
 * text; other fields, the page's own script and lifetimes that ended send nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { watchPasswordInput } from '@/src/content/password-typed';
import type { ContentToBackground } from '@/src/shared/messaging/protocol';

function setUp(trusted: (e: Event) => boolean = () => true) {
  const sent: ContentToBackground[] = [];
  const controller = new AbortController();
  watchPasswordInput({
    win: window,
    signal: controller.signal,
    send: async (m) => (sent.push(m), { ok: true, data: null }),
    trusted,
  });
  return { sent, controller };
}

function field(type: string): HTMLInputElement {
  const el = document.createElement('input');
  el.type = type;
  document.body.append(el);
  return el;
}

const type = (el: HTMLInputElement, text: string) => {
  el.value = text;
  el.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
};

afterEach(() => document.body.replaceChildren());

describe('watchPasswordInput', () => {
  it('sends one bare password.typed for the first input, whatever follows', () => {
    const { sent, controller } = setUp();
    const pw = field('password');
    type(pw, 's');
    type(pw, 'se');
    type(field('PASSWORD'), 'x');
    expect(sent).toEqual([{ type: 'password.typed' }]);
    expect(JSON.stringify(sent)).not.toContain('se');
    controller.abort();
  });

  it('other fields send nothing', () => {
    const { sent, controller } = setUp();
    type(field('text'), 'hunter2');
    type(field('email'), 'a@b.test');
    expect(sent).toEqual([]);
    controller.abort();
  });

  it("the page's own script typing into its field sends nothing", () => {
    const { sent, controller } = setUp(() => false);
    type(field('password'), 'x');
    expect(sent).toEqual([]);
    controller.abort();
  });

  it('a field inside an open shadow root counts', () => {
    const { sent, controller } = setUp();
    const host = document.createElement('div');
    document.body.append(host);
    const pw = document.createElement('input');
    pw.type = 'password';
    host.attachShadow({ mode: 'open' }).append(pw);
    type(pw, 'x');
    expect(sent).toEqual([{ type: 'password.typed' }]);
    controller.abort();
  });

  it('after the lifetime ends, nothing', () => {
    const { sent, controller } = setUp();
    controller.abort();
    type(field('password'), 'x');
    expect(sent).toEqual([]);
  });
});
