/**
 * The look-alike rules' aims, held as measured numbers (test/bench/lookalike/recall.ts; the bench
 * prints the same with Unicode's whole confusables set): recall on our own permutations of ten
 * real sign-in targets, by the published fuzzer classes, attacker-style hosts, and no false
 * positive on the public suffix list's private section or the issue's own neighbours.
 */
import { describe, expect, it } from 'vitest';
import { judgeHost } from '@/src/shared/url/lookalike';
import {
  aims,
  falsePositives,
  measureAttackerHosts,
  measureRecall,
  privateSuffixHosts,
  rate,
} from '../../../bench/lookalike/recall';
import { CONFUSABLE_GLYPHS_SMALL } from '../../../bench/lookalike/glyphs';

describe('look-alike recall on generated permutations (small glyph table)', () => {
  const rows = measureRecall(CONFUSABLE_GLYPHS_SMALL);
  const a = aims(rows);

  it('every class is generated', () => {
    for (const r of rows) expect(r.caught + r.missed, r.cls).toBeGreaterThan(0);
  });
  it('≥ 98 % without TLD swaps', () => expect(a.withoutTld).toBeGreaterThanOrEqual(0.98));
  it('≥ 95 % on TLD swaps', () => expect(a.tld).toBeGreaterThanOrEqual(0.95));
  it('≥ 90 % on dictionary words', () => expect(a.dictionary).toBeGreaterThanOrEqual(0.9));
  it.each(['homoglyph', 'bitsquatting', 'subdomain', 'combo'] as const)('≥ 98 %%: %s', (cls) => {
    const r = rows.find((x) => x.cls === cls)!;
    expect(rate(r.caught, r.missed), r.misses.slice(0, 10).join(' ')).toBeGreaterThanOrEqual(0.98);
  });
});

describe('attacker-style hosts and false positives', () => {
  it('warns on ≥ 95 % of the attacker-style hosts', () => {
    const { caught, missed } = measureAttackerHosts();
    expect(rate(caught, missed.length), missed.join(' ')).toBeGreaterThanOrEqual(0.95);
  });
  it('no false positive on the public suffix list’s private section (thousands of rules)', () => {
    const hosts = privateSuffixHosts();
    expect(hosts.length).toBeGreaterThan(3000);
    expect(falsePositives(hosts)).toEqual([]);
  });
  it('the owners’ own neighbours the issue names do not warn', () => {
    expect(judgeHost('login.microsoftonline-p.com', ['login.microsoftonline.com']).kind).not.toBe('lookalike');
    expect(judgeHost('paypal-community.com', ['www.paypal.com']).kind).toBe('none');
  });
});
