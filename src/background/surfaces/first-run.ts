/**
 * Whether the install opens the first-run page (connect, test, done). Only for a person setting
 * Linklens up themselves: an install the organization's policy configures, or one an
 * administrator's policy installed (its settings may arrive a moment later, and its people are
 * not the ones to connect it), opens nothing. An update or a browser update opens nothing either.
 */
export interface InstallFacts {
  reason: string;
  /** Service URL and API key are set (by the person or the policy). */
  configured: boolean;
  /** The policy sets the service URL or the API key. */
  policyConfiguresService: boolean;
  /** management.getSelf().installType === 'admin'. */
  adminInstalled: boolean;
}

export function opensFirstRun(f: InstallFacts): boolean {
  return f.reason === 'install' && !f.configured && !f.policyConfiguresService && !f.adminInstalled;
}

export const FIRST_RUN_PAGE = '/firstrun.html';
