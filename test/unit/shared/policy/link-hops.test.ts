import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { combineHops, hopRank } from '@/src/shared/policy/link-hops';
import { LINK_HOPS_EXAMPLES } from '@/src/shared/policy/link-hops.examples';
import type { UrlStatus } from '@/src/shared/verdict';

describe('combineHops() example table', () => {
  it.each(LINK_HOPS_EXAMPLES.map((r) => [r.name, r] as const))('%s', (_n, row) => {
    const c = combineHops(row.hops);
    expect(c.hop).toBe(row.hop);
    expect(c.status).toBe(row.hops[row.hop]);
  });
});

describe('combineHops() properties', () => {
  const status = fc.constantFrom<UrlStatus>(...LINK_HOPS_EXAMPLES.flatMap((r) => r.hops));
  it('never ranks the link better than any of its hops, and never allows with a hop unjudged', () => {
    fc.assert(
      fc.property(fc.array(status, { minLength: 1, maxLength: 8 }), (hops) => {
        const c = combineHops(hops);
        for (const h of hops) expect(hopRank(c.status)).toBeGreaterThanOrEqual(hopRank(h));
        const allowed = c.status.kind === 'verdict' && c.status.decision.action === 'allow';
        if (allowed) for (const h of hops) expect(['verdict', 'skipped']).toContain(h.kind);
      }),
    );
  });
  it('an empty list is nothing known, not safe', () => {
    expect(combineHops([]).status.kind).toBe('unchecked');
  });
});
