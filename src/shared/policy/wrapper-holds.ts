/**
 * Request-blocking rules that hold a navigation through a known link wrapper (docs/decisions/003-every-hop.md)
 * until its destination has a verdict. A wrapper answers with a redirect in milliseconds, far
 * sooner than any scan: checking the destination when the navigation starts would let the
 * redirect land on the phishing page first. So while protection checks navigations, main-frame
 * requests to the wrappers of unwrap/wrappers.ts are blocked by the browser itself; the
 * background then judges every hop (navigation-event path, wrapper-hold.ts) and either shows
 * the blocked page naming the bad hop or lets this tab through once (a 'release' pass, an
 * allow rule of higher priority) and opens the wrapper again.
 *
 * Kept in step with WRAPPERS by a test (every example wrapper URL matches one of these, and no
 * ordinary page of those sites does). Hosts that are only wrappers go in one `requestDomains`
 * rule; wrappers that are one path of a big site (Google, Facebook, LinkedIn, YouTube, Steam)
 * get a regex each (6 of the 1,000 regex slots). Pure.
 */
import type { Draft } from './net-rule-ids';

/** Hosts whose every page is a wrapper (and their subdomains, as requestDomains matches). */
export const WRAPPER_ONLY_HOSTS: readonly string[] = [
  'safelinks.protection.outlook.com',
  'urldefense.com',
  'urldefense.proofpoint.com',
  'l.facebook.com',
  'lm.facebook.com',
  'l.messenger.com',
  'l.instagram.com',
  'slack-redir.net',
  'out.reddit.com',
];

/** Path-level wrappers of sites that are more than a wrapper (RE2 syntax, lower-case hosts). */
export const WRAPPER_PATH_REGEXES: readonly string[] = [
  '^https?://(www\\.)?google\\.([a-z]{2,3}|com?\\.[a-z]{2})\\.?(:[0-9]+)?/url/?\\?',
  '^https?://((www|m)\\.)?facebook\\.com\\.?(:[0-9]+)?/l\\.php\\?',
  '^https?://(www\\.)?linkedin\\.com\\.?(:[0-9]+)?/redir/redirect/?\\?',
  '^https?://((www|m)\\.)?youtube\\.com\\.?(:[0-9]+)?/redirect/?\\?',
  '^https?://steamcommunity\\.com\\.?(:[0-9]+)?/linkfilter/?\\?',
];

/** Below allow rules (passes, exceptions) like every block rule. */
export function wrapperHoldDrafts(priority: number): Draft[] {
  const resourceTypes: Draft['rule']['condition']['resourceTypes'] = ['main_frame'];
  return [
    { store: 'session', rule: { priority, action: { type: 'block' }, condition: { requestDomains: [...WRAPPER_ONLY_HOSTS], resourceTypes } } },
    ...WRAPPER_PATH_REGEXES.map((regexFilter): Draft => ({ store: 'session', rule: { priority, action: { type: 'block' }, condition: { regexFilter, resourceTypes } } })),
  ];
}
