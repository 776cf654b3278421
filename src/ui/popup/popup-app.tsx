/**
 * The popup. Renders from the first `tab.status` reply (cached state in the background), the
 * network-backed parts (recent scans from the service) load after (docs/decisions/017-surfaces.md: "opens fast").
 */
import { Button } from '../components/button';
import { BudgetNotice } from './budget-notice';
import { ErrorText } from '../components/error-text';
import { formatNumber } from '../format';
import { t } from '../i18n';
import { openOptions } from '../open';
import { PageScan } from './page-scan';
import { PauseControl } from './pause-control';
import { PopupActions } from './popup-actions';
import { RecentScans } from './recent-scans';
import { StatusView } from './status-view';
import { SignInState } from './sign-in-state';
import { SupportNote } from '../components/support-note';
import { useTabStatus } from './use-tab-status';
import { WereThere } from './were-there';

function SetUp() {
  return (
    <section class="setup">
      <h2>{t('setupTitle')}</h2>
      <p>{t('setupBody')}</p>
      <Button variant="primary" onClick={() => void openOptions()}>{t('setupAction')}</Button>
    </section>
  );
}

export function PopupApp({ pollMs = 500 }: { pollMs?: number }) {
  const { tabId, data, error, refresh } = useTabStatus(pollMs);
  return (
    <main class="popup">
      <header class="bar">
        <h1>{t('extName')}</h1>
        {data && data.credits !== null ? <span class="credits">{t('creditsBalance', formatNumber(data.credits))}</span> : null}
      </header>
      {error ? <ErrorText error={error} /> : null}
      {!data && !error ? <p class="muted" role="status">{tabId === null ? t('noTab') : t('loading')}</p> : null}
      {data && !data.configured ? <SetUp /> : null}
      {data && data.configured ? (
        <>
          <WereThere />
          {typeof tabId === 'number' ? <SignInState tabId={tabId} /> : null}{/* docs/decisions/016-organizations.md */}
          <StatusView data={data} />
          <BudgetNotice budget={data.budget} />
          <PopupActions data={data} tabId={typeof tabId === 'number' ? tabId : undefined} onDone={refresh} />
          {typeof tabId === 'number' && data.url && /^https?:/i.test(data.url) ? <PageScan tabId={tabId} pollMs={pollMs} /> : null}
          {data.canPause ? <PauseControl pausedUntil={data.pausedUntil} onDone={refresh} /> : null}
          <RecentScans />
        </>
      ) : null}
      <SupportNote />{/* docs/decisions/016-organizations.md: the organization's contact, from policy */}
    </main>
  );
}
