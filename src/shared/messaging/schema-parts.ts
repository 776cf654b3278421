/**
 * The pieces every message schema is built from (content-tier.ts, page-tier.ts, port-tier.ts).
 *
 * Unions of messages are z.union, not z.discriminatedUnion: every option's `type` literal is its
 * own, so both accept and refuse the same messages, and the worker does without zod's
 * discriminated union (1.9 kB of its bundle, docs/decisions/009-bundle-weight.md). z.union stops
 * at the first option that parses: each union lists its frequent messages first.
 */
import '../zod-config';
import { z } from 'zod/mini';
import { nonEmpty } from '../zod-lean';
import { MAX_URL_LENGTH } from './limits';

export const Url = nonEmpty(MAX_URL_LENGTH);
export const Id = nonEmpty(200);

/**
 * One message: `z.object({ type: z.literal(type), ...fields })`, written once. The worker's
 * bundle would spell out the object-and-literal call for each of the ~50 messages
 * (docs/decisions/009-bundle-weight.md). Not named `message` or `msg`: those read as message-key
 * lookups (test/unit/ui/locales.test.ts).
 */
export function ofType<const T extends string, F extends z.core.$ZodLooseShape = Record<never, never>>(
  type: T,
  fields?: F,
) {
  return z.object({ type: z.literal(type), ...(fields as F) });
}
