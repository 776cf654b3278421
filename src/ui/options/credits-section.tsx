/** Credits: balance (GET /v1/credits/) and buying more (POST /v1/credits/purchase) with the result. */
import { useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { Reply } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { NumberField } from '../components/field';
import { KeyValueView } from '../components/key-value-view';
import { Notice } from '../components/notice';
import { formatNumber } from '../format';
import { t } from '../i18n';
import { useRequest } from '../use-request';

const isRecord = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);

export function CreditsSection() {
  const credits = useRequest({ type: 'credits.get' });
  const [amount, setAmount] = useState(100);
  const [result, setResult] = useState<Reply | null>(null);
  const [busy, setBusy] = useState(false);
  /** The amount the person is asked to confirm: money is spent only after they saw the number. */
  const [asking, setAsking] = useState<number | null>(null);

  const buy = async (amount: number) => {
    setAsking(null);
    setBusy(true);
    setResult(await sendToBackground({ type: 'credits.purchase', amount }));
    setBusy(false);
    credits.reload();
  };

  return (
    <div class="stack">
      {credits.error ? <ErrorText error={credits.error} /> : null}
      {credits.data ? (
        <>
          <p class="balance">{t('creditsBalance', formatNumber(credits.data.balance))}</p>
          <details>
            <summary>{t('details')}</summary>
            <KeyValueView data={credits.data.raw} />
          </details>
        </>
      ) : null}
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          setResult(null);
          setAsking(amount);
        }}
      >
        <NumberField
          label={t('buyAmount')}
          value={amount}
          min={1}
          max={1_000_000}
          onChange={(v) => {
            setAmount(Math.max(1, Math.round(v)));
            setAsking(null);
          }}
        />
        <Button type="submit" variant="primary" busy={busy}>
          {t('buyCredits')}
        </Button>
      </form>
      {asking !== null ? (
        <div class="confirm row" role="group" aria-label={t('buyConfirm', formatNumber(asking))}>
          <span>{t('buyConfirm', formatNumber(asking))}</span>
          <Button variant="primary" onClick={() => void buy(asking)}>
            {t('buyConfirmYes', formatNumber(asking))}
          </Button>
          <Button onClick={() => setAsking(null)}>{t('cancel')}</Button>
        </div>
      ) : null}
      {result && result.ok ? (
        <Notice kind="ok">
          <strong>{t('purchaseDone')}</strong>
          {isRecord(result.data) ? (
            <KeyValueView data={isRecord(result.data.raw) ? result.data.raw : result.data} />
          ) : null}
        </Notice>
      ) : null}
      {result && !result.ok ? <ErrorText error={result.error} /> : null}
    </div>
  );
}
