/**
 * "Proceed anyway" exceptions and one-shot passes. Kept in storage.session: it is cleared when
 * the browser restarts, which is exactly the default lifetime ("this host, until the browser
 * restarts"), and it survives the worker's death in between.
 *
 * Two kinds of pass: 'proceed' (the person chose "Open anyway" past a warning) and 'release'
 * (strict mode let the navigation through after its check). Exceptions and proceed passes exist
 * only while the policy allows proceeding: when a policy turns allowProceed off they stop
 * counting at once (the callers ask with `proceedAllowed`) and are cleared (endProceeding).
 */
import { z } from 'zod/mini';
import { dict } from '@/src/shared/zod-lean';
import { addPass, PASS_MS } from '@/src/shared/policy/passes';
import {
  exceptionsInForce,
  revokeFromRecords,
  type ExceptionRecords,
  type ExceptionRow,
} from '@/src/shared/policy/exceptions-view';
import { readKeyOrThrow, writeKeys, createMutex, dbGeneration } from '../state/kv';

const KEY = 'exceptions';
/** host → when its exception was granted (the options page says "since"); its own key, so the
 * exceptions record keeps the shape net-rules.ts and older builds read. */
const SINCE_KEY = 'exceptionsSince';
const PASS_KEY = 'passes';
// A one-shot pass (the blocked page's "Proceed anyway", strict-mode release) is valid PASS_MS;
// at most MAX_PASSES are live (src/shared/policy/passes.ts). Nothing a content script sends
// grants one (docs/decisions/001-content-tier.md).

export type PassKind = 'proceed' | 'release';

const Rec = dict(z.number());
const mutex = createMutex();

/**
 * This worker life's copy of the three records. The worker is their only writer (its pages ask
 * it; content scripts cannot reach storage.session), so after one read every question is
 * answered from memory: a block's redirect waits on no storage round trip (120–200 ms each
 * while a burst of tabs loads, though the burst's slowest verdict did not measurably move:
 * BENCHMARKS.md "Bursts of navigations at once"). Read again when the private store is replaced (a unit test's new worker
 * life: dbGeneration), and after a failed read or write.
 */
let copy: { gen: number; r: Promise<ExceptionRecords> } | null = null;
function records(): Promise<ExceptionRecords> {
  const gen = dbGeneration();
  if (copy?.gen !== gen) {
    const r = Promise.all([KEY, SINCE_KEY, PASS_KEY].map((k) => readKeyOrThrow('session', k, Rec, {}))).then(
      ([exceptions, since, passes]) => ({ exceptions: exceptions!, since: since!, passes: passes! }),
    );
    copy = { gen, r };
    r.catch(() => void (copy?.r === r && (copy = null)));
  }
  return copy.r;
}
/** For questions: a store that cannot be read grants nothing. */
const current = () => records().catch(() => ({ exceptions: {}, since: {}, passes: {} }) as ExceptionRecords);

/** Under the mutex, `r` as the writer read it: the copy takes the change at once (a revocation counts from now), then the store. */
async function save(r: ExceptionRecords, next: Partial<ExceptionRecords>): Promise<void> {
  copy = { gen: dbGeneration(), r: Promise.resolve({ ...r, ...next }) };
  try {
    await writeKeys('session', {
      ...(next.exceptions && { [KEY]: next.exceptions }),
      ...(next.since && { [SINCE_KEY]: next.since }),
      ...(next.passes && { [PASS_KEY]: next.passes }),
    });
  } catch (e) {
    copy = null;
    throw e;
  }
}

export async function hasException(host: string, now = Date.now()): Promise<boolean> {
  const exp = (await current()).exceptions[host];
  return exp !== undefined && (exp === -1 || exp > now);
}

/** `until` = -1 for "until the browser restarts". */
export function addException(host: string, until: number, now = Date.now()): Promise<void> {
  return mutex(async () => {
    const r = await records();
    await save(r, { exceptions: { ...r.exceptions, [host]: until }, since: { ...r.since, [host]: now } });
  });
}

