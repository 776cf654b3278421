/**
 * Every message Linklens sends between contexts, as zod schemas grouped by direction
 * (docs/architecture.md, "The contexts"). A message is validated where it arrives (router.ts, content
 * listener); payloads are structured-cloned, so only plain data crosses.
 *
 * Trust: content scripts run in pages we do not control and are UNTRUSTED. They may only ask for
 * verdicts of URLs, report hovers/link batches and ask whether their own page is a look-alike
 * sign-in page. Everything else is PRIVILEGED and accepted only
 * from our own extension pages (decided by sender URL/origin in router.ts, never by sender.id).
 */
import '../zod-config';
import { z } from 'zod/mini';
import { dict, int, intIn, nonEmpty, str } from '../zod-lean';
import { BandSchema } from '../band-schema';
import { MAX_BATCH, MAX_LINK_TEXT, MAX_URL_LENGTH } from './limits';

/** MAX_URL_LENGTH: cap on URL strings crossing a message boundary; MAX_BATCH: URLs per batch. */
export { MAX_BATCH, MAX_LINK_TEXT, MAX_URL_LENGTH };

// Unions here are z.union, not z.discriminatedUnion: every option's `type` literal is its own, so
// both accept and refuse the same messages, and the worker does without zod's discriminated
// union (1.9 kB of its bundle, docs/decisions/009-bundle-weight.md). z.union stops at the first option that parses:
// each union lists its frequent messages first.
const Url = nonEmpty(MAX_URL_LENGTH);
const Id = nonEmpty(200);

/**
 * One message: `z.object({ type: z.literal(type), ...fields })`, written once. The worker's
 * bundle would spell out the object-and-literal call for each of the ~50 messages below
 * (docs/decisions/009-bundle-weight.md). Not named `message` or `msg`: those read as message-key lookups
 * (test/unit/ui/locales.test.ts).
 */
function ofType<const T extends string, F extends z.core.$ZodLooseShape = Record<never, never>>(type: T, fields?: F) {
  return z.object({ type: z.literal(type), ...(fields as F) });
}

// ───────────────────────── content script → background (untrusted) ─────────────────────────
export const ContentToBackground = z.union([
  /**
   * The links of the sender's document, and what a warning about them needs: from the cache
   * only, nothing is sent. A content script learns only warn/block-level verdicts ("no warning"
   * for everything else, so a page cannot tell what was checked or visited), only for URLs its
   * own frame reported (a bounded number per document), and never when they were checked.
   */
  ofType('links.lookup', { urls: z.array(Url).check(z.maxLength(MAX_BATCH)) }),
  /**
   * Hover intent or keyboard focus rested on a link: check it (cache, else scan, within the
   * page's budgets: src/shared/policy/budgets.ts). Answered like links.lookup. `text`: the start
   * of the link's visible text; when it names another site than the link leads to, the answer is
   * a local warning (shared/url/lying-text.ts) and nothing is sent for the link (docs/decisions/003-every-hop.md).
   */
  ofType('link.hover', { url: Url, text: z.optional(str(MAX_LINK_TEXT)) }),
  // No message grants a pass: "Proceed anyway" is on the blocked page, an extension page
  // (docs/decisions/001-content-tier.md). A content script may be the attacker's.

  /**
   * The few settings a content script needs to behave (hover delay, whether hovers are checked).
   * Reply data: `ContentConfig`. Nothing else of the settings ever reaches a page's context.
   */
  ofType('config.get'),
  /**
   * docs/decisions/016-organizations.md, sent by the sign-in guard (src/content/signin/, registered only while the policy
   * lists protectedSignInDomains): does the sender's page look like the organization's sign-in
   * page? The background takes the host from the sender's frame (or tab) URL, never from the
   * message, decides with shared/url/lookalike.ts and reports `lookalike.seen` once per
   * tab+host+trigger. Reply data: `SignInCheckData`.
   */
  ofType('signin.check', { trigger: z.literal(['load', 'password-focus']) }),
  /**
   * docs/decisions/017-surfaces.md "Report a mistake" from the tooltip or the in-page confirmation: asks the background
   * to open the extension's report page for `url` in a new tab. Nothing is spent or changed:
   * the report page (an extension page) offers the privileged `verdict.dispute`, which rescans.
   * Accepted only for a URL the sender's own document reported that has a warn/block verdict,
   * and only a few times per tab (background/scan/report-open.ts). Reply data: null.
   */
  ofType('report.open', { url: Url }),
]);
export type ContentToBackground = z.infer<typeof ContentToBackground>;

