/**
 * "Questions? Contact Example Corp IT …" (docs/decisions/016-organizations.md): the organization's support contact from
 * policy (organizationName, supportUrl, supportContact), on the blocked page and in the popup.
 * Renders nothing when the policy sets none of them. Policy text is rendered as text; the link
 * only for an https address (the policy check already refuses anything else).
 */
import { t } from '../i18n';
import { useRequest } from '../use-request';

export function SupportNote() {
  const { data } = useRequest({ type: 'org.support' });
  if (!data || (!data.organizationName && !data.supportUrl && !data.supportContact)) return null;
  const https = /^https:\/\//i.test(data.supportUrl) ? data.supportUrl : null;
  return (
    <p class="support-note">
      {t('supportQuestions', data.organizationName || t('supportYourIt'))}
      {data.supportContact ? (
        <>
          : <span class="support-contact">{data.supportContact}</span>
        </>
      ) : null}
      {https ? (
        <>
          {' '}
          <a href={https} target="_blank" rel="noopener noreferrer">
            {https}
          </a>
        </>
      ) : null}
    </p>
  );
}
