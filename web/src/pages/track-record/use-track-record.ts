import type { TTrackRecordSummary } from '@signalroom/shared';
import { useCallback, useEffect, useState } from 'react';
import { shownMessage } from '../../api/client.js';
import { fetchTrackRecordSummary } from '../../api/track-record.api.js';

export type TrackRecordState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; summary: TTrackRecordSummary };

/** The public record from the server, refreshed every minute while the page is open. */
export function useTrackRecord(): { state: TrackRecordState; retry: () => void } {
  const [state, setState] = useState<TrackRecordState>({ status: 'loading' });
  const load = useCallback(async () => {
    const answer = await fetchTrackRecordSummary();
    if (answer.ok) setState({ status: 'ready', summary: answer.data });
    // A failed refresh keeps what is shown.
    else
      setState((s) =>
        s.status === 'ready'
          ? s
          : { status: 'error', message: shownMessage(answer, 'The track record could not be loaded.') },
      );
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(load, 60_000);
    return () => clearInterval(timer);
  }, [load]);
  return {
    state,
    retry: () => {
      setState({ status: 'loading' });
      void load();
    },
  };
}
