import { describe, expect, it } from 'vitest';
import { pendingHold } from '@/src/shared/policy/pending-hold';
import { PENDING_BASE, PENDING_HOLD_EXAMPLES } from '@/src/shared/policy/pending-hold.examples';
import { DEFAULT_SETTINGS } from '@/src/shared/policy/settings';
import { SAFER } from '@/src/shared/policy/floor';

describe('pendingHold (pending-hold.examples.ts)', () => {
  it.each(PENDING_HOLD_EXAMPLES)('$name', ({ input, hold, reason }) => {
    expect(pendingHold({ ...PENDING_BASE, ...input })).toEqual({ hold, reason });
  });

  it('is on by default, and on is the safer way under a policy', () => {
    expect(DEFAULT_SETTINGS.holdWhileChecking).toBe(true);
    expect(SAFER.holdWhileChecking).toEqual({ kind: 'true' });
  });
});
