/**
 * A link's status from the statuses of its hops (docs/decisions/003-every-hop.md): the link itself (hops[0]),
 * then each URL read out of it (unwrap.ts) or, when allowed, what a shortener answered. The
 * link is as bad as its worst hop: a tracker's safe verdict never vouches for where it sends
 * you, and a destination's phishing verdict is the link's. Pure. Examples: link-hops.examples.ts.
 *
 * Worst first (ties: the earliest hop, so the link itself is named before what it leads to):
 *
 * | rank | hop status                                   | why here                                   |
 * |------|----------------------------------------------|--------------------------------------------|
 * | 7    | verdict or block list, decision `block`       | one bad hop makes the link bad             |
 * | 6    | verdict, decision `warn`                      |                                            |
 * | 5    | `checking` (a scan under way)                  | not known yet: never a made-up "safe"      |
 * | 4    | `failed`, `timed_out`, `error`                 | a hop we could not judge is not safe       |
 * | 3    | `unchecked` (nothing known, nothing sent)      | a safe wrapper says nothing of its target  |
 * | 2    | verdict, decision `annotate`                  |                                            |
 * | 1    | verdict, decision `allow`                     |                                            |
 * | 0    | `skipped` (private host, allow list, paused…) | not sent on purpose; the others decide     |
 *
 * So a link is "allowed" only when every hop that could be judged was judged and allowed.
 */
import type { UrlStatus } from '../verdict';

export function hopRank(st: UrlStatus): number {
  switch (st.kind) {
    case 'verdict':
    case 'blocklisted':
      return { block: 7, warn: 6, annotate: 2, allow: 1 }[st.decision.action] ?? 4;
    case 'checking':
      return 5;
    case 'failed':
    case 'timed_out':
    case 'error':
      return 4;
    case 'unchecked':
      return 3;
    case 'skipped':
      return 0;
    default:
      return 4;
  }
}

export interface CombinedHops {
  status: UrlStatus;
  /** Index of the hop the link's status comes from (0: the link itself). */
  hop: number;
}

/** `hops` non-empty; hops[0] is the link itself. An empty list is "nothing known". */
export function combineHops(hops: readonly UrlStatus[]): CombinedHops {
  let best: CombinedHops = { status: hops[0] ?? { kind: 'unchecked' }, hop: 0 };
  let bestRank = hops.length ? hopRank(best.status) : -1;
  for (let i = 1; i < hops.length; i++) {
    const r = hopRank(hops[i]!);
    if (r > bestRank) {
      best = { status: hops[i]!, hop: i };
      bestRank = r;
    }
  }
  return best;
}
