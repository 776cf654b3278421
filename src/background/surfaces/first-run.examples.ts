/** Example table for opensFirstRun (first-run.ts), tested in test/unit/background/surfaces/first-run.test.ts. */
import type { InstallFacts } from './first-run';

const base: InstallFacts = {
  reason: 'install',
  configured: false,
  policyConfiguresService: false,
  adminInstalled: false,
};

export const FIRST_RUN_EXAMPLES: readonly { name: string; facts: InstallFacts; expected: boolean }[] = [
  { name: 'a person installs it, nothing set', facts: base, expected: true },
  { name: 'an update', facts: { ...base, reason: 'update' }, expected: false },
  { name: 'the browser was updated', facts: { ...base, reason: 'chrome_update' }, expected: false },
  { name: 'already configured (settings kept from before)', facts: { ...base, configured: true }, expected: false },
  { name: 'the policy sets the service', facts: { ...base, policyConfiguresService: true }, expected: false },
  {
    name: 'the policy sets the service and the key: configured',
    facts: { ...base, configured: true, policyConfiguresService: true },
    expected: false,
  },
  { name: 'installed by an administrator, no service yet', facts: { ...base, adminInstalled: true }, expected: false },
];
