/**
 * Organization features (docs/decisions/016-organizations.md): what reporting does (options), the support contact
 * (blocked page, popup), and the look-alike sign-in verdict for a tab (popup).
 */
import { browser } from 'wxt/browser';
import { ok, fail, type OrgSupportData, type PageToBackground, type Reply, type SignInStatusData } from '@/src/shared/messaging/protocol';
import type { App } from '../app';
import { lookalikeStatus } from '../signin/status';
import { reportingStatus } from '../reporting';
import { say } from '../i18n';
import { parseWeb } from '@/src/shared/url/parse-web';

const hostOf = (url: string | undefined): string | null => (url ? (parseWeb(url)?.hostname ?? null) : null);

export function handleOrg(app: App, m: PageToBackground): Promise<Reply> | null {
  switch (m.type) {
    case 'reporting.status':
      return reportingStatus().then((s) => (s ? ok(s) : fail('internal', say('bg_reportingNotStarted'))));
    case 'org.support':
      return app.settings.get().then(({ settings: s }): Reply<OrgSupportData> => ok({
          organizationName: s.organizationName,
          supportUrl: s.supportUrl,
          supportContact: s.supportContact,
          brandName: s.brandName,
          brandLogoUrl: s.brandLogoUrl,
          brandAccentColor: s.brandAccentColor,
          customWarningMessage: s.customWarningMessage,
        }));
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
