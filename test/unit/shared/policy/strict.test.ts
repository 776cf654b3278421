import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { strictOutcome, STRICT_FAIL_REASONS, failReasonFor } from '@/src/shared/policy/strict';
import { STRICT_BASE, STRICT_EXAMPLES } from '@/src/shared/policy/strict.examples';
import type { SkipReason, UrlStatus } from '@/src/shared/verdict';

describe('strictOutcome example table', () => {
  it.each(STRICT_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    const got = strictOutcome({
      settings: { ...STRICT_BASE, ...e.settings },
      status: e.status,
      problem: e.problem ?? null,
      elapsedMs: e.elapsedMs,
    });
    expect(got).toEqual(e.expected);
  });

  it('names every fail reason in at least one row, blocked in words on the blocked page', () => {
    const reasons = new Set(STRICT_EXAMPLES.map((e) => e.expected.reason));
    for (const r of STRICT_FAIL_REASONS) expect(reasons, r).toContain(r);
  });

  it('maps each API error code the client can give to a fail reason', () => {
    const codes = [
      'network',
      'timeout',
      'unauthorized',
      'forbidden',
      'insufficient_credits',
      'not_found',
      'rate_limited',
      'invalid_request',
      'server',
      'bad_response',
      'config',
      'suffix_list',
    ];
    expect(Object.fromEntries(codes.map((c) => [c, failReasonFor(c)]))).toEqual({
      network: 'strict:unreachable',
      timeout: 'strict:unreachable',
      unauthorized: 'strict:key-rejected',
      forbidden: 'strict:key-rejected',
      insufficient_credits: 'strict:credits',
      not_found: 'strict:refused',
      rate_limited: 'strict:unreachable',
      invalid_request: 'strict:refused',
      server: 'strict:unreachable',
      bad_response: 'strict:malformed',
      config: 'strict:not-configured',
      suffix_list: 'strict:damaged',
    });
  });
});

const SKIPS: SkipReason[] = [
  'scheme',
  'private-host',
  'loopback',
  'link-local',
  'intranet',
  'invalid-url',
  'allowlisted',
  'paused',
  'not-configured',
  'incognito',
  'disabled',
  'exception',
];
const codeArb = fc.constantFrom(
  'network',
  'timeout',
  'unauthorized',
  'forbidden',
  'insufficient_credits',
  'not_found',
  'rate_limited',
  'invalid_request',
  'server',
  'bad_response',
  'config',
  'suffix_list',
  'something_new',
);
/** Every status that is not a verdict and not a skip the privacy rules or the person decide. */
const notAVerdictArb: fc.Arbitrary<UrlStatus> = fc.oneof(
  codeArb.map((code) => ({ kind: 'error' as const, code, message: code })),
  fc.constant({ kind: 'failed' as const, message: 'x' }),
  fc.constant({ kind: 'timed_out' as const }),
  fc.constant({ kind: 'skipped' as const, reason: 'not-configured' as const }),
  fc.record({
    kind: fc.constant('checking' as const),
    state: fc.constantFrom('SUBMITTING', 'QUEUED', 'PROCESSING'),
    since: fc.nat(),
    scanId: fc.option(fc.constant('scn_1'), { nil: undefined }),
    waiting: fc.option(fc.constantFrom('credits' as const, 'retry' as const), { nil: undefined }),
    lastError: fc.option(codeArb, { nil: undefined }),
  }),
);

describe('strictOutcome properties', () => {
  it('fail mode block: nothing that is not a verdict ever lets the page load', () => {
    fc.assert(
      fc.property(
        notAVerdictArb,
        fc.option(codeArb.map((code) => ({ code }))),
        fc.option(fc.nat({ max: 120_000 })),
        fc.integer({ min: 500, max: 60_000 }),
        (status, problem, elapsedMs, strictTimeoutMs) => {
          const o = strictOutcome({ settings: { ...STRICT_BASE, strictTimeoutMs }, status, problem, elapsedMs });
          expect(['hold', 'block']).toContain(o.action);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('a hold always ends: at the timeout nothing is held any more', () => {
    fc.assert(
      fc.property(
        notAVerdictArb,
        fc.option(codeArb.map((code) => ({ code }))),
        fc.nat({ max: 60_000 }),
        fc.constantFrom<'allow' | 'block'>('allow', 'block'),
        (status, problem, extra, strictFailMode) => {
          const o = strictOutcome({
            settings: { ...STRICT_BASE, strictFailMode },
            status,
            problem,
            elapsedMs: STRICT_BASE.strictTimeoutMs + extra,
          });
          expect(o.action).not.toBe('hold');
          if (o.action !== 'hold') expect(o.action).toBe(strictFailMode);
        },
      ),
    );
  });

  it('skips other than "not configured" are let through in either fail mode (never sent, so never checkable)', () => {
    for (const reason of SKIPS.filter((r) => r !== 'not-configured')) {
      for (const strictFailMode of ['allow', 'block'] as const) {
        expect(
          strictOutcome({
            settings: { ...STRICT_BASE, strictFailMode },
            status: { kind: 'skipped', reason },
            problem: null,
            elapsedMs: null,
          }),
        ).toEqual({ action: 'allow', reason: `skip:${reason}` });
      }
    }
  });
});
