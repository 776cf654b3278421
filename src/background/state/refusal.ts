/**
 * Why a value for a setting was refused, in the person's language (the options page shows it
 * beside the field). From the first issue zod found, as data: zod's own texts are English only,
 * and their table (zod's locale) would weigh 2.6 kB in every bundle. Pure; examples in
 * refusal.examples.ts.
 */
import type { Say } from '../i18n';

/** The parts of a zod issue this reads (zod v4's issue shapes; anything else is "invalid"). */
export interface IssueLike {
  code?: string;
  path?: ReadonlyArray<PropertyKey>;
  origin?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  values?: readonly unknown[];
}

function reason(issue: IssueLike, say: Say): string {
  const limit = (n: number | bigint | undefined) => String(n ?? '');
  const sized = issue.origin === 'string' || issue.origin === 'array';
  switch (issue.code) {
    case 'too_small':
      if (sized && Number(issue.minimum) === 1) return say('bg_refusedEmpty');
      if (issue.origin === 'string') return say('bg_refusedTooShort', [limit(issue.minimum)]);
      if (issue.origin === 'array') return say('bg_refusedTooFew', [limit(issue.minimum)]);
      return say('bg_refusedTooSmall', [limit(issue.minimum)]);
    case 'too_big':
      if (issue.origin === 'string') return say('bg_refusedTooLong', [limit(issue.maximum)]);
      if (issue.origin === 'array') return say('bg_refusedTooMany', [limit(issue.maximum)]);
      return say('bg_refusedTooBig', [limit(issue.maximum)]);
    case 'invalid_type':
      if (issue.expected === 'int') return say('bg_refusedWholeNumber');
      if (issue.expected === 'number') return say('bg_refusedNumber');
      if (issue.expected === 'boolean') return say('bg_refusedOnOff');
      return say('bg_refusedInvalid');
    case 'invalid_value':
      if (issue.values?.length) return say('bg_refusedOneOf', [issue.values.map((v) => String(v)).join(', ')]);
      return say('bg_refusedInvalid');
    default:
      return say('bg_refusedInvalid');
  }
}

/** The refusal's words; an issue inside a list or a map names the entry it is about. */
export function refusalOf(issue: IssueLike | undefined, say: Say): string {
  if (!issue) return say('bg_refusedInvalid');
  const why = reason(issue, say);
  const at = issue.path?.[0];
  if (typeof at === 'number') return say('bg_refusedEntry', [String(at + 1), why]);
  if (typeof at === 'string' && at) return `${at}: ${why}`;
  return why;
}
