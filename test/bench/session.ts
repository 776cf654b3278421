// The replayed browsing session of BENCHMARKS.md "Network economy": navigations over a set of pages, hovers over a
// set of links, in a fixed (seeded) order. Popular pages and links recur more often (Zipf-like),
// every page and link occurs at least once, and hovered links are written in several equivalent
// forms (fragment, tracking query, upper-case host) that normalize to one URL.
import { rng } from './stats';

export interface SessionShape {
  navigations: number;
  pages: number;
  hovers: number;
  links: number;
}

export type SessionEvent = { kind: 'navigate'; url: string } | { kind: 'hover'; url: string };

/** `count` picks over `distinct` items: each item once, the rest by a Zipf-like law, shuffled. */
function picks(count: number, distinct: number, random: () => number): number[] {
  if (count < distinct) throw new Error(`${count} events cannot cover ${distinct} distinct items`);
  const weights = Array.from({ length: distinct }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const out = Array.from({ length: distinct }, (_, i) => i);
  while (out.length < count) {
    let r = random() * total;
    let i = 0;
    while (i < distinct - 1 && r >= weights[i]!) r -= weights[i++]!;
    out.push(i);
  }
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** One of four spellings of the same link (all normalize to the first with stripQuery on). */
function spelling(host: string, port: number, path: string, variant: number, random: () => number): string {
  switch (variant) {
    case 1:
      return `http://${host}:${port}${path}#reviews`;
    case 2:
      return `http://${host}:${port}${path}?utm_source=newsletter&utm_id=${Math.floor(random() * 1000)}`;
    case 3:
      return `http://${host.toUpperCase()}:${port}${path}`;
    default:
      return `http://${host}:${port}${path}`;
  }
}

/**
 * The session: after each navigation, the next share of the hovers (hovers ÷ navigations each).
 * Pages live on `news-N.test`, links on `shop-M.test`; a few links are on suspicious-looking hosts
 * so the session is not all-safe (verdicts do not change the request count).
 */
export function buildSession(shape: SessionShape, port: number, seed = 7): SessionEvent[] {
  const random = rng(seed);
  const pageOrder = picks(shape.navigations, shape.pages, random);
  const linkOrder = picks(shape.hovers, shape.links, random);
  const perPage = shape.hovers / shape.navigations;
  const events: SessionEvent[] = [];
  let h = 0;
  pageOrder.forEach((p, n) => {
    events.push({ kind: 'navigate', url: `http://news-${p}.test:${port}/article/${p}` });
    const until = Math.round((n + 1) * perPage);
    for (; h < until; h++) {
      const j = linkOrder[h]!;
      const host = j % 25 === 0 ? `suspicious-deals-${j}.test` : `shop-${j % 100}.test`;
      events.push({ kind: 'hover', url: spelling(host, port, `/item/${j}`, Math.floor(random() * 4), random) });
    }
  });
  return events;
}
