/**
 * Look-alikes of the organization's own sign-in pages (docs/decisions/016-organizations.md). Pure, local and immediate:
 * no service round trip. Examples: lookalike.examples.ts; recall and false positives:
 * BENCHMARKS.md (test/bench/lookalike-recall.ts).
 *
 * For a host and the policy's `protectedSignInDomains`, in this order:
 *   verified    the host is a protected host (or below it), or the protected tenant's own name on
 *               a sibling region or cell of its platform (contoso.us.auth0.com for
 *               contoso.eu.auth0.com): the popup shows a verified state
 *   same-site   another host of a protected host's own site, or of the sign-in platform's own
 *               domains (login.microsoftonline-p.com for login.microsoftonline.com: lookalike/
 *               platforms.ts): never warns
 *   allowlisted the organization's own other domains (`organizationDomains`) or its allowlist;
 *               an entry above a platform's tenants (okta.com) exempts none of them
 *   lookalike   warns, with the first reason lookalike/rules.ts finds
 *   none        anything else
 *
 * Steps: lookalike/parts.ts (what a host is reduced to), platforms.ts (tenant families),
 * skeleton.ts + confusables.ts (homoglyphs), distance.ts (typos), words.ts (lure words),
 * rules.ts (the resemblance rules).
 */
import { hostMatches } from './site';
import { parts, type Parts } from './lookalike/parts';
import { familyOfHost, isFamilyOwn } from './lookalike/platforms';
import { lookalikeOf, type LookalikeReason } from './lookalike/rules';
import { entryHost } from './lookalike/policy-entries';

export type { LookalikeReason } from './lookalike/rules';
export { skeleton, isMixedScript } from './lookalike/skeleton';
export { editDistance, allowedEdits } from './lookalike/distance';
export { parts } from './lookalike/parts';

export type LookalikeVerdict =
  | { kind: 'verified'; protectedDomain: string }
  | { kind: 'same-site'; protectedDomain: string }
  | { kind: 'allowlisted'; entry: string }
  | { kind: 'lookalike'; protectedDomain: string; reason: LookalikeReason }
  | { kind: 'none' };

export interface JudgeLists {
  /** The organization's allowlist (policy entries only). */
  allowlist?: readonly string[];
  /** The organization's own other domains: never look-alikes of its sign-in hosts. */
  organizationDomains?: readonly string[];
}

/** The protected entry read as a host (Unicode as punycode, `*.` dropped); null when unusable. */
export const protectedParts = (entry: string): Parts | null => {
  const host = entryHost(entry);
  return host === null ? null : parts(host);
};

/** An allowlist entry exempts a tenant's host only at or below that tenant's own host. */
function exempting(h: Parts, entries: readonly string[]): string | null {
  const usable = h.tenant ? entries.filter((e) => e === h.site || e.endsWith(`.${h.site}`)) : entries;
  return hostMatches(h.host, usable);
}

const sameTenant = (h: Parts, p: Parts) =>
  !!h.tenant && !!p.tenant && h.tenant.family === p.tenant.family && h.tenant.tenant === p.tenant.tenant;

/**
 * The verdict for `host` (lowercase ASCII as the URL parser gives it) against the protected
 * sign-in hosts and the organization's lists. Unusable protected entries are ignored here (the
 * policy reports them: lookalike/policy-entries.ts).
 */
export function judgeHost(
  host: string,
  protectedHosts: readonly string[],
  lists: readonly string[] | JudgeLists = {},
): LookalikeVerdict {
  const { allowlist = [], organizationDomains = [] } = Array.isArray(lists)
    ? { allowlist: lists as readonly string[] }
    : (lists as JudgeLists);
  const h = parts(host);
  if (!h || protectedHosts.length === 0) return { kind: 'none' };
  const prot = protectedHosts.map(protectedParts).filter((p): p is Parts => p !== null);
  for (const p of prot)
    if (h.host === p.host || h.host.endsWith(`.${p.host}`) || sameTenant(h, p))
      return { kind: 'verified', protectedDomain: p.host };
  for (const p of prot) {
    if (h.site === p.site) return { kind: 'same-site', protectedDomain: p.host };
    const family = p.tenant ? null : familyOfHost(p.host);
    if (family && !h.tenant && isFamilyOwn(family, h)) return { kind: 'same-site', protectedDomain: p.host };
  }
  const entry = exempting(h, [...organizationDomains.flatMap((d) => entryHost(d) ?? []), ...allowlist]);
  if (entry !== null) return { kind: 'allowlisted', entry };
  for (const p of prot) {
    const reason = lookalikeOf(h, p);
    if (reason) return { kind: 'lookalike', protectedDomain: p.host, reason };
  }
  return { kind: 'none' };
}
