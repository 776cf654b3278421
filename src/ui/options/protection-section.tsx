/**
 * Protection: what is checked and what happens. Each change is saved at once; a field policy
 * sets is locked.
 */
import { useState } from 'preact/hooks';
import type { Reply } from '@/src/shared/messaging/protocol';
import type { Settings } from '@/src/shared/policy/settings';
import { CheckField, NumberField, SelectField, TextField } from '../components/field';
import { Button } from '../components/button';
import { SaveStatus } from '../components/save-status';
import { t } from '../i18n';
import type { SettingsModel } from './use-settings';
import { floorProps } from './floor-hint';

export function ProtectionSection({ model }: { model: SettingsModel }) {
  const [reply, setReply] = useState<Reply | null>(null);
  const s = model.settings;
  const set = (patch: Partial<Settings>) => void model.save(patch).then(setReply);
  const lk = model.locked;
  const [reportUrl, setReportUrl] = useState(s.reportUrl);
  return (
    <div class="stack">
      <CheckField
        label={t('scanNavigations')}
        checked={s.scanNavigations}
        locked={lk('scanNavigations')}
        onChange={(v) => set({ scanNavigations: v })}
      />
      <CheckField
        label={t('scanHovers')}
        checked={s.scanHovers}
        locked={lk('scanHovers')}
        onChange={(v) => set({ scanHovers: v })}
      />
      <NumberField
        label={t('hoverDelay')}
        value={s.hoverDelayMs}
        {...floorProps(model, 'hoverDelayMs', { min: 50, max: 5000 })}
        step={50}
        locked={lk('hoverDelayMs')}
        onChange={(v) => set({ hoverDelayMs: v })}
      />
      <NumberField
        label={t('warnThreshold')}
        value={s.warnThreshold}
        {...floorProps(model, 'warnThreshold', { min: 0, max: 100, hint: t('thresholdHint') })}
        locked={lk('warnThreshold')}
        onChange={(v) => set({ warnThreshold: v })}
      />
      <NumberField
        label={t('blockThreshold')}
        value={s.blockThreshold}
        {...floorProps(model, 'blockThreshold', { min: 0, max: 100, hint: t('thresholdHint') })}
        locked={lk('blockThreshold')}
        onChange={(v) => set({ blockThreshold: v })}
      />
      <NumberField
        label={t('minBlockConfidence')}
        value={s.minBlockConfidence}
        {...floorProps(model, 'minBlockConfidence', { min: 0, max: 1, hint: t('minBlockConfidenceHint') })}
        step={0.05}
        locked={lk('minBlockConfidence')}
        onChange={(v) => set({ minBlockConfidence: v })}
      />
      <CheckField
        label={t('allowProceed')}
        checked={s.allowProceed}
        locked={lk('allowProceed')}
        onChange={(v) => set({ allowProceed: v })}
      />
      {/* Policy-only keys: shown only when a policy sets them, always locked. */}
      {model.data.managedKeys.includes('allowPause') ? (
        <CheckField label={t('allowPause')} checked={s.allowPause} locked onChange={() => undefined} />
      ) : null}
      {/* The organization's remote files (docs/admin/policy.md): where they come from, set by the organization. */}
      {model.data.managedKeys.includes('configUrl') ? (
        <TextField label={t('remoteConfigUrl')} type="url" value={s.configUrl} locked onInput={() => undefined} />
      ) : null}
      {model.data.managedKeys.includes('blockFeedUrl') ? (
        <TextField label={t('remoteBlockFeedUrl')} type="url" value={s.blockFeedUrl} locked onInput={() => undefined} />
      ) : null}
      {model.data.managedKeys.includes('configUrl') || model.data.managedKeys.includes('blockFeedUrl') ? (
        <NumberField
          label={t('remoteRefreshMinutes')}
          value={s.remoteRefreshMinutes}
          locked
          onChange={() => undefined}
        />
      ) : null}
      <CheckField
        label={t('strictMode')}
        hint={t('strictModeHint')}
        checked={s.strictMode}
        locked={lk('strictMode')}
        onChange={(v) => set({ strictMode: v })}
      />
      {s.strictMode ? null : (
        <CheckField
          label={t('holdWhileChecking')}
          hint={t('holdWhileCheckingHint')}
          checked={s.holdWhileChecking}
          locked={lk('holdWhileChecking')}
          onChange={(v) => set({ holdWhileChecking: v })}
        />
      )}
      {s.strictMode ? (
        <>
          <NumberField
            label={t('strictTimeout')}
            value={s.strictTimeoutMs}
            {...floorProps(model, 'strictTimeoutMs', { min: 500, max: 60000 })}
            step={500}
            locked={lk('strictTimeoutMs')}
            onChange={(v) => set({ strictTimeoutMs: v })}
          />
          <SelectField
            label={t('strictFailMode')}
            value={s.strictFailMode}
            locked={lk('strictFailMode')}
            options={[
              { value: 'allow', label: t('failAllow') },
              { value: 'block', label: t('failBlock') },
            ]}
            onChange={(v) => set({ strictFailMode: v === 'block' ? 'block' : 'allow' })}
          />
        </>
      ) : null}
      <CheckField
        label={t('auditOnly')}
        hint={t('auditOnlyHint')}
        checked={s.auditOnly}
        locked={lk('auditOnly')}
        onChange={(v) => set({ auditOnly: v })}
      />
      <CheckField
        label={t('notifications')}
        checked={s.notifications}
        locked={lk('notifications')}
        onChange={(v) => set({ notifications: v })}
      />
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          set({ reportUrl: reportUrl.trim() });
        }}
      >
        <TextField
          label={t('reportUrlLabel')}
          hint={t('reportUrlHint')}
          type="url"
          value={reportUrl}
          locked={lk('reportUrl')}
          onInput={setReportUrl}
          placeholder="https://help.example.com/report?scan={scanId}&url={url}"
        />
        {lk('reportUrl') ? null : <Button type="submit">{t('saveReportUrl')}</Button>}
      </form>
      <SaveStatus reply={reply} />
    </div>
  );
}
