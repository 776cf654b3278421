/**
 * "You were there" (background/visits/): sites the person visited that later got a bad verdict,
 * each naming the site, when they were there, the verdict and, where a password field there got
 * input, the advice to change that password. Shown above the current tab's status: it is about
 * something that already happened. "Dismiss" removes the entry (the visit stays for its days).
 */
import { useEffect, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { WereThereAlert } from '@/src/shared/visits/kept';
import { Button } from '../components/button';
import { Notice } from '../components/notice';
import { bandLabel, formatTime } from '../format';
import { t } from '../i18n';

function verdictText(a: WereThereAlert): string {
  if (a.riskScore !== null && a.band !== null) return t('wt_verdictBand', [bandLabel(a.band), String(a.riskScore)]);
  return a.source === 'orgList' ? t('wt_verdictOrgList') : t('wt_verdictFlagged');
}

function Entry({ alert, onDismiss }: { alert: WereThereAlert; onDismiss: () => void }) {
  return (
    <li class="were-there-entry" data-host={alert.host}>
      <Notice kind={alert.action === 'block' ? 'error' : 'warn'}>
        <p>
          <strong>{t('wt_entryTitle', alert.host)}</strong>
        </p>
        <p>{t('wt_entryBody', [formatTime(alert.visitedAt), verdictText(alert)])}</p>
        {alert.advice ? <p class="were-there-advice">{t('wt_advice', alert.host)}</p> : null}
        <Button variant="link" onClick={onDismiss}>
          {t('wt_dismiss')}
        </Button>
      </Notice>
    </li>
  );
}

export function WereThere() {
  const [alerts, setAlerts] = useState<WereThereAlert[]>([]);
  useEffect(() => {
    let live = true;
    void sendToBackground({ type: 'visits.wereThere' }).then((r) => live && r.ok && setAlerts(r.data));
    return () => {
      live = false;
    };
  }, []);
  if (alerts.length === 0) return null;
  const dismiss = (host: string) =>
    void sendToBackground({ type: 'visits.dismiss', host }).then((r) => r.ok && setAlerts(r.data));
  return (
    <section class="were-there" aria-labelledby="were-there-title">
      <h2 id="were-there-title">{t('wt_title')}</h2>
      <ul class="scan-list">
        {alerts.map((a) => (
          <Entry key={a.host} alert={a} onDismiss={() => dismiss(a.host)} />
        ))}
      </ul>
    </section>
  );
}
