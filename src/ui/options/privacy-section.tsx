/** Privacy: what may be sent (the trusted and blocked sites are in lists-section.tsx). */
import { useState } from 'preact/hooks';
import type { Reply } from '@/src/shared/messaging/protocol';
import type { Settings } from '@/src/shared/policy/settings';
import { CheckField, NumberField } from '../components/field';
import { ConfirmButton } from '../components/confirm-button';
import { sendToBackground } from '@/src/shared/messaging/send';
import { floorProps } from './floor-hint';
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
      <CheckField
        label={t('stripQuery')}
        hint={t('stripQueryHint')}
        checked={s.stripQuery}
        locked={lk('stripQuery')}
        onChange={(v) => set({ stripQuery: v })}
      />
      <CheckField
        label={t('scanPrivateHosts')}
        hint={t('scanPrivateHostsHint')}
        checked={s.scanPrivateHosts}
        locked={lk('scanPrivateHosts')}
        onChange={(v) => set({ scanPrivateHosts: v })}
      />
      <CheckField
        label={t('resolveShorteners')}
        hint={t('resolveShortenersHint')}
        checked={s.resolveShorteners}
        locked={lk('resolveShorteners')}
        onChange={(v) => set({ resolveShorteners: v })}
      />
      <CheckField
        label={t('scanIncognito')}
        checked={s.scanIncognito}
        locked={lk('scanIncognito')}
        onChange={(v) => set({ scanIncognito: v })}
      />
      {/* "You were there": the days visited sites are kept on this device (0: none), and clearing them. */}
      <NumberField
        label={t('visitHistoryDays')}
        value={s.visitHistoryDays}
        {...floorProps(model, 'visitHistoryDays', { min: 0, max: 365, hint: t('visitHistoryDaysHint') })}
        locked={lk('visitHistoryDays')}
        onChange={(v) => set({ visitHistoryDays: v })}
      />
      <div class="row">
        <ConfirmButton
          label={t('visitsClear')}
          question={t('visitsClearConfirm')}
          onConfirm={() => void sendToBackground({ type: 'visits.clear' }).then(setReply)}
        />
      </div>
      <SaveStatus reply={reply} />
      {/* Policy-only key: shown only when a policy sets it, always locked. */}
      {model.data.managedKeys.includes('allowUserAllowlist') ? (
        <CheckField label={t('allowUserAllowlist')} checked={s.allowUserAllowlist} locked onChange={() => undefined} />
      ) : null}
    </div>
  );
}
