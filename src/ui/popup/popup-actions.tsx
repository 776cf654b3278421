/**
 * Check again, report a mistake, trust this site, open settings: the ones `actions` names, in
 * that order (popup-layout.ts decides which come first and which wait behind "More actions").
 * Each action reports its outcome in a status line; the popup re-reads the tab status afterwards
 * (`onDone`).
 */
import { useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo, TabStatusData } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { Notice } from '../components/notice';
import { t } from '../i18n';
import { openOptions } from '../open';
import { siteOf } from '../site';
import { TrustPanel, hostOf } from './trust-panel';
import { ReportMistake } from '../components/report-mistake';
import type { PopupAction } from './popup-layout';

export const isWeb = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

/** The site is on the person's allowlist already (nothing to trust). */
export const isTrusted = (data: TabStatusData): boolean =>
  data.status.kind === 'skipped' && data.status.reason === 'allowlisted';

export function PopupActions({
  data,
  tabId,
  onDone,
  actions,
  primary,
}: {
  data: TabStatusData;
  tabId?: number;
  onDone: () => void;
  actions: readonly PopupAction[];
  primary?: boolean;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const url = isWeb(data.url) ? data.url : null;
  const host = url ? hostOf(url) : null;
  const site = url ? siteOf(url) : null;
  const [asking, setAsking] = useState(false);
  const trusted = isTrusted(data);
  const has = (a: PopupAction) => actions.includes(a);

  const run = async (name: string, send: () => ReturnType<typeof sendToBackground>, doneText?: string) => {
    setBusy(name);
    setError(null);
    setDone(null);
    const reply = await send();
    setBusy(null);
    if (!reply.ok) setError(reply.error);
    else if (doneText) setDone(doneText);
    onDone();
  };

  return (
    <div class="actions">
      <div class="row">
        {has('checkAgain') && url && data.configured ? (
          <Button
            variant={primary ? 'primary' : 'secondary'}
            busy={busy === 'scan'}
            onClick={() =>
              void run('scan', () => sendToBackground({ type: 'scan.url', url, reason: 'popup', force: true, tabId }))
            }
          >
            {t('checkAgain')}
          </Button>
        ) : null}
        {has('trust') && host && site && !trusted && !asking && data.canTrust ? (
          <Button busy={busy === 'trust'} onClick={() => setAsking(true)}>
            {t('trustSite', host)}
          </Button>
        ) : null}
        {has('settings') ? (
          <Button variant={primary ? 'primary' : 'link'} onClick={() => void openOptions()}>
            {t('openSettings')}
          </Button>
        ) : null}
      </div>
      {asking && host && site ? (
        <TrustPanel
          host={host}
          site={site}
          status={data.status}
          onCancel={() => setAsking(false)}
          onTrust={(entry) => {
            setAsking(false);
            void run(
              'trust',
              () => sendToBackground({ type: 'allowlist.add', host: entry, scope: 'host' }),
              t('trustedSite', entry),
            );
          }}
        />
      ) : null}
      {has('report') && url && data.status.kind === 'verdict' ? (
        <ReportMistake
          url={url}
          tabId={tabId}
          scanId={data.status.verdict.scanId}
          summary={`${data.status.verdict.riskScore}/100 ${data.status.verdict.categories.join(', ')}`}
        />
      ) : null}
      {done ? <Notice kind="ok">{done}</Notice> : null}
      {error ? <ErrorText error={error} /> : null}
    </div>
  );
}
