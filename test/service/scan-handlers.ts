/**
 * Handlers for the scan endpoints (spec table rows 4-7 and 9; row 8, events, is in events.ts).
 * Each scan costs one credit (spec "Limits": cost not shown; ours is 1), spent at creation.
 */
import { RULES } from './rules';
import { checkScanUrl, decodeCursor, encodeCursor, jobId, stateIndexAt, viewAt, viewNow, type Job } from './scans';
import { error, isObject, json, type JsonReply } from './http';
import { setBalance, type Ctx } from './state';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

function spend(ctx: Ctx, n: number): JsonReply | null {
  const { balance } = ctx.state.credits;
  if (balance < n) {
    // The balance beside the error, as a service may state it (the spec shows no error bodies).
    return json(402, {
      error: {
        code: 'insufficient_credits',
        message: `This needs ${n} credit(s); the balance is ${balance}. Buy more with POST /v1/credits/purchase.`,
      },
      balance,
    });
  }
  setBalance(ctx.state, balance - n);
  return null;
}

function newJob(ctx: Ctx, url: string): Job {
  const { state } = ctx;
  return state.scans.create(url, {
    now: ctx.now,
    delayMs: state.processingDelayMs,
    failScans: state.faults.failScans,
    intermediateStates: state.faults.intermediateStates,
  });
}

/** POST /v1/scans/ {url} → 201 job in QUEUED (spec rule 1, even when processing is instant). */
export function createScan(ctx: Ctx): JsonReply {
  if (!isObject(ctx.body)) return error(400, 'invalid_request', 'Body must be a JSON object with "url".');
  const checked = checkScanUrl(ctx.body.url);
  if (!checked.ok)
    return error(checked.status, checked.status === 400 ? 'invalid_request' : 'invalid_url', checked.message);
  const refused = spend(ctx, 1);
  if (refused) return refused;
  return json(201, viewAt(newJob(ctx, checked.url), 0));
}

/** POST /v1/scans/batch {urls: [...]} → 201 {data: [job...]} in request order; all or nothing. */
export function createBatch(ctx: Ctx): JsonReply {
  const urls = isObject(ctx.body) ? ctx.body.urls : undefined;
  if (!Array.isArray(urls) || urls.length === 0)
    return error(400, 'invalid_request', 'Body must be {"urls": [<url>, ...]} with at least one URL.');
  const max = ctx.state.maxBatch;
  if (urls.length > max) return error(413, 'batch_too_large', `A batch holds at most ${max} URLs; got ${urls.length}.`);
  const valid: string[] = [];
  for (const [i, u] of urls.entries()) {
    const checked = checkScanUrl(u);
    if (!checked.ok)
      return error(
        checked.status,
        checked.status === 400 ? 'invalid_request' : 'invalid_url',
        `urls[${i}]: ${checked.message}`,
      );
    valid.push(checked.url);
  }
  const refused = spend(ctx, valid.length);
  if (refused) return refused;
  return json(201, { data: valid.map((u) => viewAt(newJob(ctx, u), 0)) });
}

/** GET /v1/scans/?limit=&cursor= → {data: [jobs newest first], nextCursor}. */
export function listScans(ctx: Ctx): JsonReply {
  const q = ctx.url.searchParams;
  const limitText = q.get('limit');
  const limit =
    limitText === null || limitText === '' ? DEFAULT_LIMIT : /^\d{1,4}$/.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT))
    return error(400, 'invalid_request', `"limit" must be an integer from 1 to ${MAX_LIMIT}.`);
  const cursor = q.get('cursor');
  const before = cursor === null || cursor === '' ? Infinity : decodeCursor(cursor);
  if (before === null) return error(400, 'invalid_request', '"cursor" is not a cursor this service gave out.');
  const { jobs, nextBefore } = ctx.state.scans.page(limit, before);
  return json(200, {
    data: jobs.map((j) => viewNow(j, ctx.now)),
    nextCursor: nextBefore === null ? null : encodeCursor(nextBefore),
  });
}

export function findJob(ctx: Ctx): Job | JsonReply {
  const id = ctx.params.id ?? '';
  const job = ctx.state.scans.find(id, ctx.state.idMode);
  if (job) return job;
  const hint = ctx.state.idMode === 'both' ? '' : ` (this service accepts the ${ctx.state.idMode} id form)`;
  return error(404, 'not_found', `No scan with id ${JSON.stringify(id.slice(0, 80))}${hint}.`);
}

const isJob = (v: Job | JsonReply): v is Job => 'uuid' in v;

/** GET /v1/scans/{id} */
export function getScan(ctx: Ctx): JsonReply {
  const found = findJob(ctx);
  return isJob(found) ? json(200, viewNow(found, ctx.now)) : found;
}

/** GET /v1/scans/{id}/analytics (shape not shown by the spec; ours, README "Analytics"). */
export function scanAnalytics(ctx: Ctx): JsonReply {
  const found = findJob(ctx);
  if (!isJob(found)) return found;
  const job = found;
  const index = stateIndexAt(job, ctx.now);
  const started = job.timeline[1];
  const last = job.timeline[job.timeline.length - 1]!;
  const reachedStart = index >= 1 && started !== undefined;
  const done = index === job.timeline.length - 1;
  return json(200, {
    scanId: jobId(job),
    url: job.url,
    state: job.timeline[index]?.state,
    engine: 'local-rules-1',
    // Time spent QUEUED, and from creation to the terminal state; null until reached.
    queueMs: reachedStart ? started.at - job.createdMs : null,
    processingMs: done ? last.at - job.createdMs : null,
    creditsSpent: 1,
    checks: {
      rulesEvaluated: RULES.length,
      matchedRule: done ? job.verdict.rule : null,
      states: job.timeline.slice(0, index + 1).map((t) => t.state),
    },
  });
}
