/**
 * What the browser's request-blocking layer (declarativeNetRequest) must hold so that a known-bad
 * URL never reaches the network (docs/decisions/002-known-bad-rules.md). Pure: the background feeds it the cache,
 * the settings, pause and "Proceed anyway" exceptions, and applies the difference
 * (src/background/protection/net-rules.ts). Examples: net-rules.examples.ts.
 *
 * Known bad (`knownBad`), in this order:
 *   1. host on the block list (the person's and the policy's, merged) → blocked in every state:
 *      paused, not configured, incognito, allow-listed too (decide: the block list wins), and
 *      past "Proceed anyway" too when the entry is the organization's;
 *   2. a cached verdict whose decision is 'block' (decide.ts: at/above the block threshold, not
 *      allow-listed, not audit-only) → blocked unless protection is paused.
 *
 * Rules (main_frame and sub_frame: a bad frame is blocked, not its page):
 *   - block list: hosts hashed into BLOCKLIST_BUCKETS rules of `requestDomains` (host and
 *     subdomains, as hostMatches), dynamic: they outlive a browser restart, like the lists;
 *     path entries (`example.com/login/*`) one regex rule each, at most MAX_PATH_RULES
 *     (path-rules.ts), before every other regex rule;
 *   - verdicts: one `regexFilter` per cache key (request-filter.ts), dynamic, except those from
 *     incognito scans, which live in session rules (nothing about private browsing is written
 *     to disk);
 *   - exceptions ("Proceed anyway" for a host) and one-shot passes (this exact address, query
 *     included, this tab; a `urlFilter` where it can be): `allow` rules of higher priority,
 *     session rules like the exceptions themselves (storage.session);
 *   - strict mode's hold (strict-hold.ts): while strict mode is on, one dynamic rule (it stands
 *     from the browser's start) stops every top-level GET of a public-looking host until the
 *     background lets it through with a pass; a page whose cached verdict allows it goes through
 *     at once (known-safe.ts);
 *   - the startup hold: while a policy configures the service, one dynamic rule of the same
 *     shape holds every such load from the browser's start, and a session rule lets loads past
 *     it (and past nothing else) once the background has read the live policy.
 * Priorities: the startup hold, its release, strict mode's hold, then known-safe allows, then
 * every block rule, then exceptions and passes, then the organization's block list (the person
 * cannot undo the policy).
 *
 * At the limits (MAX_NUMBER_OF_REGEX_RULES: 1,000 in both browsers, for dynamic and session rules
 * together in Chromium; MAX_NUMBER_OF_DYNAMIC_RULES: 30,000 in Chromium, 5,000 in Firefox;
 * MAX_NUMBER_OF_SESSION_RULES: 5,000): the block lists' hosts never need more than
 * BLOCKLIST_BUCKETS rules each (the person's, the organization's) and no regex; their path
 * entries take at most MAX_PATH_RULES regex slots, the rest overflow. Regex slots go first to allow rules (so "Proceed anyway" keeps working;
 * at most MAX_EXCEPTION_RULES and MAX_PASS_RULES, the newest), then to strict mode's hold, then
 * to verdicts: those of navigations and of checks the person asked for before those of links a
 * page showed (a page cannot push out the rule of a page the person opened: rule-rank.ts), each
 * most severe first (risk score), then most recent (checkedAt); then to known-safe pages. Verdicts that do not fit are `overflow`: the navigation-event path (navigation.ts)
 * still blocks them, after the request has started.
 */
import type { Verdict } from '../verdict';
import type { DecideSettings } from './decide';
import { knownBad, listIndex } from './known-bad';
import { normalizeHostEntry } from '../url/site';
import { exactUrlFilter, hostRegex, keyRegex, requestDomainsFor } from '../url/request-filter';
import { assignIds, fnv1a, type Draft, type NetRule, type ResourceType, type Store } from './net-rule-ids';
import { wrapperHoldDrafts } from './wrapper-holds';
import { startedDraft, startupHoldDraft, strictHoldDraft } from './strict-hold';
import { hostOfKey, knownSafeDrafts } from './known-safe';
import { compareRank, type VerdictSource } from './rule-rank';
import { pathRuleDrafts } from './path-rules';
import { pathOfUrl } from '../url/list-entry';

export { diffRules, ruleSignature, type NetRule, type ResourceType } from './net-rule-ids';
export { knownBad, listIndex, type ListIndex } from './known-bad';

