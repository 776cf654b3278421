/**
 * Navigations through a known link wrapper, held by the browser's own request blocking
 * (shared/policy/wrapper-holds.ts) until every hop is judged (docs/decisions/003-every-hop.md). The hold's
 * steps are pure (holdStep); waiting for a hop's verdict listens to the engine.
 */
import type { UrlStatus } from '@/src/shared/verdict';
import { wrapperRuleFor } from '@/src/shared/url/unwrap/wrappers';
import type { WindowKind } from '@/src/shared/window-kind';
import type { ScanEngine } from '../engine/engine';
import type { LinkChecker, LinkOutcome } from '../checks/link-check';
import { parseWeb } from '@/src/shared/url/parse-web';

/**
 * How long a held navigation waits for its hops' verdicts. Past it, the navigation goes on
 * (strict mode then holds it on the blocked page like any slow check: checkHop), and a late
 * verdict still acts on the tab through its redirect chain.
 */
export const HOLD_TIMEOUT_MS = 20_000;

const blocks = (st: UrlStatus) =>
  (st.kind === 'verdict' || st.kind === 'blocklisted') && st.decision.action === 'block';

/**
 * | the link's hops now                         | step      |
 * |---------------------------------------------|-----------|
 * | the worst hop blocks                        | 'block'   |
 * | a hop is still being scanned, time is left  | 'wait'    |
 * | otherwise (all judged, or time is up)       | 'release' |
 */
export function holdStep(o: Pick<LinkOutcome, 'status' | 'hops'>, timedOut: boolean): 'block' | 'wait' | 'release' {
  if (blocks(o.status)) return 'block';
  if (!timedOut && o.hops.some((h) => h.status.kind === 'checking')) return 'wait';
  return 'release';
}

/** Is this main-frame URL one the wrapper-hold rules stop? (A known wrapper of the table.) */
export function isHeldWrapper(raw: string): boolean {
  const u = parseWeb(raw);
  return u !== null && wrapperRuleFor(u) !== null;
}

/** Resolves when any of `urls` gets a settled status (not 'checking'), or after `ms`. */
export function createHopWaiter(engine: ScanEngine) {
  const waiters = new Map<string, Set<() => void>>();
  engine.onUpdate((url, status) => {
    if (status.kind === 'checking') return;
    const set = waiters.get(url);
    waiters.delete(url);
    for (const wake of set ?? []) wake();
  });
  return {
    next(urls: readonly string[], ms: number): Promise<void> {
      return new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          for (const u of urls) waiters.get(u)?.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.max(0, ms));
        for (const u of urls) {
          const set = waiters.get(u) ?? new Set();
          set.add(wake);
          waiters.set(u, set);
        }
      });
    },
  };
}

export type HopWaiter = ReturnType<typeof createHopWaiter>;

export interface HoldDeps {
  links: LinkChecker;
  waiter: HopWaiter;
  windowKind: (tabId: number) => Promise<WindowKind>;
  /** A pass for this tab and URL is live: the hold let it through already. */
  passed: (tabId: number, raw: string) => Promise<boolean>;
  /** Blocked page for the bad hop (navigation.ts actThrough). */
  block: (tabId: number, raw: string, o: LinkOutcome) => Promise<unknown>;
  /** The tab still stands on this navigation, and nothing blocked it meanwhile. */
  stillOn: (tabId: number, raw: string) => Promise<boolean>;
  /** One-time pass, rules in step, then the wrapper again. */
  release: (tabId: number, raw: string) => Promise<void>;
  now?: () => number;
}

/**
 * A navigation the wrapper-hold rules stopped: judged through every hop read by known wrappers
 * (no guesses: knownOnly), waiting for verdicts up to HOLD_TIMEOUT_MS; then the blocked page for
 * a bad hop, or the wrapper again with a one-time pass.
 */
export async function holdThroughWrapper(d: HoldDeps, tabId: number, raw: string): Promise<void> {
  // Already let through once: this failure is the network's (no answer), not the hold's.
  if (await d.passed(tabId, raw)) return;
  const now = d.now ?? Date.now;
  const windowKind = await d.windowKind(tabId);
  const deadline = now() + HOLD_TIMEOUT_MS;
  let o = await d.links.check(raw, 'navigation', { tabId, windowKind, knownOnly: true });
  while (holdStep(o, now() >= deadline) === 'wait') {
    await d.waiter.next(
      o.hops.filter((h) => h.url && h.status.kind === 'checking').map((h) => h.url!),
      deadline - now(),
    );
    o = await d.links.lookup(raw, { windowKind, knownOnly: true });
  }
  if (holdStep(o, true) === 'block') {
    await d.block(tabId, raw, o);
    return;
  }
  if (await d.stillOn(tabId, raw)) await d.release(tabId, raw);
}
