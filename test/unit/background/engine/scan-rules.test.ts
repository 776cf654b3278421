// The pure rules of docs/decisions/014-scan-engine.md–4, each over its example table: who streams (stream-slots.ts),
// when to poll (poll-timing.ts), what a finished job teaches (scan-durations.ts), and what an
// answer hints (api/hints.ts).
import { describe, expect, it } from 'vitest';
import { isNearEnd, planStreams } from '@/src/background/engine/stream-slots';
import { NEAR_END_EXAMPLES, SLOT_EXAMPLES } from '@/src/background/engine/stream-slots.examples';
import { nextPoll } from '@/src/background/engine/poll-timing';
import { POLL_EXAMPLES } from '@/src/background/engine/poll-timing.examples';
import { durationSample, learnedFrom } from '@/src/background/engine/scan-durations';
import { LEARNED_EXAMPLES, SAMPLE_EXAMPLES } from '@/src/background/engine/scan-durations.examples';
import { readPollHints } from '@/src/background/api/hints';
import { HINT_EXAMPLES, HINTS_NOW } from '@/src/background/api/hints.examples';
import { MAX_POLL_MS } from '@/src/background/engine/timing';
import { createApiClient } from '@/src/background/api';
import { fakeFetch, json } from '../api/fakes';

describe('stream slots (planStreams)', () => {
  for (const ex of SLOT_EXAMPLES) {
    it(ex.name, () => {
      expect(planStreams(ex.candidates, ex.cap)).toEqual(ex.expected);
    });
  }
  for (const [name, age, learned, seenRunning, near] of NEAR_END_EXAMPLES) {
    it(`near its end: ${name}`, () => {
      expect(isNearEnd(age, learned, seenRunning)).toBe(near);
    });
  }

  it('never plans more open streams than the cap, whatever the candidates', () => {
    const reasons = ['navigation', 'hover', 'menu', 'page-links', 'popup'] as const;
    for (let n = 0; n < 40; n++) {
      const cands = Array.from({ length: n % 13 }, (_, i) => ({
        url: `u${i}`,
        reasons: [reasons[(i * 7 + n) % 5]!],
        createdAt: (i * 31 + n) % 11,
        streaming: (i + n) % 3 === 0,
        streamEnded: (i + n) % 5 === 0,
      }));
      const plan = planStreams(cands, 3);
      const openAfter = cands.filter((c) => (c.streaming && !plan.close.includes(c.url)) || plan.open.includes(c.url));
      expect(openAfter.length).toBeLessThanOrEqual(3);
      expect(openAfter.some((c) => c.streamEnded && !c.streaming)).toBe(false);
    }
  });
});

describe('poll timing (nextPoll)', () => {
  for (const ex of POLL_EXAMPLES) {
    it(ex.name, () => {
      expect(nextPoll(ex.input)).toEqual(ex.expected);
    });
  }

  it('always a finite delay up to 30 s, and at least 100 ms once an answer at this age was read (polling stays the guarantee, never a hot loop)', () => {
    const weird = [Number.NaN, -1, 0, 1, 1e12, Number.POSITIVE_INFINITY];
    for (const ageMs of [...weird, 500, 5000])
      for (const e of [...weird, 1500])
        for (const l of [...weird, 3000]) {
          const hints = { retryAfterMs: null, expectedTotalMs: e, remainingMs: null, progress: null };
          const learned = { earliestMs: e, latestMs: l };
          // Just heard of at this age (every poll's answer): the smallest gap at least.
          const afterAnswer = nextPoll({ ageMs, learned, hints, hintsAgeMs: ageMs }).delayMs;
          expect(Number.isFinite(afterAnswer)).toBe(true);
          expect(afterAnswer).toBeGreaterThanOrEqual(100);
          expect(afterAnswer).toBeLessThanOrEqual(MAX_POLL_MS);
          // Nothing heard since the POST (an overdue job may be asked at once, then the above).
          const first = nextPoll({ ageMs, learned, hints }).delayMs;
          expect(Number.isFinite(first)).toBe(true);
          expect(first).toBeGreaterThanOrEqual(0);
          expect(first).toBeLessThanOrEqual(MAX_POLL_MS);
        }
  });
});

describe('scan durations', () => {
  for (const ex of SAMPLE_EXAMPLES) it(`sample: ${ex.name}`, () => expect(durationSample(ex.obs)).toBe(ex.expected));
  for (const ex of LEARNED_EXAMPLES)
    it(`learned: ${ex.name}`, () => expect(learnedFrom(ex.samples)).toEqual(ex.expected));
});

describe('poll hints (readPollHints)', () => {
  for (const ex of HINT_EXAMPLES)
    it(ex.name, () => expect(readPollHints(ex.job, ex.retryAfter, HINTS_NOW)).toEqual(ex.expected));
});

describe('poll hints through the client (getScan)', () => {
  const base = { baseUrl: 'https://scan.example', apiKey: 'k-123', now: () => HINTS_NOW };
  const uuid = '0b6f3c1e-2f4a-4c1b-9a55-3b1f1d2c9e01';

  it('a waiting job: its estimate and the Retry-After of the 200 are read', async () => {
    const f = fakeFetch([
      json(
        200,
        {
          id: `scn_${uuid}`,
          url: 'https://a.example/',
          state: 'QUEUED',
          createdAt: '2026-01-01T00:00:00.000Z',
          etaMs: 900,
        },
        { 'retry-after': '1' },
      ),
    ]);
    const r = await createApiClient({ ...base, fetch: f.fetch }).getScan(`scn_${uuid}`);
    expect(r.ok && r.value.hints).toEqual({
      retryAfterMs: 1000,
      expectedTotalMs: null,
      remainingMs: 900,
      progress: null,
    });
  });

  it('a finished job carries no hints (its times are history)', async () => {
    const done = {
      id: `scn_${uuid}`,
      url: 'https://a.example/',
      state: 'COMPLETED',
      createdAt: '2026-01-01T00:00:00.000Z',
      processingMs: 1700,
      result: { riskScore: 5, confidence: 0.9, categories: ['safe'], reasoning: '', indicators: [] },
    };
    const f = fakeFetch([json(200, done)]);
    const r = await createApiClient({ ...base, fetch: f.fetch }).getScan(`scn_${uuid}`);
    expect(r.ok && r.value.state).toBe('COMPLETED');
    expect(r.ok && r.value.hints).toBeUndefined();
  });
});
