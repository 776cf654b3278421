/**
 * Effective settings for the options page, which fields policy locks, and `save(patch)`.
 * A locked field is never sent (the background refuses it anyway; this keeps the UI honest).
 */
import { useCallback } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { Reply, SettingsData } from '@/src/shared/messaging/protocol';
import type { Settings, SettingKey } from '@/src/shared/policy/settings';
import { lockedKeys } from '@/src/shared/policy/managed';
import { useRequest } from '../use-request';

export interface SettingsModel {
  data: SettingsData;
  settings: Settings;
  locked: (key: SettingKey) => boolean;
  /** `rebindKey`: use the stored key with the saved service (both origins named; key-binding.ts). */
  save: (patch: Partial<Settings>, opts?: { rebindKey?: { from: string; to: string } }) => Promise<Reply>;
  reload: () => void;
}

/**
 * Pure: is `key` locked by policy? The shared rule (managed.ts lockedKeys): managed keys, except
 * the lists (policy entries are added to the person's own); with lockAll everything, except a
 * service URL or key the policy does not provide (else nobody could configure Linklens).
 */
export function isLocked(data: Pick<SettingsData, 'managedKeys' | 'lockAll'> & { settings?: Pick<Settings, 'allowUserAllowlist'> }, key: SettingKey): boolean {
  return lockedKeys(data.managedKeys, data.lockAll, data.settings?.allowUserAllowlist ?? true).includes(key);
}

export function useSettings() {
  const req = useRequest<SettingsData>({ type: 'settings.get' });
  const { reload } = req;
  const save = useCallback(
    async (patch: Partial<Settings>, opts: { rebindKey?: { from: string; to: string } } = {}): Promise<Reply> => {
      const reply = await sendToBackground({ type: 'settings.set', patch, ...(opts.rebindKey ? { rebindKey: opts.rebindKey } : {}) });
      reload();
      return reply;
    },
    [reload],
  );
  const model: SettingsModel | null = req.data
    ? { data: req.data, settings: req.data.settings, locked: (k) => isLocked(req.data!, k), save, reload }
    : null;
  return { model, error: req.error, loading: req.loading };
}
