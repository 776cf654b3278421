/**
 * What Linklens knows about the current tab, one branch per UrlStatus kind (a discriminated
 * union, so no state can be forgotten). Standing problems come with their fix.
 */
import type { TabStatusData } from '@/src/shared/messaging/protocol';
import type { UrlStatus } from '@/src/shared/verdict';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { Notice } from '../components/notice';
import { VerdictView } from '../components/verdict-view';
import { WhyLine } from '../components/why-line';
import { t } from '../i18n';
import { ACTION_KEYS, SKIP_KEYS } from '../labels';
import { openOptions } from '../open';

/** A reason or action the background added later than this page still shows something readable. */
const labelOr = (key: string | undefined, fallback: string) => (key ? t(key) : fallback);

/** Error codes whose fix is in the options page (key, scope, URL). */
const SETTINGS_FIXES = new Set([
  'unauthorized',
  'key_rejected',
  'forbidden',
  'missing_scope',
  'not_configured',
  'config',
  'invalid_url',
  'not_https',
]);

function StatusBody({ status }: { status: UrlStatus }) {
  switch (status.kind) {
    case 'unchecked':
      return <Notice kind="info">{t('statusUnchecked')}</Notice>;
    case 'skipped':
      return (
        <Notice kind="info">
          <strong>{t('statusSkipped')}</strong> {labelOr(SKIP_KEYS[status.reason], t('skip_unknown'))}
        </Notice>
      );
    case 'checking':
      return (
        <Notice kind="info">
          <span class="spinner" aria-hidden="true" /> {t('statusChecking')}{' '}
          <span class="muted">{t('scanState', status.state)}</span>
        </Notice>
      );
    case 'verdict':
      return (
        <>
          <p class={`decision decision-${status.decision.action}`}>
            {labelOr(ACTION_KEYS[status.decision.action], t('action_unknown'))}
          </p>
          <WhyLine decision={status.decision} />
          <VerdictView verdict={status.verdict} level={2} />
        </>
      );
    case 'blocklisted':
      return (
        <Notice kind="error">
          <strong>{labelOr(ACTION_KEYS[status.decision.action], t('action_unknown'))}</strong> {t('statusBlocklisted')}
          <WhyLine decision={status.decision} />
        </Notice>
      );
    case 'failed':
      return (
        <Notice kind="error">
          <strong>{t('statusFailed')}</strong> {status.message}
        </Notice>
      );
    case 'timed_out':
      return <Notice kind="warn">{t('statusTimedOut')}</Notice>;
    case 'error':
      return (
        <>
          <ErrorText error={status} />
          {SETTINGS_FIXES.has(status.code) ? (
            <Button variant="primary" onClick={() => void openOptions()}>
              {t('openSettings')}
            </Button>
          ) : null}
        </>
      );
    default: {
      // A kind added to UrlStatus later than this page: fail to compile here, say little at run time.
      const unknown: never = status;
      return (
        <Notice kind="info">
          {t('skip_unknown')} {String((unknown as { kind?: unknown }).kind)}
        </Notice>
      );
    }
  }
}

export function StatusView({ data }: { data: TabStatusData }) {
  const { problem } = data;
  return (
    <section class="status" aria-live="polite">
      {data.url ? (
        <p class="url" title={data.url}>
          {data.url}
        </p>
      ) : null}
      {data.leadsTo ? <p class="leads-to">{t('leadsTo', data.leadsTo)}</p> : null}
      {problem ? (
        <div class="problem">
          <ErrorText error={problem} />
          {problem.fix === 'options' ? (
            <Button variant="primary" onClick={() => void openOptions()}>
              {t('openSettings')}
            </Button>
          ) : null}
          {problem.fix === 'credits' ? (
            <Button variant="primary" onClick={() => void openOptions('credits')}>
              {t('buyCredits')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <StatusBody status={data.status} />
    </section>
  );
}
