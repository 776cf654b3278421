// Polling wait for browser tests: state lives in the browser and the service, not in events we get.
/** Polls until `read()` satisfies `ok`, or throws with the last value after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 15_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
