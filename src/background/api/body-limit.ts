/**
 * Reads an answer's body as text up to a size limit, counting bytes as they arrive: a service (or
 * whatever answers at its address) that sends an endless or huge body is cut off at the limit,
 * its stream cancelled, instead of being read whole into the worker's memory first and measured
 * afterwards. A Content-Length above the limit is refused before anything is read.
 */

/** Nothing the spec describes comes close to this (a job, a list page, a batch of 100). */
export const MAX_BODY_BYTES = 5_000_000;

export type BodyRead =
  { ok: true; text: string } | { ok: false; reason: 'too_large'; limit: number } | { ok: false; reason: 'failed' };

export async function readBodyLimited(res: Response, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    return { ok: false, reason: 'too_large', limit };
  }
  if (!res.body) return { ok: true, text: '' };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > limit) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too_large', limit };
      }
      parts.push(decoder.decode(value, { stream: true }));
    }
    parts.push(decoder.decode());
    return { ok: true, text: parts.join('') };
  } catch {
    return { ok: false, reason: 'failed' };
  } finally {
    reader.releaseLock();
  }
}
