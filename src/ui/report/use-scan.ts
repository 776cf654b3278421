/**
 * Live progress of one scan for the report page: `scan.get` every `pollMs` until the state is
 * COMPLETED or FAILED (spec, States). Any other state name is not terminal and is shown raw
 * (architecture.md: unknown states keep tracking). Every state seen is kept, in order.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo, ScanViewData } from '@/src/shared/messaging/protocol';

export const TERMINAL = new Set(['COMPLETED', 'FAILED']);

/** Append a state to the timeline unless it repeats the last one. */
export function addState(seen: string[], state: string): string[] {
  return seen[seen.length - 1] === state ? seen : [...seen, state];
}

export function useScan(id: string | null, pollMs = 1000) {
  const [scan, setScan] = useState<ScanViewData | null>(null);
  const [seen, setSeen] = useState<string[]>([]);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!id) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      const reply = await sendToBackground<ScanViewData>({ type: 'scan.get', id });
      if (!live) return;
      if (!reply.ok) return setError(reply.error);
      setError(null);
      setScan(reply.data);
      setSeen((s) => addState(s, String(reply.data.state)));
      if (!TERMINAL.has(reply.data.state)) timer = setTimeout(() => void poll(), pollMs);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, pollMs, round]);

  const retry = useCallback(() => setRound((r) => r + 1), []);
  const done = !!scan && TERMINAL.has(scan.state);
  return { scan, seen, error, done, retry };
}
