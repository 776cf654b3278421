/**
 * Whether the organization's block list (the policy's `blocklist`) names `host`. What it names
 * the person cannot undo: no "Proceed anyway", no exception granted before the policy named it.
 */
import { hostMatches } from '@/src/shared/url/site';
import type { SettingsState } from './settings-store';

export const orgBlocks = (host: string, st: Pick<SettingsState, 'managedEntries'>): boolean =>
  hostMatches(host, st.managedEntries.blocklist) !== null;
