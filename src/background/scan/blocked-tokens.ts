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
});
export type BlockedToken = Omit<z.infer<typeof TokenSchema>, 'verdict' | 'backSteps'> & { verdict: Verdict | null; backSteps?: number };

const key = (t: string) => `blocked:${t}`;

export async function createToken(data: BlockedToken): Promise<string> {
  const token = crypto.randomUUID();
  await writeKey('session', key(token), data);
  return token;
}

export async function readToken(token: string): Promise<BlockedToken | null> {
  if (!/^[0-9a-f-]{36}$/i.test(token)) return null;
  const v = await readKey('session', key(token), TokenSchema.nullable(), null);
  return v as BlockedToken | null;
}

export async function updateToken(token: string, patch: Partial<BlockedToken>): Promise<void> {
  const cur = await readToken(token);
  if (cur) await writeKey('session', key(token), { ...cur, ...patch });
}

export const dropToken = (token: string) => removeKeys('session', key(token));

export type { Decision };
