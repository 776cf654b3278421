/**
 * Whether a URL may be sent to the scanning service, and if not, why (the popup shows the
 * reason). Ordered rules, first match wins (style.md 11; issue 3 "URL handling"):
 *
 *   1. not configured (no service URL or key) → 'not-configured'   nothing can be sent anyway
 *   2. paused by the person                  → 'paused'
 *   3. not a web URL / unparsable            → 'scheme' | 'invalid-url'
 *   4. incognito tab and scanIncognito off   → 'incognito'
 *   5. not the public web, scanPrivateHosts off
 *                                            → 'loopback' | 'private-host' | 'link-local' | 'intranet'
 *   6. on the allowlist (and not also on the blocklist) → 'allowlisted'
 *   otherwise send the normalized URL.
 *
 * The blocklist is not a skip: decide() blocks it without asking the service. A host on both
 * lists is therefore NOT skipped as allowlisted, so an organization's blocklist (merged with the
 * user's allowlist, managed.ts) cannot be undone by an allowlist entry. Examples: gate.examples.ts.
 */
import type { SkipReason } from '../verdict';
import { normalizeUrl } from '../url/normalize';
import { classifyHost, type HostClass } from '../url/privacy';
import { hostMatches } from '../url/site';
import { isConfigured, type Settings } from './settings';

export type GateResult =
  | { send: true; url: string; host: string }
  | { send: false; reason: SkipReason; url?: string; host?: string };

export interface GateContext {
  incognito?: boolean;
  paused?: boolean;
}

export type GateSettings = Pick<
  Settings,
  'serviceUrl' | 'apiKey' | 'stripQuery' | 'scanIncognito' | 'scanPrivateHosts' | 'allowlist' | 'blocklist'
>;

const PRIVATE_REASON: Record<Exclude<HostClass, 'public'>, SkipReason> = {
  loopback: 'loopback',
  private: 'private-host',
  'link-local': 'link-local',
  intranet: 'intranet',
};

export function gateUrl(raw: string, s: GateSettings, ctx: GateContext = {}): GateResult {
  if (!isConfigured(s)) return { send: false, reason: 'not-configured' };
  if (ctx.paused) return { send: false, reason: 'paused' };
  const n = normalizeUrl(raw, { stripQuery: s.stripQuery });
  if (!n.ok) return { send: false, reason: n.reason };
  const { url, host } = n;
  if (ctx.incognito && !s.scanIncognito) return { send: false, reason: 'incognito', url, host };
  if (!s.scanPrivateHosts) {
    const cls = classifyHost(host);
    if (cls !== 'public') return { send: false, reason: PRIVATE_REASON[cls], url, host };
  }
  if (hostMatches(host, s.allowlist) !== null && hostMatches(host, s.blocklist) === null) {
    return { send: false, reason: 'allowlisted', url, host };
  }
  return { send: true, url, host };
}
