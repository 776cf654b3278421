/**
 * When a hover (or keyboard focus) on a link asks the background again. docs/decisions/013-content-script.md: "a link already
 * asked about is not asked again while its verdict is fresh". The background's cache decides how
 * long a verdict really lives (TTL per band); these windows only stop one page from repeating
 * itself.
 *
 * | known about the URL                      | asked        | ask again?                 |
 * |------------------------------------------|--------------|----------------------------|
 * | nothing                                  | never        | yes                        |
 * | lookup said 'unknown' (not in cache)     | never        | yes (lookup never scans)   |
 * | 'verdict' or 'skipped', learned < 10 min | any          | no                         |
 * | 'verdict' or 'skipped', learned ≥ 10 min | any          | yes                        |
 * | 'pending' / no answer yet                | < 60 s ago   | no (the verdict is pushed) |
 * | 'pending' / no answer yet                | ≥ 60 s ago   | yes (push may be lost)     |
 * | 'error'                                  | < 30 s ago   | no                         |
 * | 'error'                                  | ≥ 30 s ago   | yes                        |
 */
import type { LinkInfo } from '@/src/shared/messaging/protocol';

export const VERDICT_FRESH_MS = 10 * 60_000;
export const PENDING_FRESH_MS = 60_000;
export const ERROR_RETRY_MS = 30_000;

export interface AskState {
  info?: LinkInfo;
  /** When `info` arrived (ms). */
  infoAt?: number;
  /** When a `link.hover` was last sent for this URL (ms). */
  askedAt?: number;
}

export function shouldAsk(state: AskState | undefined, now: number): boolean {
  if (!state) return true;
  const { info, infoAt, askedAt } = state;
  if (info && (info.status === 'verdict' || info.status === 'skipped') && infoAt !== undefined) {
    if (now - infoAt < VERDICT_FRESH_MS) return false;
    return true;
  }
  if (askedAt === undefined) return true;
  const window = info?.status === 'error' ? ERROR_RETRY_MS : PENDING_FRESH_MS;
  return now - askedAt >= window;
}

/**
 * Whether an incoming info replaces what we hold. A final answer (verdict, skipped) is only ever
 * replaced by another final answer: a re-check in progress ('pending'), a cache miss ('unknown')
 * or a failed re-check ('error') must not make a known warning disappear, nor lift the
 * confirmation before a block-level link.
 *
 * | held                 | incoming             | replace? |
 * |----------------------|----------------------|----------|
 * | nothing              | anything             | yes      |
 * | pending/unknown/error| anything             | yes      |
 * | verdict / skipped    | verdict / skipped    | yes      |
 * | verdict / skipped    | pending/unknown/error| no       |
 */
export function replacesInfo(held: LinkInfo | undefined, incoming: LinkInfo): boolean {
  return !held || !isFinal(held) || isFinal(incoming);
}

const isFinal = (info: LinkInfo): boolean => info.status === 'verdict' || info.status === 'skipped';
