/**
 * What the options page lists as "Proceed anyway" exceptions and passes in force, and what
 * revoking one removes (docs/decisions/017-surfaces.md). Pure: the store (src/background/overrides/exceptions.ts) reads the
 * records and writes back what `revokeFromRecords` returns. Examples: exceptions-view.examples.ts.
 *
 * - An exception (host → until, -1 = until the browser restarts) is in force while it has not
 *   expired; a proceed pass (one URL in one tab, PASS_MS long) while it lives. Strict-mode
 *   'release' passes are the extension's own step, not something the person granted: not listed.
 * - Nothing is in force while the policy does not allow proceeding (allowProceed false): the
 *   checks ignore them then (net-rules.ts, navigation.ts), so the list says so too.
 * - Revoking a host ends its exception and every proceed pass for a URL on that exact host.
 */
import { parseWeb } from '../url/parse-web';
export interface ExceptionRecords {
  /** host → until (ms epoch), -1 = until the browser restarts. */
  exceptions: Readonly<Record<string, number>>;
  /** host → when the exception was granted (ms epoch); absent for records of older builds. */
  since: Readonly<Record<string, number>>;
  /** Pass key → expiry (`<kind> <tabId> <url>` or `<tabId> <url>`, exceptions.ts). */
  passes: Readonly<Record<string, number>>;
}

export interface ExceptionRow {
  kind: 'exception' | 'pass';
  host: string;
  /** A pass's URL (shown without credentials by the caller); null for a host exception. */
  url: string | null;
  /** When it was granted, null when unknown. */
  since: number | null;
  /** When it ends: ms epoch, or -1 for "when the browser restarts". */
  until: number;
}

const PASS_KEY = /^(?:(proceed|release) )?(\d+) (.+)$/s;

/** The host of a pass's URL, or null for anything that does not parse as an http(s) URL. */
const hostOf = (url: string): string | null => parseWeb(url)?.hostname ?? null;

interface ParsedPass {
  key: string;
  kind: 'proceed' | 'release';
  url: string;
  host: string | null;
  expiresAt: number;
}

function parsePasses(passes: Readonly<Record<string, number>>): ParsedPass[] {
  const out: ParsedPass[] = [];
  for (const [key, expiresAt] of Object.entries(passes)) {
    const m = PASS_KEY.exec(key);
    // A key without a kind is a proceed pass of an older build (net-rules.ts reads it so too).
    if (m)
      out.push({ key, kind: m[1] === 'release' ? 'release' : 'proceed', url: m[3]!, host: hostOf(m[3]!), expiresAt });
  }
  return out;
}

const valid = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** Exceptions and proceed passes in force at `now`, newest first (then by host). */
export function exceptionsInForce(
  r: ExceptionRecords,
  opts: { allowProceed: boolean; now: number; passMs: number },
): ExceptionRow[] {
  if (!opts.allowProceed) return [];
  const rows: ExceptionRow[] = [];
  for (const [host, until] of Object.entries(r.exceptions)) {
    if (!valid(until) || !(until === -1 || until > opts.now)) continue;
    const since = r.since[host];
    rows.push({ kind: 'exception', host, url: null, since: valid(since) ? since : null, until });
  }
  for (const p of parsePasses(r.passes)) {
    if (p.kind !== 'proceed' || !p.host || !valid(p.expiresAt) || p.expiresAt <= opts.now) continue;
    rows.push({ kind: 'pass', host: p.host, url: p.url, since: p.expiresAt - opts.passMs, until: p.expiresAt });
  }
  return rows.sort(
    (a, b) =>
      (b.since ?? -Infinity) - (a.since ?? -Infinity) || a.host.localeCompare(b.host) || a.kind.localeCompare(b.kind),
  );
}

/**
 * The records after revoking `host` (one host) or everything (`host` null): its exception and
 * every proceed pass to a URL on that host go. Release passes stay (strict mode's own step).
 */
export function revokeFromRecords(r: ExceptionRecords, host: string | null): ExceptionRecords & { removed: number } {
  const match = (h: string | null) => host === null || h === host;
  const exceptions: Record<string, number> = {};
  const since: Record<string, number> = {};
  const passes: Record<string, number> = {};
  let removed = 0;
  for (const [h, until] of Object.entries(r.exceptions)) {
    if (match(h)) removed++;
    else exceptions[h] = until;
  }
  for (const [h, at] of Object.entries(r.since)) if (!match(h)) since[h] = at;
  for (const p of parsePasses(r.passes)) {
    if (p.kind === 'proceed' && match(p.host)) removed++;
    else passes[p.key] = p.expiresAt;
  }
  // Keys that do not parse are kept as they were: not ours to judge here.
  for (const [k, v] of Object.entries(r.passes)) if (!PASS_KEY.test(k)) passes[k] = v;
  return { exceptions, since, passes, removed };
}
