/**
 * The blocked page learns what it shows through an opaque token, never from its query string
 * (docs/decisions/017-surfaces.md): a web page cannot craft a convincing blocked page of ours, and the URL of the
 * dangerous page is not echoed from attacker-controlled input. Tokens live in storage.session.
 *
 * Bounded: a page that navigates to blocked URLs in a loop would otherwise add
 * a token each time until storage.session's quota is full, and then the writes that exceptions,
 * passes and pause need would fail too. A token lives as long as its blocked page may still ask:
 * while its tab is open and it is among that tab's MAX_PER_TAB newest (the ones "Back" can reach),
 * and among the MAX_TOKENS newest overall; the tab closing drops its tokens. A dropped token reads
 * as "This warning has expired": the page stays blocked, nothing is opened.
 */
import { ignore } from '@/src/background/ignore';
import { z } from 'zod/mini';
import { intIn, pair } from '@/src/shared/zod-lean';
import { MAX_BACK_STEPS } from '@/src/shared/messaging/limits';
import type { Decision, Verdict } from '@/src/shared/verdict';
import { StoredRule } from '@/src/shared/policy/decision-rule';
import { readKey, writeKey, writeKeys, removeKeys, createMutex } from '../state/kv';

export const MAX_PER_TAB = 20;
export const MAX_TOKENS = 500;

export const TokenSchema = z.object({
  tabId: z.number(),
  rawUrl: z.string(),
  url: z.string(),
  host: z.string(),
  verdict: z.nullable(z.unknown()),
  /** `rule`: the rule that fired (decide.ts), shown in words on the blocked page (docs/decisions/017-surfaces.md). */
  decision: z.object({
    action: z.literal(['allow', 'annotate', 'warn', 'block']),
    reason: z.string(),
    rule: z.optional(StoredRule),
  }),
  pending: z.boolean(),
  createdAt: z.number(),
  /**
   * History entries "Go back" must skip: 2 when the blocked page had already loaded in the tab
   * (its entry sits behind ours and would only be blocked again), else 1. Absent (older tokens):
   * 1, where it is read.
   */
  backSteps: z.optional(intIn(1, MAX_BACK_STEPS)),
  /**
   * The first URL of the redirect chain (the link the person opened) when the blocked URL is a
   * later hop of it (docs/architecture.md, guarantees: a safe page redirecting to a bad one); absent otherwise.
   */
  firstUrl: z.optional(z.string()),
});
export type BlockedToken = Omit<z.infer<typeof TokenSchema>, 'verdict'> & { verdict: Verdict | null };

const key = (t: string) => `blocked:${t}`;

/**
 * Tokens this worker wrote whose storage write may still be under way: the redirect does not
 * wait for the write, and the blocked page's first question must still find its token.
 */
const writing = new Map<string, { data: BlockedToken; done: Promise<void> }>();

const INDEX_KEY = 'blocked:index';
/** [token, tabId] oldest first: which tokens exist, without reading them all. */
const IndexSchema = z.array(pair(z.string(), z.number()));
const indexMutex = createMutex();

/** Pure: which tokens to drop once `index` (oldest first) holds a new one. */
export function overBudget(
  index: ReadonlyArray<readonly [string, number]>,
  perTab = MAX_PER_TAB,
  total = MAX_TOKENS,
): string[] {
  const drop = new Set<string>();
  const perTabCount = new Map<number, number>();
  // Newest first: each tab keeps its `perTab` newest; then the `total` newest overall stay.
  let kept = 0;
  for (let i = index.length - 1; i >= 0; i--) {
    const [token, tabId] = index[i]!;
    const n = (perTabCount.get(tabId) ?? 0) + 1;
    perTabCount.set(tabId, n);
    if (n > perTab || kept >= total) drop.add(token);
    else kept++;
  }
  return [...drop];
}

function updateIndex(
  fn: (index: Array<[string, number]>) => {
    next: Array<[string, number]>;
    drop: string[];
    extra?: Record<string, unknown>;
  },
): Promise<void> {
  return indexMutex(async () => {
    const index = await readKey('session', INDEX_KEY, IndexSchema, []);
    const { next, drop, extra } = fn(index);
    await writeKeys('session', { ...extra, [INDEX_KEY]: next });
    if (drop.length) await removeKeys('session', drop.map(key));
  });
}

/**
 * Returns as soon as the token exists for this worker; `written` settles when storage holds it
 * (a restarted worker reads it from there).
 */
export function createToken(data: BlockedToken): { token: string; written: Promise<void> } {
  const token = crypto.randomUUID();
  const done = updateIndex((index) => {
    const withNew: Array<[string, number]> = [...index, [token, data.tabId]];
    const drop = overBudget(withNew);
    return { next: withNew.filter(([t]) => !drop.includes(t)), drop, extra: { [key(token)]: data } };
  }).finally(() => writing.delete(token));
  writing.set(token, { data, done });
  return { token, written: done };
}

/** The tab closed: its blocked pages cannot ask any more. */
export function dropTabTokens(tabId: number): Promise<void> {
  return updateIndex((index) => {
    const drop = index.filter(([, t]) => t === tabId).map(([token]) => token);
    return { next: index.filter(([, t]) => t !== tabId), drop };
  });
}

export async function readToken(token: string): Promise<BlockedToken | null> {
  if (!/^[0-9a-f-]{36}$/i.test(token)) return null;
  const pending = writing.get(token);
  if (pending) return pending.data;
  const v = await readKey('session', key(token), z.nullable(TokenSchema), null);
  return v as BlockedToken | null;
}

export async function updateToken(token: string, patch: Partial<BlockedToken>): Promise<void> {
  await writing.get(token)?.done.catch(ignore);
  // Under the index lock: a token dropped meanwhile is not written back (it would never go).
  await indexMutex(async () => {
    if (!(await readKey('session', INDEX_KEY, IndexSchema, [])).some(([t]) => t === token)) return;
    const cur = await readToken(token);
    if (cur) await writeKey('session', key(token), { ...cur, ...patch });
  });
}

export type { Decision };
