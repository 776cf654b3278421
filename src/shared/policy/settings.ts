/**
 * The settings schema: one zod shape WITHOUT defaults (zod 4 applies .default() even inside .partial(): zod 4 applies
 * `.default()` even inside `.partial()`, so an empty managed policy would overwrite user
 * settings), plus DEFAULTS applied in exactly one place (`withDefaults`).
 *
 * Migrations, the managed-policy merge and field-by-field repair live in sibling files.
 */
import '../zod-config';
import { z } from 'zod/mini';
import { int, intIn, str } from '../zod-lean';
import { isReportingUrl } from '../reporting/endpoint';
import { REPORT_TYPE_NAMES } from '../reporting/event-types';
import { isAccentColor, isBrandLogoUrl } from './branding';
import { isRemoteFileUrl } from './remote-url';
import { DEFAULT_BUDGETS } from './budgets';
import { HOST_ENTRY_RULE, isUsableHostEntry } from '../url/lookalike/policy-entries';
import { SIGNIN_ACTIONS } from './signin-action';

export const SETTINGS_VERSION = 1;

/** A category's action, weakest first (floor.ts ranks them in this order). */
export const CATEGORY_ACTIONS = ['ignore', 'warn', 'block'] as const;
const CategoryAction = z.literal(CATEGORY_ACTIONS);

