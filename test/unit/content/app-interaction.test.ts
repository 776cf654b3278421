// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import {
  addLinks,
  cacheResponder,
  focusIn,
  pointerOver,
  scriptFocus,
  startApp,
  type Harness,
  dialogOpen,
  marked,
  tipAnchor,
} from './app-harness';

const block: LinkInfo = {
  status: 'verdict',
  action: 'block',
  band: 'malicious',
  riskScore: 95,
  categories: ['phishing'],
  reasoning: '<img src=x onerror=alert(1)>',
  indicators: ['look-alike domain'],
  canProceed: true,
};
const warn: LinkInfo = { status: 'verdict', action: 'warn', band: 'high', riskScore: 60 };
const settle = () => vi.advanceTimersByTimeAsync(3000);
const click = (el: Element, init: MouseEventInit = {}) => {
  const e = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, button: 0, ...init });
  el.dispatchEvent(e);
  return e;
};

describe('content app: hover, tooltip and confirmation', () => {
  let h: Harness;

  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers();
    document.body.replaceChildren();
  });
  afterEach(() => {
    h?.ctx.end();
    vi.useRealTimers();
  });

  describe('hover intent', () => {
    it('asks about a link once the pointer rests on it, and not again while the answer is fresh', async () => {
      const [a] = addLinks(['https://hover.test/']);
      h = startApp(cacheResponder({}));
      await settle();
      pointerOver(a!);
      await vi.advanceTimersByTimeAsync(299);
      expect(h.of('link.hover')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      // With the start of its text: the background checks whether it names another site (docs/decisions/003-every-hop.md).
      expect(h.of('link.hover')).toEqual([{ type: 'link.hover', url: 'https://hover.test/', text: 'link 0' }]);
      pointerOver(document.body);
      pointerOver(a!);
      await settle();
      expect(h.of('link.hover')).toHaveLength(1);
    });

    it('does not ask when the pointer leaves before the delay', async () => {
      const [a] = addLinks(['https://hover.test/']);
      h = startApp(cacheResponder({}));
      await settle();
      pointerOver(a!);
      await vi.advanceTimersByTimeAsync(150);
      pointerOver(document.body);
      await settle();
      expect(h.of('link.hover')).toHaveLength(0);
    });

    it('sends at most one request when the pointer sweeps across 50 links', async () => {
      const links = addLinks(Array.from({ length: 50 }, (_, i) => `https://sweep.test/${i}`));
      h = startApp(cacheResponder({}));
      await settle();
      for (const a of links) {
        pointerOver(a);
        await vi.advanceTimersByTimeAsync(30);
      }
      await settle();
      expect(h.of('link.hover').length).toBeLessThanOrEqual(1);
    });

    it('ignores pointer events the page synthesizes', async () => {
      const [a] = addLinks(['https://synthetic.test/']);
      h = startApp(cacheResponder({}), { realTrust: true });
      await settle();
      pointerOver(a!); // dispatched by script: isTrusted is false
      await settle();
      expect(h.of('link.hover')).toHaveLength(0);
    });

    it('asks on keyboard focus too', async () => {
      const [a] = addLinks(['https://focus.test/']);
      h = startApp(cacheResponder({}));
      await settle();
      focusIn(a!);
      await settle();
      expect(h.of('link.hover')).toEqual([{ type: 'link.hover', url: 'https://focus.test/', text: 'link 0' }]);
    });

    it('counts the key press that started the app (visit.ts) as keyboard intent for the focus that follows', async () => {
      const [a] = addLinks(['https://first-tab.test/']);
      // The person's first Tab: caught by visit.ts on window, so the app's own window listener missed it.
      h = startApp(cacheResponder({}), { first: new KeyboardEvent('keydown', { key: 'Tab' }) });
      scriptFocus(a!); // only the focus event reaches the app's listeners
      await settle();
      expect(h.of('link.hover')).toEqual([{ type: 'link.hover', url: 'https://first-tab.test/', text: 'link 0' }]);
    });

    it('does not count focus moved by page script (a.focus() in a loop) as intent', async () => {
      const links = addLinks(Array.from({ length: 20 }, (_, i) => `https://focus-loop.test/${i}`));
      h = startApp(cacheResponder({})); // every event counts as trusted here: a.focus() is, in browsers
      await settle();
      for (const a of links) {
        scriptFocus(a);
        await vi.advanceTimersByTimeAsync(400);
      }
      await settle();
      expect(h.of('link.hover')).toHaveLength(0);
    });

    it('ignores focus events the page synthesizes, even right after a key press', async () => {
      const [a] = addLinks(['https://synthetic-focus.test/']);
      h = startApp(cacheResponder({}), { realTrust: true });
      await settle();
      focusIn(a!); // keydown and focusin both dispatched by script: isTrusted is false
      await settle();
      expect(h.of('link.hover')).toHaveLength(0);
    });

    it('does not ask about links whose verdict the lookup already gave', async () => {
      const [a] = addLinks(['https://known.test/']);
      h = startApp(cacheResponder({ 'https://known.test/': warn }));
      await settle();
      pointerOver(a!);
      await settle();
      expect(h.of('link.hover')).toHaveLength(0);
    });

    it('does not ask when the settings turn hover checks off', async () => {
      const [a] = addLinks(['https://off.test/']);
      const base = cacheResponder({});
      h = startApp((m) =>
        m.type === 'config.get' ? { ok: true, data: { hoverDelayMs: 300, scanHovers: false } } : base(m),
      );
      await settle();
      pointerOver(a!);
      await settle();
      expect(h.of('link.hover')).toHaveLength(0);
    });

    it('shows the verdict the hover brings back', async () => {
      const [a] = addLinks(['https://hover-verdict.test/']);
      h = startApp(cacheResponder({}));
      await settle();
      h.setResponder(cacheResponder({ 'https://hover-verdict.test/': block }));
      pointerOver(a!);
      await settle();
      expect(marked(h, a!)).toBe(true);
    });
  });

  describe('tooltip', () => {
    it('appears on hover of a flagged link, with service text as text', async () => {
      const [a] = addLinks(['https://evil.test/']);
      h = startApp(cacheResponder({ 'https://evil.test/': block }));
      await settle();
      pointerOver(a!);
      expect(tipAnchor(h)).toBe(a);
      expect(h.app.ui.get().tooltip.el.textContent).toContain('<img src=x onerror=alert(1)>');
      expect(h.app.ui.get().overlay.root.querySelector('img')).toBeNull();
      pointerOver(document.body);
      await vi.advanceTimersByTimeAsync(400);
      expect(tipAnchor(h)).toBeNull();
    });

    it('appears on keyboard focus and is announced through the live region', async () => {
      const [a] = addLinks(['https://evil.test/']);
      h = startApp(cacheResponder({ 'https://evil.test/': block }));
      await settle();
      focusIn(a!);
      await vi.advanceTimersByTimeAsync(100);
      expect(tipAnchor(h)).toBe(a);
      expect(h.app.ui.get().overlay.live.getAttribute('aria-live')).toBe('polite');
      expect(h.app.ui.get().overlay.live.textContent).toBe(
        'Linklens: Malicious link, risk score 95 of 100, Phishing. Linklens will ask before opening this link.',
      );
    });

    it('Escape dismisses it', async () => {
      const [a] = addLinks(['https://evil.test/']);
      h = startApp(cacheResponder({ 'https://evil.test/': block }));
      await settle();
      pointerOver(a!);
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
      expect(tipAnchor(h)).toBeNull();
    });

    it('does not appear for unflagged links', async () => {
      const [a] = addLinks(['https://plain.test/']);
      h = startApp(cacheResponder({}));
      await settle();
      pointerOver(a!);
      expect(tipAnchor(h)).toBeNull();
    });
  });

  describe('confirmation before a block-level link opens', () => {
    it('intercepts a click; "Open anyway" asks the background for nothing and opens the link, whose navigation meets the blocked page', async () => {
      const [a] = addLinks(['https://evil.test/']);
      h = startApp(cacheResponder({ 'https://evil.test/': block }));
      await settle();
      const pageHandler = vi.fn();
      document.addEventListener('click', pageHandler);
      const e = click(a!);
      expect(e.defaultPrevented).toBe(true);
      expect(pageHandler).not.toHaveBeenCalled();
      expect(dialogOpen(h)).toBe(true);
      const before = h.sent.length;
      h.app.ui.get().dialog.element!.querySelector<HTMLButtonElement>('.open')!.click();
      await settle();
      // No pass is asked for: only the blocked page (an extension page) grants one (docs/decisions/001-content-tier.md).
      expect(h.sent.slice(before).map((m) => m.type)).toEqual([]);
      expect(h.navigate).toHaveBeenCalledWith('https://evil.test/', 'same');
      expect(dialogOpen(h)).toBe(false);
    });

    it('opens a middle-clicked link in a new tab after confirmation', async () => {
      const [a] = addLinks(['https://evil.test/']);
      h = startApp(cacheResponder({ 'https://evil.test/': block }));
      await settle();
      const e = new MouseEvent('auxclick', { bubbles: true, cancelable: true, composed: true, button: 1 });
      a!.dispatchEvent(e);
      expect(e.defaultPrevented).toBe(true);
      h.app.ui.get().dialog.element!.querySelector<HTMLButtonElement>('.open')!.click();
      await settle();
      expect(h.navigate).toHaveBeenCalledWith('https://evil.test/', 'new-tab');
    });

    it('intercepts keyboard activation (Enter), ctrl+click opens in a new tab', async () => {
      const [a] = addLinks(['https://evil.test/']);
      h = startApp(cacheResponder({ 'https://evil.test/': block }));
      await settle();
      const key = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, composed: true });
      a!.dispatchEvent(key);
      expect(key.defaultPrevented).toBe(true);
      expect(dialogOpen(h)).toBe(true);
      h.app.ui.get().dialog.close(false);
      await settle();
      click(a!, { ctrlKey: true });
      h.app.ui.get().dialog.element!.querySelector<HTMLButtonElement>('.open')!.click();
      await settle();
      expect(h.navigate).toHaveBeenCalledWith('https://evil.test/', 'new-tab');
    });

    it('without canProceed offers no "Open anyway": "Go back" does not navigate', async () => {
      const [a] = addLinks(['https://locked.test/']);
      h = startApp(cacheResponder({ 'https://locked.test/': { ...block, canProceed: false } }));
      await settle();
      click(a!);
      const dialog = h.app.ui.get().dialog.element!;
      expect([...dialog.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Report a mistake', 'Go back']);
      dialog.querySelector<HTMLButtonElement>('.back')!.click();
      await settle();
      expect(dialogOpen(h)).toBe(false);
      expect(h.navigate).not.toHaveBeenCalled();
      expect(document.activeElement).toBe(a);
    });

    it('does not intercept clicks or Enter the page synthesizes: interception would tell the page the URL is cached "block"', async () => {
      const [a] = addLinks(['https://evil.test/']);
      h = startApp(cacheResponder({ 'https://evil.test/': block }), { realTrust: true });
      await settle();
      const pageHandler = vi.fn((e: Event) => e.preventDefault()); // the page watches what happens to its click
      document.addEventListener('click', pageHandler);
      const e = click(a!); // isTrusted false
      const key = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, composed: true });
      a!.dispatchEvent(key);
      expect(pageHandler).toHaveBeenCalledTimes(1);
      expect(key.defaultPrevented).toBe(false);
      expect(e.defaultPrevented).toBe(true); // only by the page's own handler
      expect(dialogOpen(h)).toBe(false);
    });

    it('lets warn-level and unknown links through untouched', async () => {
      const [risky, unknown] = addLinks(['https://risky.test/', 'https://unknown.test/']);
      h = startApp(cacheResponder({ 'https://risky.test/': warn }));
      await settle();
      const pageHandler = vi.fn((e: Event) => e.preventDefault()); // the page's own router
      document.addEventListener('click', pageHandler);
      click(risky!);
      click(unknown!);
      expect(pageHandler).toHaveBeenCalledTimes(2);
      expect(dialogOpen(h)).toBe(false);
    });

    it('tells the background of a link the person activated (click, ctrl+click, Enter), not of a right click', async () => {
      const [a, b, c] = addLinks(['https://news.test/a', 'https://news.test/b', 'https://news.test/c']);
      h = startApp(cacheResponder({}));
      await settle();
      click(a!);
      click(b!, { ctrlKey: true });
      c!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, composed: true }));
      click(c!, { button: 2 });
      await settle();
      expect(h.of('link.activated').map((m) => m.url)).toEqual([
        'https://news.test/a',
        'https://news.test/b',
        'https://news.test/c',
      ]);
    });

    it('says nothing of a click the page synthesizes (it is not the person)', async () => {
      const [a] = addLinks(['https://news.test/a']);
      h = startApp(cacheResponder({}), { realTrust: true });
      await settle();
      click(a!); // isTrusted false
      await settle();
      expect(h.of('link.activated')).toEqual([]);
    });

    it('a block-level link the confirmation stopped is not reported as activated', async () => {
      const [a] = addLinks(['https://evil.test/']);
      h = startApp(cacheResponder({ 'https://evil.test/': block }));
      await settle();
      click(a!);
      await settle();
      expect(dialogOpen(h)).toBe(true);
      expect(h.of('link.activated')).toEqual([]);
    });

    it('checks the href at click time, not the one seen earlier', async () => {
      const [a] = addLinks(['https://harmless.test/', 'https://evil.test/']);
      h = startApp(cacheResponder({ 'https://evil.test/': block }));
      await settle();
      a!.href = 'https://evil.test/'; // swapped just before the click (observer not run yet)
      const e = click(a!);
      expect(e.defaultPrevented).toBe(true);
      expect(dialogOpen(h)).toBe(true);
    });
  });
});
