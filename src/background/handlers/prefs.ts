/** The person's own preferences: settings, lists, pause, ledger, cache. */
import { ok, fail, type PageToBackground, type Reply, type SettingsData } from '@/src/shared/messaging/protocol';
import { migrateSettings } from '@/src/shared/policy/migrations';
import { registrableDomain } from '@/src/shared/url/site';
import type { App } from '../app';
import type { SettingsState } from '../state/settings-store';
import { setPause } from '../scan/pause';
import { clearLedger, readLedger } from '../state/ledger';

export function settingsData(st: SettingsState): SettingsData {
  const key = st.settings.apiKey;
  return {
    // The key itself never goes back to a page: options shows a hint and can replace it.
    settings: { ...st.settings, apiKey: '' },
    apiKeyHint: key ? `…${key.slice(-4)}` : null,
    managedKeys: st.managedKeys,
    lockAll: st.settings.lockAll,
    managedEntries: st.managedEntries,
  };
}

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

async function editList(app: App, list: 'allowlist' | 'blocklist', host: string, add: boolean): Promise<Reply> {
  const site = siteOf(host);
  if (!site) return fail('invalid_request', 'That is not a site name.');
  const st = await app.settings.get();
  const fromPolicy = st.managedEntries[list];
  if (!add && fromPolicy.includes(site)) return fail('locked', 'Set by your organization.');
  // Store only the person's own entries: the policy's are merged in at read time.
  const cur = st.settings[list].filter((x) => !fromPolicy.includes(x));
  const next = add ? [...new Set([...cur, site])] : cur.filter((x) => x !== site);
  const r = await app.settings.set({ [list]: next });
  if (r.refused[list]) return fail('locked', `Not changed: ${r.refused[list]}.`);
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
      return app.settings.set(m.patch).then((r) => {
        if ('serviceUrl' in m.patch || 'apiKey' in m.patch) app.engine.configChanged();
        return ok({ ...settingsData(r.state), refused: r.refused });
      });
    case 'settings.import': {
      let raw: unknown;
      try {
        raw = JSON.parse(m.json);
      } catch {
        return Promise.resolve(fail('invalid_request', 'The file is not valid JSON.'));
      }
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return Promise.resolve(fail('invalid_request', 'The file does not hold Linklens settings.'));
      const { settings, repaired } = migrateSettings(raw);
      // An imported file never carries or replaces the key, nor the policy-only lock.
      const { apiKey: _k, version: _v, lockAll: _l, ...patch } = settings;
      return app.settings.set(patch).then((r) => ok({ ...settingsData(r.state), refused: r.refused, repaired }));
    }
    case 'allowlist.add':
    case 'allowlist.remove':
      return editList(app, 'allowlist', m.host, m.type === 'allowlist.add');
    case 'blocklist.add':
    case 'blocklist.remove':
      return editList(app, 'blocklist', m.host, m.type === 'blocklist.add');
    case 'pause.set':
      return setPause(m.until).then(() => ok({ pausedUntil: m.until }));
    case 'ledger.get':
      return readLedger().then(ok);
    case 'ledger.clear':
      return clearLedger().then(() => ok({ cleared: true }));
    case 'cache.stats':
      // The whole cache may not be loaded yet after a wake (main.ts defers it): load it now.
      return app.cache.init().then(() => ok({ count: app.cache.count() }));
    case 'cache.clear':
      return app.cache.clear().then(() => ok({ count: 0 }));
    default:
      return null;
  }
}
