/**
 * "Proceed anyway" exceptions and passes in force (docs/decisions/017-surfaces.md): which host, since when, until when
 * (dates through Intl in the UI language), with Revoke and Revoke all. Revoking only takes
 * protection back, so it stays available whatever the policy locks (lockAll included); when the
 * policy does not allow proceeding (allowProceed: false) there is nothing to list: the section
 * says why and offers no controls.
 */
import { useRef, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo, ExceptionRow, ExceptionsData } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ConfirmButton } from '../components/confirm-button';
import { ErrorText } from '../components/error-text';
import { formatTime } from '../format';
import { t } from '../i18n';
import { tn } from '../plural';
import { useRequest } from '../use-request';

/** The row's end as words: a date, or "when the browser restarts". */
export function untilText(until: number): string {
  return until === -1 ? t('exceptionUntilRestart') : formatTime(until);
}

/** What a row is about, for its Revoke button's name ("Revoke phish.test"). */
export function rowSubject(row: ExceptionRow): string {
  return row.kind === 'pass' && row.url ? row.url : row.host;
}

export function ExceptionsSection() {
  const req = useRequest({ type: 'exceptions.list' });
  const [data, setData] = useState<ExceptionsData | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLParagraphElement>(null);
  const shown = data ?? req.data;

  const revoke = async (host: string | null) => {
    const reply = await sendToBackground(
      host === null ? { type: 'exceptions.revokeAll' } : { type: 'exceptions.revoke', host },
    );
    if (!reply.ok) return setError(reply.error);
    setError(null);
    setData(reply.data);
    setSaid(host === null ? t('exceptionsRevokedAll') : t('exceptionRevoked', host));
    // The button pressed is gone with its row: keep keyboard focus in the section.
    heading.current?.focus();
  };

  if (req.loading && !shown) return <p role="status">{t('loading')}</p>;
  const items = shown?.items ?? [];
  return (
    <div class="stack">
      <p>{t('exceptionsIntro')}</p>
      {req.error ? <ErrorText error={req.error} /> : null}
      {error ? <ErrorText error={error} /> : null}
      {shown && !shown.allowed ? <p class="muted">{t('exceptionsNotAllowed')}</p> : null}
      <p role="status" tabIndex={-1} ref={heading}>
        {said ? `${said} ` : ''}
        {tn('exceptionsCount', items.length)}
      </p>
      {items.length ? (
        <table class="exceptions">
          <caption class="visually-hidden">{t('exceptionsTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('exceptionSite')}</th>
              <th scope="col">{t('exceptionSince')}</th>
              <th scope="col">{t('exceptionUntil')}</th>
              <th scope="col">
                <span class="visually-hidden">{t('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((row, i) => (
              // A URL may hold passes in two tabs: the index keeps the keys apart.
              <tr key={`${row.kind} ${rowSubject(row)} ${i}`}>
                <td class="break">
                  {row.host}
                  {row.kind === 'pass' ? (
                    <span class="muted"> {t('exceptionPassNote', row.url ?? row.host)}</span>
                  ) : null}
                </td>
                <td>{formatTime(row.since)}</td>
                <td>{untilText(row.until)}</td>
                <td>
                  <Button variant="link" onClick={() => void revoke(row.host)}>
                    {t('revokeException', row.host)}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {shown && !shown.allowed ? null : (
        <div class="row">
          <Button
            onClick={() => {
              setData(null);
              setSaid('');
              req.reload();
            }}
          >
            {t('refresh')}
          </Button>
          <ConfirmButton
            label={t('revokeAllExceptions')}
            question={t('revokeAllExceptionsConfirm')}
            disabled={!items.length}
            onConfirm={() => void revoke(null)}
          />
        </div>
      )}
    </div>
  );
}
