/**
 * "Proceed anyway" exceptions and one-shot passes. Kept in storage.session: it is cleared when
 * the browser restarts, which is exactly the default lifetime ("this host, until the browser
 * restarts"), and it survives the worker's death in between.
 */
import { z } from 'zod';
import { readKey, writeKey, createMutex } from '../state/kv';

const KEY = 'exceptions';
const PASS_KEY = 'passes';
/** A one-shot pass (in-page "Open anyway", strict-mode release) is valid this long. */
export const PASS_MS = 15_000;

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
    for (const [k, exp] of Object.entries(all)) if (exp <= now) delete all[k];
    all[passKey(tabId, url)] = now + PASS_MS;
    await writeKey('session', PASS_KEY, all);
  });
}

/** Whether a pass is live. Not consumed on use: one navigation fires several events. */
export async function hasPass(tabId: number, url: string, now = Date.now()): Promise<boolean> {
  const all = await readKey('session', PASS_KEY, Rec, {});
  const exp = all[passKey(tabId, url)];
  return exp !== undefined && exp > now;
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
