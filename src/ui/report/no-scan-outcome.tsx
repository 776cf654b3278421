/**
 * What the report page says when a check made no scan (the context menu opens
 * report.html?skipped=<reason> or ?error=<code>; docs/decisions/017-surfaces.md): the reason in words and what to do.
 * Only known reasons and codes get a sentence of ours; anything else reads as a generic error
 * (the query string is anyone's input: page-params.ts).
 */
import type { SkipReason } from '@/src/shared/verdict';
import { Button } from '../components/button';
import { ERROR_KEYS } from '../components/error-text';
import { Notice } from '../components/notice';
import { t } from '../i18n';
import { SKIP_KEYS } from '../labels';
import { openOptions } from '../open';

/** Skip reasons the person can change in the settings. */
const SETTINGS_SKIPS: ReadonlySet<string> = new Set([
  'not-configured',
  'paused',
  'incognito',
  'allowlisted',
  'disabled',
  'private-host',
  'loopback',
  'link-local',
  'intranet',
]);
/** Error codes fixed in the settings (the same set the popup offers "Open settings" for). */
const SETTINGS_ERRORS: ReadonlySet<string> = new Set([
  'unauthorized',
  'key_rejected',
  'forbidden',
  'missing_scope',
  'not_configured',
  'config',
  'invalid_url',
  'not_https',
  'insufficient_credits',
  'payment_required',
]);

export function noScanText(skipped: string | null, error: string | null): { text: string; settings: boolean } {
  if (skipped === 'blocklisted') return { text: t('reportBlocklisted'), settings: false };
  if (skipped && skipped in SKIP_KEYS) {
    return { text: t('reportNotChecked', t(SKIP_KEYS[skipped as SkipReason])), settings: SETTINGS_SKIPS.has(skipped) };
  }
  if (error === 'not_a_url') return { text: t('reportNotAUrl'), settings: false };
  if (error && ERROR_KEYS[error])
    return { text: `${t('reportCheckFailed')} ${t(ERROR_KEYS[error])}`, settings: SETTINGS_ERRORS.has(error) };
  return { text: `${t('reportCheckFailed')} ${t('errGeneric')}`, settings: false };
}

export function NoScanOutcome({ skipped, error }: { skipped: string | null; error: string | null }) {
  const { text, settings } = noScanText(skipped, error);
  const kind = skipped === 'blocklisted' ? 'warn' : error ? 'error' : 'info';
  return (
    <section class="card">
      <Notice kind={kind}>{text}</Notice>
      {settings ? (
        <p>
          <Button
            variant="primary"
            onClick={() =>
              void openOptions(error === 'insufficient_credits' || error === 'payment_required' ? 'credits' : undefined)
            }
          >
            {t('openSettings')}
          </Button>
        </p>
      ) : null}
    </section>
  );
}
