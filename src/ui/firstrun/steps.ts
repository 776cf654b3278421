/**
 * The first-run page's three steps, connect → test → done, and when the person may move on.
 * The Test step is reached only once the connection is saved, and Done only once the service
 * answered that it can check links: the page never says "set up" about a connection that does
 * not work.
 *
 *   nextStep('connect', { saved: false })                         → 'connect'
 *   nextStep('connect', { saved: true })                          → 'test'
 *   nextStep('test', { saved: true, test: 'connected', canScan }) → 'done'
 *   nextStep('test', { saved: true, test: 'connected', !canScan })→ 'test'  (the key cannot check links)
 *   nextStep('test', { saved: true, test: 'key_rejected' })       → 'test'  (the page offers "Back")
 */
export const STEPS = ['connect', 'test', 'done'] as const;
export type Step = (typeof STEPS)[number];

export interface StepFacts {
  /** The service URL and key were saved. */
  saved: boolean;
  /** The outcome of the latest Test connection (absent before one). */
  test?: string;
  /** The service said this key may submit scans. */
  canScan?: boolean;
}

export function nextStep(current: Step, f: StepFacts): Step {
  if (!f.saved) return 'connect';
  if (current === 'connect') return 'test';
  if (current === 'test') return f.test === 'connected' && f.canScan === true ? 'done' : 'test';
  return current;
}

export const STEP_TITLE_KEYS: Record<Step, string> = {
  connect: 'firstRunStepConnect',
  test: 'firstRunStepTest',
  done: 'firstRunStepDone',
};
