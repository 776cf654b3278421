/**
 * Where reports may go (issue 13 §1): https anywhere, plain http only to this machine, the same
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
import { isLoopbackHost } from '../url/loopback';

export function validateReportingUrl(raw: unknown): { ok: true; url: string } | { ok: false; reason: 'invalid_url' | 'not_https' } {
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
  u.hash = '';
  return { ok: true, url: u.href };
}

export const isReportingUrl = (raw: unknown): boolean => validateReportingUrl(raw).ok;
