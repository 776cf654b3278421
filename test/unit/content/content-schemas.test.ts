/**
 * The content script validates with zod/mini mirrors of protocol.ts schemas (bundle size:
 * src/shared/messaging/content-schemas.ts). These tests hold the two to the same verdicts, and
 * keep the content script from importing protocol.ts values (which would pull in zod's full build).
 */
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BackgroundToContentMini, ContentConfigMini, LinkInfoMini } from '@/src/shared/messaging/content-schemas';
import { BackgroundToContent, ContentConfigSchema, LinkInfoSchema } from '@/src/shared/messaging/protocol';

/** Values near the schemas' edges: right and wrong types, enum members and strangers. */
const anyScalar = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -10, max: 6000 }),
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 49, 50, 5000, 5001, 300.5),
  fc.string({ maxLength: 8 }),
  fc.constantFrom('pending', 'verdict', 'skipped', 'unknown', 'error', 'warn', 'block', 'allow', 'annotate', 'safe', 'high', 'malicious', 'suspicious'),
);
const field = fc.oneof(anyScalar, fc.array(anyScalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 4 }), anyScalar, { maxKeys: 2 }));
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
    extra: field,
  },
  { requiredKeys: [] },
);

function sameVerdict(classic: { safeParse(v: unknown): { success: boolean; data?: unknown } }, mini: { safeParse(v: unknown): { success: boolean; data?: unknown } }, value: unknown) {
  const a = classic.safeParse(value);
  const b = mini.safeParse(value);
  expect(b.success).toBe(a.success);
  if (a.success) expect(b.data).toEqual(a.data);
}

describe('content-schemas mirror protocol.ts', () => {
  it('LinkInfoMini accepts and returns exactly what LinkInfoSchema does', () => {
    fc.assert(fc.property(fc.oneof(linkInfoLike, field), (v) => sameVerdict(LinkInfoSchema, LinkInfoMini, v)), { numRuns: 2000 });
  });

  it('BackgroundToContentMini agrees with BackgroundToContent', () => {
    const message = fc.oneof(
      fc.record({ type: fc.constantFrom('links.update', 'links.collect', 'links.lookup', 'x'), links: field }, { requiredKeys: [] }),
      field,
    );
    fc.assert(fc.property(message, (v) => sameVerdict(BackgroundToContent, BackgroundToContentMini, v)), { numRuns: 1000 });
  });

  it('ContentConfigMini agrees with ContentConfigSchema', () => {
    const config = fc.record({ hoverDelayMs: anyScalar, scanHovers: anyScalar }, { requiredKeys: [] });
    fc.assert(fc.property(config, (v) => sameVerdict(ContentConfigSchema, ContentConfigMini, v)), { numRuns: 1000 });
  });
});

describe('content script imports', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
    });

  it('takes only types from protocol.ts (its values pull in zod’s full build)', () => {
    const offenders = files('src/content').filter((f) => /^import (?!type )[^;]*from '[^']*messaging\/protocol'/m.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('never imports tldts or background code', () => {
    const offenders = files('src/content').filter((f) => /from '(tldts|[^']*src\/background[^']*)'/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