/** Exceptions and proceed passes in force (options page), newest first; none while proceeding is not allowed. */
export async function exceptionsList(allowProceed: boolean, now = Date.now()): Promise<ExceptionRow[]> {
  return exceptionsInForce(await current(), { allowProceed, now, passMs: PASS_MS });
}

/**
 * Ends the exception and proceed passes of `host`, or all of them (null). The caller re-plans
 * the request-blocking rules (net-rules.ts) so the allow rules go with them. Returns how many ended.
 */
export function revokeExceptions(host: string | null): Promise<number> {
  return mutex(async () => {
    const r = await records();
    const { removed, ...after } = revokeFromRecords(r, host);
    await save(r, after);
    return removed;
  });
}

const passKey = (kind: PassKind, tabId: number, url: string) => `${kind} ${tabId} ${url}`;

export function grantPass(tabId: number, url: string, kind: PassKind = 'proceed', now = Date.now()): Promise<void> {
  return mutex(async () => {
    const r = await records();
    await save(r, { passes: addPass(r.passes, passKey(kind, tabId, url), now) });
  });
}

/**
 * Whether a pass is live. Not consumed on use: one navigation fires several events. A proceed
 * pass counts only while `proceedAllowed` (the policy's allowProceed).
 */
export const hasPass = (tabId: number, url: string, proceedAllowed: boolean, now = Date.now()): Promise<boolean> =>
  hasPassOf(tabId, url, { release: true, proceed: proceedAllowed }, now);

/** Whether a pass of a kind that counts (`kinds`, from proceed.ts grantsThrough) is live. */
export async function hasPassOf(
  tabId: number,
  url: string,
  kinds: Record<PassKind, boolean>,
  now = Date.now(),
): Promise<boolean> {
  const all = (await current()).passes;
  const live = (kind: PassKind) => {
    const exp = all[passKey(kind, tabId, url)];
    return exp !== undefined && exp > now;
  };
  return (kinds.release && live('release')) || (kinds.proceed && live('proceed'));
}

/**
 * A page the person proceeded to has committed in its tab: its proceed pass is used up (a pass
 * lets one navigation through; a later visit is checked, or let through by a host exception).
 * True when one was there.
 */
export function usePass(tabId: number, url: string): Promise<boolean> {
  return mutex(async () => {
    const r = await records();
    const key = passKey('proceed', tabId, url);
    if (r.passes[key] === undefined) return false;
    const passes = { ...r.passes };
    delete passes[key];
    await save(r, { passes });
    return true;
  });
}

/** The policy no longer allows proceeding: every exception and proceed pass ends now. */
export function endProceeding(): Promise<void> {
  return mutex(async () => {
    const r = await records();
    const passes = { ...r.passes };
    for (const k of Object.keys(passes)) if (k.startsWith('proceed ')) delete passes[k];
    await save(r, { passes, exceptions: {}, since: {} });
  });
}

/** Live and expired host exceptions, for the request-blocking rules (net-rules.ts drops expired ones). */
export async function listExceptions(): Promise<Array<{ host: string; until: number }>> {
  return Object.entries((await current()).exceptions).map(([host, until]) => ({ host, until }));
}

/**
 * Passes as `{tabId, url, expiresAt, kind?}`. Keys are `<tabId> <url>`, or `<kind> <tabId> <url>`
 * where passes carry their kind ('proceed' | 'release').
 */
export async function listPasses(): Promise<
  Array<{ tabId: number; url: string; expiresAt: number; kind?: 'proceed' | 'release' }>
> {
  const all = (await current()).passes;
  const out: Array<{ tabId: number; url: string; expiresAt: number; kind?: 'proceed' | 'release' }> = [];
  for (const [k, expiresAt] of Object.entries(all)) {
    const m = /^(?:(proceed|release) )?(\d+) (.+)$/s.exec(k);
    if (m)
      out.push({
        tabId: Number(m[2]),
        url: m[3]!,
        expiresAt,
        ...(m[1] ? { kind: m[1] as 'proceed' | 'release' } : {}),
      });
  }
  return out;
}
