/**
 * Strict mode's known-safe rules (known-safe.ts) in the whole plan (net-rules.ts), installed in
 * a fake declarativeNetRequest that decides as the browsers do: the example table, the priority
 * order (hold < known-safe < every block < proceed), the slots and the rules' end, and one
 * invariant over random caches and settings: a load the rules let through the hold is one whose
 * cached verdict strict mode would let through anyway.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  HOLD_PRIORITY,
  BLOCK_PRIORITY,
  ALLOW_PRIORITY,
  DEFAULT_LIMITS,
  planNetRules,
  type NetRuleInput,
  type NetRulePlan,
} from '@/src/shared/policy/net-rules';
import { KNOWN_SAFE_MARGIN_MS, KNOWN_SAFE_PRIORITY, MAX_KNOWN_SAFE_RULES } from '@/src/shared/policy/known-safe';
import { KNOWN_SAFE_EXAMPLES } from '@/src/shared/policy/known-safe.examples';
import { NET_RULE_BASE, NOW, verdict } from '@/src/shared/policy/net-rules.examples';
import { decide } from '@/src/shared/policy/decide';
import { normalizeUrl } from '@/src/shared/url/normalize';
import { unwrap } from '@/src/shared/url/unwrap';
import { createFakeDnr, type FakeDnr } from '../../background/harness/fake-dnr';

const HOUR = 3_600_000;

function strictInput(over: Partial<NetRuleInput> = {}, settings: Partial<NetRuleInput['settings']> = {}): NetRuleInput {
  return {
    ...NET_RULE_BASE,
    holdStrict: true,
    passKnownSafe: true,
    ...over,
    settings: { ...NET_RULE_BASE.settings, ...settings },
  };
}

async function installed(plan: NetRulePlan): Promise<FakeDnr> {
  const dnr = createFakeDnr();
  await dnr.api.updateDynamicRules({ addRules: plan.dynamic });
  await dnr.api.updateSessionRules({ addRules: plan.session });
  return dnr;
}

/** What a top-level GET of `url` meets: the deciding rule, in the table's words. */
function meets(dnr: FakeDnr, url: string): 'opens' | 'held' | 'blocked' {
  const r = dnr.decisive(url, 1);
  if (r === null || r.action.type === 'allow') return 'opens';
  return r.priority === HOLD_PRIORITY ? 'held' : 'blocked';
}

describe('known-safe rules: example table', () => {
  it.each(KNOWN_SAFE_EXAMPLES.map((e) => [e.name, e] as const))('%s', async (_n, e) => {
    const v = verdict(e.key, e.score, { expiresAt: NOW + (e.expiresInMs ?? HOUR) });
    if (e.confidence !== undefined) v.verdict.confidence = e.confidence;
    const plan = planNetRules(strictInput({ verdicts: [v], passKnownSafe: e.readsCache ?? true }, e.settings));
    expect(meets(await installed(plan), e.request ?? e.key)).toBe(e.outcome);
  });
});

