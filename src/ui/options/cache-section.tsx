/** Cache: how many verdicts are kept, and clearing them. */
import { useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { Reply } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { Notice } from '../components/notice';
import { t } from '../i18n';
import { tn } from '../plural';
import { useRequest } from '../use-request';

export function CacheSection() {
  const stats = useRequest({ type: 'cache.stats' });
  const [cleared, setCleared] = useState<Reply | null>(null);
  const count = typeof stats.data?.count === 'number' ? stats.data.count : null;
  const clear = async () => {
    setCleared(await sendToBackground({ type: 'cache.clear' }));
    stats.reload();
  };
  return (
    <div class="stack">
      {stats.error ? <ErrorText error={stats.error} /> : null}
      {count !== null ? <p role="status">{tn('cacheCount', count)}</p> : null}
      <Button onClick={() => void clear()} disabled={count === 0}>
        {t('clearCache')}
      </Button>
      {cleared?.ok ? <Notice kind="ok">{t('cacheCleared')}</Notice> : null}
      {cleared && !cleared.ok ? <ErrorText error={cleared.error} /> : null}
    </div>
  );
}
