/**
 * Pages held while Linklens starts: the step of the navigation flow for a navigation that
 * arrives while the settings store is `starting` (the policy that configures the service is not
 * read yet, settings-store.ts). Without it such a page loaded unchecked: the first read of the
 * browser's policy store takes 2–20 s after a start, and until then Linklens has no key.
 *
 * The tab goes to the blocked page, pending ("Linklens is starting"); the browser's startup rule
 * (net-rules.ts) has already stopped its request. Once the store has started (the live read
 * answered, or the wait is over) each held page is checked under the settings in force and
 * decided like a strict-mode hold (navigation-strict.ts startupStrict), its wait counted from
 * then: the verdict lets it through or blocks it, and without one in time strict mode's fail
 * mode applies, or the page opens when strict mode is off.
 */
import { ignore } from '@/src/background/ignore';
import type { Settings } from '@/src/shared/policy/settings';
import { normalizeUrl } from '@/src/shared/url/normalize';
import { strictHoldMatches } from '@/src/shared/policy/strict-hold';
import type { SettingsStore } from '../state/settings-store';
import { readToken, updateToken, type BlockedToken } from './blocked-tokens';
import { STARTING, type StrictHolds } from './navigation-strict';

export { STARTING } from './navigation-strict';

export interface StartupHolds {
  /**
   * Holds the tab's navigation to `raw` on the blocked page until the store has started (at
   * once when it has: a load the startup rule stopped before the background woke).
   * `attempted`: the tab tried this URL itself (its chain may not be known to this worker).
   */
  hold(tabId: number, raw: string, s: Settings, attempted?: string): Promise<'hold' | undefined>;
  /** The token is a startup hold and the store is still starting: nothing to decide yet. */
  waiting(t: BlockedToken): Promise<boolean>;
}

export function createStartupHolds(deps: {
  settings: SettingsStore;
  /** Sends the tab to the blocked page, pending; its token, else null. */
  act: (tabId: number, url: string, host: string, attempted?: string) => Promise<string | null>;
  /** The navigation's own check, once the settings are known. */
  submit: (tabId: number, raw: string) => Promise<void>;
  strict: StrictHolds;
}): StartupHolds {
  const held = new Map<string, string>();
  let armed = false;

  async function decideAll(): Promise<void> {
    const { settings: s } = await deps.settings.get();
    for (const [token, url] of [...held]) {
      held.delete(token);
      const t = await readToken(token);
      if (!t || !t.pending) continue;
      // The wait counts from now: the page had to wait for Linklens, not for its verdict.
      const fresh: BlockedToken = { ...t, createdAt: Date.now() };
      await updateToken(token, fresh);
      await deps.submit(t.tabId, t.rawUrl).catch(ignore);
      deps.strict.add(url, token);
      await deps.strict.settleOnce(token, fresh, s).catch(ignore);
    }
  }

  return {
    async hold(tabId, raw, s, attempted) {
      // What the startup rule holds: top-level loads of public-looking hosts (strict-hold.ts).
      if (!strictHoldMatches(raw)) return undefined;
      const n = normalizeUrl(raw, { stripQuery: s.stripQuery });
      if (!n.ok) return undefined;
      const token = await deps.act(tabId, n.url, n.host, attempted);
      if (!token) return undefined;
      held.set(token, n.url);
      if (!armed) {
        armed = true;
        void deps.settings
          .whenStarted()
          .then(decideAll)
          .catch(ignore)
          .finally(() => (armed = false));
      }
      return 'hold';
    },
    async waiting(t) {
      return t.pending && t.decision.reason === STARTING && (await deps.settings.get()).starting;
    },
  };
}
