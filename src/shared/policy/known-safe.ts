/**
 * Strict mode's hold (strict-hold.ts) stops every top-level load of a public host until the
 * background lets it through; for a page whose verdict is already cached and allows it, that
 * round trip is all the hold does (BENCHMARKS.md "Strict mode": ~70 ms a visit). A known-safe
 * rule lets such a page through in the browser instead: one `allow` rule per cached verdict, of a
 * priority above the hold and below every block rule (net-rules.ts), so a block list entry, a
 * blocking verdict or a wrapper hold always wins over it. Pure; examples: known-safe.examples.ts.
 *
 * A cached verdict gets one only when strict mode would let the load through on the verdict alone
 * (navigation.ts checkHop, strict.ts rule 2), whatever else the hold's check would read:
 *   - it allows (decide.ts: not warn, not block, not audit), its host on neither list (the block
 *     list blocks; the allowlist is left out of the hold already);
 *   - the rule matches that exact URL: the key's own query or none, never "any query" (with
 *     stripQuery a key stands for every query, and a query can carry another URL to check);
 *   - the URL carries no other URL (unwrap.ts: one hop) and is not a short link: the hold's
 *     check would judge the destination too;
 *   - the hold would stop it at all (strictHoldMatches);
 *   - it lasts: the rule ends KNOWN_SAFE_MARGIN_MS before the verdict expires, so an expired
 *     verdict is never let through while the rules catch up.
 * The caller passes them only while the check would read the cache (net-rules.ts
 * `passKnownSafe`: the service configured, the public suffix list loaded; else strict mode fails
 * closed before any verdict is read, gate.ts).
 */
import type { Draft } from './net-rule-ids';
import { decide, type DecideSettings, type DecideVerdict } from './decide';
import { strictHoldMatches } from './strict-hold';
import { keyRegex } from '../url/request-filter';
import { unwrap } from '../url/unwrap';
import { isShortLink } from '../url/shorteners';

/** Above strict mode's hold (net-rules.ts HOLD_PRIORITY 3), below every block rule (BLOCK_PRIORITY). */
export const KNOWN_SAFE_PRIORITY = 4;
/** Regex slots are shared with the verdicts' block rules: the newest verdicts only. */
export const MAX_KNOWN_SAFE_RULES = 200;
/** A rule ends this long before its verdict expires (a sync is never that late). */
export const KNOWN_SAFE_MARGIN_MS = 60_000;

/** The host of a cache key (a normalized URL: no userinfo, lower-case host, IPv6 bracketed). */
export const hostOfKey = (key: string) => /^https?:\/\/(\[[^\]/]*\]|[^/:?#]+)/.exec(key)?.[1] ?? null;

/** A cached verdict (net-rules.ts CachedVerdict). */
export interface KnownVerdict {
  verdict: DecideVerdict & { url: string; checkedAt: number };
  expiresAt: number;
}

/**
 * The known-safe rules for `verdicts`, newest first, at most MAX_KNOWN_SAFE_RULES; `listed`: the
 * host is on the block list or the allowlist. `until` gets each rule's end (the plan's next change).
 */
export function knownSafeDrafts(
  verdicts: readonly KnownVerdict[],
  s: DecideSettings,
  listed: (host: string) => boolean,
  now: number,
  until: number[],
): Draft[] {
  const out: Draft[] = [];
  const seen = new Set<string>();
  const fresh = verdicts
    .filter((c) => c.expiresAt - KNOWN_SAFE_MARGIN_MS > now)
    .sort((a, b) => b.verdict.checkedAt - a.verdict.checkedAt || a.verdict.url.localeCompare(b.verdict.url));
  for (const c of fresh) {
    if (out.length >= MAX_KNOWN_SAFE_RULES) break;
    const key = c.verdict.url;
    const host = hostOfKey(key);
    if (host === null || seen.has(key) || listed(host) || !strictHoldMatches(key) || isShortLink(key)) continue;
    if (decide(c.verdict, s, { host }).action !== 'allow' || unwrap(key).hops.length !== 1) continue;
    const regexFilter = keyRegex(key, { stripQuery: false });
    if (regexFilter === null) continue;
    seen.add(key);
    until.push(c.expiresAt - KNOWN_SAFE_MARGIN_MS);
    out.push({
      store: 'session',
      rule: {
        priority: KNOWN_SAFE_PRIORITY,
        action: { type: 'allow' },
        condition: {
          regexFilter,
          isUrlFilterCaseSensitive: true,
          resourceTypes: ['main_frame'],
          requestMethods: ['get'],
        },
      },
    });
  }
  return out;
}
