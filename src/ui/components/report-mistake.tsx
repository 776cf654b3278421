/**
 * "Report a mistake" (docs/decisions/017-surfaces.md), the same on the popup, the report page and the blocked page.
 * One click: the background scans the address again and records the dispute on this device. Then
 * the organization's report form opens when policy or the person set one (`reportUrl`); without
 * one an editable report appears here, carrying the scan id and the address, to copy or save and
 * send to whoever runs the scanning service. Nothing is sent anywhere by Linklens itself.
 */
import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { DisputeData, ErrorInfo } from '@/src/shared/messaging/protocol';
import { Button } from './button';
import { ErrorText } from './error-text';
import { Notice } from './notice';
import { t } from '../i18n';

/** The text of the editable report (plain text: it goes into a textarea, never into HTML). */
export function reportText(d: { url: string; scanId: string | null }, summary: string | null): string {
  return [
    t('disputeReportHeading'),
    `${t('url')}: ${d.url}`,
    `${t('scanId')}: ${d.scanId ?? '—'}`,
    ...(summary ? [`${t('disputeVerdict')}: ${summary}`] : []),
    '',
    t('disputeWhatIsWrong'),
    '',
  ].join('\n');
}

/** `tabId`: the tab the address was taken from (the popup's), so its window's privacy applies. */
export function ReportMistake({
  url,
  scanId,
  summary,
  tabId,
}: {
  url: string;
  scanId: string | null;
  summary?: string | null;
  tabId?: number;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [done, setDone] = useState<DisputeData | null>(null);
  const [text, setText] = useState('');
  const [copied, setCopied] = useState(false);

  const report = async () => {
    setBusy(true);
    const reply = await sendToBackground({
      type: 'verdict.dispute',
      url,
      ...(scanId ? { scanId } : {}),
      ...(tabId !== undefined ? { tabId } : {}),
    });
    setBusy(false);
    if (!reply.ok) return setError(reply.error);
    setError(null);
    setDone(reply.data);
    setText(reportText(reply.data, summary ?? null));
    if (reply.data.reportUrl) await browser.tabs.create({ url: reply.data.reportUrl }).catch(() => undefined);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  if (!done) {
    return (
      <div class="report-mistake">
        <Button variant="link" busy={busy} onClick={() => void report()}>
          {t('reportMistake')}
        </Button>
        {error ? <ErrorText error={error} /> : null}
      </div>
    );
  }
  return (
    <div class="report-mistake stack">
      <Notice kind="ok">{t('disputeRecorded')}</Notice>
      {done.reportUrl ? (
        <p>
          <a href={done.reportUrl} target="_blank" rel="noopener noreferrer">
            {t('disputeOpenForm')}
          </a>
        </p>
      ) : (
        <>
          <label for="dispute-text">{t('disputeEditable')}</label>
          <textarea
            id="dispute-text"
            rows={7}
            value={text}
            onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          />
          <div class="row">
            <Button onClick={() => void copy()}>{copied ? t('copied') : t('copy')}</Button>
          </div>
        </>
      )}
    </div>
  );
}
