import { TrackRecordRoutes } from '@signalroom/shared';
import { callApi } from './client.js';

/** GET /api/track-record/summary: the public track record page (statistics, feed, chain head). */
export function fetchTrackRecordSummary() {
  return callApi(TrackRecordRoutes.summary, { fallbackMessage: 'The track record could not be loaded.' });
}

/** Where anyone downloads the whole public chain (JSON Lines) to check it. */
export const TRACK_RECORD_DOWNLOAD_PATH = `/api${TrackRecordRoutes.download.path}`;
