// @vitest-environment happy-dom
// Observing every link of a big page for visibility made each frame recompute thousands of
// intersections (BENCHMARKS.md §3): the tracker observes at most MAX_OBSERVED at a time.
import { describe, it, expect, vi } from 'vitest';
import { LinkTracker, MAX_OBSERVED } from '@/src/content/link-tracker';

describe('visibility observation is bounded', () => {
  it('observes at most MAX_OBSERVED links, and frees a slot when one is unwatched', () => {
    const observed = new Set<Element>();
    class FakeIO {
      constructor(_cb: unknown, _o: unknown) {}
      observe(el: Element) { observed.add(el); }
      unobserve(el: Element) { observed.delete(el); }
      disconnect() { observed.clear(); }
    }
    vi.stubGlobal('IntersectionObserver', FakeIO);
    Object.defineProperty(window, 'IntersectionObserver', { value: FakeIO, configurable: true });
    const tracker = new LinkTracker({ doc: document, now: () => 0, yieldToPage: () => undefined, onLink: () => undefined, onVisible: () => undefined, isOurs: () => false });
    const links = Array.from({ length: 1000 }, (_, i) => {
      const a = document.createElement('a');
      a.href = `https://e${i}.example/`;
      return a;
    });
    for (const a of links) tracker.watchVisibility(a);
    expect(observed.size).toBe(MAX_OBSERVED);
    tracker.unwatchVisibility(links[0]!);
    tracker.watchVisibility(links[500]!);
    expect(observed.has(links[500]!)).toBe(true);
    expect(observed.size).toBe(MAX_OBSERVED);
    vi.unstubAllGlobals();
  });
});
