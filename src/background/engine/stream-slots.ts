/**
 * Which jobs may hold an event stream (docs/decisions/014-scan-engine.md): a pure rule, examples in
 * stream-slots.examples.ts.
 *
 * Over HTTP/1.1 a browser keeps at most 6 connections per host, and an open stream holds one for
 * the whole scan. Twelve streams would leave POSTs and polls queueing behind them, so at most
 * MAX_STREAMS stream at once and the rest poll (poll-timing.ts); half the connections always stay
 * free for a POST or a poll. Over HTTP/2 or HTTP/3 (as the browser reports it, api/wire.ts) the
 * cap is MAX_STREAMS_MULTIPLEXED: streams share the one connection with everything else.
 * Who streams: the most urgent jobs (a navigation, whose tab waits,
 * before a person's explicit check, before a hover, before page links), the oldest first among
 * equals (it has waited longest and is nearest its end) when a slot is free. Only a MORE urgent
 * job takes an open stream's slot: the least urgent, youngest stream closes (that job goes back to
 * polling and may stream again when a slot frees); an equal one waits, even if older (its POST
 * was answered later), since closing a stream for an equal job only churns connections. A job whose own stream ended by itself (dropped, silent, closed) polls to the end:
 * opening it again would likely fail the same way.
 */
import type { ScanReason } from '@/src/shared/messaging/protocol';

export const MAX_STREAMS = 3;
/**
 * Over HTTP/2 or HTTP/3 every request to the service shares one connection, so a stream holds
 * back no POST and no poll: every job of a burst may stream. Still capped, well under the 100
 * concurrent streams a server is asked to allow at least (RFC 9113 §6.5.2), so POSTs and polls
 * always find room beside the streams.
 */
export const MAX_STREAMS_MULTIPLEXED = 24;

/** The cap for the protocol the service answers over (api/wire.ts); unknown counts as HTTP/1.1. */
export const streamCap = (multiplexed: boolean): number => (multiplexed ? MAX_STREAMS_MULTIPLEXED : MAX_STREAMS);

/** Lower is more urgent. */
export const URGENCY: Readonly<Record<ScanReason, number>> = {
  navigation: 0,
  menu: 1,
  popup: 1,
  hover: 2,
  'page-links': 3,
};

export interface StreamCandidate {
  url: string;
  reasons: readonly ScanReason[];
  /** When the job was created here (ms epoch): older first among equals. */
  createdAt: number;
  /** Its stream is open now. */
  streaming: boolean;
  /** Its stream ended by itself before: it polls to the end. */
  streamEnded: boolean;
  /**
   * It is near its expected end (isNearEnd: from NEAR_END_MS before the earliest typical scan time
   * to the latest one): a poll is due then anyway, so it gets no NEW stream (an open one stays). Under a burst the jobs end together:
   * streams opened for them as the first streams ended were one more request each, at the moment
   * the polls needed the connections (BENCHMARKS.md "Bursts of navigations at once"). Absent: false.
   */
  nearEnd?: boolean;
}

/** How close to the earliest typical scan time a waiting job stops being given a new stream. */
export const NEAR_END_MS = 300;

/**
 * Pure: whether a job `ageMs` old is near its expected end, given what recent scans took
 * (scan-durations.ts). Only inside the window where its polls are timed to catch the end: from
 * NEAR_END_MS before the earliest typical time to the latest one. Past the latest typical time a
 * job is overdue, and the stream is the better way to hear its end, but only once the service has
 * said it is still running inside its window (`seenRunningMs`: its age at the last answer that
 * said so). Until then it has likely ended unheard, as when its POST's answer came back late in a
 * burst: its poll, due at once, will tell, and a stream opened for each such job was one more
 * request at the moment the polls needed the connections (the 50-tab burst opened 44). With
 * nothing learned yet, no job is near its end. Examples: NEAR_END_EXAMPLES in
 * stream-slots.examples.ts.
 */
export function isNearEnd(
  ageMs: number,
  learned: { earliestMs: number; latestMs: number } | null,
  seenRunningMs: number,
): boolean {
  if (!learned) return false;
  const from = learned.earliestMs - NEAR_END_MS;
  return ageMs >= from && (ageMs <= learned.latestMs || seenRunningMs < from);
}

export interface StreamPlan {
  /** Jobs to open a stream for now. */
  open: string[];
  /** Streams to close (their jobs go back to polling). */
  close: string[];
}

/** The most urgent of a job's reasons; a job with none (never expected) ranks last. */
export const urgencyOf = (reasons: readonly ScanReason[]) => Math.min(4, ...reasons.map((r) => URGENCY[r] ?? 4));

export function planStreams(candidates: readonly StreamCandidate[], cap: number = MAX_STREAMS): StreamPlan {
  const slots = Number.isFinite(cap) ? Math.max(0, Math.floor(cap)) : 0;
  const ranked = candidates
    .filter((c) => !c.streamEnded && (c.streaming || !c.nearEnd))
    .map((c) => ({ c, u: urgencyOf(c.reasons) }))
    // Among equal urgency an open stream keeps its slot (closing it for an equal job only churns
    // connections), then the oldest first, then a stable order by URL.
    .sort(
      (a, b) =>
        a.u - b.u ||
        Number(b.c.streaming) - Number(a.c.streaming) ||
        a.c.createdAt - b.c.createdAt ||
        (a.c.url < b.c.url ? -1 : a.c.url > b.c.url ? 1 : 0),
    );
  const keep = new Set(ranked.slice(0, slots).map((r) => r.c.url));
  return {
    open: ranked.filter((r) => keep.has(r.c.url) && !r.c.streaming).map((r) => r.c.url),
    close: candidates.filter((c) => c.streaming && !keep.has(c.url)).map((c) => c.url),
  };
}