export const SettingsShape = z.object({
  version: int(),
  /** Base URL of the scanning service; '' = not configured (nothing is ever sent). */
  serviceUrl: str(2000),
  /** API key; '' = not configured. Never leaves the background except masked. */
  apiKey: str(2000),
  scanNavigations: z.boolean(),
  scanHovers: z.boolean(),
  hoverDelayMs: intIn(50, 5000),
  /** Score at or above which a link/page is warned about. */
  warnThreshold: intIn(0, 100),
  /** Score at or above which a navigation is blocked. */
  blockThreshold: intIn(0, 100),
  /**
   * Minimum confidence (0–1) of a verdict to block (docs/decisions/017-surfaces.md): a score at or above the block
   * threshold with a lower confidence is warned about instead. 0 = every such score blocks.
   */
  minBlockConfidence: z.number().check(z.gte(0), z.lte(1)),
  /**
   * What a verdict naming a category does, beside the score thresholds (decide.ts): 'block',
   * 'warn', or 'ignore' (the category alone does nothing; the score decides). Categories are the
   * service's (spec, "Scan result"), except `safe`.
   */
  categoryActions: z.object({
    phishing: CategoryAction,
    malware: CategoryAction,
    scam: CategoryAction,
    suspicious: CategoryAction,
    adult_content: CategoryAction,
  }),
  /** Offer "Proceed anyway" / "Open anyway". Organizations can remove it. */
  allowProceed: z.boolean(),
  /** Hold navigations on a "checking" page until the verdict or the timeout. */
  strictMode: z.boolean(),
  /**
   * Without strict mode: while the top page's verdict is pending, its password fields do not take
   * what is typed (held, then entered once the page is safe) and its form submissions wait.
   */
  holdWhileChecking: z.boolean(),
  strictTimeoutMs: intIn(500, 60_000),
  /** What strict mode does when the verdict does not arrive in time (or the service fails). */
  strictFailMode: z.literal(['allow', 'block']),
  /** Scan and record, but never warn or block (organizations evaluating Linklens). */
  auditOnly: z.boolean(),
  /** Send URLs without their query string. */
  stripQuery: z.boolean(),
  /**
   * docs/decisions/003-every-hop.md: ask opaque shorteners (t.co, bit.ly…: shared/url/shorteners.ts) where a short link
   * leads, with one HEAD request without cookies, so the destination is judged too. Off: they are
   * never contacted (the request tells the shortener about the link); the service scans the
   * short URL itself.
   */
  resolveShorteners: z.boolean(),
  /** Send private/loopback/intranet hosts too (off: they are never sent). */
  scanPrivateHosts: z.boolean(),
  /** Scan in incognito/private windows. */
  scanIncognito: z.boolean(),
  /** Registrable domains or hosts never checked. */
  allowlist: z.array(str(300)).check(z.maxLength(5000)),
  /** Registrable domains or hosts always blocked, without asking the service. */
  blocklist: z.array(str(300)).check(z.maxLength(5000)),
  /** Verdict cache lifetime per band, in minutes. */
  cacheTtlMinutes: z.object({
    safe: intIn(1, 43_200),
    suspicious: intIn(1, 43_200),
    high: intIn(1, 43_200),
    malicious: intIn(1, 43_200),
  }),
  /** Where "Report a mistake" goes; `{scanId}` and `{url}` are substituted. '' hides it. */
  reportUrl: str(2000),
  /** Notify when a menu check or page check finds warn-level or worse. */
  notifications: z.boolean(),
  /**
   * "You were there" (background/visits/): days the sites visited in normal windows are kept on
   * this device, so the person is told when one of them turns out bad later; 0 = nothing kept.
   */
  visitHistoryDays: intIn(0, 365),
  /** Policy only: every user setting is locked. */
  lockAll: z.boolean(),
  /** Policy only: false removes "Pause protection"; a pause in force ends (docs/architecture.md, guarantees). */
  allowPause: z.boolean(),
  /**
   * Policy only: false ignores the person's own allowlist entries and the "Trust this site"
   * button; the policy's own allowlist still applies (docs/architecture.md, guarantees).
   */
  allowUserAllowlist: z.boolean(),
  /**
   * Policy only: setting keys the organization leaves to the person, who may then move them
   * either way (floor.ts; audit-only and "Check pages I open" are never among them).
   */
  personMayChange: z.array(str(100)).check(z.maxLength(100)),
  // ── Organization keys (docs/decisions/016-organizations.md). One contiguous block so other branches' keys merge beside
  // it. The POLICY_ONLY_KEYS among them are never taken from the person, an import or
  // storage.local (a Firefox content script can write that area): see docs/admin/policy.md. ──
  /** Where events are reported (docs/admin/reporting.md); '' = nothing is recorded or sent. */
  reportingUrl: z.string().check(
    z.maxLength(2000),
    z.refine((s) => s === '' || isReportingUrl(s), 'https, or http to this machine only'),
  ),
  /** Bearer token for reportingUrl. A credential: kept like the API key, never shown to pages. */
  reportingToken: str(4000),
  /** The organization's own names for this machine and this person, sent with every event. */
  deviceTag: str(200),
  userTag: str(200),
  /** The event types the receiver gets (event-types.ts); empty: every type. */
  reportingEvents: z.array(z.literal(REPORT_TYPE_NAMES)).check(z.maxLength(50)),
  /** The organization's tenant, sent with every event (one receiver for several organizations). */
  tenantId: str(200),
  /** Hide the API keys, credits and account sections of the options page. */
  hideAccountSections: z.boolean(),
  /** Shown on the blocked page and in the popup ("Questions? Contact …"). */
  organizationName: str(200),
  supportUrl: z.string().check(
    z.maxLength(2000),
    z.refine((s) => s === '' || /^https:\/\/[^\s]+$/i.test(s), 'an https:// address'),
  ),
  supportContact: str(300),
  /** The organization's brand on Linklens' own pages (branding.ts): name, https logo, #rrggbb accent. */
  brandName: str(100),
  brandLogoUrl: z.string().check(
    z.maxLength(2000),
    z.refine((s) => s === '' || isBrandLogoUrl(s), 'an https:// address'),
  ),
  brandAccentColor: z.string().check(z.refine((s) => s === '' || isAccentColor(s), 'a #rrggbb colour')),
  /** Text (never HTML) on the blocked page, in the organization's words. */
  customWarningMessage: str(1000),
  /**
   * Remote policy files (remote-config.ts, block-feed.ts): one file in the managed policy's shape,
   * and a list of hosts to block, fetched on a schedule from an https address without
   * credentials (plain http only to this machine, the rule of every address Linklens fetches
   * from for the organization: url/endpoint.ts). '' = none.
   */
  configUrl: z.string().check(
    z.maxLength(2000),
    z.refine((s) => s === '' || isRemoteFileUrl(s), 'https, or http to this machine only, without credentials'),
  ),
  blockFeedUrl: z.string().check(
    z.maxLength(2000),
    z.refine((s) => s === '' || isRemoteFileUrl(s), 'https, or http to this machine only, without credentials'),
  ),
  /** How often both files are fetched again, in minutes (at least 15: every device of the fleet asks). */
  remoteRefreshMinutes: intIn(15, 1440),
  /** Remove Linklens' context menu entries. */
  disableContextMenu: z.boolean(),
  /** Also notify when a navigation is blocked. */
  notifyOnBlock: z.boolean(),
  /** Scans submitted per day at most; 0 = no limit. */
  maxCreditsPerDay: intIn(0, 10_000_000),
  /** Hosts where the organization's people really sign in (look-alikes of them are warned about). */
  protectedSignInDomains: z
    .array(z.string().check(z.minLength(1), z.maxLength(253), z.refine(isUsableHostEntry, HOST_ENTRY_RULE)))
    .check(z.maxLength(200)),
  /** The organization's own other domains: never warned about as look-alikes of its sign-in hosts. */
  organizationDomains: z
    .array(z.string().check(z.minLength(1), z.maxLength(253), z.refine(isUsableHostEntry, HOST_ENTRY_RULE)))
    .check(z.maxLength(500)),
  /** What a look-alike sign-in page gets: the blocked page, a warning on it, or only the report (signin-action.ts). */
  signInLookalikeAction: z.literal(SIGNIN_ACTIONS),
  /**
   * How many checks a web page can cause (budgets.ts): navigations and hovers per tab and per
   * site per minute, per site and in total per day. Kept in one group (docs/decisions/010-budgets.md).
   */
  budgets: z.object({
    navigationsPerTabPerMinute: intIn(2, 100_000),
    navigationsPerSitePerMinute: intIn(2, 100_000),
    hoversPerTabPerMinute: intIn(2, 100_000),
    hoversPerSitePerMinute: intIn(2, 100_000),
    checksPerSitePerDay: intIn(1, 10_000_000),
    checksPerDay: intIn(1, 10_000_000),
  }),
});
export type Settings = z.infer<typeof SettingsShape>;
export type SettingKey = keyof Settings;

