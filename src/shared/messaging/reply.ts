/**
 * The envelope every request is answered in, and the map that ties each request to its reply.
 * Plain types and two tiny helpers: no zod, so any context may import it.
 */

export interface ErrorInfo {
  /** Stable code: an api error code (network, unauthorized, ...) or a router code below. */
  code: string;
  message: string;
}
export type Reply<T = unknown> = { ok: true; data: T } | { ok: false; error: ErrorInfo };

/** Router-level error codes. */
export const ROUTER_ERRORS = {
  invalid: 'invalid_message',
  forbidden: 'forbidden_sender',
  internal: 'internal',
} as const;

export const ok = <T>(data: T): Reply<T> => ({ ok: true, data });
export const fail = (code: string, message: string): Reply<never> => ({ ok: false, error: { code, message } });

/**
 * Request type → the request and the data of its reply. `Replies` must name a reply for every
 * type of `Req` and for nothing else: a missing reply, or one left behind by a removed request,
 * is a compile error where the map is declared.
 */
export type ProtocolMap<
  Req extends { type: string },
  Replies extends { [K in Req['type']]: unknown } & { [K in Exclude<keyof Replies, Req['type']>]: never },
> = {
  [K in Req['type']]: { request: Extract<Req, { type: K }>; reply: Replies[K] };
};
