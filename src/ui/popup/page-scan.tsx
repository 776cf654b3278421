/**
 * "Check all links on this page": `scan.pageLinks` starts it (the background collects the links
 * through the content script and batches them), then `scan.progress` is polled while running.
 */
import { useEffect, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo, PageScanProgressData } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { Notice } from '../components/notice';
import { t } from '../i18n';
import { tn } from '../plural';

const isProgress = (x: unknown): x is PageScanProgressData =>
  !!x && typeof x === 'object' && typeof (x as PageScanProgressData).total === 'number' && typeof (x as PageScanProgressData).done === 'number';

export function PageScan({ tabId, pollMs = 500 }: { tabId: number; pollMs?: number }) {
  const [progress, setProgress] = useState<PageScanProgressData | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [started, setStarted] = useState(0);

  // Poll while a page check runs; also picks up one started earlier from this popup.
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const reply = await sendToBackground<PageScanProgressData>({ type: 'scan.progress', tabId });
      if (!live || !reply.ok || !isProgress(reply.data)) return;
      setProgress(reply.data);
      if (reply.data.running) timer = setTimeout(() => void poll(), pollMs);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [tabId, started, pollMs]);

  const start = async () => {
    setError(null);
    const reply = await sendToBackground<PageScanProgressData>({ type: 'scan.pageLinks', tabId });
    if (!reply.ok) return setError(reply.error);
    if (isProgress(reply.data)) setProgress(reply.data);
    setStarted((n) => n + 1);
  };

  const running = progress?.running ?? false;
  return (
    <section class="page-scan" aria-label={t('pageScanTitle')}>
      <Button busy={running} onClick={() => void start()}>{t('checkAllLinks')}</Button>
      {progress && progress.total > 0 ? (
        <div class="progress" role="status">
          <progress max={progress.total} value={progress.done} aria-label={t('pageScanTitle')} />
          <span>{tn('pageScanCount', progress.total, [progress.done, progress.total, progress.flagged])}</span>
        </div>
      ) : null}
      {progress && progress.total === 0 && !running && started > 0 ? <Notice kind="info">{t('pageScanNone')}</Notice> : null}
      {error ? <ErrorText error={error} /> : null}
    </section>
  );
}
