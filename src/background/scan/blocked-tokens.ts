/**
 * The blocked page learns what it shows through an opaque token, never from its query string
 * (issue 5): a web page cannot craft a convincing blocked page of ours, and the URL of the
 * dangerous page is not echoed from attacker-controlled input. Tokens live in storage.session.
 */
import { z } from 'zod';
import type { Decision, Verdict } from '@/src/shared/verdict';
import { readKey, writeKey, removeKeys } from '../state/kv';

export const TokenSchema = z.object({
  tabId: z.number(),
  rawUrl: z.string(),
  url: z.string(),
  host: z.string(),
  verdict: z.unknown().nullable(),
  decision: z.object({ action: z.enum(['allow', 'annotate', 'warn', 'block']), reason: z.string() }),
  pending: z.boolean(),
  createdAt: z.number(),
  /**
   * History entries "Go back" must skip: 2 when the blocked page had already loaded in the tab
   * (its entry sits behind ours and would only be blocked again), else 1.
   */
  backSteps: z.number().int().min(1).max(2).default(1),
  /**
   * The first URL of the redirect chain (the link the person opened) when the blocked URL is a
   * later hop of it (issue 10: a safe page redirecting to a bad one); absent otherwise.
   */
  firstUrl: z.string().optional(),
});
export type BlockedToken = Omit<z.infer<typeof TokenSchema>, 'verdict' | 'backSteps'> & { verdict: Verdict | null; backSteps?: number };

const key = (t: string) => `blocked:${t}`;

/**
 * Tokens this worker wrote whose storage write may still be under way: the redirect does not
 * wait for the write, and the blocked page's first question must still find its token.
 */
const writing = new Map<string, { data: BlockedToken; done: Promise<void> }>();

/**
 * Returns as soon as the token exists for this worker; `written` settles when storage holds it
 * (a restarted worker reads it from there).
 */
export function createToken(data: BlockedToken): { token: string; written: Promise<void> } {
  const token = crypto.randomUUID();
  const done = writeKey('session', key(token), data).finally(() => writing.delete(token));
  writing.set(token, { data, done });
  return { token, written: done };
}

export async function readToken(token: string): Promise<BlockedToken | null> {
  if (!/^[0-9a-f-]{36}$/i.test(token)) return null;
  const pending = writing.get(token);
  if (pending) return pending.data;
  const v = await readKey('session', key(token), TokenSchema.nullable(), null);
  return v as BlockedToken | null;
}

export async function updateToken(token: string, patch: Partial<BlockedToken>): Promise<void> {
  await writing.get(token)?.done.catch(() => undefined);
  const cur = await readToken(token);
  if (cur) await writeKey('session', key(token), { ...cur, ...patch });
}

export const dropToken = (token: string) => removeKeys('session', key(token));

export type { Decision };
