/**
 * Check again, trust this site, open settings. Each action reports its outcome in a status line;
 * the popup re-reads the tab status afterwards (`onDone`).
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

const isWeb = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

export function PopupActions({ data, onDone }: { data: TabStatusData; onDone: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const url = isWeb(data.url) ? data.url : null;
  const site = url ? siteOf(url) : null;
  const trusted = data.status.kind === 'skipped' && data.status.reason === 'allowlisted';

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
    <section class="actions" aria-label={t('actions')}>
      <div class="row">
        {url && data.configured ? (
          <Button variant="primary" busy={busy === 'scan'} onClick={() => void run('scan', () => sendToBackground({ type: 'scan.url', url, reason: 'popup', force: true }))}>
            {t('checkAgain')}
          </Button>
        ) : null}
        {site && !trusted && data.canTrust ? (
          <Button busy={busy === 'trust'} onClick={() => void run('trust', () => sendToBackground({ type: 'allowlist.add', host: site }), t('trustedSite', site))}>
            {t('trustSite', site)}
          </Button>
        ) : null}
        <Button variant="link" onClick={() => void openOptions()}>{t('openSettings')}</Button>
      </div>
      {done ? <Notice kind="ok">{done}</Notice> : null}
      {error ? <ErrorText error={error} /> : null}
    </section>
  );
}
