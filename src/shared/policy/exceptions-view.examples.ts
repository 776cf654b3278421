/**
 * Example tables for exceptionsInForce and revokeFromRecords. Tested in
 * test/unit/shared/policy/exceptions-view.test.ts.
 */
import type { ExceptionRecords, ExceptionRow } from './exceptions-view';

const T = 1_700_000_000_000;
const PASS_MS = 15_000;
const none: ExceptionRecords = { exceptions: {}, since: {}, passes: {} };

export const IN_FORCE_EXAMPLES: readonly {
  name: string;
  records: ExceptionRecords;
  allowProceed?: boolean;
  expected: ExceptionRow[];
}[] = [
  { name: 'nothing granted', records: none, expected: [] },
  {
    name: 'an exception until the browser restarts, with the time it was granted',
    records: { ...none, exceptions: { 'phish.test': -1 }, since: { 'phish.test': T - 60_000 } },
    expected: [{ kind: 'exception', host: 'phish.test', url: null, since: T - 60_000, until: -1 }],
  },
  {
    name: 'an exception from an older build has no "since"',
    records: { ...none, exceptions: { 'old.test': -1 } },
    expected: [{ kind: 'exception', host: 'old.test', url: null, since: null, until: -1 }],
  },
  {
    name: 'an expired exception is not in force; a dated one that has not expired is',
    records: {
      ...none,
      exceptions: { 'gone.test': T - 1, 'dated.test': T + 3_600_000 },
      since: { 'dated.test': T - 5 },
    },
    expected: [{ kind: 'exception', host: 'dated.test', url: null, since: T - 5, until: T + 3_600_000 }],
  },
  {
    name: 'a live proceed pass is listed with its URL and host; a release pass and an expired pass are not',
    records: {
      ...none,
      passes: {
        'proceed 7 http://bad.test/x?a=1': T + 10_000,
        'release 7 http://held.test/': T + 10_000,
        'proceed 8 http://old.test/': T - 1,
      },
    },
    expected: [
      { kind: 'pass', host: 'bad.test', url: 'http://bad.test/x?a=1', since: T + 10_000 - PASS_MS, until: T + 10_000 },
    ],
  },
  {
    name: 'a pass key without a kind (older build) counts as a proceed pass',
    records: { ...none, passes: { '3 https://legacy.test/': T + 1_000 } },
    expected: [
      { kind: 'pass', host: 'legacy.test', url: 'https://legacy.test/', since: T + 1_000 - PASS_MS, until: T + 1_000 },
    ],
  },
  {
    name: 'junk in storage is skipped, never shown: a non-number expiry, a key that is not a pass, a non-web URL',
    records: {
      exceptions: { 'nan.test': Number.NaN },
      since: {},
      passes: { junk: T + 5, 'proceed 1 javascript:alert(1)': T + 5 },
    },
    expected: [],
  },
  {
    name: 'policy does not allow proceeding: nothing is in force',
    records: { ...none, exceptions: { 'phish.test': -1 }, passes: { 'proceed 7 http://bad.test/': T + 10_000 } },
    allowProceed: false,
    expected: [],
  },
  {
    name: 'newest first',
    records: { ...none, exceptions: { 'a.test': -1, 'b.test': -1 }, since: { 'a.test': T - 10, 'b.test': T - 5 } },
    expected: [
      { kind: 'exception', host: 'b.test', url: null, since: T - 5, until: -1 },
      { kind: 'exception', host: 'a.test', url: null, since: T - 10, until: -1 },
    ],
  },
];

export const REVOKE_EXAMPLES: readonly {
  name: string;
  records: ExceptionRecords;
  host: string | null;
  expected: ExceptionRecords & { removed: number };
}[] = [
  {
    name: 'one host: its exception, its "since" and its proceed passes go; other hosts stay',
    records: {
      exceptions: { 'phish.test': -1, 'other.test': -1 },
      since: { 'phish.test': T, 'other.test': T },
      passes: { 'proceed 7 http://phish.test/a': T + 9, 'proceed 7 http://other.test/': T + 9 },
    },
    host: 'phish.test',
    expected: {
      exceptions: { 'other.test': -1 },
      since: { 'other.test': T },
      passes: { 'proceed 7 http://other.test/': T + 9 },
      removed: 2,
    },
  },
  {
    name: 'a subdomain is another host: not revoked with its parent',
    records: { ...none, exceptions: { 'login.phish.test': -1, 'phish.test': -1 } },
    host: 'phish.test',
    expected: { exceptions: { 'login.phish.test': -1 }, since: {}, passes: {}, removed: 1 },
  },
  {
    name: "revoke all keeps strict mode's release passes and keys it cannot read",
    records: {
      exceptions: { 'a.test': -1 },
      since: { 'a.test': T },
      passes: { 'proceed 1 http://a.test/': T + 1, 'release 2 http://held.test/': T + 1, junk: 5 },
    },
    host: null,
    expected: { exceptions: {}, since: {}, passes: { 'release 2 http://held.test/': T + 1, junk: 5 }, removed: 2 },
  },
  {
    name: 'a host with nothing granted: nothing removed',
    records: { ...none, exceptions: { 'a.test': -1 } },
    host: 'b.test',
    expected: { exceptions: { 'a.test': -1 }, since: {}, passes: {}, removed: 0 },
  },
];

export const EXAMPLE_NOW = T;
export const EXAMPLE_PASS_MS = PASS_MS;
