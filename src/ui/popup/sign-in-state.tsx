/**
 * The organization's sign-in pages in the popup (docs/decisions/016-organizations.md): "verified" on a protected host,
 * a warning on a look-alike of one. Nothing otherwise (no policy, or an unrelated page).
 */
import { Notice } from '../components/notice';
import { t } from '../i18n';
import { useRequest } from '../use-request';

export const LOOKALIKE_REASON_KEYS: Record<string, string> = {
  'mixed-script': 'lookalikeMixedScript',
  confusable: 'lookalikeConfusable',
  'edit-distance': 'lookalikeEditDistance',
  embedded: 'lookalikeEmbedded',
};

export function SignInState({ tabId }: { tabId: number }) {
  const { data } = useRequest({ type: 'signin.status', tabId });
  const v = data?.verdict;
  if (!v) return null;
  if (v.kind === 'verified') {
    return (
      <Notice kind="ok">
        <strong>{t('signInVerified')}</strong> {t('signInVerifiedBody', v.protectedDomain)}
      </Notice>
    );
  }
  if (v.kind === 'lookalike') {
    return (
      <Notice kind="error">
        <strong>{t('signInLookalike', v.protectedDomain)}</strong>{' '}
        {t(LOOKALIKE_REASON_KEYS[v.reason] ?? 'lookalikeEmbedded')}
      </Notice>
    );
  }
  return null;
}
