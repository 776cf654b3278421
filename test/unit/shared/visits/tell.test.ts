import { describe, expect, it } from 'vitest';
import { marksVisit, shouldTell } from '@/src/shared/visits/tell';
import { TELL_EXAMPLES, TELL_NOW } from '@/src/shared/visits/tell.examples';

describe('shouldTell example table', () => {
  it.each(TELL_EXAMPLES.map((r) => [r.name, r] as const))('%s', (_n, row) => {
    expect(shouldTell(row.visit, row.bad, { now: TELL_NOW, days: row.days ?? 30 })).toEqual(row.expected);
  });

  it('marks a visit told when it tells, and when the visit was the one judged', () => {
    expect(marksVisit({ tell: true, advice: false })).toBe(true);
    expect(marksVisit({ tell: false, reason: 'judged-visit' })).toBe(true);
    expect(marksVisit({ tell: false, reason: 'same-verdict' })).toBe(false);
    expect(marksVisit({ tell: false, reason: 'not-visited' })).toBe(false);
  });

  it('never gives the advice without a password input kept', () => {
    for (const row of TELL_EXAMPLES) {
      const d = shouldTell(row.visit, row.bad, { now: TELL_NOW, days: row.days ?? 30 });
      if (d.tell && d.advice) expect(row.visit?.passwordAt).not.toBeNull();
    }
  });
});
