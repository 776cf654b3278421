/**
 * Organization features (issue 13): what reporting does (options), the support contact
 * (blocked page, popup), and the look-alike sign-in verdict for a tab (popup).
 */
import { browser } from 'wxt/browser';
import { ok, fail, type OrgSupportData, type PageToBackground, type Reply, type SignInStatusData } from '@/src/shared/messaging/protocol';
import { judgeHost, type LookalikeVerdict } from '@/src/shared/url/lookalike';
import type { App } from '../app';
import type { SettingsState } from '../state/settings-store';
import { reportingStatus } from '../reporting';
import { msg } from '../i18n';

/**
 * The look-alike verdict for `host` under the current policy. Only the organization's own
 * allowlist (policy entries) exempts a host: a person's allowlist entry for a look-alike of the
 * organization's sign-in page must not silence the warning. For the content script's page and
 * password-field warnings (to be wired where the content tier is defined) and the popup.
 */
export function lookalikeStatus(host: string, st: SettingsState): LookalikeVerdict {
  return judgeHost(host, st.settings.protectedSignInDomains, st.managedEntries.allowlist);
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.hostname : null;
  } catch {
    return null;
  }
}

export function handleOrg(app: App, m: PageToBackground): Promise<Reply> | null {
  switch (m.type) {
    case 'reporting.status':
      return reportingStatus().then((s) => (s ? ok(s) : fail('internal', msg('bg_reportingNotStarted', 'Reporting has not started.'))));
    case 'org.support':
      return app.settings.get().then(({ settings: s }): Reply<OrgSupportData> => ok({ organizationName: s.organizationName, supportUrl: s.supportUrl, supportContact: s.supportContact }));
    case 'signin.status':
      return (async (): Promise<Reply<SignInStatusData>> => {
        const tab = await browser.tabs.get(m.tabId).catch(() => null);
        const host = hostOf(tab?.url);
        return ok({ host, verdict: host ? lookalikeStatus(host, await app.settings.get()) : { kind: 'none' } });
      })();
    default:
      return null;
  }
}
