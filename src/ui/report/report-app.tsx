/**
 * report.html?id=<scanId>: a scan's live progress, its full result and its analytics
 * (GET /v1/scans/{id}/analytics, shape not shown in the spec → a readable key/value view).
 */
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { KeyValueView } from '../components/key-value-view';
import { Notice } from '../components/notice';
import { VerdictView } from '../components/verdict-view';
import { formatTime } from '../format';
import { t } from '../i18n';
import { readParam } from '../page-params';
import { useRequest } from '../use-request';
import { useScan } from './use-scan';
import { NoScanOutcome } from './no-scan-outcome';
import { ReportMistake } from '../components/report-mistake';

const isRecord = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

function Analytics({ id }: { id: string }) {
  const req = useRequest({ type: 'scan.analytics', id });
  return (
    <section class="card" aria-labelledby="analytics-title">
      <h2 id="analytics-title">{t('analytics')}</h2>
      {req.loading ? <p role="status">{t('loading')}</p> : null}
      {req.error ? <ErrorText error={req.error} /> : null}
      {isRecord(req.data) ? <KeyValueView data={req.data} /> : null}
      {Array.isArray(req.data) ? <KeyValueView data={{ items: req.data }} /> : null}
    </section>
  );
}

export function ReportApp({
  search = location.search,
  pollMs = 1000,
  connect,
}: {
  search?: string;
  pollMs?: number;
  connect?: Parameters<typeof useScan>[2];
}) {
  const id = readParam(search, 'id');
  const { scan, seen, error, done, retry } = useScan(id, pollMs, connect);

  if (!id) {
    // The context menu opens report.html?skipped=… / ?error=… for a check that made no scan.
    const skipped = readParam(search, 'skipped');
    const errorCode = readParam(search, 'error');
    return (
      <main class="report">
        <h1>{t('reportTitle')}</h1>
        {skipped || errorCode ? (
          <NoScanOutcome skipped={skipped} error={errorCode} />
        ) : (
          <Notice kind="error">{t('reportNoId')}</Notice>
        )}
      </main>
    );
  }
  return (
    <main class="report">
      <h1>{t('reportTitle')}</h1>
      {error ? (
        <>
          <ErrorText error={error} />
          <Button onClick={retry}>{t('tryAgain')}</Button>
        </>
      ) : null}
      {scan ? (
        <section class="card" aria-labelledby="scan-title">
          <h2 id="scan-title" class="break">
            {scan.url}
          </h2>
          <dl class="facts">
            <dt>{t('scanId')}</dt>
            <dd>
              <code>{scan.id}</code>
            </dd>
            <dt>{t('createdAt')}</dt>
            <dd>{formatTime(scan.createdAt)}</dd>
            <dt>{t('state')}</dt>
            <dd>
              <span role="status">
                <strong>{scan.state}</strong>
                {done ? null : <span class="muted"> {t('stillWorking')}</span>}
              </span>
            </dd>
          </dl>
          <ol class="timeline" aria-label={t('progress')}>
            {seen.map((s, i) => (
              <li key={i}>{s}</li>
            ))}
          </ol>
          {scan.state === 'FAILED' ? (
            <Notice kind="error">
              {t('scanFailed')} {typeof scan.extra?.failureReason === 'string' ? scan.extra.failureReason : null}
            </Notice>
          ) : null}
          {scan.result ? <VerdictView verdict={scan.result} /> : null}
          {scan.result ? (
            <ReportMistake
              url={scan.url}
              scanId={scan.id}
              summary={`${scan.result.riskScore}/100 ${scan.result.categories.join(', ')}`}
            />
          ) : null}
          {Object.keys(scan.extra ?? {}).length ? (
            <>
              <h3 class="sub">{t('moreDetails')}</h3>
              <KeyValueView data={scan.extra} />
            </>
          ) : null}
        </section>
      ) : !error ? (
        <p role="status">{t('loading')}</p>
      ) : null}
      {done ? <Analytics id={id} /> : null}
    </main>
  );
}
