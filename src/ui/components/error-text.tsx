/**
 * An error reply explained with its fix. Codes the background uses for standing problems get a
 * sentence of ours; the service's own message follows as plain text.
 */
import type { ErrorInfo } from '@/src/shared/messaging/protocol';
import { t } from '../i18n';
import { Notice } from './notice';

export const ERROR_KEYS: Record<string, string> = {
  unauthorized: 'errUnauthorized',
  key_rejected: 'errUnauthorized',
  forbidden: 'errForbidden',
  missing_scope: 'errForbidden',
  network: 'errNetwork',
  unreachable: 'errNetwork',
  timeout: 'errNetwork',
  payment_required: 'errCredits',
  insufficient_credits: 'errCredits',
  daily_budget: 'errDailyBudget',
  rate_limited: 'errRateLimited',
  not_configured: 'errNotConfigured',
  no_reply: 'errNoReply',
  not_found: 'errNotFound',
  server: 'errServer',
  bad_response: 'errBadResponse',
  config: 'errConfig',
  invalid_request: 'errInvalidRequest',
  invalid_token: 'errExpired',
  not_allowed: 'errNotAllowed',
  locked: 'errLocked',
};

export function errorSummary(error: ErrorInfo): string {
  const key = ERROR_KEYS[error.code];
  return key ? t(key) : t('errGeneric');
}

export function ErrorText({ error }: { error: ErrorInfo }) {
  return (
    <Notice kind="error">
      <strong>{errorSummary(error)}</strong>
      {error.message ? <span class="detail"> {error.message}</span> : null}
    </Notice>
  );
}
