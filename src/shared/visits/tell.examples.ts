/** Example table for shouldTell (tell.ts), tested in test/unit/shared/visits/tell.test.ts. */
import { DAY_MS, type BadNews, type TellDecision, type Visit } from './tell';

const NOW = 1_800_000_000_000;
const visit: Visit = {
  host: 'shop.test',
  firstAt: NOW - 3 * DAY_MS,
  lastAt: NOW - DAY_MS,
  passwordAt: null,
  toldAt: null,
  toldKey: null,
  toldAction: null,
};
const bad: BadNews = { key: 'scn_1', action: 'block', since: NOW - 5_000 };

export const TELL_EXAMPLES: readonly {
  name: string;
  visit: Visit | null;
  bad: BadNews;
  days?: number;
  expected: TellDecision;
}[] = [
  { name: 'visited yesterday, flagged now: told, no advice', visit, bad, expected: { tell: true, advice: false } },
  {
    name: 'typed into a password field there: told with the advice',
    visit: { ...visit, passwordAt: NOW - DAY_MS },
    bad,
    expected: { tell: true, advice: true },
  },
  {
    name: 'a warn-level verdict is bad too',
    visit,
    bad: { ...bad, action: 'warn' },
    expected: { tell: true, advice: false },
  },
  { name: 'history off (0 days): nothing', visit, bad, days: 0, expected: { tell: false, reason: 'off' } },
  { name: 'never visited', visit: null, bad, expected: { tell: false, reason: 'not-visited' } },
  {
    name: 'last visit older than the days kept',
    visit: { ...visit, lastAt: NOW - 31 * DAY_MS, firstAt: NOW - 40 * DAY_MS },
    bad,
    expected: { tell: false, reason: 'expired' },
  },
  {
    name: 'a password typed recently keeps an older visit in',
    visit: { ...visit, lastAt: NOW - 31 * DAY_MS, firstAt: NOW - 40 * DAY_MS, passwordAt: NOW - 29 * DAY_MS },
    bad,
    expected: { tell: true, advice: true },
  },
  {
    name: 'the same verdict again (a hover of the same link): told once',
    visit: { ...visit, toldAt: NOW - 1000, toldKey: 'scn_1', toldAction: 'block' },
    bad,
    expected: { tell: false, reason: 'same-verdict' },
  },
  {
    name: 'another bad page of the site after the tell, no visit since: not again',
    visit: { ...visit, toldAt: NOW - 1000, toldKey: 'scn_0', toldAction: 'block' },
    bad,
    expected: { tell: false, reason: 'told' },
  },
  {
    name: 'told of a warning, now a block: told again',
    visit: { ...visit, toldAt: NOW - 1000, toldKey: 'scn_0', toldAction: 'warn' },
    bad,
    expected: { tell: true, advice: false },
  },
  {
    name: 'visited again after the tell: a new bad verdict is told',
    visit: { ...visit, toldAt: NOW - 2 * DAY_MS, toldKey: 'scn_0', toldAction: 'block', lastAt: NOW - DAY_MS },
    bad,
    expected: { tell: true, advice: false },
  },
  {
    name: 'the first visit is the page being judged (it ends blocked): not told',
    visit: { ...visit, firstAt: NOW - 4_000, lastAt: NOW - 4_000 },
    bad,
    expected: { tell: false, reason: 'judged-visit' },
  },
  {
    name: '… but a password typed before the verdict came: told with the advice',
    visit: { ...visit, firstAt: NOW - 4_000, lastAt: NOW - 4_000, passwordAt: NOW - 2_000 },
    bad,
    expected: { tell: true, advice: true },
  },
  {
    name: 'a list naming the site now: every kept visit came before it',
    visit,
    bad: { key: 'list:shop.test', action: 'block', since: NOW },
    expected: { tell: true, advice: false },
  },
];

export const TELL_NOW = NOW;
