/**
 * A look-alike of the organization's sign-in page, blocked (shared/policy/signin-action.ts): this
 * site's host with the letters that differ from the real one marked (ł against l, rn against m,
 * the extra word: shared/url/lookalike/diff.ts), the real host beside it, and the way there. The
 * same comparison as the in-page warning (src/content/signin/banner.ts), as text and <mark>.
 *
 * The real host comes from the blocked page's token (the background's own judgement, never this
 * page's address); the link goes to its root over https, and only when it parses as that host.
 */
import { differingRuns } from '@/src/shared/url/lookalike/diff';
import { t } from '../i18n';

/** https://<host>/ when `host` is a plain host name that reads back as itself, else null. */
export function realSignInUrl(host: string): string | null {
  try {
    const u = new URL(`https://${host}/`);
    return u.hostname === host.toLowerCase() && u.port === '' && u.username === '' ? u.href : null;
  } catch {
    return null;
  }
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

export function LookalikeCompare({ url, protectedHost }: { url: string; protectedHost: string }) {
  const real = realSignInUrl(protectedHost);
  return (
    <div class="lookalike-compare">
      <p>
        <span class="label">{t('lookalikeHere')} </span>
        <code class="lookalike-here break">
          {differingRuns(hostOf(url), protectedHost).map((r) => (r.differs ? <mark>{r.text}</mark> : r.text))}
        </code>
      </p>
      <p>
        <span class="label">{t('lookalikeReal')} </span>
        <code class="lookalike-real break">{protectedHost}</code>
      </p>
      {real ? (
        <a class="btn btn-primary go-real" href={real}>
          {t('goRealSignIn')}
        </a>
      ) : null}
    </div>
  );
}