export const DEFAULT_SETTINGS: Settings = {
  version: SETTINGS_VERSION,
  serviceUrl: '',
  apiKey: '',
  scanNavigations: true,
  scanHovers: true,
  hoverDelayMs: 300,
  warnThreshold: 51,
  blockThreshold: 76,
  minBlockConfidence: 0,
  categoryActions: {
    phishing: 'ignore',
    malware: 'ignore',
    scam: 'ignore',
    suspicious: 'ignore',
    adult_content: 'ignore',
  },
  allowProceed: true,
  strictMode: false,
  holdWhileChecking: true,
  strictTimeoutMs: 5000,
  strictFailMode: 'allow',
  auditOnly: false,
  stripQuery: true,
  scanPrivateHosts: false,
  resolveShorteners: false,
  scanIncognito: false,
  allowlist: [],
  blocklist: [],
  cacheTtlMinutes: { safe: 1440, suspicious: 360, high: 720, malicious: 1440 },
  reportUrl: '',
  notifications: true,
  visitHistoryDays: 30,
  lockAll: false,
  allowPause: true,
  allowUserAllowlist: true,
  personMayChange: [],
  // ── Organization keys (docs/decisions/016-organizations.md) ──
  reportingUrl: '',
  reportingToken: '',
  deviceTag: '',
  userTag: '',
  reportingEvents: [],
  tenantId: '',
  hideAccountSections: false,
  organizationName: '',
  supportUrl: '',
  supportContact: '',
  brandName: '',
  brandLogoUrl: '',
  brandAccentColor: '',
  customWarningMessage: '',
  configUrl: '',
  blockFeedUrl: '',
  remoteRefreshMinutes: 60,
  disableContextMenu: false,
  notifyOnBlock: false,
  maxCreditsPerDay: 0,
  protectedSignInDomains: [],
  organizationDomains: [],
  signInLookalikeAction: 'warn',
  budgets: { ...DEFAULT_BUDGETS },
};

/**
 * Keys only a managed policy sets: a value in the person's storage (or an imported file) never
 * counts (mergeSettings resets them, settings-store refuses them), so nobody can unlock or
 * re-allow from their side what the organization decided (lockAll, allowPause,
 * allowUserAllowlist; docs/architecture.md, guarantees), nor point reporting at their own server or put their own
 * "contact IT" text on the blocked page (the organization keys; docs/decisions/016-organizations.md).
 */
export const POLICY_ONLY_KEYS = [
  'lockAll',
  'allowPause',
  'allowUserAllowlist',
  'personMayChange',
  'reportingUrl',
  'reportingToken',
  'deviceTag',
  'userTag',
  'reportingEvents',
  'tenantId',
  'hideAccountSections',
  'organizationName',
  'supportUrl',
  'supportContact',
  'brandName',
  'brandLogoUrl',
  'brandAccentColor',
  'customWarningMessage',
  'configUrl',
  'blockFeedUrl',
  'remoteRefreshMinutes',
  'protectedSignInDomains',
  'organizationDomains',
  'signInLookalikeAction',
] as const satisfies readonly (keyof Settings)[];
export const isPolicyOnlyKey = (k: string): boolean => (POLICY_ONLY_KEYS as readonly string[]).includes(k);

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

/** True once a service URL and a key are set: before that, nothing is sent anywhere. */
export function isConfigured(s: Pick<Settings, 'serviceUrl' | 'apiKey'>): boolean {
  return s.serviceUrl.trim() !== '' && s.apiKey.trim() !== '';
}

/**
 * A fresh deep copy of the defaults. Use it instead of `{ ...DEFAULT_SETTINGS }`: the lists and
 * the TTL object would otherwise be shared, and one push would change the defaults for everyone.
 */
export function defaultSettings(): Settings {
  return structuredClone(DEFAULT_SETTINGS);
}

/** `patch` without the policy-only keys (an import may not carry them; see POLICY_ONLY_KEYS). */
export function withoutPolicyOnly<T extends Record<string, unknown>>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([k]) => !isPolicyOnlyKey(k))) as Partial<T>;
}