// ───────────────────────── extension pages → background (privileged) ───────────────────────
export const ScanReason = z.literal(['navigation', 'hover', 'menu', 'page-links', 'popup']);
export type ScanReason = z.infer<typeof ScanReason>;

export const PageToBackground = z.union([
  ofType('tab.status', { tabId: int() }),
  /**
   * `tabId`: the tab the URL was taken from (the popup's tab), so a private window's setting
   * applies. Without it, the sending page's own tab decides; no tab at all counts as private.
   */
  ofType('scan.url', { url: Url, reason: ScanReason, force: z.optional(z.boolean()), tabId: z.optional(int()) }),
  /**
   * "Check all links on this page", step 1: how many links the page has and how many would be
   * sent (credits), from the cache and local rules only. Nothing is sent. Reply: PageScanPreviewData.
   */
  ofType('scan.pagePreview', { tabId: int() }),
  /** Step 2, after the person agreed: checks what the preview counted (error `preview_needed` without one). */
  ofType('scan.pageLinks', { tabId: int() }),
  ofType('scan.progress', { tabId: int() }),
  ofType('scan.get', { id: Id }),
  ofType('scan.analytics', { id: Id }),
  ofType('scans.list', { cursor: z.optional(str(2000)) }),
  ofType('settings.get'),
  /**
   * `rebindKey`: the person confirmed using the stored key with the new service URL, naming the
   * origin the key was entered for and the new one (key-binding.ts); without it the key stays.
   */
  ofType('settings.set', {
    patch: dict(z.unknown()),
    rebindKey: z.optional(z.object({ from: str(2000), to: str(2000) })),
  }),
  /**
   * Without `apply`: only the plan (what would change; reply SettingsImportData). With `apply`:
   * the changes, provided `confirm` names every key the plan asks confirmation for (import-plan.ts).
   */
  ofType('settings.import', {
    json: str(1_000_000),
    apply: z.optional(z.boolean()),
    confirm: z.optional(z.array(str(100)).check(z.maxLength(100))),
  }),
  ofType('connection.test', { serviceUrl: str(2000), apiKey: str(2000) }),
  ofType('keys.list'),
  ofType('keys.create', { name: str(200), scopes: z.array(str(100)).check(z.maxLength(20)) }),
  ofType('keys.revoke', { id: Id }),
  ofType('credits.get'),
  ofType('credits.purchase', { amount: int().check(z.positive(), z.lte(1_000_000)) }),
  ofType('account.get'),
  ofType('account.put', { settings: dict(z.unknown()) }),
  ofType('blocked.details', { token: nonEmpty(200) }),
  ofType('blocked.proceed', { token: nonEmpty(200) }),
  /** Asked when "Go back" is clicked: how many history entries to step back (1 or 2). */
  ofType('blocked.back', { token: nonEmpty(200) }),
  /** scope 'host': exactly this host (and its subdomains); default 'site': its registrable domain. */
  ofType('allowlist.add', { host: nonEmpty(300), scope: z.optional(z.literal(['host', 'site'])) }),
  ofType('allowlist.remove', { host: nonEmpty(300) }),
  ofType('blocklist.add', { host: nonEmpty(300) }),
  ofType('blocklist.remove', { host: nonEmpty(300) }),
  /** until: ms epoch, or null for "until the browser restarts", or 0 to resume. */
  ofType('pause.set', { until: z.nullable(z.number()) }),
  ofType('ledger.get'),
  ofType('ledger.clear'),
  /** Audit-only mode's "would have blocked / warned" list (docs/decisions/017-surfaces.md). Reply: AuditEntry[] newest first. */
  ofType('audit.get'),
  ofType('audit.clear'),
  ofType('cache.stats'),
  ofType('cache.clear'),
  ofType('history.get'),
  ofType('history.clear'),
  /** "Report a mistake": rescan now, mark the verdict disputed here, and say where to report it. */
  ofType('verdict.dispute', { url: Url, scanId: z.optional(Id) }),
  /** docs/decisions/016-organizations.md: what is reported to the organization, to whom, and how delivery goes (options). */
  ofType('reporting.status'),
  /** docs/decisions/016-organizations.md: the organization's support contact (blocked page, popup). Reply: OrgSupportData. */
  ofType('org.support'),
  /** docs/decisions/016-organizations.md: is this tab on a protected sign-in page, or a look-alike of one? Reply: SignInStatusData. */
  ofType('signin.status', { tabId: int() }),
  /** docs/decisions/017-surfaces.md: the "Proceed anyway" exceptions and passes in force (options). Reply: ExceptionsData. */
  ofType('exceptions.list'),
  /**
   * Ends the exception and proceed passes of one host (exact host); the reply comes once the
   * request-blocking rules no longer let it through. Reply: ExceptionsData (what is left).
   */
  ofType('exceptions.revoke', { host: nonEmpty(300) }),
  /** Ends every exception and proceed pass, rules included, like exceptions.revoke. */
  ofType('exceptions.revokeAll'),
]);
export type PageToBackground = z.infer<typeof PageToBackground>;

