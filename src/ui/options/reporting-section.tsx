/**
 * "Reporting to your organization" (docs/decisions/016-organizations.md): what Linklens reports, to whom, and how
 * delivery goes. Nothing hidden: the address, the tags, every event type, the queue, the last
 * result, and the policy values Linklens ignored. The token itself never reaches this page.
 */
import type { ReportingStatusData } from '@/src/shared/messaging/protocol';
import { ErrorText } from '../components/error-text';
import { formatNumber } from '../format';
import { t } from '../i18n';
import { useRequest } from '../use-request';
import type { ReportTypeName } from '@/src/shared/reporting/event-types';

/** Event type → the message key describing it (the type itself is shown too, as sent). */
/** Every event type's label: a new type without one does not compile (the label is what the person reads). */
export const EVENT_TYPE_KEYS: Record<ReportTypeName, string> = {
  'navigation.blocked': 'repEvNavigationBlocked',
  'navigation.proceeded': 'repEvNavigationProceeded',
  'link.openedAnyway': 'repEvLinkOpenedAnyway',
  'audit.wouldBlock': 'repEvAuditWouldBlock',
  'protection.paused': 'repEvProtectionPaused',
  'protection.resumed': 'repEvProtectionResumed',
  'settings.changed': 'repEvSettingsChanged',
  'policy.rejected': 'repEvPolicyRejected',
  'lookalike.seen': 'repEvLookalikeSeen',
  'service.unreachable': 'repEvServiceUnreachable',
  'reporting.dropped': 'repEvReportingDropped',
  'site.turnedBad': 'repEvSiteTurnedBad',
  heartbeat: 'repEvHeartbeat',
};

const when = (ms: number) => new Date(ms).toLocaleString();

function Delivery({ s }: { s: ReportingStatusData }) {
  const last = s.last;
  return (
    <dl class="kv" aria-label={t('repDelivery')}>
      <dt>{t('repQueued')}</dt>
      <dd>{formatNumber(s.queued)}</dd>
      <dt>{t('repDelivered')}</dt>
      <dd>{formatNumber(s.deliveredTotal)}</dd>
      {s.dropped > 0 ? (
        <>
          <dt>{t('repDropped')}</dt>
          <dd>{formatNumber(s.dropped)}</dd>
        </>
      ) : null}
      <dt>{t('repLastResult')}</dt>
      <dd>
        {!last
          ? t('repNever')
          : last.ok
            ? t('repLastOk', [when(last.at), String(last.status ?? '')])
            : t('repLastFailed', [when(last.at), last.error ?? String(last.status ?? '')])}
      </dd>
      {s.nextAttemptAt ? (
        <>
          <dt>{t('repNextAttempt')}</dt>
          <dd>{when(s.nextAttemptAt)}</dd>
        </>
      ) : null}
    </dl>
  );
}

export function ReportingSection() {
  const req = useRequest({ type: 'reporting.status' });
  const s = req.data;
  if (req.error) return <ErrorText error={req.error} />;
  if (!s) return <p role="status">{t('loading')}</p>;
  return (
    <div class="stack reporting">
      {s.enabled && s.url ? (
        <>
          <p>{t('repOn')}</p>
          <dl class="kv">
            <dt>{t('repTo')}</dt>
            <dd>
              <code class="break">{s.url}</code>
            </dd>
            <dt>{t('repToken')}</dt>
            <dd>{s.tokenSet ? t('repTokenSet') : t('repTokenNone')}</dd>
            <dt>{t('repDeviceTag')}</dt>
            <dd>{s.deviceTag ?? t('repNotSet')}</dd>
            <dt>{t('repUserTag')}</dt>
            <dd>{s.userTag ?? t('repNotSet')}</dd>
            <dt>{t('repTenant')}</dt>
            <dd>{s.tenantId ?? t('repNotSet')}</dd>
          </dl>
          <h3>{t('repWhat')}</h3>
          <ul class="reporting-types">
            {s.eventTypes.map((type) => (
              <li key={type}>
                <code>{type}</code>: {t(EVENT_TYPE_KEYS[type as ReportTypeName] ?? type)}
              </li>
            ))}
          </ul>
          <p class="muted">{t('repNever2')}</p>
          <Delivery s={s} />
        </>
      ) : (
        <p>{t('repOff')}</p>
      )}
      {s.policyProblems.length > 0 ? (
        <p role="note">
          {t('repPolicyProblems')} <code>{s.policyProblems.join(', ')}</code>
        </p>
      ) : null}
    </div>
  );
}
