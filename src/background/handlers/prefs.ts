/** The person's own preferences: settings, lists, pause, ledger, cache. */
import { ok, fail, type Reply } from '@/src/shared/messaging/reply';
import type { PageType } from '@/src/shared/messaging/page-tier';
import type { SettingsData } from '@/src/shared/messaging/page-data/settings';
import { normalizeHostEntry, registrableDomain } from '@/src/shared/url/site';
import { parsePersonListEntry } from '@/src/shared/url/list-entry';
import { HOST_ENTRY_PROBLEM_KEYS } from '@/src/shared/policy/import-words';
import type { App } from '../app';
import { setPause } from '../overrides/pause';
import { clearLedger, readLedger } from '../state/ledger';
import { clearAudit, readAudit } from '../state/audit-log';
import { importSettings } from './import-settings';
import { settingsData } from './settings-data';
import { reportPause, setByPerson } from '../reporting/hooks';
import { say } from '../i18n';
import type { PageHandler, PageHandlers } from './handler-map';
import { readKey, removeKeys } from '../state/kv';
import { HELD_KEY } from '../state/legacy-local';
import { SETTINGS_VERSION } from '@/src/shared/policy/settings';
import { z } from 'zod/mini';
import { dict } from '@/src/shared/zod-lean';

/**
 * The entry to store for what the options page or the popup sent, or the reason it is refused
 * (parsePersonListEntry: never a user name's trick, never a whole public suffix). 'host' keeps the
 * host as given (the popup's "Trust" defaults to it); 'site' widens to the registrable domain,
 * as the options page's lists do. A path entry (`example.com/login/*`) stays as written: it names
 * part of a site, and widening its host would name more than was typed.
 */
function entryOf(input: string, scope: 'host' | 'site'): { entry: string } | { refused: string } {
  const r = parsePersonListEntry(input);
  if ('error' in r) return { refused: say(HOST_ENTRY_PROBLEM_KEYS[r.error]) };
  return { entry: scope === 'host' || r.path ? r.text : registrableDomain(r.host) };
}

async function editList(
  app: App,
  list: 'allowlist' | 'blocklist',
  host: string,
  add: boolean,
  scope: 'host' | 'site' = 'site',
): Promise<Reply<SettingsData>> {
  const st = await app.settings.get();
  // The person's entries are not in force, and the effective list below is the policy's alone:
  // editing it would overwrite the entries kept for when the policy changes.
  if (list === 'allowlist' && !st.settings.allowUserAllowlist) return fail('locked', say('bg_trustNotAllowed'));
  const fromPolicy = st.managedEntries[list];
  // Store only the person's own entries: the policy's are merged in at read time.
  const cur = st.settings[list].filter((x) => !fromPolicy.includes(x));
  let next: string[];
  if (add) {
    const e = entryOf(host, scope);
    if ('refused' in e) return fail('invalid_request', e.refused);
    next = [...new Set([...cur, e.entry])];
  } else {
    // Removal names an entry as the list shows it, which may predate strict reading (an old
    // import): it goes by its exact text, or by the host it stands for.
    if (fromPolicy.includes(host)) return fail('locked', say('bg_setByOrg'));
    const target = normalizeHostEntry(host);
    next = cur.filter((x) => x !== host && (target === null || normalizeHostEntry(x) !== target));
  }
  const r = await setByPerson(app.settings, scope === 'host' ? 'popup' : 'options', { [list]: next }); // docs/decisions/016-organizations.md: reported
  if (r.refused[list]) return fail('locked', say('bg_notChanged', [r.refused[list]]));
  return ok(settingsData(r.state));
}

/**
 * For changes the request-blocking rules depend on (lists, thresholds, pause, the cache): the
 * answer waits until the browser holds the new rules, so a navigation right after it meets them.
 */
function thenSyncRules<K extends PageType>(handle: PageHandler<K>): PageHandler<K> {
  return async (app, m, sender) => {
    const reply = await handle(app, m, sender);
    await app.netRules.syncNow();
    return reply;
  };
}

const cleared = () => ok({ cleared: true as const });

export const prefsHandlers = {
  'settings.get': async (app) => ok(settingsData(await app.settings.get())),
  'settings.set': thenSyncRules<'settings.set'>(async (app, m) => {
    const r = await setByPerson(app.settings, 'options', m.patch, { rebindKey: m.rebindKey });
    if ('serviceUrl' in m.patch || 'apiKey' in m.patch || m.rebindKey) app.engine.configChanged();
    return ok({ ...settingsData(r.state), refused: r.refused });
  }),
  'settings.legacyHeld': async () => {
    // Shown to the person as a settings file would be: nothing of it applies until reviewed.
    const held = await readKey('db', HELD_KEY, z.nullable(dict(z.unknown())), null);
    return ok({ json: held ? JSON.stringify({ version: SETTINGS_VERSION, ...held }) : null });
  },
  'settings.legacyHeld.clear': async () => {
    await removeKeys('db', HELD_KEY);
    return cleared();
  },
  'settings.import': thenSyncRules<'settings.import'>(async (app, m) => {
    const r = await importSettings(app, m.json, m.apply === true, m.confirm ?? []);
    return r.ok ? ok(r.data) : r;
  }),
  'allowlist.add': thenSyncRules<'allowlist.add'>((app, m) => editList(app, 'allowlist', m.host, true, m.scope)),
  'allowlist.remove': thenSyncRules<'allowlist.remove'>((app, m) => editList(app, 'allowlist', m.host, false)),
  'blocklist.add': thenSyncRules<'blocklist.add'>((app, m) => editList(app, 'blocklist', m.host, true)),
  'blocklist.remove': thenSyncRules<'blocklist.remove'>((app, m) => editList(app, 'blocklist', m.host, false)),
  // Resuming is always allowed; pausing only when the policy permits it (allowPause).
  'pause.set': thenSyncRules<'pause.set'>(async (app, m) => {
    const { settings: s } = await app.settings.get();
    if (m.until !== 0 && !s.allowPause) return fail('not_allowed', say('bg_pauseNotAllowed'));
    await setPause(m.until);
    reportPause(m.until); // docs/decisions/016-organizations.md
    return ok({ pausedUntil: m.until });
  }),
  'ledger.get': async () => ok(await readLedger()),
  'ledger.clear': async () => {
    await clearLedger();
    return cleared();
  },
  'audit.get': async () => ok(await readAudit()),
  'audit.clear': async () => {
    await clearAudit();
    return cleared();
  },
  // The whole cache may not be loaded yet after a wake (main.ts defers it): load it now.
  'cache.stats': async (app) => {
    await app.cache.init();
    return ok({ count: app.cache.count() });
  },
  'cache.clear': thenSyncRules<'cache.clear'>(async (app) => {
    await app.cache.clear();
    return ok({ count: 0 });
  }),
} satisfies Partial<PageHandlers>;
