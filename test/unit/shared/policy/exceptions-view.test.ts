import { describe, expect, it } from 'vitest';
import { exceptionsInForce, revokeFromRecords } from '@/src/shared/policy/exceptions-view';
import {
  EXAMPLE_NOW,
  EXAMPLE_PASS_MS,
  IN_FORCE_EXAMPLES,
  REVOKE_EXAMPLES,
} from '@/src/shared/policy/exceptions-view.examples';

describe('exceptionsInForce', () => {
  it.each(IN_FORCE_EXAMPLES.map((r) => [r.name, r] as const))('%s', (_n, row) => {
    expect(
      exceptionsInForce(row.records, {
        allowProceed: row.allowProceed ?? true,
        now: EXAMPLE_NOW,
        passMs: EXAMPLE_PASS_MS,
      }),
    ).toEqual(row.expected);
  });
});

describe('revokeFromRecords', () => {
  it.each(REVOKE_EXAMPLES.map((r) => [r.name, r] as const))('%s', (_n, row) => {
    expect(revokeFromRecords(row.records, row.host)).toEqual(row.expected);
  });

  it('after revoking a host, nothing of it is in force', () => {
    const records = {
      exceptions: { 'a.test': -1 },
      since: {},
      passes: { 'proceed 1 http://a.test/x': EXAMPLE_NOW + 1000 },
    };
    const after = revokeFromRecords(records, 'a.test');
    expect(exceptionsInForce(after, { allowProceed: true, now: EXAMPLE_NOW, passMs: EXAMPLE_PASS_MS })).toEqual([]);
  });
});
