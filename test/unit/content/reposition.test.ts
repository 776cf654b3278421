// The markers and the tooltip follow their links (src/content/reposition.ts): one reposition per
// frame however many changes, a look every second only while markers are shown, nothing at all
// for a page that shows nothing.
import { describe, expect, it } from 'vitest';
import { createRepositioner } from '@/src/content/reposition';

function fakeUi(markers: number, anchored = false) {
  const calls = { markers: 0, tooltip: 0 };
  const built = {
    markers: { count: markers, reposition: () => void calls.markers++ },
    tooltip: { anchor: anchored ? {} : null, reposition: () => void calls.tooltip++ },
  };
  return { ui: { built: built as never }, built, calls };
}

function fakeTimers() {
  const queue: { fn: () => void; at: number }[] = [];
  let now = 0;
  return {
    set: (fn: () => void, ms: number) => void queue.push({ fn, at: now + ms }),
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        queue.sort((a, b) => a.at - b.at);
        const next = queue[0];
        if (!next || next.at > until) break;
        queue.shift();
        now = next.at;
        next.fn();
      }
      now = until;
    },
    pending: () => queue.length,
  };
}

describe('repositioning markers', () => {
  it('many changes within a frame make one reposition of markers and tooltip', () => {
    const { ui, calls } = fakeUi(1);
    const t = fakeTimers();
    const r = createRepositioner(ui, t.set);
    r.schedule();
    r.schedule();
    r.viewportChanged();
    t.advance(20);
    expect(calls).toEqual({ markers: 1, tooltip: 1 });
    r.schedule();
    t.advance(20);
    expect(calls.markers).toBe(2);
  });

  it('a page showing nothing: scrolling and the page’s changes cost no timer', () => {
    const t = fakeTimers();
    const r = createRepositioner({ built: null }, t.set);
    r.viewportChanged();
    expect(t.pending()).toBe(0);
    const { ui } = fakeUi(0, false);
    createRepositioner(ui, t.set).viewportChanged();
    expect(t.pending()).toBe(0);
  });

  it('a shown tooltip alone is repositioned on scroll', () => {
    const { ui, calls } = fakeUi(0, true);
    const t = fakeTimers();
    createRepositioner(ui, t.set).viewportChanged();
    t.advance(20);
    expect(calls.tooltip).toBe(1);
  });

  it('follows once a second while markers are shown, and stops when the last one goes', () => {
    const { ui, built, calls } = fakeUi(2);
    const t = fakeTimers();
    const r = createRepositioner(ui, t.set);
    r.follow();
    r.follow(); // already following: no second loop
    t.advance(3_100);
    expect(calls.markers).toBe(3);
    built.markers.count = 0;
    t.advance(5_000);
    expect(calls.markers).toBe(3);
    expect(t.pending()).toBe(0);
    // Drawn again later: following starts again.
    built.markers.count = 1;
    r.follow();
    t.advance(1_100);
    expect(calls.markers).toBe(4);
  });
});
