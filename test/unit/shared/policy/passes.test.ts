import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addPass, MAX_PASSES } from '@/src/shared/policy/passes';
import { ADD_PASS_EXAMPLES } from '@/src/shared/policy/passes.examples';
import { grantsThrough, mayProceed } from '@/src/shared/policy/proceed';
import { PROCEED_EXAMPLES, THROUGH_EXAMPLES } from '@/src/shared/policy/proceed.examples';

describe('mayProceed example table', () => {
  it.each(PROCEED_EXAMPLES.map((r) => [r.name, r] as const))('%s', (_n, row) => {
    expect(mayProceed(row.facts)).toEqual(row.expected);
  });
});

describe('grantsThrough example table', () => {
  it.each(THROUGH_EXAMPLES.map((r) => [r.name, r] as const))('%s', (_n, row) => {
    expect(grantsThrough(row.facts)).toEqual(row.expected);
  });
});

describe('addPass example table', () => {
  it.each(ADD_PASS_EXAMPLES.map((r) => [r.name, r] as const))('%s', (_n, row) => {
    expect(addPass(row.before, row.key, row.now, row.max)).toEqual(row.expected);
  });

  it('never holds more than MAX_PASSES, whatever is granted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.integer({ min: 0, max: 30_000 })), { maxLength: 200 }),
        (grants) => {
          let passes: Record<string, number> = {};
          let now = 0;
          for (const [key, dt] of grants) {
            now += dt;
            passes = addPass(passes, key, now);
            expect(Object.keys(passes).length).toBeLessThanOrEqual(MAX_PASSES);
            expect(passes[key]).toBe(now + 15_000);
          }
        },
      ),
    );
  });
});
