/**
 * What a policy change ends while the browser runs (docs/decisions/005-policy-floor.md): a pause the policy
 * no longer permits (allowPause: false), and "Proceed anyway" exceptions and passes granted
 * while proceeding was allowed (allowProceed: false). The checks at the point of use already
 * ignore them (checker.ts, navigation.ts); this clears what is stored, so they do not come back
 * if the policy later allows them again.
 */
import type { Settings } from '@/src/shared/policy/settings';
import { pausedUntil, setPause } from './pause';
import { endProceeding } from './exceptions';

export async function enforcePolicy(s: Pick<Settings, 'allowPause' | 'allowProceed'>): Promise<void> {
  const work: Promise<void>[] = [];
  if (!s.allowPause && (await pausedUntil()) !== null) work.push(setPause(0));
  if (!s.allowProceed) work.push(endProceeding());
  await Promise.all(work);
}
