import { describe, expect, it } from 'vitest';
import { createOpenedWarned } from '@/src/background/protection/opened-warned';
import type { DecisionFacts } from '@/src/background/reporting/hooks';
import type { UrlStatus, Verdict } from '@/src/shared/verdict';

const verdict = (score: number, band: Verdict['band']) =>
  ({ scanId: 'scn_1', riskScore: score, band, categories: ['scam'] }) as unknown as Verdict;
const status = (action: 'allow' | 'annotate' | 'warn' | 'block', score = 60): UrlStatus =>
  ({
    kind: 'verdict',
    verdict: verdict(score, 'high'),
    decision: { action, reason: `band:high` },
  }) as unknown as UrlStatus;
const out = (url: string, st: UrlStatus) => ({ url, host: new URL(url).host, status: st });

describe('warned link opened anyway (link.openedAnyway)', () => {
  it('reports a page opened with a warn verdict, with its URL, host, verdict, rule and tab (a private window event stays off disk)', () => {
    const sent: DecisionFacts[] = [];
    const note = createOpenedWarned((f) => sent.push(f));
    expect(note(7, out('https://files-share.test/doc', status('warn')))).toBe(true);
    expect(sent).toEqual([
      {
        url: 'https://files-share.test/doc',
        host: 'files-share.test',
        verdict: verdict(60, 'high'),
        rule: 'band:high',
        tabId: 7,
      },
    ]);
  });

  it.each([
    ['allow', status('allow', 5)],
    ['annotate', status('annotate', 30)],
    ['block (that is navigation.blocked)', status('block', 95)],
    ['still checking (not warned before opening)', { kind: 'checking' } as unknown as UrlStatus],
  ])('does not report %s', (_name, st) => {
    const sent: DecisionFacts[] = [];
    expect(createOpenedWarned((f) => sent.push(f))(1, out('https://a.test/', st))).toBe(false);
    expect(sent).toEqual([]);
  });

  it('a page looping the same navigation is one event per tab and URL', () => {
    const sent: DecisionFacts[] = [];
    const note = createOpenedWarned((f) => sent.push(f));
    for (let i = 0; i < 1000; i++) note(3, out('https://loop.test/x', status('warn')));
    note(4, out('https://loop.test/x', status('warn')));
    expect(sent.map((f) => f.url)).toEqual(['https://loop.test/x', 'https://loop.test/x']);
  });

  it('memory is bounded: after 500 others the first is forgotten (and would be reported again)', () => {
    const sent: DecisionFacts[] = [];
    const note = createOpenedWarned((f) => sent.push(f));
    for (let i = 0; i <= 500; i++) note(1, out(`https://h${i}.test/`, status('warn')));
    expect(sent).toHaveLength(501);
    expect(note(1, out('https://h0.test/', status('warn')))).toBe(true);
    expect(note(1, out('https://h500.test/', status('warn')))).toBe(false);
  });

  it('an outcome without URL or host reports nothing', () => {
    const sent: DecisionFacts[] = [];
    expect(createOpenedWarned((f) => sent.push(f))(1, { url: null, host: null, status: status('warn') })).toBe(false);
    expect(sent).toEqual([]);
  });
});
