/**
 * Replies are typed with their requests (page-tier.ts PageReplies, reply.ts ProtocolMap): the
 * sender's reply type follows from the message, and a map that misses or keeps one reply too
 * many does not compile. These are type assertions, checked by `npm run typecheck` (tsc covers
 * test/); the run-time part only proves the file loads.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { sendToBackground } from '@/src/shared/messaging/send';
import type { useRequest } from '@/src/ui/use-request';
import type { ProtocolMap, Reply, SettingsWriteData, TabStatusData } from '@/src/shared/messaging/protocol';

type Sent<M extends Parameters<typeof sendToBackground>[0]> = Awaited<ReturnType<typeof sendToBackground<M>>>;

describe('reply types follow from the request', () => {
  it('sendToBackground infers the reply of each message type', () => {
    expectTypeOf<Sent<{ type: 'tab.status'; tabId: number }>>().toEqualTypeOf<Reply<TabStatusData>>();
    expectTypeOf<Sent<{ type: 'settings.set'; patch: Record<string, unknown> }>>().toEqualTypeOf<
      Reply<SettingsWriteData>
    >();
    expectTypeOf<Sent<{ type: 'blocked.back'; token: string }>>().toEqualTypeOf<Reply<{ steps: number }>>();
  });

  it('useRequest hands back the same data type', () => {
    expectTypeOf<
      ReturnType<typeof useRequest<{ type: 'tab.status'; tabId: number }>>['data']
    >().toEqualTypeOf<TabStatusData | null>();
  });

  it('a reply map must name every request and nothing else', () => {
    type Req = { type: 'a'; x: number } | { type: 'b' };
    expectTypeOf<ProtocolMap<Req, { a: string; b: number }>['a']>().toEqualTypeOf<{
      request: { type: 'a'; x: number };
      reply: string;
    }>();
    // @ts-expect-error `b` has no reply
    type _Missing = ProtocolMap<Req, { a: string }>;
    // @ts-expect-error `c` is no request
    type _Extra = ProtocolMap<Req, { a: string; b: number; c: boolean }>;
  });
});
