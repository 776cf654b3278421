/** The person's own preferences: settings, lists, pause, ledger, cache. */
import { ok, fail, type PageToBackground, type Reply, type SettingsImportData } from '@/src/shared/messaging/protocol';
import { normalizeHostEntry, registrableDomain } from '@/src/shared/url/site';
import { parsePersonListEntry } from '@/src/shared/url/list-entry';
import { HOST_ENTRY_PROBLEM_KEYS } from '@/src/shared/policy/import-words';
import type { App } from '../app';
import { setPause } from '../scan/pause';
import { clearLedger, readLedger } from '../state/ledger';
import { clearAudit, readAudit } from '../state/audit-log';
import { importSettings } from './import-settings';
import { settingsData } from './settings-data';
import { reportPause, setByPerson } from '../reporting/hooks';
import { say } from '../i18n';

/**
 * The entry to store for what the options page or the popup sent, or the reason it is refused
 * (parsePersonEntry: never a user name's trick, never a whole public suffix). 'host' keeps the
 * host as given (the popup's "Trust" defaults to it); 'site' widens to the registrable domain,
 * as the options page's lists do. A path entry (`example.com/login/*`) stays as written: it names
 * part of a site, and widening its host would name more than was typed.
 */
function entryOf(input: string, scope: 'host' | 'site'): { entry: string } | { refused: string } {
  const r = parsePersonListEntry(input);
  if ('error' in r) return { refused: say(HOST_ENTRY_PROBLEM_KEYS[r.error]) };
  return { entry: scope === 'host' || r.path ? r.text : registrableDomain(r.host) };
}

async function editList(app: App, list: 'allowlist' | 'blocklist', host: string, add: boolean, scope: 'host' | 'site' = 'site'): Promise<Reply> {
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
        reportPause(m.until); // docs/decisions/016-organizations.md
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
