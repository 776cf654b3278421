/**
 * "Pause protection" (popup): for an hour, or until the browser restarts. Kept in
 * storage.session so "until restart" ends by itself when the browser does.
 */
import { z } from 'zod/mini';
import { readKey, writeKey } from '../state/kv';

const KEY = 'pausedUntil';

/** ms epoch, -1 for "until the browser restarts", or null when not paused. */
export async function pausedUntil(now = Date.now()): Promise<number | null> {
  const v = await readKey('session', KEY, z.nullable(z.number()), null);
  if (v === null) return null;
  if (v === -1 || v > now) return v;
  return null;
}

export const isPaused = async () => (await pausedUntil()) !== null;

/** until: ms epoch; null = until restart; 0 = resume now. */
export function setPause(until: number | null): Promise<void> {
  return writeKey('session', KEY, until === null ? -1 : until === 0 ? null : until);
}
