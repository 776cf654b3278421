/**
 * The background's parts, built once per worker life and handed to handlers. Nothing here does
 * work at construction time beyond wiring (start-up must stay fast; the first storage.managed read takes seconds on a fresh profile).
 */
import type { ApiClient } from './api';
import type { VerdictCache } from './cache/verdict-cache';
import type { ScanEngine } from './engine/engine';
import type { Checker } from './checks/checker';
import type { LinkChecker } from './checks/link-check';
import type { Navigation } from './protection/navigation';
import type { NetRules } from './protection/net-rules';
import type { SettingsStore } from './state/settings-store';
import type { PageScans } from './surfaces/page-scans';
import type { LinkWatchers } from './content-tier/link-watchers';
import type { FrameLinks } from './content-tier/frame-links';
import type { ReportOpenLimit } from './content-tier/report-open';
import type { Budget } from './checks/budget';
import type { TabPrivacy } from './protection/tab-privacy';
import type { SignInChecks } from './signin/check';
import type { RemotePolicy } from './remote/remote-policy';
import type { Visits } from './visits';
import type { PageHold } from './content-tier/page-hold';

export interface App {
  settings: SettingsStore;
  cache: VerdictCache;
  engine: ScanEngine;
  checker: Checker;
  /** A link through every hop it may take (docs/decisions/003-every-hop.md): what content scripts and the popup ask. */
  links: LinkChecker;
  navigation: Navigation;
  /** The browser's request-blocking rules, kept in step with the cache and the lists. */
  netRules: NetRules;
  pageScans: PageScans;
  watchers: LinkWatchers;
  /** Links each document reported: a frame is answered about its own links only. */
  frameLinks: FrameLinks;
  /** How often each tab's content script may open the report page (report.open). */
  reportOpens: ReportOpenLimit;
  /** Page-caused checks' budgets (per tab, per site, per day). */
  budget: Budget;
  /** Which tabs are in a private window, as the browser's tab events told (tab-privacy.ts). */
  tabPrivacy: TabPrivacy;
  /** Client for the configured service, or null while unconfigured. */
  api(): Promise<ApiClient | null>;
  /** A client for explicit values (Test connection with what the person typed). */
  makeApi(baseUrl: string, apiKey: string): ApiClient;
  credits: { last: number | null };
  /** docs/decisions/016-organizations.md: look-alike sign-in pages, asked by the sign-in guard (signin.check). */
  signIn: SignInChecks;
  /** The organization's remote file and block feed; `onFeedJoined` names hosts the moment the feed adds them. */
  remote: RemotePolicy;
  /** "You were there": the visits kept, and `siteTurnedBad` for every source of a bad verdict. */
  visits: Visits;
  /** Whether a top page's passwords and forms wait for its pending verdict (page.hold). */
  pageHold: PageHold;
}
