/**
 * Response readers for scan jobs (spec "Resources and their fields"). Strict where a value becomes
 * a verdict, tolerant where the spec says "not shown". Each assumption is commented once, here.
 * A reader returns null for an answer it cannot accept; the client turns that into `bad_response`,
 * never into a made-up verdict.
 */
import { z } from 'zod/mini';
import { fallback, intIn } from '@/src/shared/zod-lean';
import { plainText, type ApiError } from './errors';
import { obj, pick, renderIndicator, textOrNull, type Json } from './shape';
import type { PollHints } from './hints';

export interface ScanResult {
  riskScore: number;
  confidence: number;
  categories: string[];
  reasoning: string;
  /** Each indicator as a display string (the spec does not show their shape). */
  indicators: string[];
}

export interface ScanJob {
  /** As returned, e.g. `scn_<uuid>`. */
  id: string;
  url: string;
  /** Raw state; may be one the spec does not name (e.g. PROCESSING). */
  state: string;
  createdAt: string | null;
  completedAt: string | null;
  /**
   * The result when it validated. Always non-null on a COMPLETED job from submitScan/getScan;
   * list items may carry COMPLETED with null (lists often omit results): fetch the job for a verdict.
   */
  result: ScanResult | null;
  failureReason: string | null;
  /** Every other field, untouched, for a key/value view. */
  extra: Record<string, unknown>;
  /** Timing hints of a GET answer (api/hints.ts); absent where nobody read them. */
  hints?: PollHints;
}

export interface Page<T> {
  items: T[];
  next: string | null;
}

/** Spec: key records have "a uuid-format identifier and a scope"; all else "not shown". */
export interface ApiKeyRecord {
  id: string;
  name: string | null;
  scopes: string[];
  createdAt: string | null;
  /** Every field as returned, minus anything that could be the secret. */
  raw: Record<string, unknown>;
}

export interface CreatedApiKey extends ApiKeyRecord {
  /** The full key, shown once (spec "Authentication" 4); null if we could not find it. */
  secret: string | null;
}

/** Spec: "Credit balance record fields: not shown". balance is the one number we show. */
export interface Credits {
  balance: number | null;
  raw: Record<string, unknown>;
}

export type BatchOutcome = { url: string; ok: true; job: ScanJob } | { url: string; ok: false; error: ApiError };

/** Spec "States": only COMPLETED and FAILED end a job; unknown states are not terminal. */
export const isTerminal = (state: string) => state === 'COMPLETED' || state === 'FAILED';

export const MAX_INDICATORS = 50;
export const MAX_CATEGORIES = 20;
const MAX_REASONING = 4000;

/** Spec "Scan result". riskScore is the verdict: integer 0..100 or nothing. confidence is a number
 *  we show: a finite number or nothing. Text fields are display-only: missing → empty. */
const ResultSchema = z.looseObject({
  riskScore: intIn(0, 100),
  confidence: z.number(),
  categories: fallback(z.array(z.unknown()), []),
  reasoning: fallback(z.string(), ''),
  indicators: fallback(z.array(z.unknown()), []),
});

export function readScanResult(raw: unknown): ScanResult | null {
  const r = ResultSchema.safeParse(raw);
  if (!r.success) return null;
  const v = r.data;
  return {
    riskScore: v.riskScore,
    confidence: v.confidence,
    // Categories: the spec names six; unknown strings are kept and shown as-is, non-strings dropped.
    categories: v.categories
      .filter((c): c is string => typeof c === 'string')
      .map((c) => plainText(c, 60))
      .filter(Boolean)
      .slice(0, MAX_CATEGORIES),
    reasoning: v.reasoning.slice(0, MAX_REASONING),
    indicators: v.indicators
      .map(renderIndicator)
      .filter((s): s is string => s !== null)
      .slice(0, MAX_INDICATORS),
  };
}

/** id: a non-empty string (a number is accepted and stringified); state: a non-empty string. */
const JobCore = z.looseObject({
  id: z.union([z.string().check(z.trim(), z.minLength(1), z.maxLength(500)), z.pipe(z.number(), z.transform(String))]),
  state: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
});

const CONSUMED = new Set([
  'id',
  'url',
  'state',
  'createdAt',
  'created_at',
  'completedAt',
  'completed_at',
  'finishedAt',
  'finished_at',
  'result',
  'failureReason',
  'failure_reason',
  'error',
  'reason',
  'message',
]);

/**
 * One scan job. `requireResult`: a COMPLETED job must carry a valid result (spec rule 2), else the
 * whole answer is rejected. Some services wrap the job (`{job|scan|data: {...}}`); that is unwrapped.
 */
export function readScanJob(raw: unknown, opts: { fallbackUrl?: string; requireResult: boolean }): ScanJob | null {
  const o = unwrapJob(raw);
  if (!o) return null;
  const core = JobCore.safeParse(o);
  if (!core.success) return null;
  const state = core.data.state;
  const result = o.result === undefined || o.result === null ? null : readScanResult(o.result);
  if (state === 'COMPLETED' && result === null && opts.requireResult) return null;
  // url: the spec says the job has it; if missing we keep the URL we submitted (or '').
  const url = typeof o.url === 'string' ? o.url : (opts.fallbackUrl ?? '');
  return {
    id: core.data.id,
    url,
    state,
    createdAt: textOrNull(pick(o, ['createdAt', 'created_at']), 100),
    completedAt: textOrNull(pick(o, ['completedAt', 'completed_at', 'finishedAt', 'finished_at']), 100),
    result,
    failureReason: failureReasonOf(o),
    extra: Object.fromEntries(Object.entries(o).filter(([k]) => !CONSUMED.has(k))),
  };
}

/** Spec: "Content of a FAILED scan: not shown". We look for a reason in the usual places. */
const REASON_KEYS = ['failureReason', 'failure_reason', 'error', 'reason', 'message'] as const;
const INNER_REASON_KEYS = ['message', 'reason', 'detail', 'description'] as const;

/**
 * Why a scan failed, as text, from whichever field carries it (the spec does not name one). The
 * first field that holds words wins; an object is read for its message:
 *   { failureReason: "DNS failure" }                      → "DNS failure"
 *   { error: { reason: "Host unreachable" } }             → "Host unreachable"
 *   { error: { code: "x" }, reason: "Timed out" }         → "Timed out"   (an error without words)
 *   { message: "<b>Blocked</b>" }                         → "<b>Blocked</b>"  (text, never HTML)
 *   { error: 42 }, {}                                     → null
 */
export function failureReasonOf(o: Json): string | null {
  for (const key of REASON_KEYS) {
    const v = o[key];
    const inner = obj(v);
    const text =
      typeof v === 'string' ? textOrNull(v, 300) : inner ? textOrNull(pick(inner, INNER_REASON_KEYS), 300) : null;
    if (text) return text;
  }
  return null;
}

export function unwrapJob(raw: unknown): Json | null {
  const o = obj(raw);
  if (!o) return null;
  if ('id' in o || 'state' in o) return o;
  for (const k of ['job', 'scan', 'data']) {
    const inner = obj(o[k]);
    if (inner && ('id' in inner || 'state' in inner)) return inner;
  }
  return o;
}
