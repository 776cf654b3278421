/**
 * An allow- or blocklist edited by site: whatever is typed (URL or host) becomes its registrable
 * domain (site.ts) before it is sent; what is not a site is refused with the reason.
 */
import { useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo } from '@/src/shared/messaging/protocol';
import { Button } from '../components/button';
import { ErrorText } from '../components/error-text';
import { TextField } from '../components/field';
import { LockedNote } from '../components/locked-note';
import { Notice } from '../components/notice';
import { t } from '../i18n';
import { typedSite } from '../site';
import { HOST_ENTRY_PROBLEM_KEYS } from '@/src/shared/policy/import-words';
import type { HostEntryProblem } from '@/src/shared/url/site';

export interface SiteListProps {
  list: 'allowlist' | 'blocklist';
  title: string;
  sites: string[];
  /** The whole list is locked (lockAll). */
  locked: boolean;
  /** Policy adds entries to this list (it is in managedKeys). */
  orgAdds: boolean;
  /** The entries policy provides, when the background says which (shown locked). */
  fixed: string[];
  onChanged: () => void;
}

export function SiteList({ list, title, sites, locked, orgAdds, fixed, onChanged }: SiteListProps) {
  const [input, setInput] = useState('');
  const [invalid, setInvalid] = useState<HostEntryProblem | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);

  const change = async (op: 'add' | 'remove', host: string) => {
    const reply = await sendToBackground({ type: `${list}.${op}`, host });
    setError(reply.ok ? null : reply.error);
    onChanged();
    return reply.ok;
  };
  const add = async () => {
    const r = typedSite(input);
    setInvalid('error' in r ? r.error : null);
    if ('site' in r && (await change('add', r.site))) setInput('');
  };

  return (
    <fieldset class="site-list">
      <legend>{title}</legend>
      {locked ? <LockedNote /> : null}
      {!locked && orgAdds && fixed.length === 0 ? <p class="muted">{t('listOrgNote')}</p> : null}
      {sites.length === 0 ? (
        <p class="muted">{t('noSites')}</p>
      ) : (
        <ul>
          {sites.map((site) => (
            <li key={site}>
              <span>{site}</span>{' '}
              {locked ? null : fixed.includes(site) ? (
                <LockedNote />
              ) : (
                <Button variant="link" onClick={() => void change('remove', site)}>
                  {t('removeSite', site)}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {locked ? null : (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <TextField label={t('addSiteLabel', title)} value={input} onInput={setInput} placeholder="example.com" />
          <Button type="submit">{t('add')}</Button>
        </form>
      )}
      {invalid ? (
        <Notice kind="error">
          {t('invalidSite')} {t(HOST_ENTRY_PROBLEM_KEYS[invalid])}
        </Notice>
      ) : null}
      {error ? <ErrorText error={error} /> : null}
    </fieldset>
  );
}
