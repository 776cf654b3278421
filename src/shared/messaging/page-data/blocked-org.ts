/** Reply data of the blocked page's and the organization's requests (docs/decisions/016-organizations.md). */
import type { Band, DecisionRule } from '../../verdict';

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
  /** How long "Proceed anyway" lasts: 'session' (the host until the browser restarts), 'once' (this page, this time: proceed.ts), or a description. */
  exceptionLifetime: 'session' | 'once' | string;
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

/** `org.support` (docs/decisions/016-organizations.md): policy-only text, empty strings when not set. supportUrl is https only. */
export interface OrgSupportData {
  organizationName: string;
  supportUrl: string;
  supportContact: string;
  /** The organization's brand (policy; branding.ts): text, an https logo address, a #rrggbb colour, '' when not set. */
  brandName: string;
  brandLogoUrl: string;
  brandAccentColor: string;
  /** Text for the blocked page and the sign-in warning, never HTML. */
  customWarningMessage: string;
}

/** `signin.status` (docs/decisions/016-organizations.md): the look-alike verdict for the tab's host (shared/url/lookalike.ts). */
export interface SignInStatusData {
  host: string | null;
  verdict:
    | { kind: 'verified' | 'same-site'; protectedDomain: string }
    | { kind: 'allowlisted'; entry: string }
    | {
        kind: 'lookalike';
        protectedDomain: string;
        reason: 'mixed-script' | 'confusable' | 'edit-distance' | 'embedded';
      }
    | { kind: 'none' };
}
