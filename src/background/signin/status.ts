/**
 * The look-alike verdict for a host under the current policy (docs/decisions/016-organizations.md), for the popup
 * (handlers/org.ts signin.status) and the in-page warning (check.ts). Only the organization's own
 * allowlist (policy entries) and its own other domains (`organizationDomains`) exempt a host: a person's allowlist entry for a look-alike of the
 * organization's sign-in page must not silence the warning.
 */
import { judgeHost, type LookalikeVerdict } from '@/src/shared/url/lookalike';
import type { SettingsState } from '../state/settings-store';

export function lookalikeStatus(
  host: string,
  st: Pick<SettingsState, 'settings' | 'managedEntries'>,
): LookalikeVerdict {
  return judgeHost(host, st.settings.protectedSignInDomains, {
    allowlist: st.managedEntries.allowlist,
    organizationDomains: st.settings.organizationDomains,
  });
}
