/**
 * Migration v0 → v1. Version 0 is the settings shape of the Linklens 0.0.x previews, stored
 * without a `version` field:
 *
 *   { apiUrl, key, hoverScan, navScan, threshold, whitelist, sendQuery }
 *
 * - `apiUrl`/`key`/`hoverScan`/`navScan` were renamed (serviceUrl, apiKey, scanHovers, scanNavigations).
 * - `threshold` was a single "warn at" score; v0 never blocked. It becomes warnThreshold, and
 *   blockThreshold is raised if needed so warning still comes before blocking.
 * - `whitelist` was one string of hosts separated by commas, spaces or new lines.
 * - `sendQuery` (true = send the query string) is the inverse of stripQuery.
 *
 * Keys that already carry v1 names pass through, so a version-less object written by v1 code
 * survives. Values are copied as they are: repair (repair.ts) validates every field afterwards.
 * Never throws on any input.
 */
import { DEFAULT_SETTINGS } from '../settings';

export function v0ToV1(v0: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...v0 };
  const rename: Array<[string, string]> = [
    ['apiUrl', 'serviceUrl'],
    ['key', 'apiKey'],
    ['hoverScan', 'scanHovers'],
    ['navScan', 'scanNavigations'],
  ];
  for (const [from, to] of rename) {
    if (from in out) {
      if (out[to] === undefined) out[to] = out[from];
      delete out[from];
    }
  }
  if ('threshold' in out) {
    const t = out.threshold;
    if (out.warnThreshold === undefined) out.warnThreshold = t;
    if (
      typeof t === 'number' &&
      Number.isInteger(t) &&
      t > DEFAULT_SETTINGS.blockThreshold &&
      out.blockThreshold === undefined
    ) {
      out.blockThreshold = Math.min(100, t);
    }
    delete out.threshold;
  }
  if ('whitelist' in out) {
    const w = out.whitelist;
    if (out.allowlist === undefined) {
      out.allowlist = typeof w === 'string' ? w.split(/[\s,]+/).filter((x) => x !== '') : w;
    }
    delete out.whitelist;
  }
  if ('sendQuery' in out) {
    if (out.stripQuery === undefined)
      out.stripQuery = typeof out.sendQuery === 'boolean' ? !out.sendQuery : out.sendQuery;
    delete out.sendQuery;
  }
  out.version = 1;
  return out;
}

/** A v0 object as the 0.0.x previews stored it (the chain test starts here). */
export const V0_EXAMPLE: Record<string, unknown> = {
  apiUrl: 'https://scan.example.org',
  key: 'sk_test_0123456789',
  hoverScan: false,
  navScan: true,
  threshold: 60,
  whitelist: 'intranet.example.com, docs.example.com\nwiki.example.com',
  sendQuery: true,
};

/** What V0_EXAMPLE must become after the whole chain and repair. */
export const V0_EXAMPLE_MIGRATED = {
  ...DEFAULT_SETTINGS,
  serviceUrl: 'https://scan.example.org',
  apiKey: 'sk_test_0123456789',
  scanHovers: false,
  scanNavigations: true,
  warnThreshold: 60,
  allowlist: ['intranet.example.com', 'docs.example.com', 'wiki.example.com'],
  stripQuery: false,
};
