/**
 * blocked.html?t=<token>: the background hands over the details by an opaque token (docs/decisions/017-surfaces.md),
 * never by the query string. A missing, malformed or expired token gets a safe generic page
 * whose only action is Go back. In strict mode the page first says it is checking.
 */
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import type { BlockedDetailsData } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { Notice } from '../components/notice';
import { VerdictView } from '../components/verdict-view';
import { WhyLine } from '../components/why-line';
import { t } from '../i18n';
import { readParam, safeHttpUrl } from '../page-params';
import { BlockedActions } from './blocked-actions';
import { SupportNote } from '../components/support-note';
import { BrandHeader, OrgWarningMessage } from '../components/brand';
import { goBack } from './go-back';
import { headlineKey, strictWhy, unicodeBeside } from './headline';
import { openOptions } from '../open';
import { useBlockedDetails } from './use-blocked-details';
import { LookalikeCompare } from './lookalike-compare';

/**
 * An interstitial in the manner of the browsers' own: a strong banner (red for a known danger,
 * amber for a site blocked before it could be checked, neutral while checking) with the headline
 * and the reason in one sentence, then the details and the actions.
 */
type Tone = 'danger' | 'unchecked' | 'neutral';

function Page({
  headline,
  reason,
  reasonClass = '',
  tone = 'neutral',
  children,
}: {
  headline: string;
  reason?: string;
  reasonClass?: string;
  tone?: Tone;
  children: ComponentChildren;
}) {
  useEffect(() => {
    document.title = `${headline} – ${t('extName')}`;
  }, [headline]);
  return (
    <main class={`blocked blocked-${tone}`}>
      <div class="blocked-banner">
        <h1>{headline}</h1>
        {reason ? <p class={`blocked-reason ${reasonClass}`.trim()}>{reason}</p> : null}
      </div>
      {children}
    </main>
  );
}

/** The blocked URL; for a redirect chain, first the link the person opened, then the bad hop. */
function Url({ d }: { d: BlockedDetailsData }) {
  const unicode = unicodeBeside(d.url, d.unicodeHost);
  return (
    <>
      {d.firstUrl ? (
        <p class="blocked-first-url">
          <span class="label">{t('blockedFirstUrl')}: </span>
          <code class="break">{d.firstUrl}</code>
        </p>
      ) : null}
      <p class="blocked-url">
        <span class="label">{d.firstUrl ? (d.readFromLink ? t('blockedLeadsTo') : t('blockedHop')) : t('url')}: </span>
        <code class="break">{d.url}</code>
        {unicode ? <span class="unicode-host"> ({t('unicodeHost', unicode)})</span> : null}
      </p>
    </>
  );
}

/**
 * Strict mode blocked without a verdict: what happened is the banner's sentence; this says what
 * Linklens does now, and where to fix it.
 */
function StrictWhy({ why, awaiting }: { why: NonNullable<ReturnType<typeof strictWhy>>; awaiting: boolean }) {
  return (
    <Notice kind="warn">
      <p>{awaiting ? t('strictAwaiting') : t('strictWill')}</p>
      {why.fix === 'options' ? (
        <Button variant="link" onClick={() => void openOptions()}>
          {t('openSettings')}
        </Button>
      ) : null}
      {why.fix === 'credits' ? (
        <Button variant="link" onClick={() => void openOptions('credits')}>
          {t('buyCredits')}
        </Button>
      ) : null}
    </Notice>
  );
}

const BackButton = () => (
  <Button variant="primary" onClick={() => void goBack()}>
    {t('goBack')}
  </Button>
);

export function BlockedApp({ search = location.search, pollMs = 500 }: { search?: string; pollMs?: number }) {
  const token = readParam(search, 't');
  const { data: d, error } = useBlockedDetails(token, pollMs);

  if (!token || error) {
    return (
      <Page headline={t('headline_generic')}>
        <p>{t('blockedGenericBody')}</p>
        {error ? <ErrorText error={error} /> : null}
        <BackButton />
      </Page>
    );
  }
  if (!d)
    return (
      <main class="blocked">
        <p role="status">{t('loading')}</p>
      </main>
    );

  const key = headlineKey(d);
  if (d.pending || key === 'headline_released') {
    const open = safeHttpUrl(d.url);
    return (
      <Page headline={t(key)}>
        <Notice kind="info">
          {d.pending ? (
            <>
              <span class="spinner" aria-hidden="true" /> {t('blockedCheckingBody')}
            </>
          ) : (
            t('blockedReleasedBody')
          )}
        </Notice>
        <Url d={d} />
        {d.pending ? (
          <BackButton />
        ) : open ? (
          <a class="btn btn-primary" href={open}>
            {t('openPage')}
          </a>
        ) : null}
      </Page>
    );
  }
  const why = strictWhy(d.reason);
  // A look-alike of the organization's sign-in page: the reason names the site it imitates.
  const imitates = d.rule?.rule === 'lookalike' ? d.rule.protectedHost : null;
  return (
    <Page
      headline={t(key)}
      reason={why ? t(why.key) : imitates ? t('blockedLookalikeReason', imitates) : t('blockedIntro')}
      reasonClass={why ? 'strict-why' : ''}
      tone={why ? 'unchecked' : 'danger'}
    >
      <BrandHeader />
      <OrgWarningMessage />
      {why ? <StrictWhy why={why} awaiting={d.awaiting === true} /> : null}
      <Url d={d} />
      {imitates ? <LookalikeCompare url={d.url} protectedHost={imitates} /> : null}
      {d.rule ? <WhyLine decision={{ rule: d.rule }} /> : null}
      {/* The way out first; what the service found after it, before the way in. */}
      <BlockedActions token={token} details={d}>
        <VerdictView verdict={d} level={2} />
      </BlockedActions>
      <SupportNote />
      {/* docs/decisions/016-organizations.md: the organization's contact, from policy */}
    </Page>
  );
}
