/**
 * Load one reply from the background for a component: `{data, error, loading, reload}`.
 * A late reply after unmount is dropped (cleanup, clean up through a signal).
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { sendToBackground } from '@/src/shared/messaging/send';
import type { ErrorInfo, PageReply, PageToBackground } from '@/src/shared/messaging/protocol';

export interface RequestState<T> {
  data: T | null;
  error: ErrorInfo | null;
  loading: boolean;
  reload: () => void;
}

/** `message` null = do not send (e.g. a missing id). The data's type follows from the message's. */
export function useRequest<M extends PageToBackground>(message: M | null): RequestState<PageReply<M['type']>> {
  type T = PageReply<M['type']>;
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [loading, setLoading] = useState(message !== null);
  const [round, setRound] = useState(0);
  const key = message ? JSON.stringify(message) : null;
  const messageRef = useRef(message);
  messageRef.current = message;

  useEffect(() => {
    const m = messageRef.current;
    if (!m) return;
    let live = true;
    setLoading(true);
    void sendToBackground(m).then((reply) => {
      if (!live) return;
      if (reply.ok) {
        setData(reply.data);
        setError(null);
      } else {
        setError(reply.error);
      }
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [key, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, error, loading, reload };
}