describe('known-safe rules in the plan', () => {
  const safe = (i: number, extra = {}) =>
    verdict(`https://site-${i}.example/`, 5, { checkedAt: NOW - 100_000 + i, ...extra });

  it('sit above the hold and below every block rule; proceeding stays above all', () => {
    const plan = planNetRules(
      strictInput(
        {
          verdicts: [safe(1), verdict('https://bad.example/', 90)],
          exceptions: [{ host: 'x.example', until: -1 }],
          passes: [{ tabId: 1, url: 'https://y.example/', expiresAt: NOW + 1000 }],
          holdWrappers: true,
        },
        { blocklist: ['evil.example'] },
      ),
    );
    const all = [...plan.dynamic, ...plan.session];
    const known = all.filter((r) => r.priority === KNOWN_SAFE_PRIORITY);
    expect(known).toHaveLength(1);
    expect(known[0]).toMatchObject({
      action: { type: 'allow' },
      condition: { resourceTypes: ['main_frame'], requestMethods: ['get'] },
    });
    expect(all.filter((r) => r.priority === HOLD_PRIORITY).map((r) => r.action.type)).toEqual(['block']);
    const blocks = all.filter((r) => r.action.type === 'block' && r.priority !== HOLD_PRIORITY);
    expect(blocks.length).toBeGreaterThan(2);
    for (const r of blocks) expect(r.priority).toBe(BLOCK_PRIORITY);
    expect(
      HOLD_PRIORITY < KNOWN_SAFE_PRIORITY && KNOWN_SAFE_PRIORITY < BLOCK_PRIORITY && BLOCK_PRIORITY < ALLOW_PRIORITY,
    ).toBe(true);
    expect(
      all
        .filter((r) => r.action.type === 'allow' && r.priority !== KNOWN_SAFE_PRIORITY)
        .every((r) => r.priority === ALLOW_PRIORITY),
    ).toBe(true);
  });

  it('none without the hold: strict mode off, paused, or not reading the cache', () => {
    const verdicts = [safe(1)];
    const count = (p: NetRulePlan) =>
      [...p.dynamic, ...p.session].filter((r) => r.priority === KNOWN_SAFE_PRIORITY).length;
    expect(count(planNetRules(strictInput({ verdicts })))).toBe(1);
    expect(count(planNetRules(strictInput({ verdicts, holdStrict: false })))).toBe(0);
    expect(count(planNetRules(strictInput({ verdicts, pausedUntil: -1 })))).toBe(0);
    expect(count(planNetRules(strictInput({ verdicts, passKnownSafe: false })))).toBe(0);
  });

  it('take the regex slots left after the verdicts that block, the newest first, at most MAX_KNOWN_SAFE_RULES', () => {
    const verdicts = [
      ...Array.from({ length: MAX_KNOWN_SAFE_RULES + 50 }, (_, i) => safe(i)),
      verdict('https://bad.example/', 90),
    ];
    const plan = planNetRules(strictInput({ verdicts }));
    const known = plan.session.filter((r) => r.priority === KNOWN_SAFE_PRIORITY);
    expect(known).toHaveLength(MAX_KNOWN_SAFE_RULES);
    expect(known.some((r) => r.condition.regexFilter!.includes('site-249'))).toBe(true);
    expect(known.some((r) => r.condition.regexFilter!.includes('site-49\\.'))).toBe(false);
    // Three regex slots: the hold, the bad verdict, one known-safe page (the newest).
    const tight = planNetRules(strictInput({ verdicts, limits: { ...DEFAULT_LIMITS, regex: 3 } }));
    expect(tight.overflow).toEqual([]);
    expect(
      tight.session.filter((r) => r.priority === KNOWN_SAFE_PRIORITY).map((r) => r.condition.regexFilter),
    ).toHaveLength(1);
  });

  it('end a margin before their verdict expires: the plan changes then', () => {
    const plan = planNetRules(strictInput({ verdicts: [safe(1, { expiresAt: NOW + HOUR })] }));
    expect(plan.nextChange).toBe(NOW + HOUR - KNOWN_SAFE_MARGIN_MS);
    const later = planNetRules(
      strictInput({ verdicts: [safe(1, { expiresAt: NOW + HOUR })], now: NOW + HOUR - KNOWN_SAFE_MARGIN_MS }),
    );
    expect(later.session.some((r) => r.priority === KNOWN_SAFE_PRIORITY)).toBe(false);
  });
});

describe('invariant: what a known-safe rule lets through, strict mode would have let through on its verdict', () => {
  const hosts = ['a.example', 'b.example', 'sub.a.example', 'bit.ly'];
  const paths = ['/', '/x', '/X', '/url'];
  const queries = ['', '?id=1', '?url=https%3A%2F%2Fevil.example%2F', '?q=https://evil.example/'];
  const url = fc
    .tuple(
      fc.constantFrom('https:', 'http:'),
      fc.constantFrom(...hosts),
      fc.constantFrom(...paths),
      fc.constantFrom(...queries),
    )
    .map(([s, h, p, q]) => `${s}//${h}${p}${q}`);

  it('holds for random caches, settings and requests', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(url, fc.integer({ min: 0, max: 100 })), { maxLength: 8 }),
        url,
        fc.boolean(),
        fc.subarray(hosts),
        fc.subarray(hosts),
        fc.integer({ min: 0, max: 100 }),
        async (cached, request, stripQuery, blocklist, allowlist, blockThreshold) => {
          const settings = {
            ...NET_RULE_BASE.settings,
            stripQuery,
            blocklist,
            allowlist,
            blockThreshold,
            warnThreshold: Math.min(51, blockThreshold),
          };
          const keyOf = (raw: string) => {
            const n = normalizeUrl(raw, { stripQuery });
            return n.ok ? n.url : null;
          };
          const verdicts = new Map<string, number>();
          for (const [raw, score] of cached) {
            const k = keyOf(raw);
            if (k !== null && !verdicts.has(k)) verdicts.set(k, score);
          }
          const plan = planNetRules(
            strictInput({ verdicts: [...verdicts].map(([k, score]) => verdict(k, score)) }, settings),
          );
          const dnr = await installed(plan);
          const r = dnr.decisive(request, 1);
          if (r?.priority !== KNOWN_SAFE_PRIORITY) return;
          const key = keyOf(request);
          expect(key).not.toBeNull();
          const score = verdicts.get(key!);
          expect(score, `${request} opened without a cached verdict`).toBeDefined();
          const host = new URL(request).hostname;
          expect(decide({ riskScore: score!, categories: [] }, settings, { host }).action).toBe('allow');
          expect(unwrap(request).hops).toHaveLength(1);
        },
      ),
      { numRuns: 1500 },
    );
  });
});
