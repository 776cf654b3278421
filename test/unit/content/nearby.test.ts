import { describe, expect, it } from 'vitest';
import { MAX_OBSERVED, NEAR_MARGIN, Nearby } from '@/src/content/nearby';

/** An IntersectionObserver driven by the test: `report(el, near)` is the browser's report. */
function fakeObserver() {
  const created: { margin?: string; observed: Set<Element>; cb: (e: IntersectionObserverEntry[]) => void }[] = [];
  class IO {
    private readonly state: (typeof created)[number];
    constructor(cb: (e: IntersectionObserverEntry[]) => void, init?: IntersectionObserverInit) {
      this.state = { margin: init?.rootMargin, observed: new Set(), cb };
      created.push(this.state);
    }
    observe(el: Element) {
      this.state.observed.add(el);
    }
    unobserve(el: Element) {
      this.state.observed.delete(el);
    }
    disconnect() {
      this.state.observed.clear();
    }
  }
  const report = (el: Element, near: boolean) =>
    created[0]!.cb([{ target: el, isIntersecting: near } as IntersectionObserverEntry]);
  return { IO: IO as unknown as typeof IntersectionObserver, created, report };
}

const link = (connected = true) => ({ isConnected: connected }) as unknown as Element;

describe('Nearby', () => {
  it('observes discovered links with the near margin and passes each on once, when it comes near', () => {
    const { IO, created, report } = fakeObserver();
    const near: Element[] = [];
    const nearby = new Nearby({ Observer: IO, onNear: (el) => near.push(el) });
    const [a, b] = [link(), link()];
    nearby.add([a, b]);
    nearby.add([a]);
    expect(created).toHaveLength(1);
    expect(created[0]!.margin).toBe(NEAR_MARGIN);
    expect(nearby.waiting).toBe(2);
    report(a, true);
    report(b, false); // far: keeps waiting
    expect(near).toEqual([a]);
    expect(created[0]!.observed.has(a)).toBe(false); // no longer observed once near
    report(b, true); // scrolled
    expect(near).toEqual([a, b]);
    expect(nearby.waiting).toBe(0);
  });

  it('observes at most its cap, letting removed links go first', () => {
    const { IO, created } = fakeObserver();
    const nearby = new Nearby({ Observer: IO, onNear: () => undefined, max: 3 });
    const links = [link(), link(), link(), link(), link()];
    nearby.add(links.slice(0, 3));
    (links[0] as { isConnected: boolean }).isConnected = false; // the page removed the first
    nearby.add(links.slice(3));
    // The 4th made room by dropping the removed 1st; the 5th found no room.
    expect(nearby.waiting).toBe(3);
    expect([...created[0]!.observed]).toEqual([links[1], links[2], links[3]]);
    expect(MAX_OBSERVED).toBeGreaterThanOrEqual(1000);
  });

  it('stops passing links on once stopped', () => {
    const { IO, report } = fakeObserver();
    const near: Element[] = [];
    const nearby = new Nearby({ Observer: IO, onNear: (el) => near.push(el) });
    const a = link();
    nearby.add([a]);
    nearby.stop();
    report(a, true);
    expect(near).toEqual([]);
    expect(nearby.waiting).toBe(0);
  });
});
