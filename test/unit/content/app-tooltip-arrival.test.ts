// @vitest-environment happy-dom
// A verdict that arrives while the pointer (or focus) still rests on the link shows its tooltip
// at once (app.ts `resting`; found by the browser test: the marker appeared, the tooltip only on
// the next hover). A verdict arriving after the pointer left shows the marker only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { LinkInfo } from '@/src/shared/messaging/protocol';
import {
  addLinks,
  cacheResponder,
  focusIn,
  pointerOver,
  startApp,
  type Harness,
  marked,
  tipAnchor,
} from './app-harness';

const block: LinkInfo = {
  status: 'verdict',
  action: 'block',
  band: 'malicious',
  riskScore: 95,
  categories: ['malware'],
  reasoning: 'bad',
  canProceed: true,
};
const settle = () => vi.advanceTimersByTimeAsync(3000);

async function push(links: Record<string, LinkInfo>): Promise<void> {
  await fakeBrowser.runtime.onMessage.trigger({ type: 'links.update', links }, {}, () => undefined);
  await vi.advanceTimersByTimeAsync(0);
}

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

describe('content app: tooltip for a verdict that arrives during the hover', () => {
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
    a!.getBoundingClientRect = () => ({
      left: 20,
      top: 30,
      right: 120,
      bottom: 48,
      width: 100,
      height: 18,
      x: 20,
      y: 30,
      toJSON: () => ({}),
    });
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

describe("content app: a keyboard user hears the verdict that follows the check's steps", () => {
  const warn: LinkInfo = {
    status: 'verdict',
    action: 'warn',
    band: 'high',
    riskScore: 70,
    categories: ['scam'],
    reasoning: 'x',
    canProceed: true,
  };
  /** A link whose check runs (its hover answers with the step), reached by `reach`. */
  async function reachRunningCheck(reach: (el: Element) => void): Promise<Element> {
    const [a] = addLinks(['https://slow.test/']);
    h = startApp((m) =>
      m.type === 'link.hover' ? { ok: true, data: { status: 'pending', progress: 'queued' } } : cacheResponder({})(m),
    );
    await settle();
    reach(a!);
    await vi.advanceTimersByTimeAsync(400);
    return a!;
  }

  it('focus on a link whose check is running: the steps show, then the verdict is announced once', async () => {
    const a = await reachRunningCheck(focusIn);
    expect(tipAnchor(h)).toBe(a); // the step is on show
    const live = h.app.ui.get().overlay.live;
    expect(live.textContent).toBe('');
    await push({ 'https://slow.test/': warn });
    await vi.advanceTimersByTimeAsync(100);
    expect(live.textContent).toBe(
      "Linklens: High-risk link, risk score 70 of 100, Scam. Linklens advises caution with this link. To see why, or to report a mistake: the link's context menu, “Check this link with Linklens”.",
    );
    // The same verdict pushed again (another frame asked) is not read out again.
    live.textContent = 'read';
    await push({ 'https://slow.test/': warn });
    await vi.advanceTimersByTimeAsync(100);
    expect(live.textContent).toBe('read');
  });

  it('the pointer on a link whose check is running: the verdict shows, nothing is announced', async () => {
    await reachRunningCheck(pointerOver);
    await push({ 'https://slow.test/': warn });
    await vi.advanceTimersByTimeAsync(100);
    expect(h.app.ui.get().tooltip.el.textContent).toContain('Risk score: 70 / 100');
    expect(h.app.ui.get().overlay.live.textContent).toBe('');
  });
});

describe('content app: live progress and "Report a mistake" in the tooltip (docs/decisions/017-surfaces.md)', () => {
  const tipText = () => h.app.ui.get().tooltip.el.textContent ?? '';

  it("shows the running check's step, updates it in place as steps are pushed, then the verdict with why", async () => {
    const [a] = addLinks(['https://slow.test/']);
    h = startApp((m) =>
      m.type === 'link.hover'
        ? { ok: true, data: { status: 'pending', progress: 'submitting' } }
        : cacheResponder({})(m),
    );
    await settle();
    pointerOver(a!);
    await vi.advanceTimersByTimeAsync(400);
    expect(tipAnchor(h)).toBe(a);
    expect(tipText()).toBe('Checking this link: sending it to the scanning service…');
    const el = h.app.ui.get().tooltip.el;
    await push({ 'https://slow.test/': { status: 'pending', progress: 'queued' } });
    expect(tipText()).toBe('Checking this link: waiting in the scanning service’s queue…');
    await push({ 'https://slow.test/': { status: 'pending', progress: 'processing' } });
    expect(tipText()).toBe('Checking this link: the scanning service is analysing it…');
    expect(h.app.ui.get().tooltip.el).toBe(el); // the same tooltip, updated in place
    expect(marked(h, a!)).toBe(false);
    await push({ 'https://slow.test/': { ...block, why: { key: 'score_block', nums: [95, 76] } } });
    expect(marked(h, a!)).toBe(true);
    expect(tipText()).toContain('Why this decision: Risk score 95 ≥ your block threshold 76');
    expect(tipText()).not.toContain('Checking this link');
  });

  it('a check that ends without a warning takes the "checking" tooltip away', async () => {
    const [a] = addLinks(['https://fine.test/']);
    h = startApp((m) =>
      m.type === 'link.hover' ? { ok: true, data: { status: 'pending', progress: 'queued' } } : cacheResponder({})(m),
    );
    await settle();
    pointerOver(a!);
    await vi.advanceTimersByTimeAsync(400);
    expect(tipAnchor(h)).toBe(a);
    await push({ 'https://fine.test/': { status: 'unknown' } });
    expect(tipAnchor(h)).toBeNull();
    expect(h.app.ui.get().tooltip.el.hidden).toBe(true);
  });

  it('a step pushed for a link the pointer is not on shows nothing', async () => {
    const [a, b] = addLinks(['https://one.test/', 'https://two.test/']);
    h = startApp((m) =>
      m.type === 'link.hover' ? { ok: true, data: { status: 'pending', progress: 'queued' } } : cacheResponder({})(m),
    );
    await settle();
    pointerOver(a!);
    await vi.advanceTimersByTimeAsync(400);
    pointerOver(b!);
    await vi.advanceTimersByTimeAsync(1000);
    await push({ 'https://one.test/': { status: 'pending', progress: 'processing' } });
    expect(tipAnchor(h)).not.toBe(a);
  });

  it('"Report a mistake" in the tooltip asks the background to open the report page for the link, and says so when it cannot', async () => {
    const [a] = addLinks(['https://flagged.test/']);
    let answer: { ok: true; data: null } | { ok: false; error: { code: string; message: string } } = {
      ok: true,
      data: null,
    };
    h = startApp((m) => (m.type === 'report.open' ? answer : cacheResponder({ 'https://flagged.test/': block })(m)));
    await settle();
    pointerOver(a!);
    await vi.advanceTimersByTimeAsync(400);
    const button = () => h.app.ui.get().tooltip.el.querySelector<HTMLButtonElement>('button.report');
    expect(button()?.textContent).toBe('Report a mistake');
    button()!.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.of('report.open')).toEqual([{ type: 'report.open', url: 'https://flagged.test/' }]);
    expect(tipAnchor(h)).toBeNull(); // opened: the tooltip steps aside
    answer = { ok: false, error: { code: 'rate_limited', message: 'Too many' } };
    pointerOver(document.body);
    await vi.advanceTimersByTimeAsync(1000);
    pointerOver(a!);
    await vi.advanceTimersByTimeAsync(400);
    button()!.click();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.of('report.open')).toHaveLength(2);
    const alert = h.app.ui.get().tooltip.el.querySelector('[role=alert]');
    expect(alert?.textContent).toBe('The report page could not be opened. Try again later.');
    expect(button()).toBeNull();
  });

  it('no "Report a mistake" for a warning from lying link text (nothing the service decided)', async () => {
    const [a] = addLinks(['https://evil.test/']);
    h = startApp(
      cacheResponder({
        'https://evil.test/': {
          status: 'verdict',
          action: 'warn',
          textShows: 'bank.test',
          leadsTo: 'evil.test',
          categories: [],
          reasoning: '',
          indicators: [],
        },
      }),
    );
    await settle();
    pointerOver(a!);
    await vi.advanceTimersByTimeAsync(400);
    expect(tipAnchor(h)).toBe(a);
    // Its only button is "Details".
    expect([...h.app.ui.get().tooltip.el.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Details']);
  });
});
