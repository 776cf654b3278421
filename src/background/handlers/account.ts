/** Account features of the service for the options page: keys, credits, account settings, connection test. */
import { ok } from '@/src/shared/messaging/reply';
import type { ConnectionTestData } from '@/src/shared/messaging/page-data/account';
import type { App } from '../app';
import { validateBaseUrl } from '../api';
import { keyForService, serviceOrigin } from '@/src/shared/policy/key-binding';
import { say } from '../i18n';
import { failWith, replyOf, withApi } from './service-reply';
import type { PageHandlers } from './handler-map';

export const accountHandlers = {
  'connection.test': async (app, m) => ok(await testWithKeyFor(app, m.serviceUrl, m.apiKey)),
  'keys.list': (app) => withApi(app, async (api) => replyOf(await api.listKeys())),
  // The secret is in this one reply and is not kept anywhere by the background.
  'keys.create': (app, m) =>
    withApi(app, async (api) => replyOf(await api.createKey({ name: m.name, scopes: m.scopes }))),
  'keys.revoke': (app, m) => withApi(app, async (api) => replyOf(await api.revokeKey(m.id))),
  'credits.get': (app) =>
    withApi(app, async (api) => {
      const r = await api.getCredits();
      if (!r.ok) return failWith(r.error);
      await noteBalance(app, r.value.balance);
      return ok(r.value);
    }),
  'credits.purchase': (app, m) =>
    withApi(app, async (api) => {
      const r = await api.purchaseCredits(m.amount);
      if (!r.ok) return failWith(r.error);
      await noteBalance(app, r.value.balance ?? 1);
      return ok({ balance: r.value.balance, raw: r.value.raw });
    }),
  'account.get': (app) => withApi(app, async (api) => replyOf(await api.getSettings())),
  'account.put': (app, m) => withApi(app, async (api) => replyOf(await api.putSettings(m.settings))),
} satisfies Partial<PageHandlers>;

/**
 * Remember the balance; when credits are back, what waited for them is resubmitted. Not gated on
 * the engine's standing problem: a worker woken by this very message may not have restored it
 * yet, and creditsRestored only reads the jobs when nothing waits.
 */
export async function noteBalance(app: App, balance: number | null): Promise<void> {
  app.credits.last = balance;
  if (balance !== null && balance > 0) await app.engine.creditsRestored();
}

/**
 * An empty key field means "the stored key", which goes only to the origin it was entered for
 * (or, for the policy's key, the policy's service URL): a typed URL of another origin gets
 * nothing sent, and the person is told whose key it is (docs/decisions/008-key-binding.md).
 */
async function testWithKeyFor(app: App, serviceUrl: string, typedKey: string): Promise<ConnectionTestData> {
  if (typedKey.trim()) return testConnection(app, serviceUrl, typedKey);
  const st = await app.settings.get();
  const policy =
    st.managedKeys.includes('apiKey') || st.managedKeys.includes('serviceUrl') ? await policyCredentials(app) : {};
  const d = keyForService({ serviceUrl: serviceUrl.trim(), policy, stored: st.key.stored });
  if (d.source === 'none' && d.why === 'other-origin' && validateBaseUrl(serviceUrl.trim()).ok) {
    return {
      outcome: 'key_for_other_service',
      message: say('bg_keyOtherService', [d.keyOrigin ?? '—', serviceOrigin(serviceUrl) ?? '—']),
      keyOrigin: d.keyOrigin ?? null,
      serviceOrigin: serviceOrigin(serviceUrl),
    };
  }
  const result = await testConnection(app, serviceUrl, d.apiKey);
  // The key in use, asked at the service in use: its balance is the one the popup shows.
  if (
    result.outcome === 'connected' &&
    result.balance !== null &&
    serviceUrl.trim() === st.settings.serviceUrl &&
    d.apiKey === st.settings.apiKey
  )
    await noteBalance(app, result.balance);
  return result;
}

/** The policy's service URL and key as in effect now (the effective settings carry both). */
async function policyCredentials(app: App): Promise<{ serviceUrl?: string; apiKey?: string }> {
  const st = await app.settings.get();
  const fromPolicy = st.key.decision.source === 'policy';
  return {
    ...(st.managedKeys.includes('serviceUrl') ? { serviceUrl: st.settings.serviceUrl } : {}),
    ...(fromPolicy ? { apiKey: st.settings.apiKey } : {}),
  };
}

/**
 * Test connection with what the person typed (not yet saved). Sends nothing to a URL that is
 * not https (or http on loopback). Outcomes in protocol.ts ConnectionTestData.
 */
export async function testConnection(app: App, serviceUrl: string, apiKey: string): Promise<ConnectionTestData> {
  const v = validateBaseUrl(serviceUrl.trim());
  if (!v.ok) {
    return v.reason === 'not_https'
      ? { outcome: 'not_https', message: say('bg_urlNotHttps') }
      : { outcome: 'invalid_url', message: say('bg_urlInvalid') };
  }
  if (!apiKey.trim()) return { outcome: 'key_rejected', message: say('bg_enterKey') };
  const api = app.makeApi(v.url, apiKey.trim());
  const credits = await api.getCredits();
  if (!credits.ok) {
    const e = credits.error;
    if (e.code === 'unauthorized') return { outcome: 'key_rejected', message: e.message };
    if (e.code === 'network' || e.code === 'timeout') return { outcome: 'unreachable', message: e.message };
    if (e.code === 'bad_response' || e.code === 'not_found') return { outcome: 'bad_response', message: e.message };
    if (e.code !== 'forbidden') return { outcome: 'unreachable', message: e.message };
  }
  // Scope probe without spending credits: a scan request without a URL. A key lacking
  // SCAN_WRITE is refused (403) before the body is looked at; one that has it gets 400/422.
  const probe = await api.probeScanWrite();
  if (probe === 'forbidden') return { outcome: 'missing_scope', message: say('bg_keyMissingScope') };
  if (probe === 'unauthorized') return { outcome: 'key_rejected', message: say('bg_keyRejected') };
  return { outcome: 'connected', balance: credits.ok ? credits.value.balance : null, canScan: probe === 'allowed' };
}
