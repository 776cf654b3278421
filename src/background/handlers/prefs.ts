/** The person's own preferences: settings, lists, pause, ledger, cache. */
import { ok, fail, type PageToBackground, type Reply, type SettingsImportData } from '@/src/shared/messaging/protocol';
import { normalizeHostEntry, registrableDomain } from '@/src/shared/url/site';
import type { App } from '../app';
import { setPause } from '../scan/pause';
import { clearLedger, readLedger } from '../state/ledger';
import { clearAudit, readAudit } from '../state/audit-log';
import { importSettings } from './import-settings';
import { settingsData } from './settings-data';
import { reportPause, setByPerson } from '../reporting/hooks';
import { say } from '../i18n';
import { readKey, removeKeys } from '../state/kv';
import { HELD_KEY } from '../state/legacy-local';
import { SETTINGS_VERSION } from '@/src/shared/policy/settings';
import { z } from 'zod/mini';
import { dict } from '@/src/shared/zod-lean';

/** A host typed or taken from a tab → the entry we store: its registrable domain ("site"). */
function siteOf(input: string): string | null {
  const s = input.trim().toLowerCase();
  let host = s;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(s) ? s : `http://${s}`).hostname;
  } catch {
    return null;
  }
  if (!host || host.length > 253) return null;
  return registrableDomain(host.replace(/\.$/, ''));
}

async function editList(app: App, list: 'allowlist' | 'blocklist', host: string, add: boolean, scope: 'host' | 'site' = 'site'): Promise<Reply> {
  // 'host' keeps the host as given (the popup's "Trust" defaults to it); 'site' widens to the
  // registrable domain, as the options page's lists do.
  const site = scope === 'host' ? normalizeHostEntry(host) : siteOf(host);
  if (!site) return fail('invalid_request', say('bg_notASite'));
  const st = await app.settings.get();
  // The person's entries are not in force, and the effective list below is the policy's alone:
  // editing it would overwrite the entries kept for when the policy changes.
  if (list === 'allowlist' && !st.settings.allowUserAllowlist) return fail('locked', say('bg_trustNotAllowed'));
  const fromPolicy = st.managedEntries[list];
  if (!add && fromPolicy.includes(site)) return fail('locked', say('bg_setByOrg'));
  // Store only the person's own entries: the policy's are merged in at read time.
  const cur = st.settings[list].filter((x) => !fromPolicy.includes(x));
  const next = add ? [...new Set([...cur, site])] : cur.filter((x) => x !== site);
  const r = await setByPerson(app.settings, scope === 'host' ? 'popup' : 'options', { [list]: next }); // issue 13: reported
  if (r.refused[list]) return fail('locked', say('bg_notChanged',  [r.refused[list]]));
  return ok(settingsData(r.state));
}

/**
 * Changes the request-blocking rules depend on (lists, thresholds, pause, the cache): the answer
 * waits until the browser holds the new rules, so a navigation right after it meets them.
 */
const RULE_CHANGES: ReadonlySet<string> = new Set(['settings.set', 'settings.import', 'allowlist.add', 'allowlist.remove', 'blocklist.add', 'blocklist.remove', 'pause.set', 'cache.clear']);

export function handlePrefs(app: App, m: PageToBackground): Promise<Reply> | null {
  const reply = dispatch(app, m);
  if (!reply || !RULE_CHANGES.has(m.type)) return reply;
  return reply.then(async (r) => {
    await app.netRules.syncNow();
    return r;
  });
}

function dispatch(app: App, m: PageToBackground): Promise<Reply> | null {
  switch (m.type) {
    case 'settings.get':
      return app.settings.get().then((st) => ok(settingsData(st)));
    case 'settings.set':
      return setByPerson(app.settings, 'options', m.patch, { rebindKey: m.rebindKey }).then((r) => {
        if ('serviceUrl' in m.patch || 'apiKey' in m.patch || m.rebindKey) app.engine.configChanged();
        return ok({ ...settingsData(r.state), refused: r.refused });
      });
    case 'settings.legacyHeld':
      // Shown to the person as a settings file would be: nothing of it applies until reviewed.
      return readKey('db', HELD_KEY, z.nullable(dict(z.unknown())), null).then((held) => ok({ json: held ? JSON.stringify({ version: SETTINGS_VERSION, ...held }) : null }));
    case 'settings.legacyHeld.clear':
      return removeKeys('db', HELD_KEY).then(() => ok({ cleared: true }));
    case 'settings.import':
      return importSettings(app, m.json, m.apply === true, m.confirm ?? []).then((r): Reply<SettingsImportData> => (r.ok ? ok(r.data) : r));
    case 'allowlist.add':
    case 'allowlist.remove':
      return editList(app, 'allowlist', m.host, m.type === 'allowlist.add', m.type === 'allowlist.add' ? m.scope : undefined);
    case 'blocklist.add':
    case 'blocklist.remove':
      return editList(app, 'blocklist', m.host, m.type === 'blocklist.add');
    case 'pause.set':
      // Resuming is always allowed; pausing only when the policy permits it (allowPause).
      return app.settings.get().then(async ({ settings: s }) => {
        if (m.until !== 0 && !s.allowPause) return fail('not_allowed', say('bg_pauseNotAllowed'));
        await setPause(m.until);
        reportPause(m.until); // issue 13
        return ok({ pausedUntil: m.until });
      });
    case 'ledger.get':
      return readLedger().then(ok);
    case 'ledger.clear':
      return clearLedger().then(() => ok({ cleared: true }));
    case 'audit.get':
      return readAudit().then(ok);
    case 'audit.clear':
      return clearAudit().then(() => ok({ cleared: true }));
    case 'cache.stats':
      // The whole cache may not be loaded yet after a wake (main.ts defers it): load it now.
      return app.cache.init().then(() => ok({ count: app.cache.count() }));
    case 'cache.clear':
      return app.cache.clear().then(() => ok({ count: 0 }));
    default:
      return null;
  }
}
