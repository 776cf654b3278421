/**
 * The chain of URLs a tab went through for one thing the person did (docs/decisions/003-every-hop.md):
 * server redirects (3xx) and client redirects (meta refresh, script `location`) add hops; a new
 * navigation of the person's starts a new chain. Pure; the background feeds it navigation events
 * (navigation.ts). Examples: redirect-chain.examples.ts.
 *
 *   started(url)                    webNavigation.onBeforeNavigate, main frame: pending = [url]
 *   redirected(from, to)            webRequest.onBeforeRedirect, main frame: pending += to
 *   committed(url, qualifiers)      webNavigation.onCommitted, main frame: with 'client_redirect'
 *                                   the document came from the previous one, so the chain goes on;
 *                                   otherwise it is this navigation's hops only.
 *
 * Until a navigation commits, whether it was a client redirect is unknown (the browsers say so
 * only at commit): its hops are looked up on their own (`pending` first), and the chain of the
 * document still on screen stays part of the tab's chain.
 */

export interface Chain {
  /** Hops of the document on screen, since the person's own navigation (raw URLs, first = clicked). */
  committed: string[];
  /** Hops of the navigation under way, or null. */
  pending: string[] | null;
}

export const EMPTY_CHAIN: Chain = { committed: [], pending: null };
/** Longer chains keep their first hop and the latest ones (a redirect loop must not grow memory). */
export const MAX_HOPS = 20;

const withoutFragment = (u: string) => {
  const i = u.indexOf('#');
  return i === -1 ? u : u.slice(0, i);
};
const same = (a: string, b: string) => withoutFragment(a) === withoutFragment(b);

function cap(hops: string[]): string[] {
  return hops.length <= MAX_HOPS ? hops : [hops[0]!, ...hops.slice(hops.length - (MAX_HOPS - 1))];
}

function append(hops: readonly string[], url: string): string[] {
  return hops.length && same(hops[hops.length - 1]!, url) ? [...hops] : cap([...hops, url]);
}

export function started(c: Chain, url: string): Chain {
  return { committed: c.committed, pending: [url] };
}

export function redirected(c: Chain, from: string, to: string): Chain {
  const base = c.pending && c.pending.length ? c.pending : [from];
  return { committed: c.committed, pending: append(append(base, from), to) };
}

export function committed(c: Chain, url: string, qualifiers: readonly string[] = []): Chain {
  const hops = append(c.pending ?? [], url);
  if (!qualifiers.includes('client_redirect')) return { committed: hops, pending: null };
  return { committed: hops.reduce<string[]>((chain, h) => append(chain, h), c.committed), pending: null };
}

export interface HopMatch {
  /** The hop's raw URL as the tab went through it. */
  hop: string;
  /** The first URL of its chain: the link the person opened. */
  first: string;
}

/**
 * The hop of the tab's chain that `isHop` picks, with the first URL of its chain: the navigation
 * under way first, then the document on screen (newest hops first).
 */
export function findHop(c: Chain, isHop: (raw: string) => boolean): HopMatch | null {
  for (const hops of [c.pending ?? [], c.committed]) {
    for (let i = hops.length - 1; i >= 0; i--) if (isHop(hops[i]!)) return { hop: hops[i]!, first: hops[0]! };
  }
  return null;
}
