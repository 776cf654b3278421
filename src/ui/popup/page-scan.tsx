/**
 * "Check all links on this page", in two steps (docs/decisions/010-budgets.md): `scan.pagePreview` counts the
 * page's links and how many would be sent to the service (and so cost credits), the person
 * agrees, and only then `scan.pageLinks` checks them (never sending more than shown);
 * `scan.progress` is polled while it runs.
 */
import { useEffect, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo, PageScanPreviewData, PageScanProgressData } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { Notice } from '../components/notice';
import { t } from '../i18n';
import { tn } from '../plural';

const isProgress = (x: unknown): x is PageScanProgressData =>
  !!x &&
  typeof x === 'object' &&
  typeof (x as PageScanProgressData).total === 'number' &&
  typeof (x as PageScanProgressData).done === 'number';
const isPreview = (x: unknown): x is PageScanPreviewData =>
  !!x &&
  typeof x === 'object' &&
  (['total', 'toSend', 'known', 'skipped'] as const).every((k) => typeof (x as PageScanPreviewData)[k] === 'number');

export function PageScan({ tabId, pollMs = 500 }: { tabId: number; pollMs?: number }) {
  const [progress, setProgress] = useState<PageScanProgressData | null>(null);
  const [preview, setPreview] = useState<PageScanPreviewData | null>(null);
  const [counting, setCounting] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [started, setStarted] = useState(0);

  // Poll while a page check runs; also picks up one started earlier from this popup.
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const reply = await sendToBackground({ type: 'scan.progress', tabId });
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

  const count = async () => {
    setError(null);
    setCounting(true);
    const reply = await sendToBackground({ type: 'scan.pagePreview', tabId });
    setCounting(false);
    if (!reply.ok) return setError(reply.error);
    if (isPreview(reply.data)) setPreview(reply.data);
  };

  const start = async () => {
    setError(null);
    setPreview(null);
    const reply = await sendToBackground({ type: 'scan.pageLinks', tabId });
    if (!reply.ok) return setError(reply.error);
    if (isProgress(reply.data)) setProgress(reply.data);
    setStarted((n) => n + 1);
  };

  const running = progress?.running ?? false;
  const checkable = preview ? preview.total - preview.skipped : 0;
  return (
    <section class="page-scan" aria-label={t('pageScanTitle')}>
      {preview ? null : (
        <Button busy={running || counting} onClick={() => void count()}>
          {t('checkAllLinks')}
        </Button>
      )}
      {preview && checkable > 0 ? (
        <div class="page-scan-preview" role="status">
          <p>{t('pageScanPreview', [preview.total, preview.toSend, preview.known, preview.skipped])}</p>
          {preview.toSend === 0 ? <p class="muted">{t('pageScanNothingToSend')}</p> : null}
          <Button variant="primary" onClick={() => void start()}>
            {t('pageScanConfirm', checkable)}
          </Button>
          <Button onClick={() => setPreview(null)}>{t('pageScanCancel')}</Button>
        </div>
      ) : null}
      {preview && checkable === 0 ? (
        <>
          <Notice kind="info">{t('pageScanNone')}</Notice>
          <Button onClick={() => setPreview(null)}>{t('pageScanCancel')}</Button>
        </>
      ) : null}
      {!preview && progress && progress.total > 0 ? (
        <div class="progress" role="status">
          <progress max={progress.total} value={progress.done} aria-label={t('pageScanTitle')} />
          <span>{tn('pageScanCount', progress.total, [progress.done, progress.total, progress.flagged])}</span>
        </div>
      ) : null}
      {!preview && progress && progress.total === 0 && !running && started > 0 ? (
        <Notice kind="info">{t('pageScanNone')}</Notice>
      ) : null}
      {error ? <ErrorText error={error} /> : null}
    </section>
  );
}
