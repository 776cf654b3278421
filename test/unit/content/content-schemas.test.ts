/**
 * The content script validates with small hand-written guards instead of protocol.ts's zod
 * schemas (its weight on every page: src/shared/messaging/content-schemas.ts). These tests hold
 * the guards to the schemas' verdicts on generated values, and keep the content script free of
 * any schema library and of protocol.ts values.
 */
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseBackgroundToContent,
  parseContentConfig,
  parseLinkInfo,
  parsePageHold,
  parseSignInCheck,
} from '@/src/shared/messaging/content-schemas';
import {
  BackgroundToContent,
  ContentConfigSchema,
  LinkInfoSchema,
  PageHoldSchema,
  SignInCheckSchema,
} from '@/src/shared/messaging/protocol';

/** Values near the schemas' edges: right and wrong types, enum members and strangers. */
const anyScalar = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -10, max: 6000 }),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 49, 50, 5000, 5001, 300.5),
  fc.string({ maxLength: 8 }),
  fc.constantFrom(
    'pending',
    'verdict',
    'skipped',
    'unknown',
    'error',
    'warn',
    'block',
    'allow',
    'annotate',
    'safe',
    'high',
    'malicious',
    'suspicious',
  ),
);
const field = fc.oneof(
  anyScalar,
  fc.array(anyScalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), anyScalar, { maxKeys: 2 }),
);
const linkInfoLike = fc.record(
  {
    status: fc.oneof(fc.constantFrom('pending', 'verdict', 'skipped', 'unknown', 'error'), anyScalar),
    action: fc.oneof(fc.constantFrom('allow', 'annotate', 'warn', 'block'), anyScalar),
    band: fc.oneof(fc.constantFrom('safe', 'suspicious', 'high', 'malicious'), anyScalar),
    riskScore: fc.oneof(fc.double(), anyScalar),
    categories: fc.oneof(fc.array(fc.string()), field),
    reasoning: fc.oneof(fc.string(), anyScalar),
    indicators: fc.oneof(fc.array(fc.string()), field),
    checkedAt: fc.oneof(fc.integer(), anyScalar),
    canProceed: fc.oneof(fc.boolean(), anyScalar),
    leadsTo: fc.oneof(fc.string(), anyScalar),
    badHop: fc.oneof(fc.constantFrom('link', 'destination', 'hop'), anyScalar),
    textShows: fc.oneof(fc.string(), anyScalar),
    why: fc.oneof(
      fc.record(
        {
          key: fc.oneof(
            fc.constantFrom(
              'org_blocklist',
              'user_blocklist',
              'score_block',
              'score_warn',
              'low_confidence',
              'allowList',
            ),
            anyScalar,
          ),
          nums: fc.oneof(fc.array(fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double()), { maxLength: 5 }), field),
          extra: field,
        },
        { requiredKeys: [] },
      ),
      field,
    ),
    progress: fc.oneof(fc.constantFrom('submitting', 'queued', 'processing', 'QUEUED', 'completed'), anyScalar),
    extra: field,
  },
  { requiredKeys: [] },
);

function sameVerdict(
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown } },
  guard: (v: unknown) => unknown,
  value: unknown,
) {
  const a = schema.safeParse(value);
  const b = guard(value);
  expect(b !== null, JSON.stringify(value)).toBe(a.success);
  if (a.success) expect(b).toEqual(a.data);
}

