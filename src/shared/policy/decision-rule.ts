/**
 * The DecisionRule (verdict.ts) as a schema, for places that read a decision back from storage
 * (blocked-page tokens, the audit-only list): a stored rule is never trusted as it is. A rule
 * that does not parse is dropped (the page then says less, never something made up).
 */
import '../zod-config';
import { z } from 'zod/mini';
import { nonEmpty, str } from '../zod-lean';
import { BandSchema } from '../band-schema';
import type { DecisionRule } from '../verdict';

const Score = z.number().check(z.gte(0), z.lte(100));
const Fraction = z.number().check(z.gte(0), z.lte(1));
const Entry = nonEmpty(300);

// z.union, not discriminatedUnion: each `rule` literal is its own (protocol.ts says why).
export const DecisionRuleSchema = z.union([
  z.object({ rule: z.literal('orgBlockList'), entry: Entry }),
  z.object({ rule: z.literal('userBlockList'), entry: Entry }),
  z.object({ rule: z.literal('allowList'), entry: Entry }),
  z.object({ rule: z.literal('noVerdict') }),
  z.object({ rule: z.literal('invalidScore') }),
  z.object({ rule: z.literal('score'), level: z.literal(['block', 'warn']), score: Score, threshold: Score }),
  z.object({
    rule: z.literal('lowConfidence'),
    score: Score,
    threshold: Score,
    confidence: Fraction,
    minConfidence: Fraction,
  }),
  z.object({ rule: z.literal('band'), score: Score, band: BandSchema }),
  z.object({ rule: z.literal('category'), score: Score, category: str(60) }),
  z.object({ rule: z.literal('categoryAction'), level: z.literal(['block', 'warn']), score: Score, category: str(60) }),
  z.object({ rule: z.literal('safe'), score: Score }),
  z.object({ rule: z.literal('strict'), reason: str(60) }),
  z.object({
    rule: z.literal('lookalike'),
    protectedHost: nonEmpty(253),
    resemblance: z.literal(['mixed-script', 'confusable', 'edit-distance', 'embedded']),
  }),
]);

/** A stored rule, or undefined when it is missing or does not parse. */
export const StoredRule = z.pipe(
  z.unknown(),
  z.transform((v): DecisionRule | undefined => {
    const r = DecisionRuleSchema.safeParse(v);
    return r.success ? r.data : undefined;
  }),
);

// The schema and the type stay one: adding a rule to one without the other fails to compile.
type Parsed = z.infer<typeof DecisionRuleSchema>;
const _same: [Parsed] extends [DecisionRule] ? ([DecisionRule] extends [Parsed] ? true : never) : never = true;
void _same;
