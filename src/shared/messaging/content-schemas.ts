/**
 * The schemas a content script validates incoming data with, built on `zod/mini`.
 *
 * Why a second copy: the content script runs in every frame of every page, and importing
 * protocol.ts (zod's full build, every message schema) made its bundle ~120 KB minified, most of
 * it zod, evaluated per frame before any of our code runs. zod/mini is tree-shakable: these few
 * schemas cost a fraction of that. They must accept exactly what the protocol.ts schemas accept:
 * test/unit/content/content-schemas.test.ts checks them against each other (property test) and
 * the type assertions below fail the build if the shapes drift apart.
 */
import '../zod-config';
import * as z from 'zod/mini';
import type { BackgroundToContent, ContentConfig, LinkInfo } from './protocol';

/** Mirrors protocol.ts LinkInfoSchema. */
export const LinkInfoMini = z.object({
  status: z.enum(['pending', 'verdict', 'skipped', 'unknown', 'error']),
  action: z.optional(z.enum(['allow', 'annotate', 'warn', 'block'])),
  band: z.optional(z.enum(['safe', 'suspicious', 'high', 'malicious'])),
  riskScore: z.optional(z.number()),
  categories: z.optional(z.array(z.string())),
  reasoning: z.optional(z.string()),
  indicators: z.optional(z.array(z.string())),
  canProceed: z.optional(z.boolean()),
});

/** Mirrors protocol.ts BackgroundToContent. */
export const BackgroundToContentMini = z.discriminatedUnion('type', [
  z.object({ type: z.literal('links.update'), links: z.record(z.string(), z.unknown()) }),
  z.object({ type: z.literal('links.collect') }),
]);

/** Mirrors protocol.ts ContentConfigSchema. */
export const ContentConfigMini = z.object({
  hoverDelayMs: z.number().check(z.int(), z.gte(50), z.lte(5000)),
  scanHovers: z.boolean(),
});

// Compile-time drift check: each mini schema's output is mutually assignable with the protocol type.
// (Keys are compared too: an optional field missing on one side is still assignable both ways.)
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Same<A, B> = Mutual<A, B> extends true ? Mutual<keyof A, keyof B> : false;
const sameShapes: [
  Same<z.infer<typeof LinkInfoMini>, LinkInfo>,
  Same<z.infer<typeof BackgroundToContentMini>, BackgroundToContent>,
  Same<z.infer<typeof ContentConfigMini>, ContentConfig>,
] = [true, true, true];
void sameShapes;
