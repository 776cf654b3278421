/**
 * Example table for rule-rank.ts: which source a scan's reasons give its verdict, and which of
 * two cached verdicts keeps its request-blocking rule when only one fits. Tested in
 * test/unit/shared/policy/rule-rank.test.ts, and through the whole plan in net-rules.test.ts.
 */
import type { RankedVerdict, VerdictSource } from './rule-rank';

export const SOURCE_EXAMPLES: readonly { reasons: string[]; source: VerdictSource }[] = [
  { reasons: ['navigation'], source: 'person' },
  { reasons: ['menu'], source: 'person' },
  { reasons: ['popup'], source: 'person' },
  { reasons: ['hover'], source: 'page' },
  { reasons: ['page-links'], source: 'page' },
  { reasons: ['hover', 'page-links'], source: 'page' },
  // Hovered first, then opened: the person's.
  { reasons: ['hover', 'navigation'], source: 'person' },
  // An entry stored before sources were kept keeps its rule.
  { reasons: [], source: 'person' },
];

const v = (url: string, riskScore: number, source: VerdictSource | undefined, checkedAt = 1000): RankedVerdict => ({
  source,
  verdict: { url, riskScore, checkedAt },
});

/** `first` keeps its rule over `second`. */
export const RANK_EXAMPLES: readonly { name: string; first: RankedVerdict; second: RankedVerdict }[] = [
  {
    name: "a navigation's score-80 verdict outranks a hovered score-100 one",
    first: v('http://opened.test/', 80, 'person'),
    second: v('http://hovered.test/', 100, 'page'),
  },
  {
    name: 'a menu check outranks a page-links check',
    first: v('http://asked.test/', 76, 'person'),
    second: v('http://listed.test/', 99, 'page'),
  },
  {
    name: "an entry without a source ranks as the person's",
    first: v('http://old.test/', 77, undefined),
    second: v('http://hovered.test/', 100, 'page'),
  },
  {
    name: 'same source: the more severe first',
    first: v('http://a.test/', 95, 'person'),
    second: v('http://b.test/', 90, 'person'),
  },
  {
    name: 'same source and score: the more recent first',
    first: v('http://a.test/', 90, 'page', 2000),
    second: v('http://b.test/', 90, 'page', 1000),
  },
  {
    name: 'all equal: by URL, so the plan is stable',
    first: v('http://a.test/', 90, 'page'),
    second: v('http://b.test/', 90, 'page'),
  },
];
