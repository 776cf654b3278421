/**
 * "Trust this site" asks first and says what it trusts (docs/decisions/017-surfaces.md): the exact host by default, the
 * whole registrable domain only when the person ticks it. On a site Linklens warns about or
 * blocks, the question says so first.
 *
 *   hostOf('https://login.example.co.uk/a?b') → 'login.example.co.uk'
 *   hostOf('not a url')                       → null
 */
import { useState } from 'preact/hooks';
import type { UrlStatus } from '@/src/shared/verdict';
import { Button } from '../components/button';
import { CheckField } from '../components/field';
import { Notice } from '../components/notice';
import { t } from '../i18n';

export function hostOf(url: string): string | null {
  try {
    const h = new URL(url).hostname.replace(/\.$/, '');
    return h || null;
  } catch {
    return null;
  }
}

/** Whether Linklens currently warns about or blocks what the status describes. */
export function isRisky(status: UrlStatus): boolean {
  if (status.kind === 'blocklisted') return true;
  return status.kind === 'verdict' && (status.decision.action === 'warn' || status.decision.action === 'block');
}

export function TrustPanel({
  host,
  site,
  status,
  onTrust,
  onCancel,
}: {
  host: string;
  site: string;
  status: UrlStatus;
  onTrust: (entry: string) => void;
  onCancel: () => void;
}) {
  const [whole, setWhole] = useState(false);
  const entry = whole ? site : host;
  return (
    <div class="confirm stack" role="group" aria-label={t('trustAsk', entry)}>
      {isRisky(status) ? (
        <Notice kind="warn">
          {status.kind === 'verdict' ? t('trustRiskyVerdict', String(status.verdict.riskScore)) : t('trustRiskyList')}
        </Notice>
      ) : null}
      <p>{t('trustAsk', entry)}</p>
      {site !== host ? <CheckField label={t('trustWholeSite', site)} checked={whole} onChange={setWhole} /> : null}
      <div class="row">
        <Button variant={isRisky(status) ? 'danger' : 'primary'} onClick={() => onTrust(entry)}>
          {t('trustConfirm', entry)}
        </Button>
        <Button onClick={onCancel}>{t('cancel')}</Button>
      </div>
    </div>
  );
}
