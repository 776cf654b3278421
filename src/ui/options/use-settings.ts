/**
 * Effective settings for the options page, which fields policy locks, and `save(patch)`.
 * A locked field is never sent (the background refuses it anyway; this keeps the UI honest).
 */
import { useCallback } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { Reply, SettingsData } from '@/src/shared/messaging/protocol';
import type { Settings, SettingKey } from '@/src/shared/policy/settings';
import { useRequest } from '../use-request';

export interface SettingsModel {
  data: SettingsData;
  settings: Settings;
  locked: (key: SettingKey) => boolean;
  /** The organization's value when the person may only make `key` safer (floor.ts). */
  floor: (key: SettingKey) => unknown;
  /** `rebindKey`: use the stored key with the saved service (both origins named; key-binding.ts). */
  save: (patch: Partial<Settings>, opts?: { rebindKey?: { from: string; to: string } }) => Promise<Reply>;
  reload: () => void;
}

/**
 * Pure: is `key` locked by policy? The background says (floor.ts, through the settings store):
 * the page only shows it.
 */
export function isLocked(data: Pick<SettingsData, 'locked'>, key: SettingKey): boolean {
  return (data.locked ?? []).includes(key);
}

/** The organization's value of `key` when the person may move it only the safer way, else undefined. */
export function floorValue(data: Pick<SettingsData, 'floor'>, key: SettingKey): unknown {
  return data.floor?.[key];
}

export function useSettings() {
  const req = useRequest({ type: 'settings.get' });
  const { reload } = req;
  const save = useCallback(
    async (patch: Partial<Settings>, opts: { rebindKey?: { from: string; to: string } } = {}): Promise<Reply> => {
      const reply = await sendToBackground({
        type: 'settings.set',
        patch,
        ...(opts.rebindKey ? { rebindKey: opts.rebindKey } : {}),
      });
      reload();
      return reply;
    },
    [reload],
  );
  const model: SettingsModel | null = req.data
    ? {
        data: req.data,
        settings: req.data.settings,
        locked: (k) => isLocked(req.data!, k),
        floor: (k) => floorValue(req.data!, k),
        save,
        reload,
      }
    : null;
  return { model, error: req.error, loading: req.loading };
}
