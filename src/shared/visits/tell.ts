/**
 * "You were there": whether a site the person visited, now found bad, is told to them, and with
 * the advice to change a password. Pure; the background keeps the visits (background/visits/)
 * and acts on the answer. Examples: tell.examples.ts.
 *
 * A site is its exact host (kept.ts says why). Bad is a warn- or block-level decision: from a
 * scan (any reason: a navigation in another tab, a hover, a rescan), the organization's block
 * list naming it, or the organization's feed. In order:
 *
 * | # | when                                                        | answer                        |
 * |---|-------------------------------------------------------------|-------------------------------|
 * | 1 | history is off (0 days)                                     | no: off                       |
 * | 2 | no visit kept for the host                                  | no: not-visited               |
 * | 3 | the last visit (or password input) is older than the days   | no: expired                   |
 * | 4 | this very verdict was told already                          | no: same-verdict              |
 * | 5 | told after the last visit, and this one is no worse         | no: told                      |
 * | 6 | every kept visit began while this check ran, no password    | no: judged-visit (marked)     |
 * | 7 | … the same, but a password field there got input            | yes, with advice              |
 * | 8 | otherwise (a visit before the check began)                  | yes; advice if password input |
 *
 * Why rule 6: a page that commits while its own check runs (no strict mode) and then turns out
 * bad ends on the blocked page or under a warning; telling the person again that they "were
 * there" repeats what they just saw. Unless they typed into a password field before the verdict
 * came (rule 7): then the advice to change that password is news. A marked visit (told or shown)
 * is not told again until the person visits once more or a worse verdict comes (rule 5), so a
 * rescan of every other page of the site does not repeat the notification.
 */

export const DAY_MS = 86_400_000;

export interface Visit {
  host: string;
  /** The first visit of those kept (ms epoch). */
  firstAt: number;
  /** The last visit (ms epoch): a top-level page of this host committed in a normal window. */
  lastAt: number;
  /** When a password field there last got input (ms epoch); null: not in what is kept. Never the text. */
  passwordAt: number | null;
  /** When the person was last told about this site, or shown its warning (rule 6); null: never. */
  toldAt: number | null;
  /** Which verdict that was (BadNews.key), and how bad. */
  toldKey: string | null;
  toldAction: BadAction | null;
}

export type BadAction = 'warn' | 'block';

/** A bad verdict for a site, from wherever it came. */
export interface BadNews {
  /** Which verdict: a scan id, `list:<entry>` for a block list, the feed's own id. */
  key: string;
  action: BadAction;
  /** When the check that found it began (a scan's submission); a list or the feed: when it named the site. */
  since: number;
}

export type TellDecision =
  | { tell: true; advice: boolean }
  | { tell: false; reason: 'off' | 'not-visited' | 'expired' | 'same-verdict' | 'told' | 'judged-visit' };

/** The latest moment the person was on the site (a visit, or input in a password field there). */
export const lastActivity = (v: Pick<Visit, 'lastAt' | 'passwordAt'>): number =>
  Math.max(v.lastAt, v.passwordAt ?? -Infinity);

export function shouldTell(v: Visit | null, bad: BadNews, o: { now: number; days: number }): TellDecision {
  if (o.days <= 0) return { tell: false, reason: 'off' };
  if (!v) return { tell: false, reason: 'not-visited' };
  if (lastActivity(v) < o.now - o.days * DAY_MS) return { tell: false, reason: 'expired' };
  if (v.toldKey === bad.key) return { tell: false, reason: 'same-verdict' };
  const worse = bad.action === 'block' && v.toldAction === 'warn';
  if (v.toldAt !== null && v.toldAt >= lastActivity(v) && !worse) return { tell: false, reason: 'told' };
  const password = v.passwordAt !== null;
  if (v.firstAt >= bad.since && !password) return { tell: false, reason: 'judged-visit' };
  return { tell: true, advice: password };
}

/** Whether the visit is marked told after this decision (told now, or shown its warning: rule 6). */
export const marksVisit = (d: TellDecision): boolean => d.tell || d.reason === 'judged-visit';
