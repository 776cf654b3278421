/**
 * The ledger: every URL Linklens sent to the service, when and why. View, export as JSON, clear.
 * `ledger.get` may answer with an array or `{entries: [...]}`; both are accepted.
 */
import { useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { LedgerEntry } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ConfirmButton } from '../components/confirm-button';
import { ErrorText } from '../components/error-text';
import { downloadJson } from '../download';
import { formatNumber, formatTime, reasonLabel } from '../format';
import { t } from '../i18n';
import { tn } from '../plural';
import { useRequest } from '../use-request';

const SHOWN = 100;

export function toLedger(data: unknown): LedgerEntry[] {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { entries?: unknown }).entries)
      ? (data as { entries: unknown[] }).entries
      : [];
  return list.filter(
    (e): e is LedgerEntry => !!e && typeof e === 'object' && typeof (e as LedgerEntry).url === 'string',
  );
}

export function LedgerSection() {
  const req = useRequest({ type: 'ledger.get' });
  const [clearError, setClearError] = useState<string | null>(null);
  const entries = toLedger(req.data);
  const sorted = [...entries].sort((a, b) => b.at - a.at);

  const clear = async () => {
    const reply = await sendToBackground({ type: 'ledger.clear' });
    setClearError(reply.ok ? null : reply.error.message);
    req.reload();
  };

  return (
    <div class="stack">
      <p>{t('ledgerIntro')}</p>
      {req.error ? <ErrorText error={req.error} /> : null}
      <p role="status">{tn('ledgerCount', entries.length)}</p>
      {sorted.length ? (
        <table class="ledger">
          <caption class="visually-hidden">{t('ledgerTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('when')}</th>
              <th scope="col">{t('url')}</th>
              <th scope="col">{t('why')}</th>
            </tr>
          </thead>
          <tbody>
            {sorted.slice(0, SHOWN).map((e, i) => (
              <tr key={i}>
                <td>{formatTime(e.at)}</td>
                <td class="break">{e.url}</td>
                <td>
                  {e.sentTo === 'shortener'
                    ? `${reasonLabel(e.reason)} · ${t('ledgerShortener')}`
                    : reasonLabel(e.reason)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {sorted.length > SHOWN ? <p class="muted">{t('moreItems', formatNumber(sorted.length - SHOWN))}</p> : null}
      <div class="row">
        <Button disabled={!entries.length} onClick={() => downloadJson('linklens-ledger.json', sorted)}>
          {t('exportLedger')}
        </Button>
        <ConfirmButton
          label={t('clearLedger')}
          question={t('clearLedgerConfirm')}
          disabled={!entries.length}
          onConfirm={() => void clear()}
        />
      </div>
      {clearError ? <p role="alert">{clearError}</p> : null}
    </div>
  );
}