/** Message types only extension pages may send. Used by the router and the convention test. */
export const PRIVILEGED_TYPES = PageToBackground.def.options.map((o) => o.shape.type.def.values[0] as PageToBackground['type']);
export const CONTENT_TYPES = ContentToBackground.def.options.map((o) => o.shape.type.def.values[0] as ContentToBackground['type']);

// ───────────────────────── extension pages ⇄ background: scan progress port ────────────────
/**
 * The report page follows a scan's event stream through the background (which holds the API key):
 * it opens `runtime.connect({name: SCAN_EVENTS_PORT})` and posts one `scan.follow`. The background
 * accepts the port from our own pages only (router.ts, as for privileged messages) and posts
 * ScanEventsMessage: each state the stream reports, then one `scan.end`. After `scan.end` (or a
 * disconnect) the page polls `scan.get`: the stream is an accelerator, polling the guarantee.
 */
export { SCAN_EVENTS_PORT } from './ports';
export const PortToBackground = z.union([ofType('scan.follow', { id: Id })]);
export type PortToBackground = z.infer<typeof PortToBackground>;
export const ScanEventsMessage = z.union([
  /** A state the service reported on the stream (QUEUED, PROCESSING, COMPLETED, FAILED or another name). */
  ofType('scan.state', { state: nonEmpty(100) }),
  /** The stream is over (reason: events.ts StreamEndReason, or 'not_configured' / 'refused'). */
  ofType('scan.end', { reason: str(50) }),
]);
export type ScanEventsMessage = z.infer<typeof ScanEventsMessage>;

// ───────────────────────── background → content script ─────────────────────────────────────
export const BackgroundToContent = z.union([
  /** A verdict became known for URLs the page asked about. */
  ofType('links.update', { links: dict(z.unknown()) }),
  // "Check all links on this page" asks no content script: the background reads the page itself
  // (background/scan/collect-in-page.ts), started or not, so a page cannot answer with a list.
]);
export type BackgroundToContent = z.infer<typeof BackgroundToContent>;

