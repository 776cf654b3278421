/**
 * "You were there" (docs/privacy.md#you-were-there): the visits kept, the function every source
 * of a bad verdict calls, and the password marks, built once per worker life (main.ts).
 */
import { browser } from 'wxt/browser';
import type { SettingsStore } from '../state/settings-store';
import { report } from '../reporting';
import type { SenderLike } from '../sender';
import { assetUrl } from '../i18n';
import { createPasswordNotes } from './password-typed';
import { createVisitStore, type VisitStore } from './visit-store';
import { createWereThere, type SiteTurnedBad } from './were-there';

export type { SiteTurnedBad, TurnedBad } from './were-there';

export interface Visits {
  store: VisitStore;
  /** For every source of a bad verdict: the organization's block feed calls it with source 'feed'. */
  siteTurnedBad: SiteTurnedBad;
  /** password.typed from a content script; true when a mark was written. */
  passwordTyped(sender: SenderLike): Promise<boolean>;
}

export function createVisits(deps: {
  settings: SettingsStore;
  endExceptions: (host: string) => Promise<number>;
}): Visits {
  const store = createVisitStore({ days: async () => (await deps.settings.get()).settings.visitHistoryDays });
  const { siteTurnedBad } = createWereThere({
    store,
    settings: deps.settings,
    endExceptions: deps.endExceptions,
    report: (input) => void report(input),
    notify: async (id, title, message) => {
      try {
        await browser.notifications.create(id, { type: 'basic', iconUrl: assetUrl('/icon/128.png'), title, message });
      } catch {
        // Notifications may be disabled by the person or the OS: the popup's entry remains.
      }
    },
  });
  return { store, siteTurnedBad, passwordTyped: createPasswordNotes(store) };
}
