/**
 * Scan jobs. A job's whole life is fixed when it is created: a timeline of (state, time) entries,
 * QUEUED first, then any intermediate states (fault), then COMPLETED or FAILED. The state at any
 * moment is computed from the clock, so there are no timers to leak and GET, events and the list
 * always agree. Spec "Scan job": id returned prefixed, createdAt ISO 8601 UTC with milliseconds.
 */
import { randomUUID } from 'node:crypto';
import { verdictFor, type Verdict } from './rules';
import type { IdMode, ScanSummary } from './types';

export const ID_PREFIX = 'scn_';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const BARE_RE = new RegExp(`^${UUID}$`, 'i');
const PREFIXED_RE = new RegExp(`^${ID_PREFIX}(${UUID})$`, 'i');

export interface Job {
  uuid: string;
  /** Creation order; the list is newest first and its cursor is a sequence number. */
  seq: number;
  url: string;
  createdMs: number;
  timeline: Array<{ state: string; at: number }>;
  verdict: Verdict;
}

export interface CreateOptions {
  now: number;
  delayMs: number;
  failScans: boolean;
  intermediateStates: string[];
}

export const jobId = (job: Job): string => `${ID_PREFIX}${job.uuid}`;

/** Which id forms a path parameter may take under each mode (README "Id modes"). */
export function idForm(pathId: string): { form: 'bare' | 'prefixed'; uuid: string } | null {
  if (BARE_RE.test(pathId)) return { form: 'bare', uuid: pathId.toLowerCase() };
  const m = PREFIXED_RE.exec(pathId);
  return m?.[1] ? { form: 'prefixed', uuid: m[1].toLowerCase() } : null;
}

export function isTerminal(state: string): boolean {
  return state === 'COMPLETED' || state === 'FAILED';
}

/** Index of the timeline entry in force at `now` (the last one whose time has come). */
export function stateIndexAt(job: Job, now: number): number {
  let i = 0;
  while (i + 1 < job.timeline.length && (job.timeline[i + 1]?.at ?? Infinity) <= now) i++;
  return i;
}

/** The job as the API shows it when it is in timeline entry `index`. */
export function viewAt(job: Job, index: number): Record<string, unknown> {
  const entry = job.timeline[index] ?? job.timeline[0]!;
  const terminal = isTerminal(entry.state);
  const view: Record<string, unknown> = {
    id: jobId(job),
    url: job.url,
    state: entry.state,
    createdAt: new Date(job.createdMs).toISOString(),
    completedAt: terminal ? new Date(entry.at).toISOString() : null,
  };
  if (terminal && job.verdict.outcome === 'COMPLETED') view.result = structuredClone(job.verdict.result);
  if (terminal && job.verdict.outcome === 'FAILED') view.error = { ...job.verdict.error };
  return view;
}

export const viewNow = (job: Job, now: number): Record<string, unknown> => viewAt(job, stateIndexAt(job, now));

export class ScanStore {
  private readonly byUuid = new Map<string, Job>();
  private readonly ordered: Job[] = [];
  private seq = 0;

  create(url: string, o: CreateOptions): Job {
    let verdict = verdictFor(url);
    if (o.failScans) {
      verdict = {
        outcome: 'FAILED',
        rule: 'fault:failScans',
        delayFactor: verdict.delayFactor,
        error: { reason: 'Injected failure (failScans).' },
      };
    }
    const total = Math.max(0, o.delayMs) * verdict.delayFactor;
    const steps = o.intermediateStates.length + 1;
    const timeline = [{ state: 'QUEUED', at: o.now }];
    o.intermediateStates.forEach((state, i) =>
      timeline.push({ state, at: o.now + Math.round((total * (i + 1)) / steps) }),
    );
    timeline.push({ state: verdict.outcome, at: o.now + total });
    const job: Job = { uuid: randomUUID(), seq: ++this.seq, url, createdMs: o.now, timeline, verdict };
    this.byUuid.set(job.uuid, job);
    this.ordered.push(job);
    return job;
  }

  /** Find by path parameter under an id mode; the form the mode refuses is "not found". */
  find(pathId: string, mode: IdMode): Job | null {
    const parsed = idForm(pathId);
    if (!parsed || (mode !== 'both' && parsed.form !== mode)) return null;
    return this.byUuid.get(parsed.uuid) ?? null;
  }

  /** Newest first, `limit` jobs older than the cursor's sequence number. */
  page(limit: number, beforeSeq: number): { jobs: Job[]; nextBefore: number | null } {
    const older = this.ordered.filter((j) => j.seq < beforeSeq).reverse();
    const jobs = older.slice(0, limit);
    const last = jobs[jobs.length - 1];
    return { jobs, nextBefore: older.length > limit && last ? last.seq : null };
  }

  summaries(now: number): ScanSummary[] {
    return this.ordered.map((j) => {
      const v = viewNow(j, now);
      return {
        id: jobId(j),
        url: j.url,
        state: String(v.state),
        createdAt: String(v.createdAt),
        completedAt: (v.completedAt as string | null) ?? null,
      };
    });
  }

  clear(): void {
    this.byUuid.clear();
    this.ordered.length = 0;
  }
}

/** Cursor: opaque to clients (base64url of "seq:N"). */
export const encodeCursor = (beforeSeq: number): string => Buffer.from(`seq:${beforeSeq}`).toString('base64url');

export function decodeCursor(cursor: string): number | null {
  const m = /^seq:(\d{1,12})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m?.[1] ? Number(m[1]) : null;
}

/** Validate a submitted URL: http(s), parseable, at most 2048 characters. */
export function checkScanUrl(
  v: unknown,
): { ok: true; url: string } | { ok: false; status: 400 | 422; message: string } {
  if (v === undefined || v === null) return { ok: false, status: 400, message: '"url" is required.' };
  if (typeof v !== 'string') return { ok: false, status: 400, message: '"url" must be a string.' };
  if (v.length > 2048) return { ok: false, status: 422, message: '"url" is longer than 2048 characters.' };
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return { ok: false, status: 422, message: '"url" is not an absolute URL.' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    return { ok: false, status: 422, message: '"url" must be http or https.' };
  return { ok: true, url: v };
}
