/**
 * Our pages' tier: what the extension's own pages (popup, options, blocked, report) may ask the
 * background, and what each request is answered with. PRIVILEGED: accepted only from our own
 * extension pages, decided by sender URL/origin in router.ts, never by sender.id (every content
 * script of ours carries it, including ones in hostile pages). A request is validated where it
 * arrives; the replies are types only (the background is trusted by its own pages).
 */
import '../zod-config';
import { z } from 'zod/mini';
import { dict, int, nonEmpty, str } from '../zod-lean';
import type { UrlStatus } from '../verdict';
import { Id, ofType, Url } from './schema-parts';
import { ScanReason } from './scan-reason';
import type { ProtocolMap } from './reply';
import type {
  AuditEntry,
  DisputeData,
  LedgerEntry,
  PageScanPreviewData,
  PageScanProgressData,
  ScanSummary,
  ScansListData,
  ScanViewData,
  TabStatusData,
} from './page-data/scans';
import type {
  ExceptionsData,
  LegacyHeldData,
  SettingsData,
  SettingsImportData,
  SettingsWriteData,
} from './page-data/settings';
import type { ApiKeyData, ConnectionTestData, CreatedKeyData, CreditsData, LooseRecord } from './page-data/account';
import type {
  BlockedDetailsData,
  OrgSupportData,
  ReportingStatusData,
  SignInStatusData,
} from './page-data/blocked-org';
import type { WereThereAlert } from '../visits/kept';

export const PageToBackground = z.union([
  ofType('tab.status', { tabId: int() }),
  /**
   * `tabId`: the tab the URL was taken from (the popup's tab), so a private window's setting
   * applies. Without it, the sending page's own tab decides; no tab at all counts as private.
   */
  ofType('scan.url', { url: Url, reason: ScanReason, force: z.optional(z.boolean()), tabId: z.optional(int()) }),
  /**
   * "Check all links on this page", step 1: how many links the page has and how many would be
   * sent (credits), from the cache and local rules only. Nothing is sent.
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
   * Without `apply`: only the plan (what would change). With `apply`: the changes, provided
   * `confirm` names every key the plan asks confirmation for (import-plan.ts).
   */
  ofType('settings.import', {
    json: str(1_000_000),
    apply: z.optional(z.boolean()),
    confirm: z.optional(z.array(str(100)).check(z.maxLength(100))),
  }),
  /**
   * Settings an older version left in storage.local that would lower protection (kept aside by
   * the upgrade, legacy-local.ts): as a settings file for the import review, or null. Reply:
   * LegacyHeldData. `.clear`: forget them (reviewed or discarded).
   */
  ofType('settings.legacyHeld'),
  ofType('settings.legacyHeld.clear'),
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
  /** Audit-only mode's "would have blocked / warned" list (docs/decisions/017-surfaces.md), newest first. */
  ofType('audit.get'),
  ofType('audit.clear'),
  ofType('cache.stats'),
  ofType('cache.clear'),
  ofType('history.get'),
  ofType('history.clear'),
  /**
   * "Report a mistake": rescan now, mark the verdict disputed here, and say where to report it.
   * `tabId`: the tab the URL was taken from (the popup's tab), as for scan.url: a private
   * window's setting applies; without it the sending page's own tab decides, no tab = private.
   */
  ofType('verdict.dispute', { url: Url, scanId: z.optional(Id), tabId: z.optional(int()) }),
  /** docs/decisions/016-organizations.md: what is reported to the organization, to whom, and how delivery goes (options). */
  ofType('reporting.status'),
  /** docs/decisions/016-organizations.md: the organization's support contact (blocked page, popup). */
  ofType('org.support'),
  /** docs/decisions/016-organizations.md: is this tab on a protected sign-in page, or a look-alike of one? */
  ofType('signin.status', { tabId: int() }),
  /** docs/decisions/017-surfaces.md: the "Proceed anyway" exceptions and passes in force (options). */
  ofType('exceptions.list'),
  /**
   * Ends the exception and proceed passes of one host (exact host); the reply comes once the
   * request-blocking rules no longer let it through, and says what is left.
   */
  ofType('exceptions.revoke', { host: nonEmpty(300) }),
  /** Ends every exception and proceed pass, rules included, like exceptions.revoke. */
  ofType('exceptions.revokeAll'),
  /** "You were there" (background/visits/): the popup's entries, newest first. */
  ofType('visits.wereThere'),
  /** Removes the popup's entry for one host (the visit itself stays, for the days kept). */
  ofType('visits.dismiss', { host: nonEmpty(300) }),
  /** Options: forgets every visited site and every entry at once. */
  ofType('visits.clear'),
  /**
   * Test builds only (refused as `not_available` in any other): answers once the background has
   * no work in flight (src/background/idle.ts), for browser tests that show nothing happened.
   */
  ofType('test.idle'),
]);
export type PageToBackground = z.infer<typeof PageToBackground>;
export type PageType = PageToBackground['type'];

