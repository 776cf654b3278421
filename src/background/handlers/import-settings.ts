/**
 * `settings.import` (docs/decisions/006-nothing-lost.md, docs/decisions/008-key-binding.md): plan first, apply only what the
 * file names, and only after the person confirmed every change that lowers protection or sends
 * more (src/shared/policy/import-plan.ts). List entries are read strictly there, and those refused
 * come back in the plan with their reason. The plan is made again when applying, against the
 * settings of that moment, so a confirmation covers exactly what is applied.
 */
import { ok, fail, type Reply, type SettingsImportData } from '@/src/shared/messaging/protocol';
import { confirmedAll, planImport } from '@/src/shared/policy/import-plan';
import type { Settings } from '@/src/shared/policy/settings';
import type { App } from '../app';
import type { SettingsState } from '../state/settings-store';
import { settingsData } from './settings-data';
import { say } from '../i18n';

/** The settings as the person has them: effective values, lists without the policy's entries. */
function ownSettings(st: SettingsState): Settings {
  const own = (list: 'allowlist' | 'blocklist') =>
    st.settings[list].filter((x) => !st.managedEntries[list].includes(x));
  return { ...st.settings, apiKey: '', allowlist: own('allowlist'), blocklist: own('blocklist') };
}

export async function importSettings(
  app: App,
  json: string,
  apply: boolean,
  confirm: readonly string[],
): Promise<Reply<SettingsImportData>> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return fail('invalid_request', say('bg_importNotJson'));
  }
  const st = await app.settings.get();
  const planned = planImport(raw, ownSettings(st), st.locked, st.key.stored.key ? st.key.stored.origin : null);
  if (!planned.ok) return fail('invalid_request', say('bg_importNotSettings'));
  const { plan } = planned;
  if (!apply || !confirmedAll(plan, confirm)) return ok({ plan, applied: false });
  if (!plan.changes.length) return ok({ plan, applied: true, result: settingsData(st) });
  // A new service URL never takes the key along: no rebindKey here (key-binding.ts).
  const r = await app.settings.set(plan.patch);
  if ('serviceUrl' in plan.patch) app.engine.configChanged();
  return ok({ plan, applied: true, result: { ...settingsData(r.state), refused: r.refused } });
}
