/**
 * What a number field says and allows when the organization's policy is a floor for it
 * (floor.ts): the person may only move it the safer way, so the input stops at the
 * organization's value and says why. Nothing changes without a policy.
 */
import { SAFER, type FloorKey } from '@/src/shared/policy/floor';
import { t } from '../i18n';
import type { SettingsModel } from './use-settings';

export interface FloorProps {
  min?: number;
  max?: number;
  hint?: string;
}

export function floorProps(
  model: Pick<SettingsModel, 'floor'>,
  key: FloorKey,
  own: { min: number; max: number; hint?: string },
): FloorProps {
  const floor = model.floor(key);
  const base = { min: own.min, max: own.max, ...(own.hint ? { hint: own.hint } : {}) };
  if (typeof floor !== 'number') return base;
  const note = (text: string) => (own.hint ? `${own.hint} ${text}` : text);
  if (SAFER[key].kind === 'lower') return { ...base, max: floor, hint: note(t('floorAtMost', String(floor))) };
  if (SAFER[key].kind === 'higher') return { ...base, min: floor, hint: note(t('floorAtLeast', String(floor))) };
  return base;
}
