/**
 * A clear sentence for every `connection.test` outcome (docs/decisions/017-surfaces.md), with the service's detail
 * after it as plain text.
 */
import type { ConnectionTestData } from '@/src/shared/messaging/protocol';
import { Notice } from '../components/notice';
import { t } from '../i18n';
import { tn } from '../plural';

type Failure = Exclude<ConnectionTestData, { outcome: 'connected' }>['outcome'];

export const OUTCOME_KEYS: Record<Failure, string> = {
  key_rejected: 'outcome_key_rejected',
  missing_scope: 'outcome_missing_scope',
  unreachable: 'outcome_unreachable',
  not_https: 'outcome_not_https',
  invalid_url: 'outcome_invalid_url',
  bad_response: 'outcome_bad_response',
  key_for_other_service: 'outcome_key_for_other_service',
};

export function ConnectionOutcome({ result }: { result: ConnectionTestData }) {
  if (result.outcome === 'connected') {
    return (
      <Notice kind={result.canScan ? 'ok' : 'warn'}>
        <strong>{t('outcome_connected')}</strong>{' '}
        {result.balance !== null ? tn('outcomeBalance', result.balance) : null}
        {result.canScan ? null : <span> {t('outcome_cannot_scan')}</span>}
      </Notice>
    );
  }
  const key = OUTCOME_KEYS[result.outcome];
  return (
    <Notice kind="error">
      <strong>{key ? t(key) : t('outcome_bad_response')}</strong>
      {result.message ? <span class="detail"> {result.message}</span> : null}
    </Notice>
  );
}
