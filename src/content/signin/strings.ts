/**
 * The sign-in warning's texts, from `_locales` (`cs_signin_*`, read as `cs_<key>` like
 * src/content/strings.ts), English when a message is missing (a test's fake browser). The
 * protected host is a placeholder, inserted as text.
 */
import { browserPlatform } from '../platform';
import type { BannerText } from './banner';
import type { WarningKind } from './guard';
import { differingRuns } from '@/src/shared/url/lookalike/diff';

const ENGLISH = {
  signin_title: 'This is not your organization’s sign-in page',
  signin_load: 'This site only looks like $1. Do not enter your password here.',
  signin_password: 'Do not type your password here: this site is not $1, it only looks like it.',
  signin_dismiss: 'Dismiss',
  signin_here: 'This site:',
  signin_real: 'Your organization’s sign-in page:',
  signin_go_real: 'Go to the real sign-in page',
} as const;

function t(key: keyof typeof ENGLISH, host = ''): string {
  return browserPlatform.message(`cs_${key}`, [host]) || ENGLISH[key].replace('$1', host);
}

/** The texts for a warning on `pageHost` about `protectedHost` (the differing letters marked), with the organization's message. */
export function signInText(kind: WarningKind, protectedHost: string, pageHost = '', orgMessage?: string): BannerText {
  return {
    ...(orgMessage ? { orgMessage } : {}),
    title: t('signin_title'),
    body: kind === 'load' ? t('signin_load', protectedHost) : t('signin_password', protectedHost),
    dismiss: t('signin_dismiss'),
    compare: {
      hereLabel: t('signin_here'),
      here: differingRuns(pageHost, protectedHost),
      realLabel: t('signin_real'),
      real: protectedHost,
      goReal: t('signin_go_real'),
    },
  };
}
