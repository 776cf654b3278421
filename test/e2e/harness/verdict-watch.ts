// Watches what the extension knows about a set of URLs while a test runs (links.lookup from an
// extension page, which never sends anything), so a verdict that is wrong for only a moment — a
// made-up "safe" later corrected — is still caught (docs/decisions/018-tests.md: "never shows a made-up safe").
import type { LinkInfo, LinksLookupData } from '../../../src/shared/messaging/protocol';

export interface VerdictWatch {
  /** Stops watching; resolves with every violation seen (deduplicated) and the rounds made. */
  stop(): Promise<{ violations: string[]; rounds: number }>;
}

/** links.lookup accepts at most this many URLs per message (protocol.ts MAX_BATCH is 500). */
const CHUNK = 400;

export async function lookupAll(
  read: (urls: string[]) => Promise<LinksLookupData>,
  urls: string[],
): Promise<LinksLookupData> {
  const out: LinksLookupData = {};
  for (let i = 0; i < urls.length; i += CHUNK) Object.assign(out, await read(urls.slice(i, i + CHUNK)));
  return out;
}

/**
 * Calls `judge` for every URL about every `everyMs` until stopped. `judge` returns a description
 * of what is wrong, or null. Lookup failures are violations too (the background must answer).
 */
export function watchVerdicts(
  read: (urls: string[]) => Promise<LinksLookupData>,
  urls: string[],
  judge: (url: string, info: LinkInfo | undefined) => string | null,
  everyMs = 250,
): VerdictWatch {
  const violations = new Set<string>();
  let rounds = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const known = await lookupAll(read, urls);
        for (const url of urls) {
          const problem = judge(url, known[url]);
          if (problem) violations.add(problem);
        }
        rounds++;
      } catch (error) {
        // The control page closing at the end of a test is not a finding; anything else is.
        if (running) violations.add(`links.lookup failed: ${String(error)}`);
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { violations: [...violations], rounds };
    },
  };
}

/**
 * The usual judge against the local service: a verdict must have the band the service's rule
 * table gives (so never a made-up "safe" for a phishing URL), and may only exist once the service
 * has COMPLETED a scan of that URL. `bandFor` gives the expected band (null: never completes).
 */
export function serviceJudge(
  completedUrls: () => ReadonlySet<string>,
  bandFor: (url: string) => string | null,
): (url: string, info: LinkInfo | undefined) => string | null {
  return (url, info) => {
    if (!info) return `${url}: links.lookup gave no answer`;
    if (info.status !== 'verdict') return null;
    const want = bandFor(url);
    if (info.band !== want) return `${url}: shown as ${info.band} (${info.riskScore}), the service says ${want}`;
    if (!completedUrls().has(url)) return `${url}: a verdict although the service completed no scan of it`;
    return null;
  };
}
