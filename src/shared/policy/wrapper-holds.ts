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
 * rule; wrappers that are one path of a big site (Google, Facebook, LinkedIn, YouTube, Steam,
 * Trend Micro, Azure's mail, Teams) get a regex each (8 of the 1,000 regex slots). Pure.
 */
import type { Draft } from './net-rule-ids';

/** Hosts whose every page is a wrapper (and their subdomains, as requestDomains matches). */
export const WRAPPER_ONLY_HOSTS: readonly string[] = [
  'safelinks.protection.outlook.com',
  'safelinks.protection.office365.us',
  'urldefense.com',
  'urldefense.proofpoint.com',
  'urldefense.us',
  'linkprotect.cudasvc.com',
  'protection.sophos.com',
  'awstrack.me',
  'secure-web.cisco.com',
  'protect2.fireeye.com',
  'urlsand.esvalabs.com',
  'l.wl.co',
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
  '^https?://((www|m)\\.)?facebook\\.com\\.?(:[0-9]+)?/l(sr)?\\.php\\?',
  '^https?://(www\\.)?linkedin\\.com\\.?(:[0-9]+)?/(redir/redirect|safety/go)/?\\?',
  '^https?://((www|m)\\.)?youtube\\.com\\.?(:[0-9]+)?/redirect/?\\?',
  '^https?://steamcommunity\\.com\\.?(:[0-9]+)?/linkfilter/?\\?',
  '^https?://([a-z0-9-]+\\.)*trendmicro\\.com\\.?(:[0-9]+)?/wis/clicktime/(v1/query|v2/clickthrough)/?\\?',
  '^https?://(emails\\.azure\\.microsoft\\.com|[a-z0-9.-]+\\.safelink\\.emails\\.azure\\.net)\\.?(:[0-9]+)?/redirect/?\\?',
  '^https?://statics\\.teams\\.cdn\\.office\\.net\\.?(:[0-9]+)?/([^?#]*/)?atp-safelinks(\\.html|/[^?#]*)?\\?',
];

/** Below allow rules (passes, exceptions) like every block rule. */
export function wrapperHoldDrafts(priority: number): Draft[] {
  const resourceTypes: Draft['rule']['condition']['resourceTypes'] = ['main_frame'];
  return [
    {
      store: 'session',
      rule: {
        priority,
        action: { type: 'block' },
        condition: { requestDomains: [...WRAPPER_ONLY_HOSTS], resourceTypes },
      },
    },
    ...WRAPPER_PATH_REGEXES.map((regexFilter): Draft => ({
      store: 'session',
      rule: { priority, action: { type: 'block' }, condition: { regexFilter, resourceTypes } },
    })),
  ];
}
