/**
 * Policy `maxCreditsPerDay` (docs/decisions/016-organizations.md): at most that many scans submitted per local calendar
 * day on this machine (0 = no limit). The count lives in storage so a worker restart does not
 * reset it. `tryConsume()` is called once per scan submission, just before the POST; false means
 * "over today's budget": the caller treats it like running out of credits (nothing is sent).
 */
import { localDay } from '@/src/shared/local-day';
import { ignore } from '@/src/background/ignore';
import { z } from 'zod/mini';
import { int, str } from '@/src/shared/zod-lean';

const StateSchema = z.object({ day: str(10), used: int().check(z.gte(0)) });
export type BudgetState = z.infer<typeof StateSchema>;

export interface BudgetDeps {
  limit(): Promise<number>;
  load(): Promise<unknown>;
  save(s: BudgetState): Promise<void>;
  now?: () => Date;
}

export function createDailyBudget(d: BudgetDeps) {
  const now = d.now ?? (() => new Date());
  let tail: Promise<unknown> = Promise.resolve();
  return {
    /** Counts one scan against today's budget; false (and nothing counted) when it is spent. */
    tryConsume(): Promise<boolean> {
      const run = tail.then(async () => {
        const limit = await d.limit();
        if (limit <= 0) return true;
        const today = localDay(now());
        // A count that cannot be read is not 0: it fails (the caller sends nothing) rather than overspend.
        const parsed = StateSchema.safeParse(await d.load());
        const used = parsed.success && parsed.data.day === today ? parsed.data.used : 0;
        if (used >= limit) return false;
        await d.save({ day: today, used: used + 1 });
        return true;
      });
      tail = run.catch(ignore);
      return run;
    },
  };
}