// ───────────────────────── replies ─────────────────────────────────────────────────────────
export interface ErrorInfo {
  /** Stable code: an api error code (network, unauthorized, ...) or a router code below. */
  code: string;
  message: string;
}
export type Reply<T = unknown> = { ok: true; data: T } | { ok: false; error: ErrorInfo };

/** Router-level error codes. */
export const ROUTER_ERRORS = {
  invalid: 'invalid_message',
  forbidden: 'forbidden_sender',
  internal: 'internal',
} as const;

export const ok = <T>(data: T): Reply<T> => ({ ok: true, data });
export const fail = (code: string, message: string): Reply<never> => ({ ok: false, error: { code, message } });

/**
 * What a content script may learn about a link. Deliberately narrower than UrlStatus: no scan
 * ids, no settings, no key, no timestamps. A content script gets the verdict fields only for
 * warn/block-level links (background/scan/link-info.ts `forContent`), `{status: 'unknown'}`
 * otherwise. Service text (reasoning, categories, indicators) is plain strings and must be
 * rendered as text.
 */
export interface LinkInfo {
  status: 'pending' | 'verdict' | 'skipped' | 'unknown' | 'error';
  action?: 'allow' | 'annotate' | 'warn' | 'block';
  band?: 'safe' | 'suspicious' | 'high' | 'malicious';
  riskScore?: number;
  categories?: string[];
  reasoning?: string;
  indicators?: string[];
  /** Whether "Open anyway" may be offered (policy). */
  canProceed?: boolean;
  /**
   * docs/decisions/003-every-hop.md: the host the link leads to when that is not its own (a tracker or mail rewriter
   * around another address), as the link itself says: nothing learned from the service.
   */
  leadsTo?: string;
  /** Which hop the warning is about: the link itself, its destination, or a hop between. */
  badHop?: 'link' | 'destination' | 'hop';
  /** The link's text names this host, another site than it leads to (a local warning). */
  textShows?: string;
  /**
   * docs/decisions/017-surfaces.md "Why this decision", for warn/block-level links only: the fired rule's message
   * (`cs_why_<key>`) and the numbers it names, whole numbers in placeholder order (a confidence
   * as a percentage). Never a list entry or any other setting (link-info.ts `contentWhy`).
   */
  why?: LinkWhy;
  /**
   * docs/decisions/017-surfaces.md: the step of a scan the frame's own hover started, while it runs
   * (with status 'pending'). Only the step's name: no scan id, no timestamp.
   */
  progress?: LinkProgress;
}

export type LinkWhyKey = 'org_blocklist' | 'user_blocklist' | 'score_block' | 'score_warn' | 'low_confidence';
export interface LinkWhy {
  key: LinkWhyKey;
  nums: number[];
}
export type LinkProgress = 'submitting' | 'queued' | 'processing';

export const LinkInfoSchema = z.object({
  status: z.literal(['pending', 'verdict', 'skipped', 'unknown', 'error']),
  action: z.optional(z.literal(['allow', 'annotate', 'warn', 'block'])),
  band: z.optional(BandSchema),
  riskScore: z.optional(z.number()),
  categories: z.optional(z.array(z.string())),
  reasoning: z.optional(z.string()),
  indicators: z.optional(z.array(z.string())),
  canProceed: z.optional(z.boolean()),
  leadsTo: z.optional(z.string()),
  badHop: z.optional(z.literal(['link', 'destination', 'hop'])),
  textShows: z.optional(z.string()),
  why: z.optional(
    z.object({ key: z.literal(['org_blocklist', 'user_blocklist', 'score_block', 'score_warn', 'low_confidence']), nums: z.array(z.number()).check(z.maxLength(4)) }),
  ),
  progress: z.optional(z.literal(['submitting', 'queued', 'processing'])),
});

/** Reply data of `links.lookup`: URL as sent → info. */
export type LinksLookupData = Record<string, LinkInfo>;

