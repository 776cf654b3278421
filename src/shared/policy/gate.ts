/**
 * Whether a URL may be sent to the scanning service, and if not, why (the popup shows the
 * reason). Ordered rules, first match wins (pure, ordered decisions with tagged results; docs/decisions/012-least-url.md; docs/architecture.md, guarantees
 * docs/decisions/005-policy-floor.md):
 *
 *   1. not a web URL / unparsable            → 'scheme' | 'invalid-url'
 *   2. on the blocklist (the organization's or the person's; host or host and path)
 *                                            → 'blocklist'    blocked without asking anyone
 *   3. paused by the person                  → 'paused'
 *   4. a private window (or one the browser could not tell: window-kind.ts), scanIncognito off
 *                                            → 'incognito'
 *   5. the public suffix list could not be loaded (ctx.suffixListFailed: a damaged package)
 *                                            → 'suffix-list'  an error, not a skip: no host can be
 *                                              told public or private, so nothing is sent and
 *                                              strict mode fails closed ('strict:damaged')
 *   6. not the public web, scanPrivateHosts off
 *                                            → 'loopback' | 'private-host' | 'link-local' | 'intranet'
 *   7. on the allowlist (host or host and path) → 'allowlisted'
 *   8. not configured (no service URL or key) → 'not-configured'   nothing can be sent anyway
 *   otherwise send the normalized URL.
 *
 * The blocklist comes before every state that skips the service: checking it sends nothing, so
 * an organization's block list holds while the person has paused protection, before anyone
 * configured the service, in private windows, for intranet hosts, and over any allowlist entry
 * (a host on both lists is blocked). The person's own blocklist works the same way: their own
 * "always block" is not undone by their pause.
 *
 * "Not configured" is the last skip on purpose: it is the only one strict mode blocks on
 * (strict.ts), and a URL that would be skipped anyway (private host, allowlisted, paused) is
 * not blocked for want of a service it would never be sent to. Examples: gate.examples.ts.
 */
import type { SkipReason } from '../verdict';
import { normalizeUrl } from '../url/normalize';
import { classifyHost, type HostClass } from '../url/privacy';
import { listMatches, pathOfUrl } from '../url/list-entry';
import { isConfigured, type Settings } from './settings';
import { treatAsPrivate, type WindowKind } from '../window-kind';

export type GateResult =
  | { send: true; url: string; host: string }
  /** On a blocklist: the checker blocks it (decide.ts) without asking the service. */
  | { send: false; reason: 'blocklist'; url: string; host: string }
  /** The public suffix list is not there (rule 5): the checker answers with an error. */
  | { send: false; reason: 'suffix-list'; url: string; host: string }
  | { send: false; reason: SkipReason; url?: string; host?: string };

export interface GateContext {
  /**
   * The window that asked. Absent for the background's own questions that no window asked (a
   * lookup of what is known after a verdict arrived, a stored job's recheck): rule 4 has no
   * window to keep private then.
   */
  windowKind?: WindowKind;
  paused?: boolean;
  /** The public suffix list could not be loaded (suffix-table.ts); the gate never guesses then. */
  suffixListFailed?: boolean;
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
  const n = normalizeUrl(raw, { stripQuery: s.stripQuery });
  if (!n.ok) return { send: false, reason: n.reason };
  const { url, host } = n;
  const path = pathOfUrl(url);
  if (listMatches(host, path, s.blocklist) !== null) return { send: false, reason: 'blocklist', url, host };
  if (ctx.paused) return { send: false, reason: 'paused', url, host };
  if (ctx.windowKind !== undefined && treatAsPrivate(ctx.windowKind) && !s.scanIncognito)
    return { send: false, reason: 'incognito', url, host };
  if (ctx.suffixListFailed) return { send: false, reason: 'suffix-list', url, host };
  if (!s.scanPrivateHosts) {
    const cls = classifyHost(host);
    if (cls !== 'public') return { send: false, reason: PRIVATE_REASON[cls], url, host };
  }
  if (listMatches(host, path, s.allowlist) !== null) return { send: false, reason: 'allowlisted', url, host };
  if (!isConfigured(s)) return { send: false, reason: 'not-configured', url, host };
  return { send: true, url, host };
}
