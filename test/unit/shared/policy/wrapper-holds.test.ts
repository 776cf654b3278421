/**
 * The wrapper-hold rules (docs/decisions/003-every-hop.md) stop exactly the known wrappers of unwrap/wrappers.ts:
 * every example link whose first layer is a known wrapper is held, nothing else of the examples
 * and no ordinary page of those sites is. The rules are evaluated here as the browsers do
 * (requestDomains: the host or a subdomain; regexFilter: case-insensitive, RE2 ⊂ JS syntax).
 */
import { describe, expect, it } from 'vitest';
import { planNetRules, DEFAULT_LIMITS } from '@/src/shared/policy/net-rules';
import { wrapperHoldDrafts, WRAPPER_PATH_REGEXES } from '@/src/shared/policy/wrapper-holds';
import { DEFAULT_SETTINGS } from '@/src/shared/policy/settings';
import { UNWRAP_EXAMPLES } from '@/src/shared/url/unwrap.examples';
import { wrapperRuleFor } from '@/src/shared/url/unwrap/wrappers';

function held(url: string): boolean {
  const u = new URL(url);
  const host = u.hostname.replace(/\.+$/, '');
  return wrapperHoldDrafts(1).some(({ rule: { condition: c } }) => {
    if (c.requestDomains) return c.requestDomains.some((d) => host === d || host.endsWith(`.${d}`));
    return c.regexFilter !== undefined && new RegExp(c.regexFilter, 'i').test(u.href);
  });
}

describe('wrapper-hold rules', () => {
  it.each(UNWRAP_EXAMPLES.map((e) => [e.rule, e.input] as const))(
    '%s: held exactly when its first layer is a known wrapper',
    (_n, input) => {
      let u: URL;
      try {
        u = new URL(input);
      } catch {
        return;
      }
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return;
      expect(held(u.href)).toBe(wrapperRuleFor(u) !== null);
    },
  );

  it.each([
    'https://www.google.com/search?q=cats',
    'https://www.google.com/',
    'https://www.facebook.com/groups/x',
    'https://www.linkedin.com/feed/',
    'https://www.youtube.com/watch?v=abc',
    'https://steamcommunity.com/id/someone',
    'https://outlook.office.com/mail/',
    'https://www.reddit.com/r/x/',
    'https://evil.example/url?q=https://google.com/',
    'https://www.trendmicro.com/en_us/business.html?url=https://x.example/',
    'https://emails.azure.microsoft.com/unsubscribe?destination=https://x.example/',
    'https://statics.teams.cdn.office.net/evergreen-assets/apps/app.js?url=https://x.example/',
    'https://www.linkedin.com/safety/?url=https://x.example/',
  ])('an ordinary page is not held: %s', (url) => {
    expect(held(url)).toBe(false);
  });

  it('are session rules in the plan only while asked for and not paused, within the regex slots', () => {
    const base = {
      settings: { ...DEFAULT_SETTINGS },
      pausedUntil: null,
      verdicts: [],
      exceptions: [],
      passes: [],
      limits: DEFAULT_LIMITS,
      now: 1000,
    };
    expect(planNetRules(base).session).toEqual([]);
    const on = planNetRules({ ...base, holdWrappers: true });
    expect(on.session).toHaveLength(1 + WRAPPER_PATH_REGEXES.length);
    expect(
      on.session.every((r) => r.action.type === 'block' && r.condition.resourceTypes.join() === 'main_frame'),
    ).toBe(true);
    expect(planNetRules({ ...base, holdWrappers: true, pausedUntil: -1 }).session).toEqual([]);
    // Out of regex slots: the requestDomains rule still fits.
    expect(planNetRules({ ...base, holdWrappers: true, limits: { ...DEFAULT_LIMITS, regex: 0 } }).session).toHaveLength(
      1,
    );
  });
});