/** Reply data of `config.get` (content script). Validated on arrival; defaults on any problem. */
export const ContentConfigSchema = z.object({
  hoverDelayMs: intIn(50, 5000),
  scanHovers: z.boolean(),
});
export type ContentConfig = z.infer<typeof ContentConfigSchema>;

/**
 * Reply data of `signin.check`: warn or not, and the protected host to name in the warning.
 * Nothing else (no reason, no policy list): a page learns one protected host, only by being a
 * look-alike of it.
 */
export const SignInCheckSchema = z.union([
  z.object({ warn: z.literal(false) }),
  z.object({ warn: z.literal(true), protectedHost: nonEmpty(253) }),
]);
export type SignInCheckData = z.infer<typeof SignInCheckSchema>;

// ───────────────────────── reply data of privileged messages ───────────────────────────────
// Types only (the background is trusted by its own pages). Import types from shared only.
import type { UrlStatus, Band, DecisionRule } from '../verdict';
import type { Settings, SettingKey } from '../policy/settings';
import type { ImportPlan } from '../policy/import-plan';
import type { BudgetKind, BudgetScope } from '../policy/budgets';
import type { ExceptionRow } from '../policy/exceptions-view';

export type { ExceptionRow };

/** `tab.status`: what the popup shows for the current tab. */
export interface TabStatusData {
  url: string | null;
  status: UrlStatus;
  configured: boolean;
  /** ms epoch, or -1 for "until the browser restarts"; null when not paused. */
  pausedUntil: number | null;
  /** Latest known credit balance (cached), null when unknown. */
  credits: number | null;
  /** A standing problem the person should fix (key rejected, out of credits, service down). */
  problem: ErrorInfoWithFix | null;
  /** Policy allowPause: false removes the pause control. */
  canPause: boolean;
  /** Policy allowUserAllowlist: false removes "Trust this site". */
  canTrust: boolean;
  /** Checks pages caused today and what the budgets refused (absent from older backgrounds). */
  budget?: BudgetReportData;
  /**
   * docs/decisions/003-every-hop.md: the host the tab's URL leads to when it is a link wrapper around another address
   * (`status` is then the worst of its hops), else null or absent.
   */
  leadsTo?: string | null;
}

/** Spending caused by web pages (src/shared/policy/budgets.ts), for the popup. */
export interface BudgetReportData {
  today: { navigations: number; hovers: number };
  /** Page-caused checks not sent today because a budget was spent. */
  refusedToday: number;
  /** The sites refused most today (at most 3): unusual spending the person should see. */
  refusedSites: { site: string; refused: number }[];
  /** This tab's latest refusal, if any. */
  tab: { scope: BudgetScope; kind: BudgetKind; site: string; at: number } | null;
}
export interface ErrorInfoWithFix extends ErrorInfo {
  /** Where the fix is: 'options' | 'credits' | 'none'. */
  fix: 'options' | 'credits' | 'none';
  /** Known again after the background restarted (from stored jobs), not newly happened: not re-notified. */
  restored?: boolean;
}

/** `settings.get`: effective settings with the key masked, plus which keys policy sets. */
/** Reply to verdict.dispute: the organization's report address when one is set (else null). */
export interface DisputeData {
  reportUrl: string | null;
  scanId: string | null;
  url: string;
}

export interface SettingsData {
  settings: Settings; // apiKey is '' here; see apiKeyHint
  apiKeyHint: string | null; // e.g. '…3f9a' when a key is set
  managedKeys: SettingKey[];
  lockAll: boolean;
  /** Keys the person cannot change under the policy (floor.ts personRoom); absent = none. */
  locked?: SettingKey[];
  /** Keys the person may move only the safer way, with the organization's value (floor.ts). */
  floor?: Partial<Record<SettingKey, unknown>>;
  /** Policy-provided list entries (see ManagedListEntries); absent = unknown. */
  managedEntries?: ManagedListEntries;
  /**
   * The person's stored key: its last four characters, the origin it was entered for, and
   * whether it goes with the current service URL (a key is sent to its own origin only).
   * Absent = unknown; null = no key stored.
   */
  storedKey?: { hint: string; origin: string | null; inUse: boolean } | null;
}

