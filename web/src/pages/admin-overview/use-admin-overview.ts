import type { TAdminOverview } from '@signalroom/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import { applicationEvents } from '../../stores/support-events.js';

/** How often the overview re-counts while open (connections and queues change without an event). */
export const OVERVIEW_REFRESH_MS = 10_000;

export type OverviewState =
  | { status: 'loading' }
  | { status: 'forbidden' }
  | { status: 'error'; message: string }
  | { status: 'ready'; overview: TAdminOverview; stale: boolean };

/**
 * The admin overview, loaded on open, re-counted every 10 s and at once when an application arrives or
 * changes. A failed refresh keeps the last figures on screen, marked as not current.
 */
export function useAdminOverview() {
  const [state, setState] = useState<OverviewState>({ status: 'loading' });
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const answer = await api.adminConsole.overview({ signal: controller.signal });
      if (answer.ok) setState({ status: 'ready', overview: answer.data, stale: false });
      else if (answer.status === 'forbidden') setState({ status: 'forbidden' });
      else if (answer.status !== 'unauthorized') {
        setState((s) => (s.status === 'ready' ? { ...s, stale: true } : { status: 'error', message: answer.message }));
      }
    } catch (error) {
      // An abort means a newer count replaced this one; anything else is a bug, logged.
      ignoreAbort(error);
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), OVERVIEW_REFRESH_MS);
    const stop = applicationEvents.listen(() => void load());
    return () => {
      clearInterval(timer);
      stop();
      inFlight.current?.abort();
    };
  }, [load]);

  return {
    state,
    retry: () => {
      setState({ status: 'loading' });
      void load();
    },
  };
}
