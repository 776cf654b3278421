/**
 * Strict mode's hold rule (strict-hold.ts) stops exactly the loads of its example table, the
 * rule evaluated as the browsers do (regexFilter case-insensitive in RE2 ⊂ JavaScript
 * syntax; excludedRequestDomains: the host or a subdomain; requestMethods); strictHoldMatches
 * (what the background asks of a failed load) covers every load it stops. And the plan holds it only while asked and not paused, before any verdict's rule.
 */
import { describe, expect, it } from 'vitest';
import { STRICT_HOLD_EXAMPLES } from '@/src/shared/policy/strict-hold.examples';
import { strictHoldDraft, strictHoldMatches, STRICT_HOLD_REGEX } from '@/src/shared/policy/strict-hold';
import {
  BLOCK_PRIORITY,
  DEFAULT_LIMITS,
  HOLD_PRIORITY,
  planNetRules,
  STARTED_PRIORITY,
  STARTUP_HOLD_PRIORITY,
} from '@/src/shared/policy/net-rules';
import { DEFAULT_SETTINGS } from '@/src/shared/policy/settings';

function ruleStops(url: string, method: string, allowlist: string[]): boolean {
  const c = strictHoldDraft(1, allowlist).rule.condition;
  let host: string;
  try {
    host = new URL(url).hostname.replace(/\.+$/, '');
  } catch {
    return false;
  }
  if (c.requestMethods && !c.requestMethods.includes(method as 'get')) return false;
  if (
    (c.excludedRequestDomains ?? []).some(
      (d) => host === d.replace(/\.$/, '') || host.endsWith(`.${d.replace(/\.$/, '')}`),
    )
  )
    return false;
  return new RegExp(c.regexFilter!, 'i').test(new URL(url).href);
}

describe('strict mode hold rule', () => {
  it.each(STRICT_HOLD_EXAMPLES.map((e) => [e.name, e] as const))('%s', (_n, e) => {
    const method = e.method ?? 'get';
    expect(ruleStops(e.url, method, e.allowlist ?? [])).toBe(e.held);
    // The background's own test of a failed load: the rule's regex, so never narrower than the rule.
    if (e.held) expect(strictHoldMatches(e.url)).toBe(true);
  });

  it('is one main-frame GET block rule whose regex compiles in JavaScript unicode mode (Firefox) too', () => {
    const r = strictHoldDraft(1, []).rule;
    expect(r).toMatchObject({
      action: { type: 'block' },
      condition: { resourceTypes: ['main_frame'], requestMethods: ['get'] },
    });
    expect(() => new RegExp(STRICT_HOLD_REGEX, 'u')).not.toThrow();
  });

  it('is in the plan only while asked for and not paused, takes its regex slot before the verdicts, and outlives the browser (dynamic)', () => {
    const base = {
      settings: { ...DEFAULT_SETTINGS },
      pausedUntil: null,
      verdicts: [],
      exceptions: [],
      passes: [],
      limits: DEFAULT_LIMITS,
      now: 1000,
    };
    const isHold = (r: { condition: { regexFilter?: string } }) => r.condition.regexFilter === STRICT_HOLD_REGEX;
    const all = (p: ReturnType<typeof planNetRules>) => [...p.dynamic, ...p.session];
    expect(all(planNetRules(base)).some(isHold)).toBe(false);
    expect(planNetRules({ ...base, holdStrict: true }).dynamic.filter(isHold)).toHaveLength(1);
    expect(planNetRules({ ...base, holdStrict: true }).session.some(isHold)).toBe(false);
    expect(all(planNetRules({ ...base, holdStrict: true, pausedUntil: -1 })).some(isHold)).toBe(false);
    const verdicts = [
      { verdict: { url: 'https://phish.example/', riskScore: 90, categories: [], checkedAt: 1 }, expiresAt: 10_000 },
    ];
    const oneSlot = planNetRules({ ...base, verdicts, holdStrict: true, limits: { ...DEFAULT_LIMITS, regex: 1 } });
    expect(oneSlot.dynamic.filter(isHold)).toHaveLength(1);
    expect(oneSlot.overflow).toEqual(['https://phish.example/']);
  });

  it('the startup hold: a dynamic block that outlives the browser, released for this session by a session allow once started, above nothing else', () => {
    const base = {
      settings: { ...DEFAULT_SETTINGS },
      pausedUntil: null,
      verdicts: [],
      exceptions: [],
      passes: [],
      limits: DEFAULT_LIMITS,
      now: 1000,
    };
    const isHold = (r: { condition: { regexFilter?: string } }) => r.condition.regexFilter === STRICT_HOLD_REGEX;
    const starting = planNetRules({ ...base, holdStartup: true, started: false });
    expect(starting.dynamic.filter(isHold).map((r) => [r.action.type, r.priority])).toEqual([
      ['block', STARTUP_HOLD_PRIORITY],
    ]);
    expect(starting.session.some(isHold)).toBe(false);
    const started = planNetRules({ ...base, holdStartup: true, started: true, holdStrict: true });
    expect(started.session.filter(isHold).map((r) => [r.action.type, r.priority])).toEqual([
      ['allow', STARTED_PRIORITY],
    ]);
    // The release lets loads past the startup hold only: strict mode's hold and every block outrank it.
    expect(
      STARTUP_HOLD_PRIORITY < STARTED_PRIORITY && STARTED_PRIORITY < HOLD_PRIORITY && HOLD_PRIORITY < BLOCK_PRIORITY,
    ).toBe(true);
    expect(
      started.dynamic
        .filter(isHold)
        .map((r) => r.priority)
        .sort(),
    ).toEqual([STARTUP_HOLD_PRIORITY, HOLD_PRIORITY]);
    expect([...planNetRules(base).dynamic, ...planNetRules(base).session].some(isHold)).toBe(false);
  });
});