/** `settings.import`: the plan, and whether it was applied (then `result` is the new state). */
export interface SettingsImportData {
  plan: ImportPlan;
  applied: boolean;
  result?: SettingsWriteData;
}

/**
 * Reply of `settings.set` and `settings.import`: the new effective settings, plus the fields
 * that were not applied and why (policy lock, invalid value) so the options page never says
 * "Saved" for a refused change. `repaired`: what an import had to fix or drop.
 */
export interface SettingsWriteData extends SettingsData {
  refused?: Record<string, string>;
  repaired?: unknown;
}

/**
 * Optional on SettingsData (pages cope without it): the allow/block list entries that come from
 * managed policy, so the options page can show them locked while the person's own entries stay
 * editable (docs/admin/policy.md: policy lists are added to the person's).
 */
export interface ManagedListEntries {
  allowlist: string[];
  blocklist: string[];
}

/** One scan in lists (popup recent scans, options history). */
export interface ScanSummary {
  id: string;
  url: string;
  state: string;
  createdAt: string | null;
  riskScore: number | null;
  band: Band | null;
  source: 'local' | 'service';
}
export interface ScansListData {
  items: ScanSummary[];
  next: string | null;
}

/** `scan.get` (report page). `result` present when COMPLETED. `extra` = fields we don't model. */
export interface ScanViewData {
  id: string;
  url: string;
  state: string;
  createdAt: string | null;
  result: {
    riskScore: number;
    band: Band;
    confidence: number;
    categories: string[];
    reasoning: string;
    indicators: string[];
  } | null;
  extra: Record<string, unknown>;
}

/** Readable key/value data for shapes the spec does not show (credits, settings, analytics, keys). */
export type LooseRecord = Record<string, unknown>;

export interface CreditsData {
  balance: number | null;
  raw: LooseRecord;
}
export interface ApiKeyData {
  id: string;
  name: string | null;
  scopes: string[];
  createdAt: string | null;
  raw: LooseRecord;
}
/** `keys.create`: the secret is present exactly once, in this reply. */
export interface CreatedKeyData extends ApiKeyData {
  secret: string | null;
}

/** `connection.test` outcomes. */
export type ConnectionTestData =
  | { outcome: 'connected'; balance: number | null; canScan: boolean }
  | { outcome: 'key_rejected' | 'missing_scope' | 'unreachable' | 'not_https' | 'invalid_url' | 'bad_response'; message: string }
  /** The key field was empty and the stored key belongs to another origin: nothing was sent. */
  | { outcome: 'key_for_other_service'; message: string; keyOrigin: string | null; serviceOrigin: string | null };

/** `blocked.details`. */
export interface BlockedDetailsData {
  /** The blocked URL: for a redirect chain, the hop that was bad. */
  url: string;
  /**
   * The link the person opened (first URL of the redirect chain) when it is not the blocked URL
   * itself, else null. Shown as text, without `user:pass@` like `url`.
   */
  firstUrl: string | null;
  /**
   * docs/decisions/003-every-hop.md: `url` was read out of `firstUrl` (a tracker or mail rewriter around it), not
   * reached by a redirect: "it leads to" rather than "it redirected to".
   */
  readFromLink?: boolean;
  unicodeHost: string | null;
  scanId: string | null;
  riskScore: number | null;
  band: Band | null;
  categories: string[];
  reasoning: string;
  indicators: string[];
  checkedAt: number | null;
  /** The verdict's confidence, when there is a verdict. */
  confidence?: number | null;
  reason: string;
  /** The rule that fired, as data (docs/decisions/017-surfaces.md); the page puts it in words. null/absent: not known. */
  rule?: DecisionRule | null;
  canProceed: boolean;
  /** Human description of how long "Proceed anyway" lasts. */
  exceptionLifetime: 'session' | string;
  reportUrl: string | null;
  /** Strict mode: the verdict is still being fetched; the page polls `blocked.details`. */
  pending: boolean;
  /**
   * Strict mode blocked without a verdict (e.g. out of credits) while the check is still alive:
   * the page keeps asking, slowly, and shows the verdict (or opens the site) when it arrives.
   */
  awaiting?: boolean;
  /** History entries "Go back" steps over, 1 to MAX_BACK_STEPS (2 when the blocked site had already loaded). */
  backSteps?: number;
}

