/**
 * The background's copy of the public suffix list: the packaged file public/psl.txt, read once
 * per worker life, starting when the worker starts (not on the first question), so the first
 * navigation after a wake rarely waits for it. Questions that need it wait for it: the router
 * (every message) and the checker (every URL) await whenSuffixTable(); a file that cannot be read
 * fails closed there (gate.ts rule 3, strict.ts 'strict:damaged'), never a guess.
 */
import { loadSuffixTable } from '@/src/shared/url/suffix-table';
import { assetUrl } from './i18n';

export const SUFFIX_LIST_FILE = '/psl.txt';

/** Fetches the packaged file; a non-2xx answer is a failure, not an empty list. */
export async function readPackagedSuffixList(fetchFn: typeof fetch = fetch): Promise<string> {
  const res = await fetchFn(assetUrl(SUFFIX_LIST_FILE));
  if (!res.ok) throw new Error(`${SUFFIX_LIST_FILE}: HTTP ${res.status}`);
  return res.text();
}

/** Starts the read (once per worker life); resolves when it ended either way. */
export function startSuffixList(read: () => Promise<string> = readPackagedSuffixList): Promise<void> {
  return loadSuffixTable(read);
}
