// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OVERLAY_TAG } from '@/src/content/overlay/overlay-host';
import { MAX_BATCH, type LinkInfo } from '@/src/shared/messaging/protocol';
import {
  addLinks,
  cacheResponder,
  focusIn,
  marked,
  pointerOver,
  scrolled,
  startApp,
  type Harness,
} from './app-harness';

const block: LinkInfo = { status: 'verdict', action: 'block', band: 'malicious', riskScore: 95, canProceed: true };
const warn: LinkInfo = { status: 'verdict', action: 'warn', band: 'high', riskScore: 60 };
const safe: LinkInfo = { status: 'verdict', action: 'allow', band: 'safe', riskScore: 2 };
const settle = () => vi.advanceTimersByTimeAsync(3000);

/** Sends a background→content message the way tabs.sendMessage would reach our listener. */
async function push(message: unknown): Promise<{ claimed: boolean; reply: unknown }> {
  let reply: unknown = 'no reply';
  const results = await fakeBrowser.runtime.onMessage.trigger(message, {}, (r: unknown) => (reply = r));
  await vi.advanceTimersByTimeAsync(0);
  return { claimed: (results as unknown[]).some((r) => r === true), reply };
}

describe('content app: discovery, lookups and pushed verdicts', () => {
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

  it('looks the page links up in batches: one links.lookup message per batch, each URL once', async () => {
    const hrefs = Array.from({ length: 1200 }, (_, i) => `https://site.test/${i}`);
    addLinks([...hrefs, ...hrefs.slice(0, 100)]); // duplicates share one lookup
    h = startApp(cacheResponder({}));
    await settle();
    const lookups = h.of('links.lookup');
    expect(lookups.map((m) => m.urls.length)).toEqual([MAX_BATCH, MAX_BATCH, 200]);
    expect(new Set(lookups.flatMap((m) => m.urls)).size).toBe(1200);
    expect(h.of('link.hover')).toHaveLength(0);
  });

  it('processes a 5,000-link page in many idle slices of a bounded budget, and few messages', async () => {
    addLinks(Array.from({ length: 5000 }, (_, i) => `https://big.test/${i}`));
    // A clock that moves 0.05 ms per reading: a 1 ms slice ends after 20 readings (~320 links).
    let clock = 0;
    h = startApp(cacheResponder({}), { now: () => (clock += 0.05), budgetMs: 1 });
    await settle();
    expect(h.app.discovery.passes).toBeGreaterThanOrEqual(10);
    expect(h.app.store.lookedUp.size).toBe(5000);
    expect(h.of('links.lookup')).toHaveLength(5000 / MAX_BATCH);
  });

  it('does nothing at load but listen: no message, no walk, no overlay until idle time', async () => {
    addLinks(['https://evil.test/', 'https://fine.test/']);
    h = startApp(cacheResponder({ 'https://evil.test/': block }));
    expect(h.sent).toEqual([]);
    expect(h.app.discovery.passes).toBe(0);
    expect(h.app.ui.built).toBeNull();
    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(0);
    await settle();
    expect(h.of('links.lookup')).toHaveLength(1);
    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(1); // the flagged link's marker
  });

  it('builds no overlay and keeps nothing per link on a page without a flagged link', async () => {
    const links = addLinks(Array.from({ length: 300 }, (_, i) => `https://plain.test/${i}`));
    h = startApp(cacheResponder({ 'https://plain.test/7': safe }));
    await settle();
    pointerOver(links[3]!); // a hover on an unflagged link shows nothing either
    await settle();
    expect(h.of('links.lookup').flatMap((m) => m.urls)).toHaveLength(300);
    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(0);
    expect(h.app.ui.built).toBeNull();
    // Entries only for what the background knew (the safe verdict) and what a hover asked.
    expect(h.app.store.size).toBe(2);
  });

  it('looks up the links near the screen at load; the others once scrolling brings them near or the pointer reaches them', async () => {
    const [top, far, farther] = addLinks(['https://top.test/', 'https://far.test/', 'https://farther.test/']);
    far!.setAttribute('data-test-top', '5000');
    farther!.setAttribute('data-test-top', '9000');
    h = startApp(cacheResponder({ 'https://far.test/': block, 'https://farther.test/': warn }));
    const looked = () => h.of('links.lookup').flatMap((m) => m.urls);
    await settle();
    expect(looked()).toEqual(['https://top.test/']);
    expect(marked(h, top!)).toBe(false);
    far!.setAttribute('data-test-top', '300'); // the person scrolled: it is on screen now
    scrolled();
    await settle();
    expect(looked()).toEqual(['https://top.test/', 'https://far.test/']);
    expect(marked(h, far!)).toBe(true);
    focusIn(farther!); // keyboard focus reached it (the page scrolls it into view)
    await settle();
    expect(looked()).toContain('https://farther.test/');
    expect(marked(h, farther!)).toBe(true);
  });

  it('marks warn- and block-level links, not safe ones', async () => {
    const [evil, risky, fine] = addLinks(['https://evil.test/', 'https://risky.test/', 'https://fine.test/']);
    h = startApp(
      cacheResponder({ 'https://evil.test/': block, 'https://risky.test/': warn, 'https://fine.test/': safe }),
    );
    await settle();
    expect(marked(h, evil!)).toBe(true);
    expect(marked(h, risky!)).toBe(true);
    expect(marked(h, fine!)).toBe(false);
    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(1);
    // The page's own anchors carry nothing of ours.
    expect(evil!.getAttributeNames()).toEqual(['href']);
  });

  it('finds links added later (infinite scroll) and inside open shadow roots', async () => {
    h = startApp(cacheResponder({}));
    await settle();
    addLinks(['https://later.test/']);
    const host = document.createElement('x-card');
    const root = host.attachShadow({ mode: 'open' });
    addLinks(['https://shadow.test/'], root);
    document.body.append(host);
    await settle();
    const looked = h.of('links.lookup').flatMap((m) => m.urls);
    expect(looked).toContain('https://later.test/');
    expect(looked).toContain('https://shadow.test/');
    // Links added inside a known shadow root later are seen too.
    addLinks(['https://shadow-later.test/'], root);
    await settle();
    expect(h.of('links.lookup').flatMap((m) => m.urls)).toContain('https://shadow-later.test/');
  });

  it('finds a shadow root on a host with children of its own once the pointer reaches a link in it', async () => {
    const host = document.createElement('my-menu');
    host.append(document.createElement('span')); // slotted content: not an empty candidate
    const root = host.attachShadow({ mode: 'open' });
    const [inside, sibling] = addLinks(['https://menu.test/a', 'https://menu.test/b'], root);
    document.body.append(host);
    h = startApp(cacheResponder({ 'https://menu.test/b': block }));
    await settle();
    expect(h.of('links.lookup')).toEqual([]);
    pointerOver(inside!); // composed: the app sees the link inside the root
    await settle();
    const looked = h.of('links.lookup').flatMap((m) => m.urls);
    expect(looked).toContain('https://menu.test/a');
    expect(looked).toContain('https://menu.test/b'); // the rest of that root, found through it
    expect(marked(h, sibling!)).toBe(true);
  });

  it('follows a link whose href changes', async () => {
    const [a] = addLinks(['https://before.test/']);
    h = startApp(cacheResponder({ 'https://after.test/': block }));
    await settle();
    expect(marked(h, a!)).toBe(false);
    a!.href = 'https://after.test/';
    await settle();
    expect(marked(h, a!)).toBe(true);
  });

  it('drops the marker when the page removes the href', async () => {
    const [a] = addLinks(['https://evil.test/']);
    h = startApp(cacheResponder({ 'https://evil.test/': block }));
    await settle();
    expect(marked(h, a!)).toBe(true);
    a!.removeAttribute('href');
    await settle();
    expect(marked(h, a!)).toBe(false);
  });

  it('shows verdicts pushed by links.update and answers with ok', async () => {
    const [a] = addLinks(['https://late-verdict.test/']);
    // The lookup finds a scan in flight; its verdict is pushed when it completes.
    h = startApp(cacheResponder({ 'https://late-verdict.test/': { status: 'pending' } }));
    await settle();
    expect(marked(h, a!)).toBe(false);
    const { claimed, reply } = await push({ type: 'links.update', links: { 'https://late-verdict.test/': block } });
    expect(claimed).toBe(true);
    expect(reply).toEqual({ ok: true, data: null });
    expect(marked(h, a!)).toBe(true);
  });

  it.each([
    ['an unknown type', { type: 'settings.set', patch: {} }],
    ['a malformed update', { type: 'links.update', links: 'all of them' }],
    ['not an object', 'links.update'],
  ])('ignores %s without answering', async (_n, message) => {
    addLinks(['https://x.test/']);
    h = startApp(cacheResponder({}));
    await settle();
    const { claimed, reply } = await push(message);
    expect(claimed).toBe(false);
    expect(reply).toBe('no reply');
  });

  it('drops invalid entries of an update and URLs the page does not have', async () => {
    const [a, b] = addLinks(['https://a.test/', 'https://b.test/']);
    // Both were being scanned at lookup time: pushes for them are expected, bad ones still dropped.
    h = startApp(
      cacheResponder({ 'https://a.test/': { status: 'pending' }, 'https://b.test/': { status: 'pending' } }),
    );
    await settle();
    await push({
      type: 'links.update',
      links: {
        'https://a.test/': { status: 'verdict', action: 'block', reasoning: 42 },
        'https://b.test/': { ...block, band: 'apocalyptic' },
        'https://elsewhere.test/': block,
      },
    });
    expect(marked(h, a!)).toBe(false);
    expect(marked(h, b!)).toBe(false);
    expect(h.app.store.info('https://a.test/')).toEqual({ status: 'pending' });
    expect(h.app.store.entry('https://elsewhere.test/')).toBeUndefined();
  });

  it('answers no links.collect (the background reads the page itself: collect-in-page.ts)', async () => {
    addLinks(['https://a.test/']);
    h = startApp(cacheResponder({}));
    await settle();
    const { claimed } = await push({ type: 'links.collect' });
    expect(claimed).toBe(false);
  });

  it('asks the background for its hover settings once, when a link is first reached (not at load)', async () => {
    const [a, b] = addLinks(['https://a.test/', 'https://b.test/']);
    h = startApp(cacheResponder({}));
    await settle();
    expect(h.of('config.get')).toHaveLength(0);
    pointerOver(a!);
    focusIn(b!);
    await settle();
    expect(h.of('config.get')).toHaveLength(1);
    expect(h.app.config()).toEqual({ hoverDelayMs: 300, scanHovers: true });
  });

  it('cleans up when the context is invalidated', async () => {
    addLinks(['https://evil.test/']);
    h = startApp(cacheResponder({ 'https://evil.test/': block }));
    await settle();
    h.ctx.end();
    expect(document.querySelectorAll(OVERLAY_TAG)).toHaveLength(0);
    const { claimed } = await push({ type: 'links.update', links: {} });
    expect(claimed).toBe(false);
    const before = h.sent.length;
    addLinks(['https://after-reload.test/']);
    await settle();
    expect(h.sent.length).toBe(before);
  });
});