/**
 * One entry of audit-only mode's list: what would have been blocked or warned about. `url` is
 * the URL as it is (or would be) sent to the service; `rule` the rule that fired (decide.ts).
 */
export interface AuditEntry {
  url: string;
  host: string;
  wouldBe: 'block' | 'warn';
  /** A page opened (navigation) or a link rested on (hover). */
  via: 'navigation' | 'hover';
  verdict: { scanId: string | null; riskScore: number | null; band: Band | null; categories: string[] } | null;
  /** decide.ts reason, e.g. 'band:malicious', 'blocklist'. */
  reason: string;
  rule?: DecisionRule;
  at: number;
}

export interface LedgerEntry {
  url: string;
  at: number;
  reason: ScanReason;
  /** docs/decisions/003-every-hop.md: set when the URL went to its shortener (resolveShorteners), not to the service. */
  sentTo?: 'shortener';
}

/** `scan.pagePreview`: links on the page (unique), how many would be sent, known, never sent. */
export interface PageScanPreviewData {
  total: number;
  toSend: number;
  known: number;
  skipped: number;
}

export interface PageScanProgressData {
  total: number;
  done: number;
  flagged: number;
  running: boolean;
}

/**
 * `reporting.status` (docs/decisions/016-organizations.md): everything about reporting the person may see. The token itself
 * never leaves the background: only whether one is set.
 */
export interface ReportingStatusData {
  enabled: boolean;
  url: string | null;
  tokenSet: boolean;
  deviceTag: string | null;
  userTag: string | null;
  /** The organization's tenant id (policy tenantId), sent with every event. */
  tenantId: string | null;
  eventTypes: string[];
  queued: number;
  dropped: number;
  deliveredTotal: number;
  last: { at: number; ok: boolean; status: number | null; error: string | null; delivered: number } | null;
  nextAttemptAt: number | null;
  /** Policy keys Linklens ignored (invalid or unknown), as last read. */
  policyProblems: string[];
}

/** `exceptions.list` / `exceptions.revoke` / `exceptions.revokeAll` (docs/decisions/017-surfaces.md). */
export interface ExceptionsData {
  /** Policy allowProceed: false means no exception can exist (and none is listed). */
  allowed: boolean;
  items: ExceptionRow[];
}

/** `org.support` (docs/decisions/016-organizations.md): policy-only text, empty strings when not set. supportUrl is https only. */
export interface OrgSupportData {
  organizationName: string;
  supportUrl: string;
  supportContact: string;
  /** The organization's brand (policy; branding.ts): text, an https logo address, a #rrggbb colour, '' when not set. */
  brandName: string;
  brandLogoUrl: string;
  brandAccentColor: string;
  /** Text for the blocked page, never HTML. */
  customWarningMessage: string;
}

/** `signin.status` (docs/decisions/016-organizations.md): the look-alike verdict for the tab's host (shared/url/lookalike.ts). */
export interface SignInStatusData {
  host: string | null;
  verdict:
    | { kind: 'verified' | 'same-site'; protectedDomain: string }
    | { kind: 'allowlisted'; entry: string }
    | { kind: 'lookalike'; protectedDomain: string; reason: 'mixed-script' | 'confusable' | 'edit-distance' | 'embedded' }
    | { kind: 'none' };
}
