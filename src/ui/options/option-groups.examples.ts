/**
 * Example table for routeFor: what a fragment of options.html shows. Tested in
 * test/unit/ui/option-groups.test.ts against the page's own table and against the small one here.
 */
import type { OptionsRoute, SectionPlace } from './option-groups';

export const EXAMPLE_SECTIONS: readonly SectionPlace[] = [
  { id: 'connection', group: 'connection' },
  { id: 'protection', group: 'protection' },
  { id: 'exceptions', group: 'lists' },
  { id: 'history', group: 'activity' },
  { id: 'credits', group: 'account' },
  { id: 'backup', group: 'advanced' },
];

export interface RouteExample {
  hash: string;
  expected: OptionsRoute;
  /** When given, only these sections are shown (e.g. the policy hid the account ones). */
  sections?: readonly SectionPlace[];
}

const withoutAccount = EXAMPLE_SECTIONS.filter((s) => s.group !== 'account');

export const ROUTE_EXAMPLES: readonly RouteExample[] = [
  { hash: '', expected: { group: 'connection', section: null } },
  { hash: '#', expected: { group: 'connection', section: null } },
  { hash: '#protection', expected: { group: 'protection', section: null } },
  { hash: 'protection', expected: { group: 'protection', section: null } },
  { hash: '#lists', expected: { group: 'lists', section: null } },
  { hash: '#exceptions', expected: { group: 'lists', section: 'exceptions' } },
  { hash: '#credits', expected: { group: 'account', section: 'credits' } },
  { hash: '#history', expected: { group: 'activity', section: 'history' } },
  { hash: '#nothing-here', expected: { group: 'connection', section: null } },
  { hash: '#%E0%A4%A', expected: { group: 'connection', section: null } }, // malformed escape
  { hash: '#Protection', expected: { group: 'connection', section: null } }, // ids are exact
  { hash: '#privacy', expected: { group: 'connection', section: null } }, // a group with no sections here
  { hash: '#credits', sections: withoutAccount, expected: { group: 'connection', section: null } },
  { hash: '#account', sections: withoutAccount, expected: { group: 'connection', section: null } },
];
