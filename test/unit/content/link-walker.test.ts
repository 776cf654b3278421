// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHUNK_LIMITS, LinkWalker, type ChunkResult } from '@/src/content/link-walker';

function page(sections: number, linksPerSection: number): HTMLElement[] {
  document.body.replaceChildren();
  const out: HTMLElement[] = [];
  for (let s = 0; s < sections; s++) {
    const section = document.createElement('section');
    for (let i = 0; i < linksPerSection; i++) {
      const a = document.createElement('a');
      a.href = `https://site${s}.test/${i}`;
      section.append(a);
    }
    document.body.append(section);
    out.push(section);
  }
  return out;
}

function walkAll(walker: LinkWalker): ChunkResult[] {
  const chunks: ChunkResult[] = [];
  for (let guard = 0; guard < 10_000; guard++) {
    const r = walker.runChunk();
    chunks.push(r);
    if (r.done) return chunks;
  }
  throw new Error('walk did not finish');
}

describe('LinkWalker', () => {
  let found: Element[];
  let shadows: ShadowRoot[];
  const visitor = {
    onLink: (el: Element) => found.push(el),
    onShadowRoot: (root: ShadowRoot) => shadows.push(root),
  };

  beforeEach(() => {
    found = [];
    shadows = [];
  });

  it('walks a 5,000-link page in many chunks, none over the per-chunk link cap', () => {
    page(50, 100);
    const frozenClock = () => 0; // the count caps must bound chunks even when time stands still
    const walker = new LinkWalker(visitor, frozenClock);
    walker.enqueue(document);
    const chunks = walkAll(walker);
    expect(found).toHaveLength(5000);
    expect(new Set(found).size).toBe(5000);
    expect(Math.max(...chunks.map((c) => c.links))).toBeLessThanOrEqual(DEFAULT_CHUNK_LIMITS.maxLinks);
    expect(Math.max(...chunks.map((c) => c.elements))).toBeLessThanOrEqual(DEFAULT_CHUNK_LIMITS.maxElements);
    expect(chunks.length).toBeGreaterThanOrEqual(5000 / DEFAULT_CHUNK_LIMITS.maxLinks);
  });

  it('ends a chunk when its time budget is spent', () => {
    page(50, 100);
    let t = 0;
    const clock = () => t++; // every clock read is one "millisecond" later
    const walker = new LinkWalker(visitor, clock, { budgetMs: 8, maxElements: 100_000, maxLinks: 100_000 });
    walker.enqueue(document);
    const chunks = walkAll(walker);
    // Clock read every 8 elements: the 8th read (elapsed 8) stops the chunk at 63 elements.
    expect(Math.max(...chunks.map((c) => c.elements))).toBeLessThanOrEqual(64);
    expect(chunks.length).toBeGreaterThan(5000 / 64);
    expect(found).toHaveLength(5000);
  });

  it('walks an added link as its own subtree', () => {
    document.body.replaceChildren();
    const a = document.createElement('a');
    a.href = 'https://added.test/';
    document.body.append(a);
    const walker = new LinkWalker(visitor, () => 0);
    walker.enqueue(a);
    walkAll(walker);
    expect(found).toEqual([a]);
  });

  it('reports open shadow roots so their links are walked too', () => {
    document.body.replaceChildren();
    const host = document.createElement('x-widget');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('a');
    inner.href = 'https://inner.test/';
    root.append(inner);
    const walker = new LinkWalker(
      { onLink: visitor.onLink, onShadowRoot: (r) => (shadows.push(r), walker.enqueue(r)) },
      () => 0,
    );
    walker.enqueue(document);
    walkAll(walker);
    expect(shadows).toEqual([root]);
    expect(found).toEqual([inner]);
  });

  it('skips subtrees removed before their turn', () => {
    const [first] = page(2, 10);
    const walker = new LinkWalker(visitor, () => 0);
    walker.enqueue(first!);
    first!.remove();
    walkAll(walker);
    expect(found).toEqual([]);
  });

  it('keeps going when the page removes the node the walk stopped at', () => {
    const sections = page(3, 100);
    const walker = new LinkWalker(visitor, () => 0, { budgetMs: 8, maxElements: 2000, maxLinks: 50 });
    walker.enqueue(document);
    walker.runChunk(); // stops inside the first section
    sections[0]!.remove();
    walkAll(walker);
    const hosts = new Set(found.map((a) => new URL((a as HTMLAnchorElement).href).host));
    expect(hosts.has('site1.test') && hosts.has('site2.test')).toBe(true);
    const later = found.filter((a) => !(a as HTMLAnchorElement).href.includes('site0'));
    expect(later).toHaveLength(200);
  });

  it('collapses a flood of queued subtrees into one walk of the document', () => {
    page(1, 10);
    const walker = new LinkWalker(visitor, () => 0);
    const a = document.querySelector('a')!;
    for (let i = 0; i < 6000; i++) walker.enqueue(a);
    const chunks = walkAll(walker);
    // 6,000 queued roots would be 6,000 visits of the same link; the collapse walks 10 links
    // (plus the handful of entries queued after the collapse).
    expect(found.length).toBeLessThan(2000);
    expect(chunks.length).toBeLessThan(20);
  });
});
