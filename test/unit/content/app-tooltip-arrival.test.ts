// @vitest-environment happy-dom
// A verdict that arrives while the pointer (or focus) still rests on the link shows its tooltip
// at once (app.ts `resting`; found by the browser test: the marker appeared, the tooltip only on
// the next hover). A verdict arriving after the pointer left shows the marker only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import { addLinks, cacheResponder, focusIn, pointerOver, startApp, type Harness, marked, tipAnchor } from './app-harness';

const block: LinkInfo = { status: 'verdict', action: 'block', band: 'malicious', riskScore: 95, categories: ['malware'], reasoning: 'bad', canProceed: true };
const settle = () => vi.advanceTimersByTimeAsync(3000);

async function push(links: Record<string, LinkInfo>): Promise<void> {
  await fakeBrowser.runtime.onMessage.trigger({ type: 'links.update', links }, {}, () => undefined);
  await vi.advanceTimersByTimeAsync(0);
}

describe('content app: tooltip for a verdict that arrives during the hover', () => {
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

  it('shows the tooltip when the pushed verdict arrives while the pointer rests on the link', async () => {
    const [a] = addLinks(['https://late.test/']);
    h = startApp(cacheResponder({})); // the hover answers 'pending'
    await settle();
    pointerOver(a!);
    await vi.advanceTimersByTimeAsync(400);
    expect(h.of('link.hover')).toHaveLength(1);
    expect(tipAnchor(h)).toBeNull();
    await push({ 'https://late.test/': block });
    expect(marked(h, a!)).toBe(true);
    expect(tipAnchor(h)).toBe(a);
    expect(h.app.ui.get().tooltip.el.textContent).toContain('Risk score: 95 / 100');
  });

  it('places the marker with the tooltip, not a frame later', async () => {
    const [a] = addLinks(['https://late.test/']);
    a!.getBoundingClientRect = () => ({ left: 20, top: 30, right: 120, bottom: 48, width: 100, height: 18, x: 20, y: 30, toJSON: () => ({}) });
    h = startApp(cacheResponder({}));
    await settle();
    pointerOver(a!);
    await vi.advanceTimersByTimeAsync(400);
    await push({ 'https://late.test/': block }); // no timer runs after this: no scheduled reposition
    expect(tipAnchor(h)).toBe(a);
    const badge = h.app.ui.get().overlay.layer.querySelector<HTMLElement>('.badge');
    expect(badge?.hidden).toBe(false);
    expect(h.app.ui.get().overlay.layer.querySelector<HTMLElement>('.mark')?.hidden).toBe(false);
  });

  it('shows only the marker when the pointer left before the verdict arrived', async () => {
    const [a] = addLinks(['https://late.test/']);
    h = startApp(cacheResponder({}));
    await settle();
    pointerOver(a!);
    await vi.advanceTimersByTimeAsync(400);
    pointerOver(document.body);
    await push({ 'https://late.test/': block });
    expect(marked(h, a!)).toBe(true);
    expect(tipAnchor(h)).toBeNull();
  });

  it('announces a verdict that arrives while the link has keyboard focus', async () => {
    const [a] = addLinks(['https://late.test/']);
    h = startApp(cacheResponder({}));
    await settle();
    focusIn(a!);
    await vi.advanceTimersByTimeAsync(400);
    await push({ 'https://late.test/': block });
    await vi.advanceTimersByTimeAsync(100);
    expect(tipAnchor(h)).toBe(a);
    expect(h.app.ui.get().overlay.live.textContent).toContain('Linklens: Malicious link, risk score 95 of 100');
  });
});
