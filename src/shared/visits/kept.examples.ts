/** Example table for keptVisits (kept.ts), tested in test/unit/shared/visits/kept.test.ts. */
import type { Visit } from './tell';
import { DAY_MS } from './tell';

const NOW = 1_800_000_000_000;
const v = (host: string, daysAgo: number, extra: Partial<Visit> = {}): Visit => ({
  host,
  firstAt: NOW - daysAgo * DAY_MS,
  lastAt: NOW - daysAgo * DAY_MS,
  passwordAt: null,
  toldAt: null,
  toldKey: null,
  toldAction: null,
  ...extra,
});

export const KEPT_NOW = NOW;

export const KEPT_EXAMPLES: readonly {
  name: string;
  visits: Visit[];
  days: number;
  max?: number;
  expected: Visit[];
}[] = [
  { name: 'within the days: kept as it is', visits: [v('a.test', 2)], days: 30, expected: [v('a.test', 2)] },
  { name: 'history off (0 days): nothing kept', visits: [v('a.test', 0)], days: 0, expected: [] },
  {
    name: 'last visit older than the days: gone',
    visits: [v('a.test', 31), v('b.test', 1)],
    days: 30,
    expected: [v('b.test', 1)],
  },
  {
    name: 'newest first',
    visits: [v('old.test', 5), v('new.test', 1)],
    days: 30,
    expected: [v('new.test', 1), v('old.test', 5)],
  },
  {
    name: 'past the cap the site visited longest ago goes',
    visits: [v('a.test', 3), v('b.test', 1), v('c.test', 2)],
    days: 30,
    max: 2,
    expected: [v('b.test', 1), v('c.test', 2)],
  },
  {
    name: 'a password input older than the days is forgotten, the first visit moves up',
    visits: [v('a.test', 1, { firstAt: NOW - 40 * DAY_MS, passwordAt: NOW - 35 * DAY_MS })],
    days: 30,
    expected: [v('a.test', 1, { firstAt: NOW - 30 * DAY_MS, passwordAt: null })],
  },
  {
    name: 'a tell older than the days is forgotten with the rest',
    visits: [v('a.test', 1, { toldAt: NOW - 31 * DAY_MS, toldKey: 'scn_1', toldAction: 'block' })],
    days: 30,
    expected: [v('a.test', 1)],
  },
];
