/**
 * The blocked page's details. In strict mode the background may still be fetching the verdict
 * (`pending`): then `blocked.details` is asked again every `pollMs` until it is settled
 * (protocol.ts BlockedDetailsData.pending), and more slowly while `awaiting`. Cleared on unmount.
 */
import { useEffect, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { BlockedDetailsData, ErrorInfo } from '@/src/shared/messaging/protocol';

/** While `awaiting`, the page asks this many times less often than while held. */
export const AWAITING_SLOWER = 4;

export function useBlockedDetails(token: string | null, pollMs = 500) {
  const [data, setData] = useState<BlockedDetailsData | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const reply = await sendToBackground({ type: 'blocked.details', token });
      if (!live) return;
      if (!reply.ok) return setError(reply.error);
      setData(reply.data);
      // Held: ask often. Blocked while the check is still alive (e.g. waiting for credits): ask
      // slowly, for as long as the page is open; the background settles the token meanwhile.
      if (reply.data.pending) timer = setTimeout(() => void load(), pollMs);
      else if (reply.data.awaiting) timer = setTimeout(() => void load(), pollMs * AWAITING_SLOWER);
    };
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token, pollMs]);

  return { data, error };
}
