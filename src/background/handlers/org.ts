/**
 * Organization features (docs/decisions/016-organizations.md): what reporting does (options), the support contact
 * (blocked page, popup), and the look-alike sign-in verdict for a tab (popup).
 */
import { browser } from 'wxt/browser';
import { ok, fail } from '@/src/shared/messaging/reply';
import { lookalikeStatus } from '../signin/status';
import { reportingStatus } from '../reporting';
import { say } from '../i18n';
import type { PageHandlers } from './handler-map';
import { parseWeb } from '@/src/shared/url/parse-web';

const hostOf = (url: string | undefined): string | null => (url ? (parseWeb(url)?.hostname ?? null) : null);

export const orgHandlers = {
  'reporting.status': async () => {
    const s = await reportingStatus();
    return s ? ok(s) : fail('internal', say('bg_reportingNotStarted'));
  },
  'org.support': async (app) => {
    const { settings: s } = await app.settings.get();
    return ok({
      organizationName: s.organizationName,
      supportUrl: s.supportUrl,
      supportContact: s.supportContact,
      brandName: s.brandName,
      brandLogoUrl: s.brandLogoUrl,
      brandAccentColor: s.brandAccentColor,
      customWarningMessage: s.customWarningMessage,
    });
  },
  'signin.status': async (app, m) => {
    const tab = await browser.tabs.get(m.tabId).catch(() => null);
    const host = hostOf(tab?.url);
    return ok({ host, verdict: host ? lookalikeStatus(host, await app.settings.get()) : { kind: 'none' as const } });
  },
} satisfies Partial<PageHandlers>;
