/**
 * docs/decisions/009-bundle-weight.md: the schemas moved from classic zod's methods to zod/mini's functions
 * (`.default()` → `z._default`, `.transform()` → `z.pipe(…, z.transform())`, `.refine()` →
 * `.check(z.refine())`, `.catch()` → `z.catch`, `.int().min().max()` → `z.int().check(…)`).
 * These are the places where such a rewrite could change what is accepted or produced.
 */
import { describe, expect, it } from 'vitest';
import { PendingJobSchema } from '@/src/background/engine/jobs-store';
import { TokenSchema } from '@/src/background/protection/blocked-tokens';
import { StoredRule } from '@/src/shared/policy/decision-rule';
import { readScanJob, readScanResult } from '@/src/background/api/schemas';
import { SettingsShape } from '@/src/shared/policy/settings';
import {
  CONTENT_TYPES,
  PRIVILEGED_TYPES,
  PageToBackground,
  ContentToBackground,
  PortToBackground,
  ScanEventsMessage,
  BackgroundToContent,
} from '@/src/shared/messaging/protocol';
import { DecisionRuleSchema } from '@/src/shared/policy/decision-rule';
import { ReportEventSchema } from '@/src/shared/reporting/events';
import type { z } from 'zod/mini';

const job = {
  url: 'https://a.example/',
  idempotencyKey: 'k',
  scanId: null,
  state: 'QUEUED',
  reasons: ['hover'],
  createdAt: 1,
  deadline: 2,
  pollDelayMs: 3,
  tabIds: [],
  waitingFor: null,
  retryAt: 0,
};

describe('zod/mini conversion keeps behaviour', () => {
  it('fallback: a job stored without lastError (older builds) reads as null; a given one is kept; a damaged one is forgotten, not the job', () => {
    const old = PendingJobSchema.safeParse(job);
    expect(old.success && old.data.lastError).toBeNull();
    const withErr = PendingJobSchema.safeParse({ ...job, lastError: 'network' });
    expect(withErr.success && withErr.data.lastError).toBe('network');
    const damaged = PendingJobSchema.safeParse({ ...job, lastError: 'x'.repeat(101) });
    expect(damaged.success && damaged.data).toEqual({ ...job, lastError: null });
  });

  it('optional: a blocked-page token without backSteps reads as absent (1 where it is read); 5 or 1.5 is refused', () => {
    const token = {
      tabId: 1,
      rawUrl: 'u',
      url: 'u',
      host: 'h',
      verdict: null,
      decision: { action: 'block', reason: 'blocklist' },
      pending: false,
      createdAt: 0,
    };
    const r = TokenSchema.safeParse(token);
    expect(r.success && r.data.backSteps).toBeUndefined();
    expect(TokenSchema.safeParse({ ...token, backSteps: 2 }).success).toBe(true);
    expect(TokenSchema.safeParse({ ...token, backSteps: 4 }).success).toBe(true);
    expect(TokenSchema.safeParse({ ...token, backSteps: 5 }).success).toBe(false);
    expect(TokenSchema.safeParse({ ...token, backSteps: 1.5 }).success).toBe(false);
  });

  it('transform: a stored rule that does not parse becomes undefined, never a failure', () => {
    expect(StoredRule.parse({ rule: 'blocklist' })).toBeUndefined();
    expect(StoredRule.parse('nonsense')).toBeUndefined();
    expect(StoredRule.parse({ rule: 'strict', reason: 'timeout' })).toEqual({ rule: 'strict', reason: 'timeout' });
  });

  it('transform + trim: a numeric job id is stringified, a padded one trimmed, a blank one refused', () => {
    expect(readScanJob({ id: 42, state: 'QUEUED' }, { requireResult: false })?.id).toBe('42');
    expect(readScanJob({ id: '  scn_1  ', state: ' QUEUED ' }, { requireResult: false })).toMatchObject({
      id: 'scn_1',
      state: 'QUEUED',
    });
    expect(readScanJob({ id: '   ', state: 'QUEUED' }, { requireResult: false })).toBeNull();
  });

  it('catch: bad display fields fall back to empty, a bad score still rejects the result', () => {
    expect(readScanResult({ riskScore: 10, confidence: 0.5, categories: 'x', reasoning: 7, indicators: null })).toEqual(
      {
        riskScore: 10,
        confidence: 0.5,
        categories: [],
        reasoning: '',
        indicators: [],
      },
    );
    expect(readScanResult({ riskScore: 10.5, confidence: 0.5 })).toBeNull();
    expect(readScanResult({ riskScore: 101, confidence: 0.5 })).toBeNull();
  });

  it('refine: the organization URLs keep their own messages', () => {
    const r = SettingsShape.shape.reportingUrl.safeParse('ftp://x.example/');
    expect(r.success ? null : r.error.issues[0]?.message).toBe('https, or http to this machine only');
    const s = SettingsShape.shape.supportUrl.safeParse('http://help.example/');
    expect(s.success ? null : s.error.issues[0]?.message).toBe('an https:// address');
    expect(SettingsShape.shape.supportUrl.safeParse('').success).toBe(true);
  });

  it('the message type lists are read from the schemas', () => {
    expect(PRIVILEGED_TYPES).toHaveLength(PageToBackground.def.options.length);
    expect(PRIVILEGED_TYPES).toContain('settings.set');
    expect(CONTENT_TYPES).toEqual([
      'links.lookup',
      'link.hover',
      'link.activated',
      'config.get',
      'signin.check',
      'report.open',
      'password.typed',
      'page.hold',
    ]);
  });

  // z.discriminatedUnion refused a repeated tag when built; z.union (what the worker uses now,
  // protocol.ts says why) would take the first option that parses, so a repeated tag would
  // shadow a message silently. Each union's tags stay distinct, one literal per option.
  it.each([
    ['ContentToBackground', ContentToBackground, 'type'],
    ['PageToBackground', PageToBackground, 'type'],
    ['PortToBackground', PortToBackground, 'type'],
    ['ScanEventsMessage', ScanEventsMessage, 'type'],
    ['BackgroundToContent', BackgroundToContent, 'type'],
    ['DecisionRuleSchema', DecisionRuleSchema, 'rule'],
    ['ReportEventSchema', ReportEventSchema, 'type'],
  ] as const)('%s: one option per tag, each tag one literal', (_name, schema, key) => {
    const options = schema.def.options as unknown as z.ZodMiniObject[];
    const tags = options.map((o) => {
      const values = (o.shape[key] as z.ZodMiniLiteral).def.values;
      expect(values).toHaveLength(1);
      return values[0];
    });
    expect(new Set(tags).size).toBe(tags.length);
    expect(tags.length).toBeGreaterThan(0);
  });

  it('a message is read as its own type, whatever comes before it in the union', () => {
    const r = PageToBackground.safeParse({ type: 'settings.set', patch: { hoverDelayMs: 400 }, extra: 1 });
    expect(r.success && r.data).toEqual({ type: 'settings.set', patch: { hoverDelayMs: 400 } });
    expect(ContentToBackground.safeParse({ type: 'settings.set', patch: {} }).success).toBe(false);
    expect(DecisionRuleSchema.safeParse({ rule: 'score', level: 'block', score: 90, threshold: 70 }).success).toBe(
      true,
    );
    expect(DecisionRuleSchema.safeParse({ rule: 'score', level: 'block', score: 90 }).success).toBe(false);
  });
});
