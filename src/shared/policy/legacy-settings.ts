/**
 * What of the settings record an older build left in storage.local is moved into the private
 * store on the one-time upgrade (background/state/legacy-local.ts). In Firefox a content script
 * can write storage.local, so that record may be a page's forgery: it is treated like a settings
 * file from elsewhere (import-plan.ts), judged against a fresh install's defaults.
 *
 * - Moved: what keeps protection at least as strong as a fresh install (a block list, lower
 *   thresholds, strict mode on, notifications…): a forger gains nothing by it.
 * - Held, never applied: every change import-plan.ts says lowers protection or sends more, above
 *   all the service URL (it would send every URL the person opens to the forger's server), and
 *   allowlist entries, checks turned off, a report URL. They are kept aside in the private store;
 *   the options page offers them through the import review (the person confirms each weakening
 *   there) or discards them; nothing else uses them.
 * - Dropped: the API key (a forger's key on the real service would put the person's URLs in the
 *   forger's account), and what a file never carries either (policy-only keys, budgets, the
 *   daily scan limit). The person enters the key again in the options page.
 * Pure. Examples: legacy-settings.examples.ts.
 */
import { planImport } from './import-plan';
import { defaultSettings, SETTINGS_VERSION, type Settings } from './settings';

export interface LegacySettingsMove {
  /** The settings record to store (current version), or null when nothing is moved. */
  moved: (Partial<Settings> & { version: number }) | null;
  /** Changes kept aside for the person (never applied), or null when there are none. */
  held: Partial<Settings> | null;
}

export function legacySettingsMove(raw: unknown): LegacySettingsMove {
  const planned = planImport(raw, defaultSettings(), []);
  if (!planned.ok) return { moved: null, held: null };
  const { patch, confirm } = planned.plan;
  const moved: Record<string, unknown> = {};
  const held: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(patch)) ((confirm as string[]).includes(k) ? held : moved)[k] = v;
  return {
    moved: Object.keys(moved).length ? { ...(moved as Partial<Settings>), version: SETTINGS_VERSION } : null,
    held: Object.keys(held).length ? (held as Partial<Settings>) : null,
  };
}
