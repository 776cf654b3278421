/**
 * The one rule for addresses Linklens sends a secret to (the scanning service with the API key,
 * the organization's reporting endpoint with its token): http(s) only, no credentials in the URL,
 * and plain http only to this machine, so a secret never crosses a network in clear text.
 * Callers add their own shape rules (a service base has no query; a reporting URL keeps it).
 *
 *   "https://x.example/a?b=1" → ok (URL)      "http://127.0.0.1:8080/" → ok
 *   "http://x.example/"       → not_https      "ftp://x", "x.example", "https://u:p@x.example/" → invalid_url
 */
import { isLoopbackHost } from './loopback';

export type EndpointCheck = { ok: true; url: URL } | { ok: false; reason: 'invalid_url' | 'not_https' };

export function checkSecretEndpoint(raw: unknown): EndpointCheck {
  if (typeof raw !== 'string') return { ok: false, reason: 'invalid_url' };
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'invalid_url' };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { ok: false, reason: 'invalid_url' };
  if (!u.hostname || u.username || u.password) return { ok: false, reason: 'invalid_url' };
  if (u.protocol === 'http:' && !isLoopbackHost(u.hostname)) return { ok: false, reason: 'not_https' };
  return { ok: true, url: u };
}