/**
 * The startup hold: while a policy configures the service, every top-level page load is held
 * until the background has the live policy (strict-hold.ts startupHoldDrafts). The lowest, so
 * every other rule that matches decides.
 */
export const STARTUP_HOLD_PRIORITY = 1;
/** "Started": lets loads past the startup hold once the policy is read, and past nothing else. */
export const STARTED_PRIORITY = 2;
/** Strict mode's hold (strict-hold.ts): below every rule but the startup pair. */
export const HOLD_PRIORITY = 3;
/** Above the hold and the known-safe rules (KNOWN_SAFE_PRIORITY, known-safe.ts): a block always wins over those. */
export const BLOCK_PRIORITY = 5;
/** Above every block rule: an exception or a pass lets the request through. */
export const ALLOW_PRIORITY = 6;
/** The organization's block list: above the allow rules, so no exception or pass undoes it. */
export const ORG_BLOCK_PRIORITY = 7;
/** Block-list hosts are spread over this many rules (a new host changes one rule). */
export const BLOCKLIST_BUCKETS = 64;
export const MAX_EXCEPTION_RULES = 200;
/** Passes come from content scripts ("Open anyway"), i.e. from pages: never more than this. */
export const MAX_PASS_RULES = 20;
/** Longer regexes risk Chromium's per-regex memory limit (2 KB compiled): left to the event path. */
export const MAX_REGEX_LENGTH = 1500;
const FRAMES: ResourceType[] = ['main_frame', 'sub_frame'];

export interface NetRuleLimits {
  dynamic: number;
  session: number;
  /** Regex rules, dynamic and session together. */
  regex: number;
}

/** Firefox 153's values; Chromium allows more dynamic rules (30,000). The browser's own win. */
export const DEFAULT_LIMITS: NetRuleLimits = { dynamic: 5000, session: 5000, regex: 1000 };

/** `allowProceed` false (a policy): exceptions and "Open anyway" passes stop counting at once. */
export type NetRuleSettings = DecideSettings & { stripQuery: boolean; allowProceed: boolean };

export interface CachedVerdict {
  verdict: Pick<Verdict, 'url' | 'riskScore' | 'categories' | 'checkedAt'> & { confidence?: number };
  expiresAt: number;
  /**
   * Learned from a private window, or one the browser could not tell (state/incognito-urls.ts):
   * its rule is a session rule, never written to disk.
   */
  memoryOnly?: boolean;
  /** What asked for it (rule-rank.ts); absent: 'person'. */
  source?: VerdictSource;
}

export interface NetRuleInput {
  settings: NetRuleSettings;
  /** pause.ts: ms epoch, -1 until the browser restarts, null when not paused. */
  pausedUntil: number | null;
  verdicts: readonly CachedVerdict[];
  /** exceptions.ts: `until` -1 = until the browser restarts. */
  exceptions: readonly { host: string; until: number }[];
  /** `kind` 'release': strict mode let the navigation through (counts whatever allowProceed says). */
  passes: readonly { tabId: number; url: string; expiresAt: number; kind?: 'proceed' | 'release' }[];
  limits: NetRuleLimits;
  now: number;
  /**
   * docs/decisions/003-every-hop.md: hold navigations through known link wrappers until their destination is judged
   * (wrapper-holds.ts). The background sets it while navigations are checked (configured,
   * scanNavigations on, not audit-only); a pause lifts the holds like every verdict rule.
   */
  holdWrappers?: boolean;
  /**
   * Strict mode's hold (strict-hold.ts): top-level page loads wait in the browser, before their
   * request, for the background's decision. Set while strict mode is on and not audit-only; a
   * pause lifts it like every verdict rule.
   */
  holdStrict?: boolean;
  /**
   * With holdStrict: cached verdicts that allow go through the hold in the browser (known-safe.ts).
   * Set only while the hold's check would read the cache: the service configured and the public
   * suffix list loaded (else strict mode fails closed before any verdict is read, gate.ts).
   */
  passKnownSafe?: boolean;
  /**
   * The startup hold (strict-hold.ts): set while the policy in force (or the last one read)
   * configures the service. A dynamic rule, so it stands when the browser starts, before the
   * background wakes; `started` adds the session rule that lets loads past it once the live
   * policy is read (session rules end with the browser, so after a restart the hold is back).
   */
  holdStartup?: boolean;
  started?: boolean;
}

export interface NetRulePlan {
  dynamic: NetRule[];
  session: NetRule[];
  /**
   * Known-bad verdict URLs and block-list path entries without a rule (limits): the
   * navigation-event path acts for them.
   */
  overflow: string[];
  /** Allow rules left out at their caps. */
  droppedAllows: number;
  /** When the plan changes by itself (an expiry, the end of a pause), or null. */
  nextChange: number | null;
}

