/**
 * An error reply explained with its fix. Codes the background uses for standing problems get a
 * sentence of ours; the service's own message follows as plain text.
 */
import type { ErrorInfo } from '@/src/shared/messaging/protocol';
import { ERROR_KEYS } from '@/src/shared/message-keys';
import { t } from '../i18n';
import { Notice } from './notice';

// The map lives in src/shared (the background's badge titles use it too).
export { ERROR_KEYS };

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
