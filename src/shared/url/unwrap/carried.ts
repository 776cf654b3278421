/**
 * Stripping the query of the destination a wrapper carries in its PATH. Query stripping
 * (`stripQuery`, normalize.ts) keeps a URL's query from being sent: for most wrappers that also
 * removes the destination (it is a query parameter), and the destination is then sent as a hop
 * of its own, stripped the same way. Cisco Secure Email and Amazon SES write the destination in
 * the path instead (`secure-web.cisco.com/<token>/https%3A%2F%2Fbank.example%2Freset%3Ftoken%3D…`),
 * where stripping the wrapper's query would leave the destination's query (a reset token, a
 * session id) in what is sent. So with stripping on, the destination written in the path is
 * written again without its query and fragment; a destination that cannot be read is left as
 * it is (the wrapper is then judged as the URL it is).
 */
import { wrapperRuleFor } from './wrappers';

/** Changes `u` in place (only its path); does nothing for other URLs. */
export function stripCarriedQuery(u: URL): void {
  const rule = wrapperRuleFor(u);
  const span = rule?.carried?.(u);
  if (!rule || !span) return;
  const read = rule.read(u);
  if (!read.ok) return;
  const bare = new URL(read.url.href);
  bare.search = '';
  bare.hash = '';
  u.pathname = u.pathname.slice(0, span.start) + encodeURIComponent(bare.href) + u.pathname.slice(span.end);
}
