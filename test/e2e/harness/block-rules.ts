// The browser's request-blocking rules as the extension wrote them (read with the driver's
// extensionRules()), and teaching the extension a bad URL without visiting it.
import type { ExtensionRule, JourneyDriver } from './driver';
import { waitFor } from './wait-for';
import { request } from './world';
import type { LinksLookupData } from '../../../src/shared/messaging/protocol';

/** Whether the rule's regex (the form Linklens writes for verdicts and path entries) matches `url`. */
export const regexMatches = (r: ExtensionRule, url: string) =>
  r.condition.regexFilter !== undefined && new RegExp(r.condition.regexFilter).test(url);

/** Whether one of `rules` blocks `url` by its regex. */
export const blocksByRegex = (rules: ExtensionRule[], url: string) =>
  rules.some((r) => r.action.type === 'block' && regexMatches(r, url));

/** Whether one of `rules` blocks the whole of `host` (requestDomains: block lists and feeds). */
export const blocksDomain = (rules: ExtensionRule[], host: string) =>
  rules.some((r) => r.action.type === 'block' && (r.condition.requestDomains ?? []).includes(host));

/**
 * Scans `url` without visiting it (as the popup's "Scan" does) and resolves once the service's
 * verdict is to block and the browser holds a block rule for it.
 */
export async function learnBad(w: { driver: JourneyDriver }, url: string): Promise<void> {
  await request(w, { type: 'scan.url', url, reason: 'popup' });
  await waitFor(
    `a blocking verdict for ${url}`,
    () => request<LinksLookupData>(w, { type: 'links.lookup', urls: [url] }),
    (d) => d[url]?.status === 'verdict' && d[url]?.action === 'block',
    15_000,
  );
  await waitFor(
    `a block rule for ${url}`,
    () => w.driver.extensionRules(),
    (r) => blocksByRegex(r.dynamic, url),
    10_000,
  );
}
