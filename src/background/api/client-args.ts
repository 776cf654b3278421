/**
 * The API client's argument checks and defaults (client.ts): what a caller or a stored setting
 * hands over is bounded here before it reaches a request or a URL path.
 */

/** Waits `ms`, or less when `signal` aborts (the default sleep of retries and the 429 pause). */
export const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });

/** A usable positive number, capped at `max`; else the fallback. */
export const positive = (v: number | undefined, fallback: number, max: number) =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.min(v, max) : fallback;

/** An id we will put in a path: a non-empty string of sane length. */
export const badId = (id: unknown) => typeof id !== 'string' || id.trim() === '' || id.length > 500;
