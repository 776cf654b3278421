/** Privacy: what may be sent (the trusted and blocked sites are in lists-section.tsx). */
import { useState } from 'preact/hooks';
import type { Reply } from '@/src/shared/messaging/protocol';
import type { Settings } from '@/src/shared/policy/settings';
import { CheckField } from '../components/field';
import { SaveStatus } from '../components/save-status';
import { t } from '../i18n';
import type { SettingsModel } from './use-settings';

export function PrivacySection({ model }: { model: SettingsModel }) {
  const [reply, setReply] = useState<Reply | null>(null);
  const s = model.settings;
  const set = (patch: Partial<Settings>) => void model.save(patch).then(setReply);
  const lk = model.locked;
  return (
    <div class="stack">
      <CheckField label={t('stripQuery')} hint={t('stripQueryHint')} checked={s.stripQuery} locked={lk('stripQuery')} onChange={(v) => set({ stripQuery: v })} />
      <CheckField label={t('scanPrivateHosts')} hint={t('scanPrivateHostsHint')} checked={s.scanPrivateHosts} locked={lk('scanPrivateHosts')} onChange={(v) => set({ scanPrivateHosts: v })} />
      <CheckField label={t('resolveShorteners')} hint={t('resolveShortenersHint')} checked={s.resolveShorteners} locked={lk('resolveShorteners')} onChange={(v) => set({ resolveShorteners: v })} />
      <CheckField label={t('scanIncognito')} checked={s.scanIncognito} locked={lk('scanIncognito')} onChange={(v) => set({ scanIncognito: v })} />
      <SaveStatus reply={reply} />
      {/* Policy-only key: shown only when a policy sets it, always locked. */}
      {model.data.managedKeys.includes('allowUserAllowlist') ? <CheckField label={t('allowUserAllowlist')} checked={s.allowUserAllowlist} locked onChange={() => undefined} /> : null}
    </div>
  );
}
