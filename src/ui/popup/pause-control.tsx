/**
 * Pause protection for one hour or until the browser restarts, or resume. `pausedUntil` from
 * tab.status: ms epoch, -1 for "until restart", null when running. pause.set takes null for
 * "until restart" and 0 to resume (protocol.ts).
 */
import { useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { Notice } from '../components/notice';
import { formatClock } from '../format';
import { t } from '../i18n';

const HOUR = 60 * 60 * 1000;

export function PauseControl({ pausedUntil, onDone }: { pausedUntil: number | null; onDone: () => void }) {
  const [error, setError] = useState<ErrorInfo | null>(null);
  const set = async (until: number | null) => {
    const reply = await sendToBackground({ type: 'pause.set', until });
    setError(reply.ok ? null : reply.error);
    onDone();
  };
  const paused = pausedUntil !== null && (pausedUntil === -1 || pausedUntil > Date.now());
  return (
    <section class="pause" aria-label={t('pauseTitle')}>
      {paused ? (
        <>
          <Notice kind="warn">
            {pausedUntil === -1 ? t('pausedUntilRestart') : t('pausedUntil', formatClock(pausedUntil))}
          </Notice>
          <Button variant="primary" onClick={() => void set(0)}>
            {t('resume')}
          </Button>
        </>
      ) : (
        <div class="row">
          <Button onClick={() => void set(Date.now() + HOUR)}>{t('pauseHour')}</Button>
          <Button onClick={() => void set(null)}>{t('pauseRestart')}</Button>
        </div>
      )}
      {error ? <ErrorText error={error} /> : null}
    </section>
  );
}