describe('content-schemas guards agree with protocol.ts', () => {
  it('parseLinkInfo accepts and returns exactly what LinkInfoSchema does', () => {
    fc.assert(
      fc.property(fc.oneof(linkInfoLike, field), (v) => sameVerdict(LinkInfoSchema, parseLinkInfo, v)),
      { numRuns: 3000 },
    );
  });

  it('parseLinkInfo: edge cases zod decides one way or the other', () => {
    const base = { status: 'verdict' };
    const cases: unknown[] = [
      { ...base, riskScore: Number.NaN },
      { ...base, riskScore: Number.POSITIVE_INFINITY },
      { ...base, riskScore: -0 },
      // eslint-disable-next-line no-sparse-arrays
      { ...base, categories: ['a', , 'b'] },
      { ...base, indicators: Object.assign(['x'], { extra: 1 }) },
      { ...base, action: undefined, band: undefined },
      Object.assign(Object.create(null), base),
      Object.assign(new Date(0), base),
      [base],
      { ...base, canProceed: 'true' },
      { ...base, checkedAt: 1e300 },
      { ...base, why: { key: 'score_block', nums: [94, 76], entry: 'secret.example' } },
      { ...base, why: { key: 'score_block', nums: [1, 2, 3, 4, 5] } },
      { ...base, why: { key: 'score_block', nums: [Number.NaN] } },
      // eslint-disable-next-line no-sparse-arrays
      { ...base, why: { key: 'score_block', nums: [1, , 2] } },
      { ...base, why: { key: 'org_blocklist' } },
      { ...base, why: ['score_block', [1]] },
      { status: 'pending', progress: 'queued' },
      { status: 'pending', progress: 'queued ' },
    ];
    for (const v of cases) sameVerdict(LinkInfoSchema, parseLinkInfo, v);
  });

  it('parseBackgroundToContent agrees with BackgroundToContent', () => {
    const message = fc.oneof(
      fc.record(
        { type: fc.constantFrom('links.update', 'links.collect', 'links.lookup', 'x'), links: field },
        { requiredKeys: [] },
      ),
      field,
    );
    fc.assert(
      fc.property(message, (v) => sameVerdict(BackgroundToContent, parseBackgroundToContent, v)),
      { numRuns: 2000 },
    );
    for (const links of [Object.create(null), new Date(0), [], new Map(), Object.create({ inherited: 1 })])
      sameVerdict(BackgroundToContent, parseBackgroundToContent, { type: 'links.update', links });
  });

  it('parseContentConfig agrees with ContentConfigSchema', () => {
    const config = fc.record({ hoverDelayMs: anyScalar, scanHovers: anyScalar }, { requiredKeys: [] });
    fc.assert(
      fc.property(config, (v) => sameVerdict(ContentConfigSchema, parseContentConfig, v)),
      { numRuns: 2000 },
    );
  });

  it('parseSignInCheck agrees with SignInCheckSchema (the sign-in guard’s reply)', () => {
    const host = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom('', 'login.example.com', 'a'.repeat(253), 'a'.repeat(254)),
      anyScalar,
    );
    const reply = fc.record(
      { warn: fc.oneof(fc.boolean(), anyScalar), protectedHost: host, extra: field },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(reply, field), (v) => sameVerdict(SignInCheckSchema, parseSignInCheck, v)),
      { numRuns: 2000 },
    );
    for (const v of [
      { warn: true },
      { warn: 'true', protectedHost: 'x.test' },
      [{ warn: false }],
      Object.assign(Object.create(null), { warn: false }),
    ])
      sameVerdict(SignInCheckSchema, parseSignInCheck, v);
  });

  it('parsePageHold agrees with PageHoldSchema (the hold guard’s reply)', () => {
    const reply = fc.record(
      { hold: fc.oneof(fc.constantFrom('go', 'wait', 'stop', 'GO', ''), anyScalar), extra: field },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(reply, field), (v) => sameVerdict(PageHoldSchema, parsePageHold, v)),
      { numRuns: 1000 },
    );
  });
});

describe('content script imports', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
    });

  it('uses no schema library (zod, zod/mini) and no webextension polyfill', () => {
    const offenders = [...files('src/content'), 'src/shared/messaging/content-schemas.ts'].filter((f) =>
      /from '(zod[^']*|webextension-polyfill|wxt\/browser)'/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('takes only types from protocol.ts (its values pull in zod’s full build)', () => {
    const offenders = files('src/content').filter((f) =>
      /^import (?!type )[^;]*from '[^']*messaging\/protocol'/m.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('never imports tldts or background code', () => {
    const offenders = files('src/content').filter((f) =>
      /from '(tldts|[^']*src\/background[^']*)'/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
