/**
 * A link through every hop it may take (docs/decisions/003-every-hop.md): the link itself and each URL read
 * out of it (shared/url/unwrap.ts: trackers, mail rewriters, redirect parameters), each hop
 * through the one checker (gate, cache, in-flight dedupe, batching, budgets: a private or
 * intranet destination is skipped like any URL, never sent). The link's status is the worst
 * hop's (shared/policy/link-hops.ts).
 *
 * Why per hop and not the link alone: with query stripping on (the default), every wrapped link
 * of one tracker normalizes to the same URL and would share one "safe" verdict.
 */
import type { ScanReason } from '@/src/shared/messaging/protocol';
import { combineHops } from '@/src/shared/policy/link-hops';
import { knownEnd, unwrap, type UnwrapResult } from '@/src/shared/url/unwrap';
import { isShortLink } from '@/src/shared/url/shorteners';
import type { WindowKind } from '@/src/shared/window-kind';
import type { AskingWindow, CheckContext, CheckOutcome, Checker } from './checker';
import type { ShortLinks } from './short-links';

/** Which hop a link's status came from, in words the UI can use. */
export type BadHop = 'link' | 'destination' | 'hop';

export interface LinkOutcome extends CheckOutcome {
  /** One outcome per hop (hops[0]: the link itself), in unwrap()'s order. */
  hops: CheckOutcome[];
  /** The raw hop URLs (absolute http(s)); empty when the link is not an http(s) URL. */
  hopUrls: string[];
  /** Index of the hop `status` was taken from. */
  worst: number;
  badHop: BadHop;
  /** Host the link leads to when that is not the link's own host, else null (ASCII). */
  leadsTo: string | null;
  /** The destination came from the generic redirect-parameter rule: "may lead to". */
  guessed: boolean;
  /** The destination URL (raw) when the link leads elsewhere. */
  destination: string | null;
}

/**
 * `knownOnly`: only hops read through known wrappers (no guess of the generic redirect-parameter
 * rule). For navigations: a page whose query merely names another address (`/frame?to=…`,
 * `/login?next=…`) is not a redirect, and if it is one its redirect is a hop of its own.
 */
export type HopScope = { knownOnly?: boolean };

export interface LinkChecker {
  check(raw: string, reason: ScanReason, ctx?: CheckContext & HopScope): Promise<LinkOutcome>;
  lookup(raw: string, ctx?: AskingWindow & HopScope): Promise<LinkOutcome>;
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).hostname.replace(/\.+$/, '');
  } catch {
    return null;
  }
};

/** Pure: how a link's hop outcomes combine into its outcome. */
export function linkOutcome(raw: string, u: UnwrapResult, hops: CheckOutcome[]): LinkOutcome {
  // A non-web link has no hops: its own (skipped) outcome stands.
  const outcomes = hops.length ? hops : [];
  const c = combineHops(outcomes.map((h) => h.status));
  const destIndex = u.destination === null ? -1 : u.hops.indexOf(u.destination);
  const self = hostOf(u.hops[0] ?? raw);
  const dest = u.destination === null ? null : hostOf(u.destination);
  const worstHop = outcomes[c.hop];
  return {
    status: c.status,
    url: worstHop?.url ?? null,
    host: worstHop?.host ?? null,
    hops: outcomes,
    hopUrls: u.hops,
    worst: c.hop,
    badHop: c.hop === 0 ? 'link' : c.hop === destIndex ? 'destination' : 'hop',
    leadsTo: dest !== null && dest !== self ? dest : null,
    guessed: u.guessed,
    destination: u.destination,
  };
}

/** Only the hops known wrappers lead to (unwrap.ts knownEnd): no guessed destination. */
export function knownHops(u: UnwrapResult): UnwrapResult {
  const end = knownEnd(u);
  const last = end === null ? -1 : u.hops.indexOf(end);
  if (last === u.hops.length - 1) return u;
  const hops = u.hops.slice(0, last + 1);
  const destination = last > 0 ? hops[last]! : null;
  return { hops, destination, wrappers: u.wrappers.slice(0, Math.max(0, last)), guessed: false };
}

/** The hops a shortener's answer adds: `to` and what unwrap() reads out of it. */
export function withResolved(u: UnwrapResult, to: string): UnwrapResult {
  const more = unwrap(to);
  const hops = [...u.hops, ...more.hops.filter((h) => !u.hops.includes(h))];
  return {
    ...u,
    hops,
    destination: more.destination ?? more.hops[0] ?? u.destination,
    guessed: u.guessed || more.guessed,
  };
}

export interface LinkCheckerOptions {
  shortLinks?: ShortLinks;
  /** The resolveShorteners setting, read when a short link is met. */
  resolveShorteners?: () => Promise<boolean>;
}

export function createLinkChecker(checker: Checker, opts: LinkCheckerOptions = {}): LinkChecker {
  /**
   * A short link at the end of the hops: with resolveShorteners, what its shortener answers is
   * one more hop (asked only for a check, and only when the short URL itself passed the gate:
   * not while paused, unconfigured, allow-listed…; a lookup uses what an ask learned).
   */
  async function shortened(
    u: UnwrapResult,
    outcomes: CheckOutcome[],
    reason: ScanReason | null,
    windowKind: WindowKind | undefined,
  ): Promise<UnwrapResult | null> {
    const last = u.hops[u.hops.length - 1];
    const own = outcomes[outcomes.length - 1];
    if (!opts.shortLinks || !last || !own || own.status.kind === 'skipped' || !isShortLink(last)) return null;
    const to =
      reason === null
        ? opts.shortLinks.known(last)
        : (await opts.resolveShorteners?.())
          ? await opts.shortLinks.resolve(last, reason, windowKind)
          : undefined;
    return to ? withResolved(u, to) : null;
  }

  async function run(
    raw: string,
    reason: ScanReason | null,
    each: (hop: string) => Promise<CheckOutcome>,
    scope: HopScope & AskingWindow = {},
  ): Promise<LinkOutcome> {
    const all = unwrap(raw);
    const u = scope.knownOnly === true ? knownHops(all) : all;
    if (u.hops.length === 0) {
      const own = await each(raw);
      return { ...linkOutcome(raw, u, [own]), hopUrls: [] };
    }
    // Each distinct hop once, in parallel: the engine batches and dedupes what is sent.
    const hops = await Promise.all(u.hops.map((h) => each(h)));
    const longer = await shortened(u, hops, reason, scope.windowKind);
    if (!longer) return linkOutcome(raw, u, hops);
    const added = await Promise.all(longer.hops.slice(u.hops.length).map((h) => each(h)));
    return linkOutcome(raw, longer, [...hops, ...added]);
  }
  return {
    check: (raw, reason, ctx = {}) => run(raw, reason, (h) => checker.check(h, reason, ctx), ctx),
    lookup: (raw, ctx = {}) => run(raw, null, (h) => checker.lookup(h, ctx), ctx),
  };
}
