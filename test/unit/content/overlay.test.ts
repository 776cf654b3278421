// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Markers } from '@/src/content/overlay/markers';
import { OVERLAY_TAG, OverlayHost } from '@/src/content/overlay/overlay-host';
import { Tooltip } from '@/src/content/overlay/tooltip';
import type { LinkInfo } from '@/src/shared/messaging/protocol';

const XSS = '<img src=x onerror=alert(1)>';
const hostile: LinkInfo = {
  status: 'verdict',
  action: 'block',
  band: 'malicious',
  riskScore: 97,
  categories: ['phishing', '<b>bold</b>'],
  reasoning: XSS,
  indicators: ['<script>alert(2)</script>', 'plain indicator'],
};
const viewport = () => ({ width: 1024, height: 768 });

function link(href: string, text = 'a link'): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  document.body.append(a);
  return a;
}

describe('overlay', () => {
  let overlay: OverlayHost;

  beforeEach(() => {
    fakeBrowser.reset();
    document.documentElement.querySelectorAll(OVERLAY_TAG).forEach((n) => n.remove());
    document.body.replaceChildren();
    overlay = new OverlayHost(document);
  });

  it('is one host element with a closed shadow root', () => {
    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(1);
    expect(overlay.host.shadowRoot).toBeNull();
    expect(overlay.host.getAttribute('style')).toContain('pointer-events: none');
  });

  it('comes back when the page removes it', () => {
    overlay.host.remove();
    overlay.ensure();
    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(1);
  });

  it('renders reasoning, categories and indicators as text, never as HTML', () => {
    const tooltip = new Tooltip(overlay, viewport, async () => null);
    tooltip.show(link('https://evil.test/'), hostile, 'block');
    const root = overlay.root;
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('b')).toBeNull();
    expect(document.querySelector('img')).toBeNull();
    const text = tooltip.el.textContent ?? '';
    expect(text).toContain(XSS);
    expect(text).toContain('<script>alert(2)</script>');
    expect(text).toContain('Categories: Phishing, <b>bold</b>');
    expect(text).toContain('Malicious link');
    expect(text).toContain('Risk score: 97 / 100');
    expect(tooltip.el.getAttribute('role')).toBe('tooltip');
    expect(tooltip.el.hidden).toBe(false);
  });

  it('hides the tooltip and forgets its link', () => {
    const tooltip = new Tooltip(overlay, viewport, async () => null);
    tooltip.show(link('https://evil.test/'), hostile, 'block');
    tooltip.hide();
    expect(tooltip.el.hidden).toBe(true);
    expect(tooltip.anchor).toBeNull();
  });

  it('marks a link with an icon and an accessible name, inside the shadow root only', () => {
    const markers = new Markers(overlay, viewport);
    const a = link('https://evil.test/', 'Claim your prize');
    const before = a.cloneNode(true) as HTMLAnchorElement;
    markers.set(a, hostile, 'block');
    const badge = overlay.root.querySelector('.badge.block')!;
    expect(badge.getAttribute('role')).toBe('img');
    expect(badge.getAttribute('aria-label')).toBe('Linklens: Malicious link, risk score 97 of 100: Claim your prize');
    expect(badge.querySelector('svg')).not.toBeNull();
    expect(overlay.root.querySelector('.mark.block')).not.toBeNull();
    // The page's link is untouched: same attributes, same text, no children added.
    expect(a.isEqualNode(before)).toBe(true);
    expect(document.body.querySelectorAll('*')).toHaveLength(1);
  });

  it('places markers over the link on reposition, and hides those with no box', () => {
    const markers = new Markers(overlay, viewport);
    const shown = link('https://evil.test/');
    const hidden = link('https://evil2.test/');
    shown.getBoundingClientRect = () => ({ left: 100, top: 100, width: 80, height: 20 }) as DOMRect;
    hidden.getBoundingClientRect = () => ({ left: 0, top: 0, width: 0, height: 0 }) as DOMRect;
    markers.set(shown, hostile, 'block');
    markers.set(hidden, hostile, 'block');
    markers.reposition();
    const [box1, badge1, box2, badge2] = [...overlay.layer.children] as HTMLElement[];
    expect([box1!.style.left, box1!.style.top, box1!.style.width, box1!.style.height]).toEqual([
      '98px',
      '98px',
      '84px',
      '24px',
    ]);
    expect([badge1!.style.left, badge1!.style.top]).toEqual(['80px', '101px']);
    expect(box1!.hidden || badge1!.hidden).toBe(false);
    expect(box2!.hidden && badge2!.hidden).toBe(true);
  });

  it('switches the marker kind and removes it', () => {
    const markers = new Markers(overlay, viewport);
    const a = link('https://evil.test/');
    markers.set(a, { ...hostile, action: 'warn', band: 'high' }, 'warn');
    markers.set(a, hostile, 'block');
    expect(overlay.root.querySelectorAll('.badge')).toHaveLength(1);
    expect(overlay.root.querySelector('.badge.block')).not.toBeNull();
    markers.remove(a);
    expect(overlay.root.querySelectorAll('.badge, .mark')).toHaveLength(0);
  });

  it('drops markers of links the page removed', () => {
    const markers = new Markers(overlay, viewport);
    const a = link('https://evil.test/');
    markers.set(a, hostile, 'block');
    a.remove();
    markers.reposition();
    expect(markers.count).toBe(0);
  });
});
