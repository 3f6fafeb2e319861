import { useCallback, useEffect, useState } from 'react';
import { type ApiOutcome, shownMessage } from '../../api/client.js';

export type RefreshedState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

/**
 * A public figure from the server, read at once and again every `everyMs` while the page is open. A
 * failed refresh keeps what is shown; a failed first read shows `unreachable` (or the server's message)
 * with a retry.
 */
export function useRefreshed<T>(
  read: () => Promise<ApiOutcome<T>>,
  unreachable: string,
  everyMs = 60_000,
): { state: RefreshedState<T>; retry: () => void } {
  const [state, setState] = useState<RefreshedState<T>>({ status: 'loading' });
  const load = useCallback(async () => {
    const answer = await read();
    if (answer.ok) setState({ status: 'ready', data: answer.data });
    else setState((s) => (s.status === 'ready' ? s : { status: 'error', message: shownMessage(answer, unreachable) }));
  }, [read, unreachable]);
  useEffect(() => {
    void load();
    const timer = setInterval(load, everyMs);
    return () => clearInterval(timer);
  }, [load, everyMs]);
  return {
    state,
    retry: () => {
      setState({ status: 'loading' });
      void load();
    },
  };
}
