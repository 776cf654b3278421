import { describe, expect, it } from 'vitest';
import {
  ERROR_RETRY_MS,
  PENDING_FRESH_MS,
  VERDICT_FRESH_MS,
  replacesInfo,
  shouldAsk,
  type AskState,
} from '@/src/content/freshness';
import type { LinkInfo } from '@/src/shared/messaging/protocol';

const NOW = 1_000_000_000;
const verdict: LinkInfo = { status: 'verdict', action: 'warn', band: 'high', riskScore: 60 };

describe('shouldAsk (hover dedupe while fresh)', () => {
  const table: [string, AskState | undefined, boolean][] = [
    ['nothing known', undefined, true],
    ['lookup said unknown, never asked', { info: { status: 'unknown' }, infoAt: NOW - 1000 }, true],
    ['verdict learned 1 min ago', { info: verdict, infoAt: NOW - 60_000 }, false],
    ['skipped learned 1 min ago', { info: { status: 'skipped' }, infoAt: NOW - 60_000 }, false],
    ['verdict learned just past freshness', { info: verdict, infoAt: NOW - VERDICT_FRESH_MS }, true],
    ['asked 10 s ago, pending', { info: { status: 'pending' }, infoAt: NOW - 10_000, askedAt: NOW - 10_000 }, false],
    ['asked 10 s ago, no answer yet', { askedAt: NOW - 10_000 }, false],
    ['asked a minute ago, still pending', { info: { status: 'pending' }, askedAt: NOW - PENDING_FRESH_MS }, true],
    ['error 10 s ago', { info: { status: 'error' }, askedAt: NOW - 10_000 }, false],
    ['error 30 s ago', { info: { status: 'error' }, askedAt: NOW - ERROR_RETRY_MS }, true],
  ];
  it.each(table)('%s → %s', (_name, state, expected) => {
    expect(shouldAsk(state, NOW)).toBe(expected);
  });
});

describe('replacesInfo (a final answer is only replaced by a final answer)', () => {
  const pending: LinkInfo = { status: 'pending' };
  const table: [string, LinkInfo | undefined, LinkInfo, boolean][] = [
    ['nothing held', undefined, pending, true],
    ['pending held, verdict comes', pending, verdict, true],
    ['unknown held, pending comes', { status: 'unknown' }, pending, true],
    ['verdict held, new verdict comes', verdict, { ...verdict, action: 'block' }, true],
    ['verdict held, skipped comes', verdict, { status: 'skipped' }, true],
    ['verdict held, pending comes (re-check)', verdict, pending, false],
    ['verdict held, unknown comes', verdict, { status: 'unknown' }, false],
    ['verdict held, error comes', verdict, { status: 'error' }, false],
  ];
  it.each(table)('%s → %s', (_name, held, incoming, expected) => {
    expect(replacesInfo(held, incoming)).toBe(expected);
  });
});
