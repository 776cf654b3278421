/** The settings as our pages may see them (the key masked). */
import type { SettingsData } from '@/src/shared/messaging/protocol';
import type { SettingsState } from '../state/settings-store';

export function settingsData(st: SettingsState): SettingsData {
  const key = st.settings.apiKey;
  const stored = st.key.stored;
  return {
    // The key itself never goes back to a page: options shows a hint and can replace it.
    settings: {
      ...st.settings,
      apiKey: '',
      reportingToken: '' /* docs/decisions/016-organizations.md: a credential too */,
    },
    apiKeyHint: key ? `…${key.slice(-4)}` : null,
    managedKeys: st.managedKeys,
    lockAll: st.settings.lockAll,
    locked: st.locked,
    floor: st.floor,
    managedEntries: st.managedEntries,
    storedKey: stored.key
      ? { hint: `…${stored.key.slice(-4)}`, origin: stored.origin, inUse: st.key.decision.source === 'person' }
      : null,
  };
}
