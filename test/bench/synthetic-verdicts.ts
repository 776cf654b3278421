// Realistic verdicts for filling caches in the benchmarks: the local service's rule table (1 in 5
// flagged, with reasoning and indicators), read by the extension's own result parser.
import type { Verdict } from '@/src/shared/verdict';
import { bandOf } from '@/src/shared/verdict';
import { readScanResult } from '@/src/background/api/schemas';
import { verdictFor } from '../service/server';

const KEYWORDS = ['phish', 'scam', 'suspicious', 'malware'];

/** Verdict number `i` (distinct URL per i), checked at `checkedAt`. */
export function verdictAt(i: number, checkedAt: number): Verdict {
  const word = i % 5 === 0 ? `${KEYWORDS[(i / 5) % KEYWORDS.length]}-` : '';
  const url = `https://${word}site-${i}.example/path/${i}/page`;
  const v = verdictFor(url);
  if (v.outcome !== 'COMPLETED') throw new Error(`unexpected outcome for ${url}`);
  const r = readScanResult(v.result);
  if (!r) throw new Error(`the extension's parser refused the service result for ${url}`);
  const uuid = `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
  return { url, scanId: `scn_${uuid}`, ...r, band: bandOf(r.riskScore), checkedAt };
}

/** The verdict cache's storage entry for a verdict (verdict-cache.ts: key `v:<url>`, `{v, exp}`). */
export const cacheEntry = (v: Verdict, exp: number): [string, { v: Verdict; exp: number }] => [
  `v:${v.url}`,
  { v, exp },
];
