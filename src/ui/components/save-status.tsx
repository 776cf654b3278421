import type { Reply, SettingsWriteData } from '@/src/shared/messaging/protocol';
import { t } from '../i18n';
import { ErrorText } from './error-text';
import { Notice } from './notice';

/** Fields the background did not apply (settings.set / settings.import reply), as "key: why". */
export function refusedOf(reply: Reply | null): string[] {
  if (!reply?.ok || !reply.data || typeof reply.data !== 'object') return [];
  const refused = (reply.data as SettingsWriteData).refused;
  if (!refused || typeof refused !== 'object') return [];
  return Object.entries(refused).map(([k, why]) => `${k}: ${String(why)}`);
}

/** "Saved", or what was not saved and why, after a settings write. */
export function SaveStatus({ reply }: { reply: Reply | null }) {
  if (!reply) return null;
  if (!reply.ok) return <ErrorText error={reply.error} />;
  const refused = refusedOf(reply);
  if (refused.length)
    return (
      <Notice kind="error">
        <strong>{t('notSaved')}</strong> {refused.join('; ')}
      </Notice>
    );
  return <Notice kind="ok">{t('saved')}</Notice>;
}
