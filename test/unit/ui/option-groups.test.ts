import { describe, expect, it } from 'vitest';
import { GROUP_IDS, routeFor, visibleGroups } from '@/src/ui/options/option-groups';
import { EXAMPLE_SECTIONS, ROUTE_EXAMPLES } from '@/src/ui/options/option-groups.examples';
import { OPTION_SECTIONS, shownSections } from '@/src/ui/options/sections';

describe('options routing: what a fragment shows', () => {
  for (const ex of ROUTE_EXAMPLES) {
    it(`${JSON.stringify(ex.hash)}${ex.sections ? ' (account sections hidden)' : ''} → ${ex.expected.group}${ex.expected.section ? `#${ex.expected.section}` : ''}`, () => {
      expect(routeFor(ex.hash, ex.sections ?? EXAMPLE_SECTIONS)).toEqual(ex.expected);
    });
  }
});

describe("the page's own section table", () => {
  it('has unique section ids, and every group named in the side navigation has a section', () => {
    const ids = OPTION_SECTIONS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(visibleGroups(OPTION_SECTIONS)).toEqual([...GROUP_IDS]);
  });

  it('every section id opens its own group; a group id opens the group', () => {
    for (const s of OPTION_SECTIONS) expect(routeFor(`#${s.id}`, OPTION_SECTIONS).group).toBe(s.group);
    for (const g of GROUP_IDS) expect(routeFor(`#${g}`, OPTION_SECTIONS)).toEqual({ group: g, section: null });
  });

  it('hiding the account sections removes the Account group and its links fall back to the first group', () => {
    const shown = shownSections(true);
    expect(visibleGroups(shown)).not.toContain('account');
    for (const id of ['keys', 'credits', 'account'])
      expect(routeFor(`#${id}`, shown)).toEqual({ group: 'connection', section: null });
  });
});
