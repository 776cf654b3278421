/** Example table for nextStep (src/ui/firstrun/steps.ts), tested in test/unit/ui/first-run.test.tsx. */
import type { Step, StepFacts } from './steps';

export const STEP_EXAMPLES: readonly { name: string; from: Step; facts: StepFacts; expected: Step }[] = [
  { name: 'nothing saved yet', from: 'connect', facts: { saved: false }, expected: 'connect' },
  { name: 'saved: on to the test', from: 'connect', facts: { saved: true }, expected: 'test' },
  {
    name: 'connected and may scan: done',
    from: 'test',
    facts: { saved: true, test: 'connected', canScan: true },
    expected: 'done',
  },
  {
    name: 'connected, but the key cannot submit scans',
    from: 'test',
    facts: { saved: true, test: 'connected', canScan: false },
    expected: 'test',
  },
  { name: 'the key was rejected', from: 'test', facts: { saved: true, test: 'key_rejected' }, expected: 'test' },
  { name: 'unreachable', from: 'test', facts: { saved: true, test: 'unreachable' }, expected: 'test' },
  { name: 'not tested yet', from: 'test', facts: { saved: true }, expected: 'test' },
  {
    name: 'the connection was undone (saving failed): back to connect',
    from: 'test',
    facts: { saved: false },
    expected: 'connect',
  },
  { name: 'done stays done', from: 'done', facts: { saved: true, test: 'connected', canScan: true }, expected: 'done' },
];
