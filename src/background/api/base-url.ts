/**
 * Which service addresses the client will talk to (docs/decisions/015-api-client.md): https anywhere, plain http only to
 * this machine (127.0.0.0/8, ::1, localhost), so the API key never crosses a network in clear text.
 *
 *   "https://scan.example.com/"       → ok "https://scan.example.com"
 *   " https://scan.example.com/api/ " → ok "https://scan.example.com/api"
 *   "https://scan.example.com/v1"     → ok "https://scan.example.com" (paths already begin with /v1)
 *   "http://127.0.0.1:8080"           → ok "http://127.0.0.1:8080"
 *   "http://[::1]:3000/"              → ok "http://[::1]:3000"
 *   "http://localhost:3000"           → ok
 *   "http://scan.example.com"         → not_https
 *   "http://10.0.0.5"                 → not_https (private is not loopback)
 *   "ftp://x", "scan.example.com", "" → invalid_url
 *   "https://user:pw@x.com"           → invalid_url (credentials in a URL make fetch throw)
 *   "https://x.com/?a=1"              → invalid_url (a base address has no query)
 */
import { checkSecretEndpoint } from '@/src/shared/url/endpoint';

export function validateBaseUrl(
  raw: string,
): { ok: true; url: string } | { ok: false; reason: 'invalid_url' | 'not_https' } {
  const c = checkSecretEndpoint(raw);
  if (!c.ok) return c;
  // A base address has no query (the client appends paths and its own query).
  if (c.url.search) return { ok: false, reason: 'invalid_url' };
  // Spec "Versioning": every path begins with /v1, so a pasted ".../v1" base would double it.
  const path = c.url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return { ok: true, url: `${c.url.protocol}//${c.url.host}${path}` };
}

/** Loopback by name or address; shared with the reporting endpoint rule (docs/decisions/016-organizations.md). */
export { isLoopbackHost } from '@/src/shared/url/loopback';
