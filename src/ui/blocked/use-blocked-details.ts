/**
 * The blocked page's details. In strict mode the background may still be fetching the verdict
 * (`pending`): then `blocked.details` is asked again every `pollMs` until it is settled
 * (protocol.ts BlockedDetailsData.pending). Cleared on unmount.
 */
import { useEffect, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { BlockedDetailsData, ErrorInfo } from '@/src/shared/messaging/protocol';

export function useBlockedDetails(token: string | null, pollMs = 500) {
  const [data, setData] = useState<BlockedDetailsData | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const reply = await sendToBackground<BlockedDetailsData>({ type: 'blocked.details', token });
      if (!live) return;
      if (!reply.ok) return setError(reply.error);
      setData(reply.data);
      if (reply.data.pending) timer = setTimeout(() => void load(), pollMs);
    };
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token, pollMs]);

  return { data, error };
}
