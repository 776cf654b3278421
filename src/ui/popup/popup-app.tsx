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
import { isTrusted, isWeb, PopupActions } from './popup-actions';
import { MoreActions } from './more-actions';
import { popupLayout, type PopupAction } from './popup-layout';
import type { TabStatusData } from '@/src/shared/messaging/protocol';
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
      <Button variant="primary" onClick={() => void openOptions()}>
        {t('setupAction')}
      </Button>
    </section>
  );
}

/**
 * The verdict card, then the one or two actions that matter first (popup-layout.ts), then the
 * rest behind "More actions".
 */
function Configured({
  data,
  tabId,
  pollMs,
  refresh,
}: {
  data: TabStatusData;
  tabId: number | undefined;
  pollMs: number;
  refresh: () => void;
}) {
  const web = isWeb(data.url);
  const layout = popupLayout({
    web,
    verdictAction: data.status.kind === 'verdict' ? data.status.decision.action : null,
    canTrust: data.canTrust && !isTrusted(data),
    canPause: data.canPause,
    paused: data.pausedUntil !== null,
  });
  const part = (actions: readonly PopupAction[], primary: boolean) => (
    <>
      <PopupActions data={data} tabId={tabId} onDone={refresh} actions={actions} primary={primary} />
      {actions.includes('pageScan') && tabId !== undefined && web ? <PageScan tabId={tabId} pollMs={pollMs} /> : null}
      {actions.includes('pause') ? <PauseControl pausedUntil={data.pausedUntil} onDone={refresh} /> : null}
      {actions.includes('recent') ? <RecentScans /> : null}
    </>
  );
  return (
    <>
      <WereThere />
      {tabId !== undefined ? <SignInState tabId={tabId} /> : null}
      {/* docs/decisions/016-organizations.md */}
      <StatusView data={data} />
      <BudgetNotice budget={data.budget} />
      <section class="first-actions" aria-label={t('actions')}>
        {part(layout.first, true)}
      </section>
      {layout.more.length ? <MoreActions>{part(layout.more, false)}</MoreActions> : null}
    </>
  );
}

export function PopupApp({ pollMs = 500 }: { pollMs?: number }) {
  const { tabId, data, error, refresh } = useTabStatus(pollMs);
  return (
    <main class="popup">
      <header class="bar">
        <h1>{t('extName')}</h1>
        {data && data.credits !== null ? (
          <span class="credits">{t('creditsBalance', formatNumber(data.credits))}</span>
        ) : null}
      </header>
      {error ? <ErrorText error={error} /> : null}
      {!data && !error ? (
        <p class="muted" role="status">
          {tabId === null ? t('noTab') : t('loading')}
        </p>
      ) : null}
      {data && !data.configured ? <SetUp /> : null}
      {data && data.configured ? (
        <Configured
          data={data}
          tabId={typeof tabId === 'number' ? tabId : undefined}
          pollMs={pollMs}
          refresh={refresh}
        />
      ) : null}
      <SupportNote />
      {/* docs/decisions/016-organizations.md: the organization's contact, from policy */}
    </main>
  );
}