/** Message types only extension pages may send. Used by the router and the convention test. */
export const PRIVILEGED_TYPES = PageToBackground.def.options.map((o) => o.shape.type.def.values[0] as PageType);

/** A list edit's answer: the new effective settings (the lists included). */
type ListEdit = SettingsData;
type Cleared = { cleared: true };

/**
 * The data each of our pages' requests is answered with (`sendToBackground` returns it, the
 * background's handler map must produce it).
 */
export interface PageReplies {
  'tab.status': TabStatusData;
  /** The URL's status after the check started (or what is known, for a skipped URL). */
  'scan.url': UrlStatus;
  'scan.pagePreview': PageScanPreviewData;
  'scan.pageLinks': PageScanProgressData;
  'scan.progress': PageScanProgressData;
  'scan.get': ScanViewData;
  'scan.analytics': LooseRecord;
  'scans.list': ScansListData;
  'settings.get': SettingsData;
  'settings.set': SettingsWriteData;
  'settings.import': SettingsImportData;
  'settings.legacyHeld': LegacyHeldData;
  'settings.legacyHeld.clear': { cleared: true };
  'connection.test': ConnectionTestData;
  'keys.list': ApiKeyData[];
  'keys.create': CreatedKeyData;
  'keys.revoke': LooseRecord;
  'credits.get': CreditsData;
  'credits.purchase': CreditsData;
  'account.get': LooseRecord;
  'account.put': LooseRecord;
  'blocked.details': BlockedDetailsData;
  /** The address to open now. */
  'blocked.proceed': { url: string };
  /** History entries "Go back" steps over. */
  'blocked.back': { steps: number };
  'allowlist.add': ListEdit;
  'allowlist.remove': ListEdit;
  'blocklist.add': ListEdit;
  'blocklist.remove': ListEdit;
  /** The pause now in force (as sent: ms epoch, null, or 0). */
  'pause.set': { pausedUntil: number | null };
  'ledger.get': LedgerEntry[];
  'ledger.clear': Cleared;
  'audit.get': AuditEntry[];
  'audit.clear': Cleared;
  /** Verdicts held in the cache. */
  'cache.stats': { count: number };
  'cache.clear': { count: number };
  'history.get': ScanSummary[];
  'history.clear': Cleared;
  'verdict.dispute': DisputeData;
  'reporting.status': ReportingStatusData;
  'org.support': OrgSupportData;
  'signin.status': SignInStatusData;
  'exceptions.list': ExceptionsData;
  'exceptions.revoke': ExceptionsData;
  'exceptions.revokeAll': ExceptionsData;
  'visits.wereThere': WereThereAlert[];
  'visits.dismiss': WereThereAlert[];
  'visits.clear': Cleared;
  'test.idle': { idle: true };
}
export type PageProtocol = ProtocolMap<PageToBackground, PageReplies>;
export type PageRequest<K extends PageType> = PageProtocol[K]['request'];
export type PageReply<K extends PageType> = PageProtocol[K]['reply'];
