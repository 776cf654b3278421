import { describe, expect, it } from 'vitest';
import {
  announcement,
  canReport,
  categoryLabels,
  clip,
  KNOWN_CATEGORIES,
  leadsText,
  markerKind,
  markerLabel,
  needsConfirmation,
  tooltipText,
  whyText,
} from '@/src/content/verdict-view';
import { CONTENT_STRINGS } from '@/src/content/strings';
import type { LinkInfo } from '@/src/shared/messaging/protocol';

describe('markerKind', () => {
  const table: [string, LinkInfo | undefined, ReturnType<typeof markerKind>][] = [
    ['no info', undefined, null],
    ['verdict + block', { status: 'verdict', action: 'block' }, 'block'],
    ['verdict + warn', { status: 'verdict', action: 'warn' }, 'warn'],
    ['verdict + annotate', { status: 'verdict', action: 'annotate' }, null],
    ['verdict + allow', { status: 'verdict', action: 'allow' }, null],
    ['skipped + block (blocklisted host)', { status: 'skipped', action: 'block' }, 'block'],
    ['pending + block', { status: 'pending', action: 'block' }, null],
    ['unknown', { status: 'unknown' }, null],
    ['error + warn', { status: 'error', action: 'warn' }, null],
  ];
  it.each(table)('%s → %s', (_n, info, kind) => {
    expect(markerKind(info)).toBe(kind);
  });
  it('only block-level links need a confirmation', () => {
    expect(needsConfirmation({ status: 'verdict', action: 'block' })).toBe(true);
    expect(needsConfirmation({ status: 'verdict', action: 'warn' })).toBe(false);
    expect(needsConfirmation(undefined)).toBe(false);
  });
});

