/**
 * Audit-only mode's list (docs/decisions/017-surfaces.md): what Linklens would have blocked or warned about, newest
 * first, with the rule that fired in words. Filled only while audit-only mode is on; Clear
 * empties it. URLs, hosts and list entries are rendered as text.
 */
import { useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { AuditEntry } from '@/src/shared/messaging/protocol';
import { ConfirmButton } from '../components/confirm-button';
import { ErrorText } from '../components/error-text';
import { whyText } from '../components/why-line';
import { bandLabel, formatNumber, formatTime } from '../format';
import { t } from '../i18n';
import { tn } from '../plural';
import { useRequest } from '../use-request';

const SHOWN = 100;

/** The reply as entries; anything else (an older background) as none. */
export function toAudit(data: unknown): AuditEntry[] {
  return Array.isArray(data)
    ? data.filter((e): e is AuditEntry => !!e && typeof e === 'object' && typeof (e as AuditEntry).url === 'string')
    : [];
}

function verdictSummary(e: AuditEntry): string {
  const v = e.verdict;
  if (!v || v.riskScore === null) return '—';
  return v.band ? t('auditVerdict', [formatNumber(v.riskScore), bandLabel(v.band)]) : formatNumber(v.riskScore);
}

export function AuditSection({ auditOnly }: { auditOnly: boolean }) {
  const req = useRequest({ type: 'audit.get' });
  const [clearError, setClearError] = useState<string | null>(null);
  const entries = toAudit(req.data);

  const clear = async () => {
    const reply = await sendToBackground({ type: 'audit.clear' });
    setClearError(reply.ok ? null : reply.error.message);
    req.reload();
  };

  return (
    <div class="stack">
      <p>{t('auditIntro')}</p>
      {auditOnly ? null : <p class="muted">{t('auditOff')}</p>}
      {req.error ? <ErrorText error={req.error} /> : null}
      <p role="status">{tn('auditCount', entries.length)}</p>
      {entries.length ? (
        <table class="ledger audit">
          <caption class="visually-hidden">{t('sec_audit')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('when')}</th>
              <th scope="col">{t('url')}</th>
              <th scope="col">{t('auditWouldHave')}</th>
              <th scope="col">{t('auditVerdictColumn')}</th>
              <th scope="col">{t('why')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.slice(0, SHOWN).map((e, i) => (
              <tr key={i} class={`audit-${e.wouldBe}`}>
                <td>{formatTime(e.at)}</td>
                <td class="break">{e.url}</td>
                <td>{e.wouldBe === 'block' ? t('auditWouldBlock') : t('auditWouldWarn')}</td>
                <td>{verdictSummary(e)}</td>
                <td>{(e.rule && whyText({ rule: e.rule })) || e.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {entries.length > SHOWN ? <p class="muted">{t('moreItems', formatNumber(entries.length - SHOWN))}</p> : null}
      <div class="row">
        <ConfirmButton
          label={t('clearAudit')}
          question={t('clearAuditConfirm')}
          disabled={!entries.length}
          onConfirm={() => void clear()}
        />
      </div>
      {clearError ? <p role="alert">{clearError}</p> : null}
    </div>
  );
}
