/**
 * Live progress of one scan for the report page. The background follows the scan's event stream
 * for the page (a port: src/shared/messaging/ports.ts; the page never holds the API key) and each
 * state it posts is shown at once. Polling `scan.get` is the guarantee (docs/decisions/014-scan-engine.md: "the
 * stream is an accelerator"): slowly while the stream is open, every `pollMs` once it has ended
 * or could not be opened, until the state is COMPLETED or FAILED (spec, States). Any other state
 * name is not terminal and is shown raw. Every state seen is kept, in order.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { sendToBackground } from '@/src/shared/messaging/send';
import { readScanEvent, SCAN_EVENTS_PORT } from '@/src/shared/messaging/ports';
import type { ErrorInfo, ScanViewData } from '@/src/shared/messaging/protocol';

export const TERMINAL = new Set(['COMPLETED', 'FAILED']);
/** While the stream is open, polling only guards against a stream that lies or stalls silently. */
export const POLL_WHILE_STREAMING_MS = 10_000;

/** Append a state to the timeline unless it repeats the last one, or would follow a terminal one. */
export function addState(seen: string[], state: string): string[] {
  const last = seen[seen.length - 1];
  if (last === state || (last !== undefined && TERMINAL.has(last))) return seen;
  return [...seen, state];
}

export interface PortLike {
  postMessage(m: unknown): void;
  disconnect(): void;
  onMessage: { addListener(fn: (m: unknown) => void): void };
  onDisconnect: { addListener(fn: () => void): void };
}

/** The scan-events port, or null where none can be opened (then polling alone). */
function openPort(): PortLike | null {
  try {
    return (browser.runtime.connect({ name: SCAN_EVENTS_PORT }) as unknown as PortLike | undefined) ?? null;
  } catch {
    return null;
  }
}

export function useScan(id: string | null, pollMs = 1000, connect: () => PortLike | null = openPort) {
  const [scan, setScan] = useState<ScanViewData | null>(null);
  const [seen, setSeen] = useState<string[]>([]);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [round, setRound] = useState(0);
  /** 'stream' while the background's stream is open; 'poll' otherwise. */
  const [via, setVia] = useState<'stream' | 'poll'>('poll');

  useEffect(() => {
    if (!id) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let port: PortLike | null = null;
    let triedStream = false;
    let terminal = false;

    const schedule = () => {
      clearTimeout(timer);
      if (live && !terminal)
        timer = setTimeout(() => void poll(), port ? Math.max(pollMs, POLL_WHILE_STREAMING_MS) : pollMs);
    };
    const streamOver = () => {
      if (!port) return;
      port = null;
      setVia('poll');
      schedule(); // back to the normal pace at once
    };
    const openStream = () => {
      triedStream = true;
      port = connect();
      if (!port) return;
      setVia('stream');
      port.onMessage.addListener((raw) => {
        const m = readScanEvent(raw);
        if (!m || !live) return;
        if (m.type === 'scan.end') return streamOver();
        const state = m.state;
        setSeen((s) => addState(s, state));
        setScan((s) => (s && !TERMINAL.has(s.state) ? { ...s, state } : s));
        // The stream says when; scan.get brings the full result.
        if (TERMINAL.has(state)) void poll();
      });
      port.onDisconnect.addListener(streamOver);
      port.postMessage({ type: 'scan.follow', id });
    };
    const poll = async () => {
      clearTimeout(timer);
      const reply = await sendToBackground({ type: 'scan.get', id });
      if (!live) return;
      if (!reply.ok) return setError(reply.error);
      setError(null);
      setScan(reply.data);
      setSeen((s) => addState(s, String(reply.data.state)));
      if (TERMINAL.has(reply.data.state)) {
        terminal = true;
        port?.disconnect();
        port = null;
        return;
      }
      if (!triedStream) openStream();
      schedule();
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
      port?.disconnect();
    };
  }, [id, pollMs, round]);

  const retry = useCallback(() => setRound((r) => r + 1), []);
  const done = !!scan && TERMINAL.has(scan.state);
  return { scan, seen, error, done, retry, via };
}
