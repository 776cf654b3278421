/**
 * "This machine" by name or address: the one place plain http is acceptable for Linklens' own
 * outgoing requests (the scanning service, base-url.ts; the reporting endpoint,
 * shared/reporting/endpoint.ts). Pure. `hostname` is as URL parses it (IPv6 in brackets, IPv4
 * canonical), so `127.1` has already become `127.0.0.1`.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost') return true;
  if (h === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
