/**
 * The shape of the background's handler maps: one handler per message type, answering with the
 * reply its request declares (page-tier.ts PageReplies, content-tier.ts ContentReplies). A map
 * typed `PageHandlers` that misses a type, or answers one with the wrong data, does not compile;
 * `joinHandlers` refuses a type handled by two groups. test/unit/background/protocol-convention.test.ts
 * checks the same at run time, through the router.
 */
import type { Reply } from '@/src/shared/messaging/reply';
import type { PageReply, PageRequest, PageType } from '@/src/shared/messaging/page-tier';
import type { App } from '../app';
import type { SenderLike } from '../sender';

export type PageHandler<K extends PageType> = (
  app: App,
  m: PageRequest<K>,
  sender?: SenderLike,
) => Promise<Reply<PageReply<K>>>;
export type PageHandlers = { [K in PageType]: PageHandler<K> };

/** The message types two or more groups handle (never when each type has one home). */
type HandledTwice<P extends readonly object[], Seen extends PropertyKey = never> = P extends readonly [
  infer H extends object,
  ...infer R extends readonly object[],
]
  ? (keyof H & Seen) | HandledTwice<R, Seen | keyof H>
  : never;
type Joined<P extends readonly object[]> = P extends readonly [infer H, ...infer R extends readonly object[]]
  ? H & Joined<R>
  : unknown;

/**
 * One map from groups of handlers (each `satisfies Partial<PageHandlers>` in its own module).
 * A type two groups handle is a compile error naming it (`handledTwice`): with a plain spread
 * the later group would silently win.
 */
export function joinHandlers<const P extends readonly object[]>(
  ...groups: P & ([HandledTwice<P>] extends [never] ? unknown : { handledTwice: HandledTwice<P> })
): Joined<P> {
  return Object.assign({}, ...groups) as Joined<P>;
}
