/**
 * The organization's brand on our own pages (policy brandName, brandLogoUrl, brandAccentColor,
 * customWarningMessage; src/shared/policy/branding.ts): a header with the logo and name, marked
 * as set by the organization, and the organization's own message on the blocked page. Policy
 * text is rendered as text; the logo is an image the browser fetches from the https address (no
 * referrer), and the checks are applied again here so a bad value never reaches an attribute.
 * Renders nothing when the policy sets none of it.
 */
import { isAccentColor, isBrandLogoUrl } from '@/src/shared/policy/branding';
import { t } from '../i18n';
import { useRequest } from '../use-request';

const useOrg = () => useRequest({ type: 'org.support' }).data;

export function BrandHeader() {
  const d = useOrg();
  if (!d) return null;
  const logo = isBrandLogoUrl(d.brandLogoUrl) ? d.brandLogoUrl : null;
  if (!logo && !d.brandName) return null;
  const accent = isAccentColor(d.brandAccentColor) ? d.brandAccentColor : null;
  return (
    <div class="brand" style={accent ? { borderColor: accent } : undefined} data-accent={accent ?? undefined}>
      {logo ? <img class="brand-logo" src={logo} alt={d.brandName} referrerpolicy="no-referrer" height={32} /> : null}
      {d.brandName ? <span class="brand-name">{d.brandName}</span> : null}
      <span class="brand-note">{t('brandSetByOrg')}</span>
    </div>
  );
}

export function OrgWarningMessage() {
  const d = useOrg();
  if (!d?.customWarningMessage) return null;
  return <p class="org-message">{d.customWarningMessage}</p>;
}
