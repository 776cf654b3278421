/**
 * Policy maxCreditsPerDay in the engine (docs/decisions/016-organizations.md): the budget is asked right before each URL
 * is submitted (single and batched), a URL over it is not sent, waits like one out of credits
 * (never dropped by its deadline, strict mode fails closed), the problem says why, and it leaves
 * once the budget allows, with its same Idempotency-Key. Real service, real budget counter.
 */
import { describe, it, expect } from 'vitest';
import { startWorker, waitFor, useLocalService, verdictUpdate } from '../harness/worker';
import { createDailyBudget, type BudgetState } from '@/src/background/reporting/credit-budget';
import { readLedger } from '@/src/background/state/ledger';
import { strictOutcome } from '@/src/shared/policy/strict';
import { JOB_DEADLINE_MS } from '@/src/background/engine/timing';
import { submittedUrls } from '../../../shared/service-log';
import { whenIdle } from '@/src/background/idle';

const svc = useLocalService({ processingDelayMs: 50, keepAliveMs: 100 });

function budget(limit: { n: number }) {
  let stored: BudgetState | undefined;
  return createDailyBudget({
    limit: async () => limit.n,
    load: async () => stored,
    save: async (s) => void (stored = s),
  });
}

describe('maxCreditsPerDay', () => {
  it('submits up to the limit; the next URL is not sent, waits like one out of credits, and leaves when the budget allows', async () => {
    const limit = { n: 2 };
    let clock = Date.now();
    const w = await startWorker(svc.baseUrl, svc.demoKey, { dailyBudget: budget(limit), now: () => clock });
    const [a, b, c] = ['http://one.example/', 'http://two.example/', 'http://phish-three.example/'];
    await w.engine.request(a, 'navigation');
    await w.engine.request(b, 'navigation');
    await waitFor(() => verdictUpdate(w, a) && verdictUpdate(w, b));
    await w.engine.request(c, 'navigation', 4);
    await waitFor(() => w.engine.problem()?.code === 'daily_budget');
    expect(w.engine.peek(c)).toMatchObject({ kind: 'checking', waiting: 'credits', lastError: 'daily_budget' });
    expect(submittedUrls(svc.log)).toEqual([a, b]);
    // Not recorded as sent: the privacy ledger lists only what left.
    expect((await readLedger()).map((e) => e.url)).not.toContain(c);
    // Strict mode with fail mode "block" fails closed, with its own reason.
    const strict = strictOutcome({
      settings: { strictMode: true, strictFailMode: 'block', strictTimeoutMs: 5000, auditOnly: false },
      status: w.engine.peek(c),
      problem: w.engine.problem(),
      elapsedMs: null,
    });
    expect(strict).toEqual({ action: 'block', reason: 'strict:daily-budget' });

    // Past the job deadline, a wake (resume) keeps it: nothing dropped, still nothing sent.
    clock += JOB_DEADLINE_MS + 60_000;
    await w.engine.resume();
    await whenIdle();
    expect(w.engine.peek(c)).toMatchObject({ kind: 'checking', waiting: 'credits' });
    expect(submittedUrls(svc.log)).toEqual([a, b]);

    // Room again (a new day, or a higher limit): the next wake sends it, once.
    limit.n = 3;
    await w.engine.resume();
    const v = await waitFor(() => verdictUpdate(w, c));
    expect(v.status.kind === 'verdict' && v.status.verdict.riskScore).toBe(88);
    expect(submittedUrls(svc.log)).toEqual([a, b, c]);
    expect(w.engine.problem()).toBeNull();
  });

  it('a batch of hovered links sends only what the budget allows; the rest wait', async () => {
    const limit = { n: 2 };
    const w = await startWorker(svc.baseUrl, svc.demoKey, { dailyBudget: budget(limit) });
    const urls = ['http://h1.example/', 'http://h2.example/', 'http://h3.example/', 'http://h4.example/'];
    for (const u of urls) await w.engine.request(u, 'hover', 3);
    await waitFor(() => verdictUpdate(w, urls[0]!) && verdictUpdate(w, urls[1]!));
    await waitFor(
      () =>
        w.engine.peek(urls[3]!).kind === 'checking' &&
        (w.engine.peek(urls[3]!) as { waiting?: string }).waiting === 'credits',
    );
    expect(submittedUrls(svc.log)).toEqual(urls.slice(0, 2));
    expect(w.engine.peek(urls[2]!)).toMatchObject({ kind: 'checking', waiting: 'credits', lastError: 'daily_budget' });
  });

  it('no limit (0) counts nothing and sends everything', async () => {
    const w = await startWorker(svc.baseUrl, svc.demoKey, { dailyBudget: budget({ n: 0 }) });
    for (const u of ['http://n1.example/', 'http://n2.example/', 'http://n3.example/'])
      await w.engine.request(u, 'navigation');
    await waitFor(() => submittedUrls(svc.log).length === 3);
    expect(w.engine.problem()).toBeNull();
  });

  it('a budget that cannot be read holds the URL back rather than overspend', async () => {
    const w = await startWorker(svc.baseUrl, svc.demoKey, {
      dailyBudget: { tryConsume: () => Promise.reject(new Error('storage gone')) },
    });
    await w.engine.request('http://broken.example/', 'navigation');
    await waitFor(() => w.engine.problem()?.code === 'daily_budget');
    expect(submittedUrls(svc.log)).toEqual([]);
  });

  it('a new worker life restores the daily-budget problem (not "out of credits") from the waiting job', async () => {
    const limit = { n: 0 };
    const shared = budget(limit);
    limit.n = 1;
    const w1 = await startWorker(svc.baseUrl, svc.demoKey, { dailyBudget: shared });
    await w1.engine.request('http://first.example/', 'navigation');
    await w1.engine.request('http://second.example/', 'navigation');
    // The first one's success after the second was held does not clear the problem: no room is left.
    await waitFor(
      () => verdictUpdate(w1, 'http://first.example/') && w1.engine.peek('http://second.example/').kind === 'checking',
    );
    expect(w1.engine.problem()).toMatchObject({ code: 'daily_budget' });
    w1.kill();
    const w2 = await startWorker(svc.baseUrl, svc.demoKey, { dailyBudget: shared });
    await w2.engine.resume();
    expect(w2.engine.problem()).toMatchObject({ code: 'daily_budget', fix: 'none' });
    expect(submittedUrls(svc.log)).toEqual(['http://first.example/']);
  });
});
