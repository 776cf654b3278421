/**
 * "Proceed anyway" exceptions and one-shot passes. Kept in storage.session: it is cleared when
 * the browser restarts, which is exactly the default lifetime ("this host, until the browser
 * restarts"), and it survives the worker's death in between.
 */
import { z } from 'zod';
import { addPass } from '@/src/shared/policy/passes';
import { readKey, writeKey, createMutex } from '../state/kv';

const KEY = 'exceptions';
const PASS_KEY = 'passes';
// A one-shot pass (the blocked page's "Proceed anyway", strict-mode release) is valid PASS_MS;
// at most MAX_PASSES are live (src/shared/policy/passes.ts). Nothing a content script sends
// grants one (issue 11, hole 5).

const Rec = z.record(z.string(), z.number());
const mutex = createMutex();

export async function hasException(host: string, now = Date.now()): Promise<boolean> {
  const all = await readKey('session', KEY, Rec, {});
  const exp = all[host];
  return exp !== undefined && (exp === -1 || exp > now);
}

/** `until` = -1 for "until the browser restarts". */
export function addException(host: string, until: number): Promise<void> {
  return mutex(async () => {
    const all = await readKey('session', KEY, Rec, {});
    all[host] = until;
    await writeKey('session', KEY, all);
  });
}

const passKey = (tabId: number, url: string) => `${tabId} ${url}`;

export function grantPass(tabId: number, url: string, now = Date.now()): Promise<void> {
  return mutex(async () => {
    const all = await readKey('session', PASS_KEY, Rec, {});
    await writeKey('session', PASS_KEY, addPass(all, passKey(tabId, url), now));
  });
}

/** Whether a pass is live. Not consumed on use: one navigation fires several events. */
export async function hasPass(tabId: number, url: string, now = Date.now()): Promise<boolean> {
  const all = await readKey('session', PASS_KEY, Rec, {});
  const exp = all[passKey(tabId, url)];
  return exp !== undefined && exp > now;
}