describe('texts', () => {
  it('labels known categories and keeps unknown ones as the service wrote them', () => {
    expect(categoryLabels(['phishing', 'adult_content', 'crypto_drainer', ''])).toEqual([
      'Phishing',
      'Adult content',
      'crypto_drainer',
    ]);
  });

  it('clips long service text with an ellipsis', () => {
    expect(clip('a'.repeat(10), 5)).toBe('aaaa…');
    expect(clip('  short  ', 50)).toBe('short');
  });

  it('builds the tooltip from band, score, categories, reasoning and indicators (no time: content scripts get no timestamps)', () => {
    const info: LinkInfo = {
      status: 'verdict',
      action: 'block',
      band: 'malicious',
      riskScore: 92.4,
      categories: ['phishing', 'malware'],
      reasoning: 'Imitates a bank login.',
      indicators: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
    };
    expect(tooltipText(info, 'block')).toEqual({
      kind: 'block',
      title: 'Malicious link',
      gist: 'Imitates a bank login.',
      score: 'Risk score: 92 / 100',
      categories: 'Categories: Phishing, Malware',
      reasoning: 'Imitates a bank login.',
      indicators: ['a', 'b', 'c', 'd', 'e', 'f'],
      moreIndicators: '… and 2 more',
      technical: [],
      action: 'Linklens will ask before opening this link.',
      leads: null,
      why: null,
    });
  });

  it('says why the link was flagged from the rule the background names (docs/decisions/017-surfaces.md), numbers as sent', () => {
    const table: [LinkInfo['why'], string | null][] = [
      [undefined, null],
      [{ key: 'score_block', nums: [94, 76] }, 'Why this decision: Risk score 94 ≥ your block threshold 76'],
      [{ key: 'score_warn', nums: [60, 51] }, 'Why this decision: Risk score 60 ≥ your warning threshold 51'],
      [
        { key: 'low_confidence', nums: [88, 80, 92, 95] },
        'Why this decision: Risk score 88 ≥ your block threshold 80, but confidence 92% is below 95%: warned, not blocked',
      ],
      [{ key: 'org_blocklist', nums: [] }, 'Why this decision: On your organization’s blocklist'],
      [{ key: 'user_blocklist', nums: [] }, 'Why this decision: On your blocklist'],
    ];
    for (const [why, text] of table) {
      const info: LinkInfo = { status: 'verdict', action: 'block', ...(why ? { why } : {}) };
      expect(whyText(info)).toBe(text);
      expect(tooltipText(info, 'block').why).toBe(text);
    }
  });

  it('offers "Report a mistake" except for lying link text (a local rule, nothing the service decided)', () => {
    expect(canReport({ status: 'verdict', action: 'block' })).toBe(true);
    expect(canReport({ status: 'verdict', action: 'warn', textShows: 'bank.example', leadsTo: 'evil.example' })).toBe(
      false,
    );
  });

  it('knows exactly the categories strings.ts has a label for', () => {
    expect(KNOWN_CATEGORIES.map((c) => `cat_${c}`).sort()).toEqual(
      Object.keys(CONTENT_STRINGS)
        .filter((k) => k.startsWith('cat_'))
        .sort(),
    );
  });

  it('says where a wrapped link leads and which hop is flagged (docs/decisions/003-every-hop.md)', () => {
    const base: LinkInfo = { status: 'verdict', action: 'block', leadsTo: 'phish.example' };
    expect(leadsText({ status: 'verdict', action: 'block' })).toBeNull();
    expect(leadsText({ ...base, badHop: 'destination' })).toBe('Leads to phish.example, the flagged address');
    expect(leadsText({ ...base, badHop: 'link' })).toBe('Leads to phish.example');
    expect(leadsText({ ...base, badHop: 'hop' })).toBe('Leads to phish.example through a flagged redirect');
    expect(leadsText({ ...base, textShows: 'mybank.example' })).toBe(
      'The link text shows mybank.example, but the link leads to phish.example',
    );
    expect(tooltipText({ ...base, badHop: 'destination' }, 'block').leads).toBe(
      'Leads to phish.example, the flagged address',
    );
  });

  it("puts one line of why on the compact card: the rule, else the reasoning's first line, else the categories, else what happens next", () => {
    const base: LinkInfo = {
      status: 'verdict',
      action: 'warn',
      categories: ['scam'],
      reasoning: `First line.\n${'x'.repeat(300)}`,
    };
    expect(tooltipText({ ...base, why: { key: 'score_warn', nums: [70, 51] } }, 'warn').gist).toBe(
      'Why this decision: Risk score 70 ≥ your warning threshold 51',
    );
    expect(tooltipText(base, 'warn').gist).toBe('First line.');
    expect(tooltipText({ ...base, reasoning: 'y'.repeat(300) }, 'warn').gist).toHaveLength(140);
    expect(tooltipText({ ...base, reasoning: '' }, 'warn').gist).toBe('Categories: Scam');
    expect(tooltipText({ status: 'skipped', action: 'block' }, 'block').gist).toBe(
      'Linklens will ask before opening this link.',
    );
  });

  it('names where the link leads from its own URL when the background named no hop', () => {
    expect(tooltipText({ status: 'verdict', action: 'warn' }, 'warn', 'https://scam-offer.example/win').leads).toBe(
      'Leads to scam-offer.example',
    );
    expect(
      tooltipText(
        { status: 'verdict', action: 'warn', leadsTo: 'a.example', badHop: 'hop' },
        'warn',
        'https://b.example/',
      ).leads,
    ).toBe('Leads to a.example through a flagged redirect');
    expect(tooltipText({ status: 'verdict', action: 'warn' }, 'warn', 'not a url').leads).toBeNull();
  });

  it('puts indicators in words and keeps their records for "Technical details"', () => {
    const record = '{"type":"keyword","value":"malware","severity":"high"}';
    const text = tooltipText(
      { status: 'verdict', action: 'block', indicators: [record, 'odd_new_signal', ' '] },
      'block',
    );
    expect(text.indicators).toEqual(['Suspicious word in the address: “malware” (high concern)', 'odd_new_signal']);
    expect(text.technical).toEqual([record]); // a plain line is not shown twice
  });

  it('leaves out what the service did not say', () => {
    const text = tooltipText({ status: 'skipped', action: 'block' }, 'block');
    expect(text).toMatchObject({
      title: 'Flagged link',
      score: null,
      categories: null,
      reasoning: null,
      indicators: [],
    });
  });

  it('gives the marker a name that does not rely on colour', () => {
    expect(markerLabel({ status: 'verdict', action: 'warn', band: 'high', riskScore: 64 })).toBe(
      'Linklens: High-risk link, risk score 64 of 100',
    );
    expect(markerLabel({ status: 'skipped', action: 'block' })).toBe('Linklens: Flagged link, no score');
  });

  it('announces band, score, categories and what happens next', () => {
    expect(
      announcement(
        { status: 'verdict', action: 'block', band: 'malicious', riskScore: 90, categories: ['scam'] },
        'block',
      ),
    ).toBe('Linklens: Malicious link, risk score 90 of 100, Scam. Linklens will ask before opening this link.');
  });

  it('a warn-level link tells a keyboard user where why and "Report a mistake" are: the context menu\'s check', () => {
    expect(announcement({ status: 'verdict', action: 'warn', band: 'suspicious', riskScore: 45 }, 'warn')).toBe(
      "Linklens: Suspicious link, risk score 45 of 100. Linklens advises caution with this link. To see why, or to report a mistake: the link's context menu, “Check this link with Linklens”.",
    );
    // A link whose text names another site is a local warning: there is no verdict to report.
    expect(
      announcement(
        { status: 'verdict', action: 'warn', band: 'suspicious', riskScore: 45, textShows: 'bank.example' } as never,
        'warn',
      ),
    ).toBe('Linklens: Suspicious link, risk score 45 of 100. Linklens advises caution with this link.');
  });
});
