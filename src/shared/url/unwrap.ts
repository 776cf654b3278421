/**
 * Where a link really goes, when its destination is written inside it (docs/decisions/003-every-hop.md, "Links that
 * hide where they go"). Phishing mail rarely links to the phishing page directly: the link goes
 * through a click tracker or a mail gateway's rewriter (Safe Links around Proofpoint around
 * Google), and the destination sits in a parameter. unwrap() reads it out, layer by layer.
 *
 * Pure and cheap: no browser extension API and no public suffix list (~90 kB), only URL/atob/TextDecoder, so
 * the content script can run it too. Never throws; malformed input gives `unreadable`, and the
 * link is then judged as the wrapper it is. Work is bounded: at most MAX_UNWRAP_DEPTH + 1 reads,
 * each linear in a URL no longer than the link plus MAX_HOP_GROWTH per step (a meter proves it
 * in the tests). Examples: unwrap.examples.ts. The known wrappers: unwrap/wrappers.ts; the
 * generic redirect-parameter rule and where it applies: unwrap/redirect-params.ts.
 *
 * How to judge a link with the result: scan every hop (hops[0] is the link itself) and take the
 * worst verdict; say "leads to <destination host>" when `destination` is set ("may lead to" when
 * `guessed`).
 */
import { parseWeb } from './parse-web';
import { guessRedirect, nearSameSite, type GuessVia, type SameSite } from './unwrap/redirect-params';
import type { UnreadableReason, WrapperKind } from './unwrap/types';
import { wrapperRuleFor } from './unwrap/wrappers';

export type { UnreadableReason, WrapperKind } from './unwrap/types';
export { stripCarriedQuery } from './unwrap/carried';
export type { SameSite } from './unwrap/redirect-params';

/** Real nestings are 1–3 deep (Safe Links › Proofpoint › Google); deeper is a forged link. */
export const MAX_UNWRAP_DEPTH = 5;
/**
 * A destination is a part of its wrapper, so it is shorter. Only Proofpoint v3's runs of
 * non-ASCII substitutions can make the re-serialized URL a little longer; more than this is a
 * forged encoding trying to blow up the work.
 */
export const MAX_HOP_GROWTH = 2048;

export interface UnwrapStep {
  kind: WrapperKind;
  /** The wrapper's URL (the hop this step read). */
  url: string;
  /** 'known': a wrapper of the table; the others: the generic rule (a guess). */
  via: 'known' | GuessVia;
  /** The generic rule's parameter name (as written in the link). */
  param?: string;
}

export interface UnwrapResult {
  /**
   * Every URL a click on the link may lead to: the link itself first, then each destination
   * read out of it, in order. Absolute http(s) URLs (WHATWG-serialized), never repeated. Empty only
   * when the link itself is not an http(s) URL.
   */
  hops: string[];
  /**
   * The page the click is expected to end on when that is not the link itself, else null. Set
   * by known wrappers and redirect-style parameters; a return-style parameter (OAuth
   * `redirect_uri`, `next`) adds a hop but leaves the destination where it was.
   */
  destination: string | null;
  /** One entry per unwrapping done, outermost first: wrappers[i].url === hops[i]. */
  wrappers: UnwrapStep[];
  /** The destination was reached through the generic rule at least once (UI: "may lead to"). */
  guessed: boolean;
  /** Reading stopped at hops[hops.length - 1]: it is a wrapper we could not read. */
  unreadable?: { kind: WrapperKind; reason: UnreadableReason };
}

/** Work done, for the tests' bound: reads attempted and characters of URL they looked at. */
export interface UnwrapMeter {
  reads: number;
  chars: number;
}

export interface UnwrapOptions {
  /** "Same site" for the generic rule (default: same host or a subdomain; see redirect-params.ts). */
  sameSite?: SameSite;
  meter?: UnwrapMeter;
}

type Step =
  | { kind: WrapperKind; via: UnwrapStep['via']; param?: string; next: URL }
  | { kind: WrapperKind; unreadable: UnreadableReason };

export function unwrap(link: string, opts: UnwrapOptions = {}): UnwrapResult {
  const first = typeof link === 'string' ? parseWeb(link) : null;
  const result: UnwrapResult = { hops: [], destination: null, wrappers: [], guessed: false };
  if (first === null) return result;
  result.hops.push(first.href);
  const sameSite = opts.sameSite ?? nearSameSite;
  let current = first;
  let settled = false; // a return-style parameter was followed: the destination stays put
  for (let depth = 0; ; depth++) {
    if (opts.meter) {
      opts.meter.reads++;
      opts.meter.chars += current.href.length;
    }
    const step = readOnce(current, sameSite);
    if (step === null) break;
    if ('unreadable' in step) {
      result.unreadable = { kind: step.kind, reason: step.unreadable };
      break;
    }
    const next = step.next.href;
    // (No loop check: a destination is read out of its wrapper, so it never equals an earlier
    // hop; the property tests assert that hops never repeat.)
    const why =
      depth >= MAX_UNWRAP_DEPTH ? 'too-deep' : next.length > current.href.length + MAX_HOP_GROWTH ? 'too-long' : null;
    if (why !== null) {
      result.unreadable = { kind: step.kind, reason: why };
      break;
    }
    result.wrappers.push({
      kind: step.kind,
      url: current.href,
      via: step.via,
      ...(step.param !== undefined ? { param: step.param } : {}),
    });
    result.hops.push(next);
    if (step.via === 'return-param') settled = true;
    else if (!settled) {
      result.destination = next;
      if (step.via !== 'known') result.guessed = true;
    }
    current = step.next;
  }
  return result;
}

function readOnce(u: URL, sameSite: SameSite): Step | null {
  const rule = wrapperRuleFor(u);
  if (rule !== null) {
    const r = rule.read(u);
    return r.ok ? { kind: rule.kind, via: 'known', next: r.url } : { kind: rule.kind, unreadable: r.reason };
  }
  const guess = guessRedirect(u, sameSite);
  return guess === null ? null : { kind: 'generic', via: guess.via, param: guess.param, next: guess.url };
}

/**
 * The last hop reached through known wrappers only: where the link provably goes, without
 * trusting any guess. The link itself when its first layer is not a known wrapper; null when
 * the link is not an http(s) URL. (lying-text.ts compares link text against this.)
 */
export function knownEnd(r: UnwrapResult): string | null {
  let i = 0;
  while (i < r.wrappers.length && r.wrappers[i]?.via === 'known') i++;
  return r.hops[i] ?? null;
}