const isPaused = (until: number | null, now: number) => until !== null && (until === -1 || until > now);

export function planNetRules(input: NetRuleInput): NetRulePlan {
  const { settings: s, now, limits } = input;
  const paused = isPaused(input.pausedUntil, now);
  const changes: number[] = [];
  if (paused && input.pausedUntil !== -1) changes.push(input.pausedUntil!);
  const drafts: Draft[] = [];
  const room = {
    dynamic: Math.max(0, limits.dynamic),
    session: Math.max(0, limits.session),
    regex: Math.max(0, limits.regex),
  };
  const take = (store: Store, regex: boolean) => {
    if (room[store] < 1 || (regex && room.regex < 1)) return false;
    room[store]--;
    if (regex) room.regex--;
    return true;
  };

  // 1. Block lists: no regex, at most BLOCKLIST_BUCKETS rules each. The organization's entries
  // (buckets from BLOCKLIST_BUCKETS up) rank above every allow rule: no "Proceed anyway" undoes them.
  const buckets = new Map<number, string[]>();
  const org = new Set(s.orgBlocklist?.map(normalizeHostEntry));
  // Audit-only never blocks, the block list included (decide.ts).
  for (const entry of s.auditOnly ? [] : s.blocklist) {
    const host = normalizeHostEntry(entry);
    if (host === null) continue;
    const b = (fnv1a(host) % BLOCKLIST_BUCKETS) + (org.has(host) ? BLOCKLIST_BUCKETS : 0);
    const list = buckets.get(b) ?? [];
    if (!list.includes(host)) list.push(host);
    buckets.set(b, list);
  }
  for (const b of [...buckets.keys()].sort((x, y) => y - x)) {
    if (!take('dynamic', false)) break;
    const hosts = buckets.get(b)!.sort();
    const priority = b < BLOCKLIST_BUCKETS ? BLOCK_PRIORITY : ORG_BLOCK_PRIORITY;
    drafts.push({
      store: 'dynamic',
      rule: {
        priority,
        action: { type: 'block' },
        condition: { requestDomains: requestDomainsFor(hosts), resourceTypes: FRAMES },
      },
    });
  }

  // 1b. The block lists' path entries: a regex rule each, capped (path-rules.ts).
  const paths = pathRuleDrafts({
    blocklist: s.auditOnly ? [] : s.blocklist,
    orgBlocklist: s.auditOnly ? [] : (s.orgBlocklist ?? []),
    priorities: { person: BLOCK_PRIORITY, org: ORG_BLOCK_PRIORITY },
    resourceTypes: FRAMES,
    take: () => take('dynamic', true),
  });
  drafts.push(...paths.drafts);

  // 2. Allow rules first: "Proceed anyway" must keep working whatever else fits.
  let droppedAllows = 0;
  const exceptions = input.exceptions
    .filter((e) => s.allowProceed && (e.until === -1 || e.until > now))
    .sort((a, b) => rank(b.until) - rank(a.until) || a.host.localeCompare(b.host));
  for (const [i, e] of exceptions.entries()) {
    const host = normalizeHostEntry(e.host);
    if (host === null) continue;
    if (i >= MAX_EXCEPTION_RULES || !take('session', true)) {
      droppedAllows++;
      continue;
    }
    if (e.until !== -1) changes.push(e.until);
    drafts.push({
      store: 'session',
      rule: {
        priority: ALLOW_PRIORITY,
        action: { type: 'allow' },
        condition: { regexFilter: hostRegex(host), isUrlFilterCaseSensitive: true, resourceTypes: FRAMES },
      },
    });
  }
  const passes = input.passes
    .filter((p) => p.expiresAt > now && (s.allowProceed || p.kind === 'release'))
    .sort((a, b) => b.expiresAt - a.expiresAt);
  for (const [i, p] of passes.entries()) {
    // A pass names its exact address, query included, whatever stripQuery says: one released
    // wrapper link must not let every other link through the same wrapper. The address as the
    // browser requests it (the URL parser's form, without the fragment), not the normalized
    // cache key: normalizing may rewrite the query, and then the rule would match nothing. As a
    // urlFilter (no regex size limit, no regex slot), else as a regex.
    const address = exactAddress(p.url);
    const urlFilter = address === null ? null : exactUrlFilter(address);
    const regex = urlFilter === null && address !== null ? keyRegex(address, { stripQuery: false }) : null;
    const match = urlFilter !== null ? { urlFilter } : regex !== null ? { regexFilter: regex } : null;
    if (match === null) continue;
    if (
      i >= MAX_PASS_RULES ||
      (regex !== null && regex.length > MAX_REGEX_LENGTH) ||
      !take('session', regex !== null)
    ) {
      droppedAllows++;
      continue;
    }
    changes.push(p.expiresAt);
    drafts.push({
      store: 'session',
      rule: {
        priority: ALLOW_PRIORITY,
        action: { type: 'allow' },
        condition: { ...match, isUrlFilterCaseSensitive: true, resourceTypes: FRAMES, tabIds: [p.tabId] },
      },
    });
  }

  // 3. Strict mode's hold: one regex rule, before the verdicts (a verdict that does not fit is
  // still blocked on the event path; without the hold, strict mode is open until the event).
  // Dynamic: it stands from the browser's start, before the background wakes.
  const holding = input.holdStrict === true && !paused && take('dynamic', true);
  if (holding) drafts.push(strictHoldDraft(HOLD_PRIORITY, s.allowlist));
  // 3a. The startup hold and, once the live policy is read, its release (not while paused:
  // a pause the policy permits lets everything through anyway).
  if (input.holdStartup === true && !paused && take('dynamic', true)) {
    drafts.push(startupHoldDraft(STARTUP_HOLD_PRIORITY, s.allowlist));
    if (input.started === true && take('session', true)) drafts.push(startedDraft(STARTED_PRIORITY, s.allowlist));
  }

  // 3b. Verdicts, the person's before pages' (rule-rank.ts), while regex slots last.
  const overflow: string[] = [...paths.overflow];
  const lists = listIndex(s);
  const bad = input.verdicts
    .filter((c) => c.expiresAt > now)
    .filter((c) => {
      const host = hostOfKey(c.verdict.url);
      if (host === null) return false;
      const d = knownBad({ host, path: pathOfUrl(c.verdict.url) }, c.verdict, s, paused, lists);
      // Block-listed hosts are covered by the block-list rules already.
      return d !== null && d.reason !== 'blocklist';
    })
    .sort(compareRank);
  const seen = new Set<string>();
  for (const c of bad) {
    if (seen.has(c.verdict.url)) continue;
    seen.add(c.verdict.url);
    changes.push(c.expiresAt);
    const regex = keyRegex(c.verdict.url, s);
    const store: Store = c.memoryOnly ? 'session' : 'dynamic';
    if (regex === null || regex.length > MAX_REGEX_LENGTH || !take(store, true)) {
      overflow.push(c.verdict.url);
      continue;
    }
    drafts.push({
      store,
      rule: {
        priority: BLOCK_PRIORITY,
        action: { type: 'block' },
        condition: { regexFilter: regex, isUrlFilterCaseSensitive: true, resourceTypes: FRAMES },
      },
    });
  }

  // 4. Wrapper holds (docs/decisions/003-every-hop.md): a few session rules, after the allow rules took their slots.
  if (input.holdWrappers === true && !paused) {
    for (const d of wrapperHoldDrafts(BLOCK_PRIORITY))
      if (take('session', d.rule.condition.regexFilter !== undefined)) drafts.push(d);
  }

  // 5. Pages known to be safe go through strict mode's hold in the browser (known-safe.ts): the
  // last regex slots, after every rule that blocks or lets a person proceed; none without a hold.
  if (holding && input.passKnownSafe === true) {
    for (const d of knownSafeDrafts(input.verdicts, s, (h) => lists.blocked(h) || lists.allowed(h), now, changes)) {
      if (d.rule.condition.regexFilter!.length <= MAX_REGEX_LENGTH && take('session', true)) drafts.push(d);
    }
  }

  const rules = assignIds(drafts);
  return {
    dynamic: rules.filter((r) => r.store === 'dynamic').map((r) => r.rule),
    session: rules.filter((r) => r.store === 'session').map((r) => r.rule),
    overflow,
    droppedAllows,
    nextChange: changes.length ? Math.min(...changes) : null,
  };
}

/** `url` as the browser requests it: parsed, without fragment or credentials; null when not http(s). */
function exactAddress(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    u.hash = '';
    u.username = '';
    u.password = '';
    return u.href;
  } catch {
    return null;
  }
}

/** -1 ("until the browser restarts") outranks any time. */
const rank = (until: number) => (until === -1 ? Number.POSITIVE_INFINITY : until);
