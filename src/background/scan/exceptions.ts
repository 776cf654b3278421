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
import { exceptionsInForce, revokeFromRecords, type ExceptionRow } from '@/src/shared/policy/exceptions-view';
import { readKey, writeKey, removeKeys, createMutex } from '../state/kv';

const KEY = 'exceptions';
/** host → when its exception was granted (the options page says "since"); its own key, so the
 * exceptions record keeps the shape net-rules.ts and older builds read. */
const SINCE_KEY = 'exceptionsSince';
const PASS_KEY = 'passes';
// A one-shot pass (the blocked page's "Proceed anyway", strict-mode release) is valid PASS_MS;
// at most MAX_PASSES are live (src/shared/policy/passes.ts). Nothing a content script sends
// grants one (issue 11, hole 5).

export type PassKind = 'proceed' | 'release';

const Rec = dict(z.number());
const mutex = createMutex();

export async function hasException(host: string, now = Date.now()): Promise<boolean> {
  const all = await readKey('session', KEY, Rec, {});
  const exp = all[host];
  return exp !== undefined && (exp === -1 || exp > now);
}

/** `until` = -1 for "until the browser restarts". */
export function addException(host: string, until: number, now = Date.now()): Promise<void> {
  return mutex(async () => {
    const [all, since] = await Promise.all([readKey('session', KEY, Rec, {}), readKey('session', SINCE_KEY, Rec, {})]);
    all[host] = until;
    since[host] = now;
    await writeKey('session', KEY, all);
    await writeKey('session', SINCE_KEY, since);
  });
}

/** Exceptions and proceed passes in force (options page), newest first; none while proceeding is not allowed. */
export async function exceptionsList(allowProceed: boolean, now = Date.now()): Promise<ExceptionRow[]> {
  const [exceptions, since, passes] = await Promise.all([readKey('session', KEY, Rec, {}), readKey('session', SINCE_KEY, Rec, {}), readKey('session', PASS_KEY, Rec, {})]);
  return exceptionsInForce({ exceptions, since, passes }, { allowProceed, now, passMs: PASS_MS });
}

/**
 * Ends the exception and proceed passes of `host`, or all of them (null). The caller re-plans
 * the request-blocking rules (net-rules.ts) so the allow rules go with them. Returns how many ended.
 */
export function revokeExceptions(host: string | null): Promise<number> {
  return mutex(async () => {
    const [exceptions, since, passes] = await Promise.all([readKey('session', KEY, Rec, {}), readKey('session', SINCE_KEY, Rec, {}), readKey('session', PASS_KEY, Rec, {})]);
    const after = revokeFromRecords({ exceptions, since, passes }, host);
    await writeKey('session', KEY, after.exceptions);
    await writeKey('session', SINCE_KEY, after.since);
    await writeKey('session', PASS_KEY, after.passes);
    return after.removed;
  });
}

const passKey = (kind: PassKind, tabId: number, url: string) => `${kind} ${tabId} ${url}`;

export function grantPass(tabId: number, url: string, kind: PassKind = 'proceed', now = Date.now()): Promise<void> {
  return mutex(async () => {
    const all = await readKey('session', PASS_KEY, Rec, {});
    await writeKey('session', PASS_KEY, addPass(all, passKey(kind, tabId, url), now));
  });
}

/**
 * Whether a pass is live. Not consumed on use: one navigation fires several events. A proceed
 * pass counts only while `proceedAllowed` (the policy's allowProceed).
 */
export async function hasPass(tabId: number, url: string, proceedAllowed: boolean, now = Date.now()): Promise<boolean> {
  const all = await readKey('session', PASS_KEY, Rec, {});
  const live = (kind: PassKind) => {
    const exp = all[passKey(kind, tabId, url)];
    return exp !== undefined && exp > now;
  };
  return live('release') || (proceedAllowed && live('proceed'));
}

/** The policy no longer allows proceeding: every exception and proceed pass ends now. */
export function endProceeding(): Promise<void> {
  return mutex(async () => {
    const passes = await readKey('session', PASS_KEY, Rec, {});
    for (const k of Object.keys(passes)) if (k.startsWith('proceed ')) delete passes[k];
    await writeKey('session', PASS_KEY, passes);
    await removeKeys('session', [KEY, SINCE_KEY]);
  });
}

/** Live and expired host exceptions, for the request-blocking rules (net-rules.ts drops expired ones). */
export async function listExceptions(): Promise<Array<{ host: string; until: number }>> {
  const all = await readKey('session', KEY, Rec, {});
  return Object.entries(all).map(([host, until]) => ({ host, until }));
}

/**
 * Passes as `{tabId, url, expiresAt, kind?}`. Keys are `<tabId> <url>`, or `<kind> <tabId> <url>`
 * where passes carry their kind ('proceed' | 'release').
 */
export async function listPasses(): Promise<Array<{ tabId: number; url: string; expiresAt: number; kind?: 'proceed' | 'release' }>> {
  const all = await readKey('session', PASS_KEY, Rec, {});
  const out: Array<{ tabId: number; url: string; expiresAt: number; kind?: 'proceed' | 'release' }> = [];
  for (const [k, expiresAt] of Object.entries(all)) {
    const m = /^(?:(proceed|release) )?(\d+) (.+)$/s.exec(k);
    if (m) out.push({ tabId: Number(m[2]), url: m[3]!, expiresAt, ...(m[1] ? { kind: m[1] as 'proceed' | 'release' } : {}) });
  }
  return out;
}
