/**
 * "Pause protection" (popup): for an hour, or until the browser restarts. Kept in
 * storage.session so "until restart" ends by itself when the browser does.
 *
 * Every check asks whether protection is paused, so the stored value is read once per worker
 * life and then answered from memory: in a burst of navigations a storage.session read took
 * 70–200 ms on the way to each POST (BENCHMARKS.md "Bursts of navigations at once"). The copy stays true because
 * only setPause writes the key, and only the background calls it (content scripts cannot reach
 * storage.session in either browser: kv.ts); a new worker life reads storage again.
 */
import { z } from 'zod/mini';
import { readKey, writeKey } from '../state/kv';

const KEY = 'pausedUntil';

/** What storage holds, as this worker life last read or wrote it; null until first read. */
let copy: Promise<number | null> | null = null;

/** The stored value (ms epoch, -1, or null), from memory after the first read. */
function stored(): Promise<number | null> {
  // readKey never rejects: an unreadable value reads as "not paused" (protection stays on).
  copy ??= readKey('session', KEY, z.nullable(z.number()), null);
  return copy;
}

/** ms epoch, -1 for "until the browser restarts", or null when not paused. */
export async function pausedUntil(now = Date.now()): Promise<number | null> {
  const v = await stored();
  if (v === null) return null;
  if (v === -1 || v > now) return v;
  return null;
}

export const isPaused = async () => (await pausedUntil()) !== null;

/** until: ms epoch; null = until restart; 0 = resume now. */
export async function setPause(until: number | null): Promise<void> {
  const v = until === null ? -1 : until === 0 ? null : until;
  // While writing (and if the write fails), storage answers, not a copy that may be stale.
  copy = null;
  await writeKey('session', KEY, v);
  copy = Promise.resolve(v);
}

/** A new background life (and each test's fresh background) starts from what storage holds. */
export function forgetPauseCopy(): void {
  copy = null;
}
