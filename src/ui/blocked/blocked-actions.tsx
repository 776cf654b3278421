/**
 * Go back to safety (primary, focused first), Report a mistake (the policy's report URL, http(s)
 * only), then `children` (the verdict's details), then Proceed anyway (secondary, last, says how
 * long the exception lasts, absent when policy forbids it: proceed.ts decides, the details carry it).
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import { MAX_BACK_STEPS } from '@/src/shared/messaging/limits';
import type { BlockedDetailsData, ErrorInfo } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { t } from '../i18n';
import { safeHttpUrl } from '../page-params';
import { goBack } from './go-back';
import { ReportMistake } from '../components/report-mistake';

export function BlockedActions({
  token,
  details,
  children,
}: {
  token: string;
  details: BlockedDetailsData;
  children?: ComponentChildren;
}) {
  const [error, setError] = useState<ErrorInfo | null>(null);
  const backRef = useRef<HTMLDivElement>(null);
  useEffect(() => backRef.current?.querySelector('button')?.focus(), []);
  const report = safeHttpUrl(details.reportUrl);

  const proceed = async () => {
    const reply = await sendToBackground({ type: 'blocked.proceed', token });
    if (!reply.ok) return setError(reply.error);
    const target = safeHttpUrl(reply.data?.url);
    if (target) location.replace(target);
    else setError({ code: 'invalid', message: t('proceedFailed') });
  };

  const back = async () => {
    // Decided at the click, from what the tab actually committed: the blocked site may have
    // loaded after the details were read. The details' guess is the fallback.
    const reply = await sendToBackground({ type: 'blocked.back', token });
    const told = reply.ok ? reply.data?.steps : undefined;
    const steps =
      typeof told === 'number' && Number.isInteger(told) && told >= 1 && told <= MAX_BACK_STEPS
        ? told
        : (details.backSteps ?? 1);
    await goBack(steps);
  };

  return (
    <div class="blocked-actions">
      <div class="row" ref={backRef}>
        <Button variant="primary" onClick={() => void back()}>
          {t('goBack')}
        </Button>
        {report ? (
          // The organization's form opens as a plain link; the click also asks for a rescan and
          // records the dispute here.
          <a
            class="btn btn-link"
            href={report}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() =>
              void sendToBackground({
                type: 'verdict.dispute',
                url: details.url,
                ...(details.scanId ? { scanId: details.scanId } : {}),
              })
            }
          >
            {t('reportMistake')}
          </a>
        ) : null}
      </div>
      {!report && details.scanId ? (
        <ReportMistake
          url={details.url}
          scanId={details.scanId}
          summary={details.riskScore !== null ? `${details.riskScore}/100 ${details.categories.join(', ')}` : null}
        />
      ) : null}
      {children}
      {details.canProceed ? (
        <div class="proceed">
          <Button onClick={() => void proceed()}>{t('proceedAnyway')}</Button>
          <p class="muted">
            {details.exceptionLifetime === 'session'
              ? t('proceedLifetimeSession')
              : details.exceptionLifetime === 'once'
                ? t('proceedLifetimeOnce')
                : t('proceedLifetime', details.exceptionLifetime)}
          </p>
        </div>
      ) : null}
      {error ? <ErrorText error={error} /> : null}
    </div>
  );
}
