/**
 * Where reports may go (docs/decisions/016-organizations.md): https anywhere, plain http only to this machine, the same
 * rule as the scanning service (background/api/base-url.ts), so events and the reporting token
 * never cross a network in clear text. Unlike a service base URL, a reporting URL is a full
 * endpoint: its path and query are kept as given. Credentials in the URL are refused (the token
 * has its own key, and fetch throws on them).
 *
 *   "https://siem.example.com/linklens"      → ok
 *   "https://siem.example.com/in?src=ll"      → ok (query kept)
 *   "http://127.0.0.1:8080/events"            → ok
 *   "http://[::1]:9000/"                      → ok
 *   "http://siem.example.com/"                → not_https
 *   "https://u:p@siem.example.com/"           → invalid_url
 *   "ftp://x", "siem.example.com", ""          → invalid_url
 */
import { checkSecretEndpoint } from '../url/endpoint';

export function validateReportingUrl(
  raw: unknown,
): { ok: true; url: string } | { ok: false; reason: 'invalid_url' | 'not_https' } {
  const c = checkSecretEndpoint(raw);
  if (!c.ok) return c;
  c.url.hash = '';
  return { ok: true, url: c.url.href };
}

export const isReportingUrl = (raw: unknown): boolean => validateReportingUrl(raw).ok;
