import type { TTrackRecordSummary } from '@signalroom/shared';
import * as api from '../../api/api.js';
import { type RefreshedState, useRefreshed } from '../../components/public/use-refreshed.js';

export type TrackRecordState = RefreshedState<TTrackRecordSummary>;

/** The public record from the server, refreshed every minute while the page is open. */
export function useTrackRecord(): { state: TrackRecordState; retry: () => void } {
  return useRefreshed(api.trackRecord.summary, 'The track record could not be loaded.');
}
