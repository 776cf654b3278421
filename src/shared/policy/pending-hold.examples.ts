/** Example table for pending-hold.ts, tested in test/unit/shared/policy/pending-hold.test.ts. */
import { HOLD_MAX_MS, type PendingHoldInput, type PendingHold, type PendingHoldReason } from './pending-hold';

export interface PendingHoldExample {
  name: string;
  input: Partial<PendingHoldInput>;
  hold: PendingHold;
  reason: PendingHoldReason;
}

/** What every example starts from: the top page of a tab, defaults, its check running. */
export const PENDING_BASE: PendingHoldInput = {
  topFrame: true,
  holdWhileChecking: true,
  strictMode: false,
  auditOnly: false,
  page: 'checking',
  pendingMs: 1000,
};

export const PENDING_HOLD_EXAMPLES: readonly PendingHoldExample[] = [
  { name: 'a page still being checked is held', input: {}, hold: 'wait', reason: 'pending' },
  { name: 'a page known safe (cached) is never held', input: { page: 'settled' }, hold: 'go', reason: 'settled' },
  { name: 'a page whose verdict blocks keeps everything held', input: { page: 'block' }, hold: 'stop', reason: 'bad' },
  {
    name: 'turned off: nothing is held, even while checking',
    input: { holdWhileChecking: false },
    hold: 'go',
    reason: 'off',
  },
  {
    name: 'turned off: a bad page is left to the blocked page',
    input: { holdWhileChecking: false, page: 'block' },
    hold: 'go',
    reason: 'off',
  },
  { name: 'strict mode holds the whole page instead', input: { strictMode: true }, hold: 'go', reason: 'strict' },
  { name: 'audit-only blocks nothing, so holds nothing', input: { auditOnly: true }, hold: 'go', reason: 'audit' },
  { name: 'a check just started is held', input: { pendingMs: 0 }, hold: 'wait', reason: 'pending' },
  {
    name: 'held until just before the longest hold',
    input: { pendingMs: HOLD_MAX_MS - 1 },
    hold: 'wait',
    reason: 'pending',
  },
  {
    name: 'a check running for the longest hold lets the page go',
    input: { pendingMs: HOLD_MAX_MS },
    hold: 'go',
    reason: 'timeout',
  },
  {
    name: 'out of credits: no verdict is coming, the page goes',
    input: { page: 'stalled' },
    hold: 'go',
    reason: 'stalled',
  },
  {
    name: 'a bad verdict wins over a stalled hop',
    input: { page: 'block', pendingMs: HOLD_MAX_MS * 2 },
    hold: 'stop',
    reason: 'bad',
  },
  { name: 'a frame below the top page learns nothing', input: { topFrame: false }, hold: 'go', reason: 'frame' },
  {
    name: 'a frame is not told its top page is bad',
    input: { topFrame: false, page: 'block' },
    hold: 'go',
    reason: 'frame',
  },
];
